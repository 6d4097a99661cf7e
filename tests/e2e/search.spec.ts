// Searching the demo portal (issue 10; spec search-ai-and-widgets 2.1 and 2.2). With JavaScript the
// "Search items" box opens the search dialog (Ctrl/Cmd+K too); without, it goes to the results page,
// which lists the same groups with plain links. The AI answer is tested with the fake Anthropic server
// elsewhere.
import { expectNoViolations } from './support/axe'
import { type Locator, type Page } from '@playwright/test'
import { expect, test } from './support/test'
import { cardTitle, entry, FAQS, hasJavaScript, MOBILE, PORTAL, PUBLIC_UPDATES, waitForHydration } from './support/demo'

const encryptionAtRest = entry('encryption-at-rest')
const encryptedFaq = FAQS.find((faq) => /encrypted\?$/.test(faq.question))!
/** A term the demo holds nowhere. */
const NOTHING = 'zqxjvwk'

/** The portal home page, hydrated, and its search box. */
async function portalHome(page: Page, path = '/') {
  await page.goto(path)
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search items' })
  await waitForHydration(box)
  return box
}

function searchDialog(page: Page) {
  return page.getByRole('dialog', { name: `Search ${PORTAL.portalTitle}` })
}

/** Opens the dialog with Ctrl+K and types `term`. */
async function search(page: Page, term: string) {
  const dialog = searchDialog(page)
  // The shortcut's listener is set once hydration has committed, a moment after the box hydrates.
  await expect(async () => {
    await page.keyboard.press('Control+k')
    await expect(dialog).toBeVisible({ timeout: 1000 })
  }).toPass()
  const input = dialog.getByRole('combobox', { name: 'Search items' })
  await expect(input).toBeFocused()
  await input.pressSequentially(term)
  return { dialog, input }
}

/** A group's accordion button: its label, then its count. */
const groupToggle = (dialog: Locator, label: string) => dialog.getByRole('button', { name: new RegExp(`^${label} \\d+`) })

/** The option the combobox points at. */
async function activeOption(dialog: Locator, input: Locator) {
  const id = await input.getAttribute('aria-activedescendant')
  expect(id).toBeTruthy()
  const option = dialog.locator(`[id="${id}"]`)
  await expect(option).toHaveAttribute('aria-selected', 'true')
  return option
}

test.describe('search dialog', () => {
  test('Ctrl+K opens it; typing shows the groups with counts; arrows move the detail panel; Enter opens the item expanded', { tag: '@javascript-only' }, async ({ page }) => {
    const box = await portalHome(page)
    const { dialog, input } = await search(page, '')
    await expect(dialog.getByText('Start searching')).toBeVisible()
    await expect(dialog.getByText('Enter to select')).toBeVisible()
    await expect(dialog.getByText('arrows to navigate')).toBeVisible()
    await expect(dialog.getByText('Esc to close')).toBeVisible()
    await expect(dialog.getByRole('img', { name: /logo$/ })).toBeVisible()

    await input.pressSequentially('encr')
    // Sorted by label, each with its count; the footer counts them all.
    const toggles = dialog.locator('.search-group__toggle')
    await expect(toggles).toHaveText([/^Documents\s*\d+/, /^FAQs\s*\d+/, /^Trust Items\s*\d+/])
    const counts = (await toggles.allTextContents()).map((text) => Number(/(\d+)/.exec(text)![1]))
    await expect(dialog.getByRole('status').filter({ hasText: /results?$/ })).toHaveText(`${counts.reduce((sum, count) => sum + count, 0)} results`)
    await expect(dialog.getByText('Top match', { exact: true })).toHaveCount(1)
    await expect(dialog.getByRole('listbox', { name: 'Trust Items' }).getByRole('option', { name: new RegExp(encryptionAtRest.title) })).toBeVisible()

    // Desktop: the first result (a document) is active, its details beside the list: View and Download.
    const detail = dialog.getByRole('complementary', { name: 'Selected result' })
    await expect(dialog.getByRole('listbox', { name: 'Documents' }).getByRole('option').first()).toHaveAttribute('aria-selected', 'true')
    await activeOption(dialog, input)
    await expect(detail.getByRole('link', { name: 'View' })).toHaveAttribute('href', /\/(view|files)\//)
    await expect(detail.getByRole('link', { name: 'Download' })).toBeVisible()

    // Arrows move through the results: to the FAQ, whose question, answer and comment show.
    const faqOption = dialog.getByRole('listbox', { name: 'FAQs' }).getByRole('option', { name: /customer data/i })
    for (let step = 0; step < 12 && (await faqOption.getAttribute('aria-selected')) !== 'true'; step++) await page.keyboard.press('ArrowDown')
    await expect(faqOption).toHaveAttribute('aria-selected', 'true')
    await expect(detail).toContainText(encryptedFaq.question)
    await expect(detail).toContainText(encryptedFaq.answer)
    await expect(detail).toContainText(encryptedFaq.comment!)
    await page.keyboard.press('ArrowUp')
    await expect(faqOption).toHaveAttribute('aria-selected', 'false')
    await page.keyboard.press('ArrowDown')

    // On to the trust item: its trust area, explanation and Open.
    const itemOption = dialog.getByRole('listbox', { name: 'Trust Items' }).getByRole('option', { name: new RegExp(encryptionAtRest.title) })
    for (let step = 0; step < 12 && (await itemOption.getAttribute('aria-selected')) !== 'true'; step++) await page.keyboard.press('ArrowDown')
    await expect(await activeOption(dialog, input)).toHaveText(new RegExp(encryptionAtRest.title))
    await expect(detail).toContainText(cardTitle(encryptionAtRest.kind))
    await expect(detail).toContainText(encryptionAtRest.explanation!)
    await expect(detail.getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/item/${encryptionAtRest.uid}`)

    // Enter opens it: its permalink, the card's drawer with the item expanded.
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`/item/${encryptionAtRest.uid}`)
    await expect(searchDialog(page)).toHaveCount(0)
    const article = page.getByRole('dialog', { name: cardTitle(encryptionAtRest.kind) }).getByRole('article', { name: encryptionAtRest.title })
    await expect(article).toContainText(encryptionAtRest.explanation!)
    await expect(box).toHaveValue('')
  })

  test('Escape closes it, the box gets the focus back, and it opens afresh on a click', { tag: '@javascript-only' }, async ({ page }) => {
    const box = await portalHome(page)
    const { dialog, input } = await search(page, 'encr')
    await expect(dialog.getByRole('listbox', { name: 'Trust Items' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(box).toBeFocused()
    await expect(page).toHaveURL('/')

    // Closing reset it: a click opens it empty.
    await box.click()
    await expect(dialog).toBeVisible()
    await expect(input).toHaveValue('')
    await expect(dialog.getByText('Start searching')).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(box).toBeFocused()

    // Typing into the box opens it with what was typed.
    await box.pressSequentially('encr')
    await expect(input).toHaveValue('encr')
    await expect(dialog.getByRole('listbox', { name: 'Trust Items' })).toBeVisible()
  })

  test("'...N more' shows all of a group, paged in as the list scrolls", { tag: '@javascript-only' }, async ({ page }) => {
    await portalHome(page)
    const { dialog } = await search(page, 'data')
    // The server's groups (local results hold Trust Items only, with their own count).
    await expect(groupToggle(dialog, 'Documents')).toBeVisible()
    const toggle = groupToggle(dialog, 'Trust Items')
    const count = Number(/(\d+)/.exec((await toggle.textContent())!)![1])
    expect(count, 'the demo has more than 15 trust items about data').toBeGreaterThan(15)
    const list = dialog.getByRole('listbox', { name: 'Trust Items' })
    await expect(list.getByRole('option')).toHaveCount(3)

    await dialog.getByRole('button', { name: `...${count - 3} more` }).click()
    await expect(list.getByRole('option')).toHaveCount(15)
    await expect(dialog.getByRole('button', { name: `...${count - 3} more` })).toHaveCount(0)
    await list.getByRole('option').last().scrollIntoViewIfNeeded()
    await expect(list.getByRole('option')).toHaveCount(Math.min(count, 30))
    // Every option is a different result.
    const ids = await list.getByRole('option').evaluateAll((options) => options.map((option) => option.id))
    expect(new Set(ids).size).toBe(ids.length)

    // The accordion folds the group away, and the arrows skip it.
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(list).toBeHidden()
  })

  test('an update opens its topic on the page', { tag: '@javascript-only' }, async ({ page }) => {
    const update = PUBLIC_UPDATES.find((entry) => entry.subject === 'Vulnerability advisories')!
    await portalHome(page)
    const { dialog, input } = await search(page, 'OpenSSL')
    const option = dialog.getByRole('listbox', { name: 'Updates' }).getByRole('option').first()
    await expect(option).toBeVisible()
    for (let step = 0; step < 12 && (await option.getAttribute('aria-selected')) !== 'true'; step++) await page.keyboard.press('ArrowDown')
    await expect(await activeOption(dialog, input)).toContainText('Update')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/\?tcuUid=[0-9a-f-]{36}#updates$/)
    await expect(searchDialog(page)).toHaveCount(0)
    await expect(page.getByRole('region', { name: /Updates$/ }).locator('li[aria-current="true"]')).toContainText(update.title)
  })

  test('a term found nowhere: No results found', { tag: '@javascript-only' }, async ({ page }) => {
    await portalHome(page)
    const { dialog } = await search(page, NOTHING)
    await expect(dialog.getByText('No results found')).toBeVisible()
    await expect(dialog.getByText('Try using a different search term.')).toBeVisible()
    await expect(dialog.getByRole('status').filter({ hasText: /results$/ })).toHaveText('0 results')
  })

  test('local results show at once while the server is slow; a failed search says so and shows none', { tag: '@javascript-only' }, async ({ page }) => {
    await portalHome(page)
    let answer: 'slow' | 'fail' = 'slow'
    await page.route(/\/search\.data\?/, async (route) => {
      if (answer === 'fail') return route.abort()
      await new Promise((resolve) => setTimeout(resolve, 2000))
      await route.continue()
    })
    const { dialog, input } = await search(page, 'encryption')
    // From the page's own items: Trust Items only, until the server's groups arrive.
    await expect(dialog.getByRole('listbox', { name: 'Trust Items' }).getByRole('option', { name: new RegExp(encryptionAtRest.title) })).toBeVisible()
    await expect(dialog.getByRole('listbox', { name: 'FAQs' })).toHaveCount(0)
    await expect(dialog.getByRole('listbox', { name: 'FAQs' })).toBeVisible({ timeout: 10_000 })

    // Nothing local for this one: skeleton rows while the server is slow.
    await input.fill('restore')
    await expect(dialog.locator('.search-skeleton__row')).toHaveCount(9)
    await expect(dialog.getByRole('listbox', { name: 'FAQs' })).toBeVisible({ timeout: 10_000 })

    answer = 'fail'
    await input.fill('encryption keys')
    await expect(dialog.getByText('Failed to retrieve search results. Please try again later.')).toBeVisible()
    await expect(dialog.getByRole('option')).toHaveCount(0)
    // The portal page behind is untouched.
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeAttached()
  })

  test('on a small screen it fills the screen and a chosen result expands inline', { tag: '@javascript-only' }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    await portalHome(page)
    const { dialog, input } = await search(page, 'encr')
    const box = await dialog.boundingBox()
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 800 })
    const option = dialog.getByRole('listbox', { name: 'Trust Items' }).getByRole('option', { name: new RegExp(encryptionAtRest.title) })
    await expect(option).toHaveAttribute('aria-selected', 'false')
    await expect(input).not.toHaveAttribute('aria-activedescendant')
    await expect(dialog.getByRole('complementary')).toHaveCount(0)
    await option.click()
    await expect(option).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.locator('.search-dialog__inline-detail')).toContainText(encryptionAtRest.explanation!)
    await expect(dialog.locator('.search-dialog__inline-detail').getByRole('link', { name: 'Open' })).toBeVisible()
  })

  test('the open dialog has no accessibility violations', { tag: ['@javascript-only', '@a11y'] }, async ({ page }) => {
    await portalHome(page)
    const { dialog } = await search(page, 'encr')
    await expect(dialog.getByRole('complementary', { name: 'Selected result' })).toBeVisible()
    await expectNoViolations(page)
    await dialog.getByRole('button', { name: /^Trust Items/ }).click()
    await page.setViewportSize({ width: 390, height: 800 })
    await dialog.getByRole('listbox', { name: 'FAQs' }).getByRole('option').first().click()
    await expect(dialog.locator('.search-dialog__inline-detail')).toBeVisible()
    await expectNoViolations(page)
  })
})

test.describe('results page', () => {
  test('the words reviewers type find the words companies write; an empty search suggests some', async ({ page }) => {
    await page.goto('/search?q=2FA')
    const main = page.getByRole('main')
    await expect(
      main
        .getByRole('region', { name: /^Trust Items/ })
        .getByRole('link', { name: /^Multi-factor authentication \(MFA\)/ })
        .first(),
    ).toBeVisible()
    await page.goto(`/search?q=${NOTHING}`)
    await expect(main.getByText('No results found')).toBeVisible()
    const suggestions = main.getByRole('list', { name: 'Try searching for' })
    await expect(suggestions.getByRole('link')).not.toHaveCount(0)
    await suggestions.getByRole('link', { name: 'Penetration test' }).click()
    await expect(page).toHaveURL(/[?&]q=Penetration\+test/)
    await expect(main.getByRole('status')).toHaveText(/^\d+ results?$/)
  })

  test("the box goes to the results page: the same groups, '...N more' lists one group, Next results pages it", async ({ page }, testInfo) => {
    if (hasJavaScript(testInfo.project.name)) {
      // With JavaScript the box opens the dialog: the page is where its links lead.
      await page.goto('/search?q=data')
    } else {
      await page.goto('/')
      const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search items' })
      await expect(box).toHaveAttribute('maxlength', '512')
      await box.fill('data')
      await box.press('Enter')
      await expect(page).toHaveURL('/search?q=data')
    }
    const main = page.getByRole('main')
    const headings = main.getByRole('heading', { level: 2 })
    // The top match's group first, the others by label.
    await expect(headings).toHaveText([/^Trust Items \(\d+\)Top match$/, /^Documents \(\d+\)/, /^FAQs \(\d+\)/, /^Updates \(\d+\)/])
    const counts = (await headings.allTextContents()).map((text) => Number(/\((\d+)\)/.exec(text)![1]))
    await expect(main.getByRole('status')).toHaveText(`${counts.reduce((sum, count) => sum + count, 0)} results`)
    await expect(main.getByText('Top match', { exact: true })).toHaveCount(1)

    const items = main.getByRole('region', { name: /^Trust Items/ })
    const count = counts[0]
    expect(count).toBeGreaterThan(15)
    await expect(items.getByRole('listitem')).toHaveCount(3)
    await items.getByRole('link', { name: `...${count - 3} more` }).click()
    await expect(page).toHaveURL('/search?q=data&group=items')
    await expect(main.getByRole('region')).toHaveCount(1)
    await expect(items.getByRole('listitem')).toHaveCount(15)
    const firstBatch = await items.getByRole('listitem').locator('.search-hit__title').allTextContents()

    await items.getByRole('link', { name: 'Next results' }).click()
    await expect(page).toHaveURL('/search?q=data&group=items&offset=15')
    await expect(items.getByRole('listitem')).toHaveCount(Math.min(count - 15, 15))
    const secondBatch = await items.getByRole('listitem').locator('.search-hit__title').allTextContents()
    expect(secondBatch.filter((title) => firstBatch.includes(title))).toEqual([])
    if (count <= 30) await expect(items.getByRole('link', { name: 'Next results' })).toHaveCount(0)
    await main.getByRole('link', { name: 'All results' }).click()
    await expect(headings).toHaveCount(4)
  })

  test('a term found nowhere says so; an FAQ shows its answer; a document offers View', async ({ page }) => {
    await page.goto(`/search?q=${NOTHING}`)
    await expect(page.getByRole('main').getByText('No results found')).toBeVisible()
    await expect(page.getByRole('main').getByText('Try using a different search term.')).toBeVisible()

    await page.goto('/search?q=encr')
    const faqs = page.getByRole('region', { name: /^FAQs/ })
    await expect(faqs).toContainText(encryptedFaq.answer)
    await expect(faqs).toContainText(encryptedFaq.comment!)
    const documents = page.getByRole('region', { name: /^Documents/ })
    await expect(documents.getByRole('link', { name: 'View' }).first()).toHaveAttribute('href', /\/(view|files)\//)
    await expect(
      page
        .getByRole('region', { name: /^Trust Items/ })
        .getByRole('link', { name: 'Open' })
        .first(),
    ).toHaveAttribute('href', /^\/item\//)
  })

  test("a product's box searches that product", async ({ page }) => {
    await page.goto(`/product/${MOBILE.slug}`)
    const form = page.getByRole('banner').getByRole('search')
    await expect(form).toHaveAttribute('action', '/search')
    await expect(form.locator('input[type="hidden"][name="product"]')).toHaveValue(MOBILE.slug)
  })
})
