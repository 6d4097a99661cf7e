// What a member's documents look like when they leave the portal (issue 9, decision 020), JavaScript on
// and off: a restricted PDF downloaded from the documents card carries the member's e-mail and company,
// a public one does not; a view-only document opens in the viewer page with no download, and its
// download form is refused.
import AxeBuilder from '@axe-core/playwright'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { ACCOUNT } from '../../db/seed/northwind'
import { DOC } from '../../db/seed/northwind-items'
import { compact, pdfText } from '../setup/pdf-text'
import { entry, ORG, PORTAL } from './support/demo'
import { expect, ready, signedInMember, test } from './support/journey'

const documentsCard = (page: Page) => page.getByRole('region', { name: 'Documents' })

async function downloadedText(page: Page, title: string, js: boolean) {
  const link = documentsCard(page)
    .getByRole('link', { name: `Download ${title}`, exact: true })
    .first()
  await ready(link, js)
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  return compact((await pdfText(new Uint8Array(await readFile((await download.path())!)))).join(' '))
}

test.describe('documents as they leave the portal', () => {
  test.slow()

  test('a restricted PDF carries the member’s e-mail and company; a public one is as published', async ({ page, person, mailbox, js }) => {
    const member = person({ domain: ACCOUNT.domains[0] })
    await signedInMember(page, member, mailbox, js)
    await page.goto('/?documents=all')
    const restricted = await downloadedText(page, entry('soc-2-type-2-report').title, js)
    expect(restricted).toContain(compact(member.email))
    expect(restricted).toContain(compact(ACCOUNT.name))
    const publicReport = await downloadedText(page, entry('soc-3-report').title, js)
    expect(publicReport).not.toContain(compact(member.email))
  })

  test('a view-only document opens in the viewer, with no way to download it from the portal', async ({ page, person, mailbox, js }) => {
    await signedInMember(page, person({ domain: ACCOUNT.domains[0] }), mailbox, js)
    await page.goto('/?documents=all')
    const title = entry('architecture-diagram').title
    const card = documentsCard(page)
    await expect(card.getByRole('link', { name: `Download ${title}`, exact: true })).toHaveCount(0)
    const view = card.getByRole('link', { name: `View ${title}`, exact: true })
    await ready(view, js)
    const [viewer] = await Promise.all([page.context().waitForEvent('page'), view.click()])
    await viewer.waitForLoadState()
    await expect(viewer).toHaveURL(/\/view\/[0-9a-f-]{36}$/)
    await expect(viewer.getByRole('heading', { level: 1, name: DOC.architecture })).toBeVisible()
    await expect(viewer.getByText('View only', { exact: true })).toBeVisible()
    await expect(viewer.getByRole('link', { name: 'Download' })).toHaveCount(0)
    const frame = viewer.locator(`iframe[title="${DOC.architecture}"]`)
    await expect(frame).toBeVisible()
    await expect(viewer.getByRole('link', { name: `Back to ${ORG.name} ${PORTAL.portalTitle}` })).toBeVisible()
    // The viewer is a page of the portal: the same favicon (the last icon link wins) and brand colour as the portal's pages.
    const brandOf = async (on: typeof page) => ({
      icon: await on.locator('link[rel="icon"]').last().getAttribute('href'),
      colour: await on.locator('body').getAttribute('style'),
    })
    expect(await brandOf(viewer)).toEqual(await brandOf(page))
    // Checked where the browser's PDF viewer runs: with scripts off its frame never answers axe.
    if (js) expect((await new AxeBuilder({ page: viewer }).options({ iframes: false }).analyze()).violations.map((violation) => violation.id)).toEqual([])

    // The file the frame shows is served inline; asked for as a download it is refused with the spec's message.
    const src = (await frame.getAttribute('src'))!.split('#')[0]
    const inline = await viewer.request.get(src)
    expect(inline.status()).toBe(200)
    expect(inline.headers()['content-disposition']).toMatch(/^inline;/)
    const refused = await viewer.request.get(`${src}?download=1`)
    expect(refused.status()).toBe(403)
    expect(await refused.text()).toContain(`This file is view-only and not downloadable in the ${PORTAL.portalTitle}`)
  })
})
