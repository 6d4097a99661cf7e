// Browsing the public portal of the seeded demo, with and without JavaScript.
import { readFile } from 'node:fs/promises'
import { type Page } from '@playwright/test'
import { test, expect } from './support/test'
import {
  cardTitle,
  CONFIDENTIAL_PDFS,
  entry,
  FAQS,
  hasJavaScript,
  htmlForms,
  listedInCard,
  metaContent,
  MOBILE,
  MOBILE_ENTRIES,
  MOBILE_FAQS,
  MOBILE_SUBPROCESSOR_NAMES,
  ORG,
  PLATFORM,
  PLATFORM_ENTRIES,
  PORTAL,
  FEATURED_DOCUMENT_TITLES,
  LISTED_PRIVATE_DOCUMENT_TITLES,
  LISTED_PUBLIC_DOCUMENT_TITLES,
  PRIVATE_UPDATE_MESSAGES,
  PUBLIC_DOCUMENT_TITLES,
  PUBLIC_UPDATES,
  SITE_NAME,
  SUBPROCESSORS,
  UPDATE_PAGE_COUNT,
  updatesPage,
  waitForHydration,
} from './support/demo'

const overviewParagraph = (uid: string, product = PLATFORM_ENTRIES) => entry(uid, product).explanation!.split(/\n{2,}/)[0]

test.describe('home page', () => {
  test('shows the header, the sections and the security review banner', async ({ page }) => {
    await page.goto('/')

    const logo = page.getByRole('banner').getByRole('link', { name: `${ORG.name} logo` })
    await expect(logo).toHaveAttribute('href', ORG.website)
    await expect(logo.getByRole('img', { name: `${ORG.name} logo` })).toBeVisible()
    await expect(page.getByRole('banner').getByText(PORTAL.portalTitle, { exact: true })).toBeVisible()

    for (const name of ['Overview', cardTitle('Certifications'), 'Subprocessors', 'Documents', 'Knowledge Base (FAQs)', `${PORTAL.portalTitle} Updates`, 'Help']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
    }
    await expect(page.getByRole('main')).toContainText(overviewParagraph('overview'))

    const banner = page.getByRole('region', { name: 'Start your security review' })
    await expect(banner).toBeVisible()
    const requestAccess = banner.getByRole('link', { name: 'Request access' })
    const logIn = banner.getByRole('link', { name: 'Log in' })
    await expect(requestAccess).toHaveAttribute('href', /[?&]requestAccess=true(&|$)/)
    await expect(logIn).toHaveAttribute('href', /[?&]loginRequest=true(&|$)/)
  })

  test('the notification bar announces the update of the last day', async ({ page }) => {
    const recent = PUBLIC_UPDATES.filter((update) => update.daysAgo < 1)
    expect(recent, 'the demo has exactly one public update from the last 24 hours').toHaveLength(1)
    await page.goto('/')

    const bar = page.getByRole('region', { name: 'Recent updates' })
    await expect(bar).toContainText('New update:')
    await expect(bar).toContainText(recent[0].title)

    await bar.getByRole('link', { name: 'Read update' }).click()
    await expect(page).toHaveURL(/[?&]tcuUid=[^&]+/)
    const highlighted = page.getByRole('region', { name: `${PORTAL.portalTitle} Updates` }).locator('li[aria-current="true"]')
    await expect(highlighted).toHaveCount(1)
    await expect(highlighted).toContainText(recent[0].message)
  })

  test('has a title, a canonical link and open graph tags', async ({ page, baseURL }) => {
    await page.goto('/')
    await expect(page).toHaveTitle(SITE_NAME)
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`)
    expect(await metaContent(page, 'og:title')).toBe(SITE_NAME)
    expect(await metaContent(page, 'og:site_name')).toBe(SITE_NAME)
    expect(await metaContent(page, 'og:type')).toBe('article')
    expect(await metaContent(page, 'og:image')).toMatch(/^https?:\/\/.+\/share\.png\?v=[\w-]+$/)
    expect(await metaContent(page, 'og:image:alt')).toBe(`${ORG.name} Logo`)
    expect(await page.locator('head meta[name="description"]').getAttribute('content')).toBe(PORTAL.description)

    // The open graph image is really there.
    const image = await page.request.get((await metaContent(page, 'og:image'))!)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toContain('image/png')
  })

  test('an item permalink names the item in the title and the canonical link', async ({ page, baseURL }) => {
    const item = entry('encryption-at-rest')
    await page.goto(`/item/${item.uid}`)
    await expect(page).toHaveTitle(`${item.title} | ${SITE_NAME}`)
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/item/${item.uid}`)
    expect(await metaContent(page, 'og:title')).toBe(`${item.title} | ${SITE_NAME}`)
  })

  test('the contact bubble opens on Contact support and Report issue', async ({ page }) => {
    await page.goto('/')
    const bubble = page.locator('details.contact-bubble')
    const support = bubble.getByRole('link', { name: 'Contact support' })
    const report = bubble.getByRole('link', { name: 'Report issue' })
    await expect(support).toBeHidden()

    await bubble.getByLabel('Contact', { exact: true }).click()
    await expect(support).toBeVisible()
    await expect(report).toBeVisible()
    await expect(support).toHaveAttribute('href', `mailto:${PORTAL.supportMailbox}`)
    await expect(report).toHaveAttribute('href', `mailto:${PORTAL.securityMailbox}`)
  })

  test('the footer carries the Built on badge', async ({ page }) => {
    await page.goto('/')
    const badge = page.getByRole('contentinfo').getByRole('link', { name: /Built on/ })
    await expect(badge).toBeVisible()
    await expect(badge).toHaveAttribute('href', /^https:\/\//)
    await expect(page.getByRole('contentinfo')).toContainText(`© ${ORG.name}`)
  })

  test('FAQs expand to show their answers', async ({ page }) => {
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Knowledge Base (FAQs)' })
    // The first five show; the rest are under View all (knowledge-base.spec.ts).
    for (const faq of FAQS.slice(0, 5)) await expect(section.getByText(faq.question, { exact: true })).toBeVisible()

    const [first, second] = FAQS
    const firstAnswer = section.getByText(first.answer, { exact: true })
    await expect(firstAnswer).toBeHidden()
    await section.getByText(first.question, { exact: true }).click()
    await expect(firstAnswer).toBeVisible()
    if (first.comment) await expect(section.getByText(first.comment, { exact: true })).toBeVisible()
    await expect(section.getByText(second.answer, { exact: true })).toBeHidden()

    await section.getByText(first.question, { exact: true }).click()
    await expect(firstAnswer).toBeHidden()
  })
})

test.describe('cards and items', () => {
  test('an item permalink opens its card as a dialog with the explanation', async ({ page }) => {
    const item = entry('encryption-at-rest')
    expect(item.restricted).toBeFalsy()
    const response = await page.goto(`/item/${item.uid}`)
    expect(response?.status()).toBe(200)

    const dialog = page.getByRole('dialog', { name: cardTitle(item.kind) })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    const article = dialog.getByRole('article', { name: item.title })
    await expect(article).toBeVisible()
    await expect(article).toContainText(item.explanation!)
    await expect(article.getByRole('link', { name: 'Get access' })).toHaveCount(0)
  })

  test('a mobile item permalink opens the mobile item', async ({ page }) => {
    const item = entry('encryption-at-rest', MOBILE_ENTRIES)
    const response = await page.goto(`/product/${MOBILE.slug}/${item.uid}`)
    expect(response?.status()).toBe(200)
    const article = page.getByRole('dialog', { name: cardTitle(item.kind) }).getByRole('article', { name: item.title })
    await expect(article).toContainText(item.explanation!)
    await expect(page.getByRole('dialog')).not.toContainText(entry('encryption-at-rest').explanation!)
  })

  test('clicking a card title opens the drawer, which closes again', async ({ page }, testInfo) => {
    const kind = 'DataSecurity'
    const title = cardTitle(kind)
    await page.goto('/')
    const trigger = page.getByRole('article', { name: title }).getByRole('heading', { name: title }).getByRole('link', { name: title })
    if (hasJavaScript(testInfo.project.name)) await waitForHydration(trigger)

    await trigger.click()
    await expect(page).toHaveURL(new RegExp(`[?&]card=${kind}(&|$)`))
    const dialog = page.getByRole('dialog', { name: title })
    await expect(dialog).toBeVisible()
    for (const item of listedInCard(kind)) await expect(dialog.getByRole('heading', { level: 3, name: item.title })).toBeVisible()

    if (hasJavaScript(testInfo.project.name)) {
      await expect(dialog).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(page).not.toHaveURL(/[?&]card=/)
      await expect(trigger).toBeFocused()
    } else {
      await dialog.getByRole('link', { name: 'Close' }).click()
      await expect(dialog).toBeHidden()
      await expect(page).not.toHaveURL(/[?&]card=/)
    }
  })

  test('the Close link closes an item permalink drawer', async ({ page }) => {
    const item = entry('encryption-at-rest')
    await page.goto(`/item/${item.uid}`)
    const dialog = page.getByRole('dialog', { name: cardTitle(item.kind) })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('link', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
  })

  test('View more opens a card with more than three items in full', async ({ page }) => {
    const kind = 'DataSecurity'
    const items = listedInCard(kind)
    expect(items.length, 'the demo card has more items than its preview').toBeGreaterThan(3)
    await page.goto('/')

    const card = page.getByRole('article', { name: cardTitle(kind) })
    await expect(card.getByRole('listitem')).toHaveCount(3)
    await card.getByRole('link', { name: 'View more' }).click()

    const dialog = page.getByRole('dialog', { name: cardTitle(kind) })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('article')).toHaveCount(items.length)
    for (const item of items) {
      const article = dialog.getByRole('article', { name: item.title })
      if (item.restricted) {
        await expect(article.getByRole('link', { name: 'Get access' })).toBeVisible()
      } else {
        await expect(article).toContainText(item.explanation!)
      }
    }
  })

  test('a card with three items or fewer has no View more link', async ({ page }) => {
    const kind = 'Reports'
    expect(listedInCard(kind).length).toBeLessThanOrEqual(3)
    await page.goto('/')
    const card = page.getByRole('article', { name: cardTitle(kind) })
    await expect(card.getByRole('listitem')).toHaveCount(listedInCard(kind).length)
    await expect(card.getByRole('link', { name: 'View more' })).toHaveCount(0)
  })
})

test.describe('subprocessors', () => {
  const searchBox = (page: Page) => page.getByRole('search').getByRole('searchbox', { name: 'Search by subprocessor name or information' })
  const rows = (page: Page) => page.getByRole('region', { name: 'Subprocessors' }).locator('tbody tr')

  async function search(page: Page, term: string, javaScript: boolean) {
    const box = searchBox(page)
    if (javaScript) {
      await waitForHydration(box)
      await box.pressSequentially(term)
      // No Enter: the results follow the typing.
    } else {
      await box.fill(term)
      await box.press('Enter')
    }
  }

  const matches = (needle: string) =>
    SUBPROCESSORS.filter((s) => [s.name, s.purpose, s.location, s.details, s.domain].some((value) => value?.toLowerCase().includes(needle.toLowerCase())))

  test('lists every subprocessor', async ({ page }) => {
    await page.goto('/')
    await expect(rows(page)).toHaveCount(SUBPROCESSORS.length)
    for (const subprocessor of SUBPROCESSORS) {
      await expect(page.getByRole('rowheader', { name: subprocessor.name, exact: true })).toBeVisible()
    }
  })

  test('searching by company name leaves only the matching rows', async ({ page }, testInfo) => {
    const term = 'Snowflake'
    const expected = matches(term)
    expect(expected.map((s) => s.name)).toEqual(['Snowflake'])
    await page.goto('/')
    await search(page, term, hasJavaScript(testInfo.project.name))

    await expect(rows(page)).toHaveCount(expected.length)
    await expect(page.getByRole('rowheader', { name: 'Snowflake', exact: true })).toBeVisible()
    await expect(page.getByRole('rowheader', { name: 'Amazon Web Services', exact: true })).toHaveCount(0)
    await expect(page).toHaveURL(/[?&]subprocessorSearch=Snowflake(&|#|$)/)
    await expect(searchBox(page)).toHaveValue(term)
  })

  test('a term that matches nothing says so', async ({ page }, testInfo) => {
    const term = 'zzqx no such vendor'
    expect(matches(term)).toHaveLength(0)
    await page.goto('/')
    await search(page, term, hasJavaScript(testInfo.project.name))
    await expect(page.getByRole('region', { name: 'Subprocessors' }).getByRole('status')).toHaveText('No results match this criteria')
    await expect(rows(page)).toHaveCount(0)
  })
})

test.describe('updates', () => {
  const updatesRegion = (page: Page) => page.getByRole('region', { name: `${PORTAL.portalTitle} Updates` })
  const entries = (page: Page) => updatesRegion(page).getByRole('listitem')

  async function expectPage(page: Page, number: number) {
    const expected = updatesPage(number)
    await expect(updatesRegion(page).getByRole('navigation', { name: 'Updates pages' })).toContainText(`Page ${number} of ${UPDATE_PAGE_COUNT}`)
    await expect(entries(page)).toHaveCount(expected.length)
    for (const [index, update] of expected.entries()) {
      await expect(entries(page).nth(index)).toContainText(update.message)
      await expect(entries(page).nth(index).getByRole('heading', { level: 3 })).toHaveText(update.title)
      await expect(entries(page).nth(index)).toContainText(update.subject)
    }
  }

  test('only public updates are listed, the pinned one first', async ({ page }) => {
    expect(PUBLIC_UPDATES).toHaveLength(11)
    await page.goto('/')
    await expectPage(page, 1)
    await expect(entries(page).first()).toContainText('Pinned')
    for (const message of PRIVATE_UPDATE_MESSAGES) await expect(page.getByText(message)).toHaveCount(0)
  })

  test('Next and Previous page through the updates', async ({ page }) => {
    expect(UPDATE_PAGE_COUNT).toBeGreaterThanOrEqual(2)
    await page.goto('/')
    const pages = updatesRegion(page).getByRole('navigation', { name: 'Updates pages' })
    await expect(pages.getByRole('link', { name: 'Previous' })).toHaveCount(0)

    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/[?&]updatesPage=2/)
    await expectPage(page, 2)

    await pages.getByRole('link', { name: 'Previous' }).click()
    await expect(page).toHaveURL(/[?&]updatesPage=1/)
    await expectPage(page, 1)
  })

  test('an update permalink opens its page and highlights it', async ({ page }, testInfo) => {
    const target = updatesPage(2)[2]
    await page.goto('/?updatesPage=2')
    const link = entries(page).filter({ hasText: target.message }).getByRole('link', { name: 'Copy link' })
    const permalink = await link.getAttribute('href')
    expect(permalink).toMatch(/^\/\?tcuUid=[^&]+$/)

    await page.goto(permalink!)
    await expectPage(page, 2)
    const highlighted = updatesRegion(page).locator('li[aria-current="true"]')
    await expect(highlighted).toHaveCount(1)
    await expect(highlighted).toContainText(target.message)
    await expect(highlighted).toHaveClass(/update--highlighted/)
    if (hasJavaScript(testInfo.project.name)) {
      await expect(highlighted).toBeInViewport()
    }
  })

  test('an update’s Copy link says so when the clipboard takes it, and points to the address bar when refused', { tag: '@javascript-only' }, async ({ page, context }) => {
    const target = updatesPage(1)[0]
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/')
    const link = entries(page).filter({ hasText: target.message }).getByRole('link', { name: 'Copy link' })
    await waitForHydration(link)
    const permalink = new URL((await link.getAttribute('href'))!, page.url()).toString()
    await link.click()
    await expect(entries(page).filter({ hasText: target.message }).getByRole('link', { name: 'Link copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(permalink)

    // A browser that refuses the clipboard (a denied permission rejects the write as this does): the page
    // goes to the update's own address, and the link says to copy it from there.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))
    })
    await expect(entries(page).filter({ hasText: target.message }).getByRole('link', { name: 'Copy link' })).toBeVisible({ timeout: 5_000 })
    await entries(page).filter({ hasText: target.message }).getByRole('link', { name: 'Copy link' }).click()
    await expect(entries(page).filter({ hasText: target.message }).getByRole('link', { name: 'Copy link from the address bar' })).toBeVisible()
    await expect(page).toHaveURL(permalink)
  })
})

test.describe('a failed download', () => {
  test('a document download that fails shows the spec’s snack instead of a broken download', { tag: '@javascript-only' }, async ({ page }) => {
    await page.goto('/?documents=all')
    const link = page
      .getByRole('region', { name: 'Documents' })
      .getByRole('link', { name: `Download ${PUBLIC_DOCUMENT_TITLES[0]}`, exact: true })
      .first()
    await waitForHydration(link)
    // The document was removed after the page was loaded: its link now names a file the portal does not have.
    await link.evaluate((anchor: HTMLAnchorElement) => {
      anchor.href = anchor.href.replace(/\/files\/[0-9a-f-]{36}/, '/files/00000000-0000-4000-8000-000000000000')
    })
    let downloads = 0
    page.on('download', () => downloads++)
    await link.click()
    await expect(page.getByRole('status').filter({ hasText: 'Failed to download the document. If the problem persists, please contact support.' })).toBeVisible()
    expect(downloads).toBe(0)
  })
})

test.describe('products', () => {
  async function chooseProduct(page: Page, from: string, to: string) {
    const summary = page.getByLabel(`Product: ${from}`, { exact: true })
    const link = page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: to, exact: true })
    await expect(summary).toBeVisible()
    // After a client-side switch the disclosure may still be open from the previous choice.
    const open = await summary.evaluate((element) => (element.parentElement as HTMLDetailsElement).open)
    if (!open) {
      await expect(link).toBeHidden()
      await summary.click()
    }
    await expect(link).toBeVisible()
    await link.click()
  }

  test('the product selector switches between products and back', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByLabel(`Product: ${PLATFORM.name}`, { exact: true })).toBeVisible()

    await chooseProduct(page, PLATFORM.name, MOBILE.name)
    await expect(page).toHaveURL(new RegExp(`/product/${MOBILE.slug}$`))
    await expect(page.getByLabel(`Product: ${MOBILE.name}`, { exact: true })).toBeVisible()
    await expect(page.getByRole('main')).toContainText(overviewParagraph('overview', MOBILE_ENTRIES))
    await expect(page.getByRole('region', { name: 'Subprocessors' }).locator('tbody tr')).toHaveCount(MOBILE_SUBPROCESSOR_NAMES.length)
    await expect(page.getByRole('rowheader', { name: 'Snowflake', exact: true })).toHaveCount(0)
    await expect(page.getByText(MOBILE_FAQS[0].question, { exact: true })).toBeVisible()
    await expect(page.getByText(FAQS[0].question, { exact: true })).toHaveCount(0)

    await chooseProduct(page, MOBILE.name, PLATFORM.name)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByLabel(`Product: ${PLATFORM.name}`, { exact: true })).toBeVisible()
    await expect(page.getByRole('main')).toContainText(overviewParagraph('overview'))
    await expect(page.getByRole('region', { name: 'Subprocessors' }).locator('tbody tr')).toHaveCount(SUBPROCESSORS.length)
  })
})

test.describe('documents', () => {
  const section = (page: Page) => page.getByRole('region', { name: 'Documents' })

  test('a public PDF downloads', async ({ page }, testInfo) => {
    const item = entry('iso-27001')
    await page.goto('/')
    const link = section(page)
      .getByRole('link', { name: `Download ${item.title}` })
      .first()
    await expect(link).toHaveAttribute('download', item.documents![0])

    const downloading = page.waitForEvent('download')
    await link.click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(item.documents![0])
    expect(download.suggestedFilename()).toMatch(/\.pdf$/)
    const saved = testInfo.outputPath(download.suggestedFilename())
    await download.saveAs(saved)
    const bytes = await readFile(saved)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  test('the View link serves the PDF inline', async ({ page }) => {
    const item = entry('iso-27001')
    await page.goto('/')
    const href = await section(page)
      .getByRole('link', { name: `View ${item.title}` })
      .first()
      .getAttribute('href')
    expect(href).toMatch(new RegExp(`^/files/[^/]+/${item.documents![0].replace(/\./g, '\\.')}$`))

    const response = await page.request.get(href!)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/pdf')
    expect(response.headers()['content-disposition']).toMatch(/^inline/)
    expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-')

    const download = await page.request.get(`${href}?download=1`)
    expect(download.status()).toBe(200)
    expect(download.headers()['content-disposition']).toMatch(/^attachment/)
  })

  test('View all documents, the Public and Private tabs, and View less', async ({ page }) => {
    await page.goto('/')
    const list = () => section(page).getByRole('tabpanel')
    const titles = () => list().locator('.document__title')

    // With featured documents, the full list starts collapsed.
    await expect(titles()).toHaveCount(0)
    const featured = section(page).locator('.documents__featured .document__title')
    await expect(featured).toHaveCount(FEATURED_DOCUMENT_TITLES.length)
    await section(page).getByRole('link', { name: 'View all documents' }).click()
    await expect(page).toHaveURL(/[?&]documents=all/)
    // A featured document is listed once: among the featured, not again in the list.
    await expect(titles()).toHaveCount(LISTED_PUBLIC_DOCUMENT_TITLES.length + LISTED_PRIVATE_DOCUMENT_TITLES.length)
    for (const title of FEATURED_DOCUMENT_TITLES) await expect(titles().filter({ hasText: new RegExp(`^${title}$`) })).toHaveCount(0)
    // Title first, with its date: "Updated {date}" or, for what expires, "Valid until {date}".
    await expect(section(page).locator('.document__meta').first()).toContainText(/^(Updated|Valid until) [A-Z][a-z]+ \d{1,2}, \d{4} · /)

    await section(page).getByRole('tab', { name: 'Public' }).click()
    await expect(page).toHaveURL(/[?&]docs=public/)
    await expect(section(page).getByRole('tab', { name: 'Public' })).toHaveAttribute('aria-selected', 'true')
    await expect(list()).toHaveAccessibleName('Public documents')
    await expect(titles()).toHaveText([...LISTED_PUBLIC_DOCUMENT_TITLES].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
    await expect(list().getByRole('link', { name: 'Get access' })).toHaveCount(0)

    await section(page).getByRole('tab', { name: 'Private' }).click()
    await expect(page).toHaveURL(/[?&]docs=private/)
    await expect(section(page).getByRole('tab', { name: 'Private' })).toHaveAttribute('aria-selected', 'true')
    await expect(titles()).toHaveText([...LISTED_PRIVATE_DOCUMENT_TITLES].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
    await expect(list().getByRole('link', { name: 'Get access' })).toHaveCount(LISTED_PRIVATE_DOCUMENT_TITLES.length)
    await expect(list().getByRole('link', { name: /^Download / })).toHaveCount(0)

    await section(page).getByRole('link', { name: 'View less' }).click()
    await expect(page).not.toHaveURL(/[?&]documents=all/)
    await expect(titles()).toHaveCount(0)
    await expect(section(page).getByRole('link', { name: 'View all documents' })).toBeVisible()
  })
})

test.describe('restricted content', () => {
  const restricted = entry('soc-2-type-2-report')

  test('a restricted item permalink shows the item locked, without its explanation', async ({ page }) => {
    expect(restricted.restricted).toBe(true)
    const response = await page.goto(`/item/${restricted.uid}`)
    expect(response?.status()).toBe(200)
    const article = page.getByRole('dialog', { name: cardTitle(restricted.kind) }).getByRole('article', { name: restricted.title })
    await expect(article).toBeVisible()
    await expect(article.getByRole('link', { name: 'Get access' })).toBeVisible()
    await expect(article.getByRole('link', { name: 'Get access' })).toHaveAttribute('href', /requestAccess=true/)
    await expect(article).not.toContainText(restricted.explanation!)
    await expect(article.getByRole('link', { name: /^(View|Download)$/ })).toHaveCount(0)
  })

  const hidden = PLATFORM_ENTRIES.filter((item) => item.hidden)
  const secrets = (product: typeof PLATFORM_ENTRIES) => product.filter((item) => item.restricted && item.explanation)
  // One test per page: each is a whole render, and together they are more work than one test's time allows on a busy machine.
  const pagesToSearch: [string, typeof PLATFORM_ENTRIES][] = [
    ['/', PLATFORM_ENTRIES],
    ['/?documents=all', PLATFORM_ENTRIES],
    [`/item/${restricted.uid}`, PLATFORM_ENTRIES],
    ...[...new Set(PLATFORM_ENTRIES.map((item) => item.kind))].map((kind): [string, typeof PLATFORM_ENTRIES] => [`/?card=${kind}`, PLATFORM_ENTRIES]),
    [`/product/${MOBILE.slug}`, MOBILE_ENTRIES],
    [`/product/${MOBILE.slug}/${restricted.uid}`, MOBILE_ENTRIES],
  ]

  test('the demo hides two platform items, which the pages below must never name', () => {
    expect(hidden.map((item) => item.uid).sort()).toEqual(['internal-audit', 'intrusion-detection'])
  })

  for (const [url, product] of pagesToSearch) {
    test(`restricted explanations, hidden items and confidential PDFs never reach the HTML of ${url}`, async ({ request }) => {
      const response = await request.get(url)
      expect(response.status(), url).toBe(200)
      const html = await response.text()
      for (const item of secrets(product)) {
        for (const form of htmlForms(item.explanation!)) expect(html.includes(form), `${url} leaks the explanation of ${item.uid}`).toBe(false)
      }
      for (const item of hidden) {
        expect(html.includes(item.title), `${url} names the hidden item ${item.title}`).toBe(false)
        expect(html.includes(item.uid), `${url} names the hidden item ${item.uid}`).toBe(false)
      }
      for (const fileName of CONFIDENTIAL_PDFS) expect(html.includes(fileName), `${url} links the confidential ${fileName}`).toBe(false)
      for (const message of PRIVATE_UPDATE_MESSAGES) {
        for (const form of htmlForms(message)) expect(html.includes(form), `${url} leaks a private update`).toBe(false)
      }
    })
  }

  test('hidden items have no permalink', async ({ request }) => {
    for (const uid of ['intrusion-detection', 'internal-audit']) {
      const response = await request.get(`/item/${uid}`)
      expect(response.status(), uid).toBe(404)
      expect(await response.text()).not.toContain(entry(uid).title)
    }
  })

  test('an unknown host is told Company not found', async ({ request }) => {
    const response = await request.get('/', { headers: { Host: 'unknown.example' } })
    expect(response.status()).toBe(404)
    const html = await response.text()
    expect(html).toContain('Company not found')
    expect(html).not.toContain(ORG.name)
  })

  test('an unknown item slug or product is a 404', async ({ page, request }) => {
    for (const url of ['/item/no-such-item', `/product/${MOBILE.slug}/no-such-item`, '/product/no-such-product']) {
      expect((await request.get(url)).status(), url).toBe(404)
    }
    const response = await page.goto('/item/no-such-item')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  })
})
