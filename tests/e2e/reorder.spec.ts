// Staff re-order the portal's sections and a card's items: single-click moves with and without
// JavaScript, drag and drop with it. The order is one per product: the spec changes its own org's
// (support/orgs.ts), and puts it back through the dialog, the second half of each journey (decision 035).
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/staff'
import { hasJavaScript } from './support/demo'
import { portalOf } from './support/orgs'

/** The element of each section on the page (ids as in app/lib/sections.ts). */
const SECTION_SELECTORS: Record<string, string> = {
  overview_and_certifications: '[aria-labelledby="overview-title"]',
  overview: '[aria-labelledby="overview-title"]',
  certifications: '[aria-labelledby="certifications-title"]',
  trusted_by: '[aria-labelledby="trusted-by-title"]',
  subprocessors: '#subprocessors',
  documents: '#documents',
  cards: '[aria-label="Security practices"]',
  knowledge_base: '[aria-labelledby="knowledge-base-title"]',
  trust_center_updates: '#updates',
  help: '[aria-labelledby="help-title"]',
}

const PORTAL = portalOf('reorder')

async function openPortal(page: Page) {
  await page.goto(PORTAL)
  await expect(page.getByRole('region', { name: 'Staff tools' })).toBeVisible()
}

const rowIds = (dialog: Locator) => dialog.locator('li.reorder-row').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.id ?? ''))
const rowTitle = (dialog: Locator, id: string) => dialog.locator(`li[data-id="${id}"] .reorder-row__title`).innerText()

/** With JavaScript, wait until the rows can be dragged (the handles appear once the dialog hydrates). */
async function ready(dialog: Locator, javascript: boolean) {
  await expect(dialog.locator('li.reorder-row').first()).toBeVisible()
  if (!javascript) return
  await expect(dialog.locator('.reorder-row__handle').first()).toBeVisible()
  await expect
    .poll(
      () =>
        dialog
          .locator('ol.reorder-list')
          .first()
          .evaluate((list) => Object.keys(list).some((key) => key.startsWith('Sortable'))),
      {
        message: 'sortablejs should be attached to the list',
      },
    )
    .toBe(true)
}

/** Saves the dialog's order and waits for the spec's toast. */
async function save(page: Page, dialog: Locator, toast: string) {
  const button = dialog.getByRole('button', { name: 'Save order' })
  await expect(button).toBeEnabled()
  await button.click()
  await expect(page.getByRole('status').filter({ hasText: toast })).toBeVisible()
  await expect(dialog).toBeHidden()
}

async function precedes(page: Page, first: string, second: string) {
  return page
    .locator(first)
    .first()
    .evaluate((element, other) => {
      const next = document.querySelector(other)
      return Boolean(next && element.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING)
    }, second)
}

/** Drags a row by its handle onto the upper part of another row (sortablejs' pointer fallback). */
async function dragAbove(page: Page, dialog: Locator, id: string, targetId: string) {
  const from = (await dialog.locator(`li[data-id="${id}"] .reorder-row__handle`).boundingBox())!
  const to = (await dialog.locator(`li[data-id="${targetId}"]`).boundingBox())!
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 }
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(start.x, start.y - 4, { steps: 4 })
  await page.mouse.move(to.x + to.width / 2, to.y + 6, { steps: 20 })
  await page.mouse.up()
}

test.describe('re-ordering as staff', () => {
  test.use({ org: 'reorder', signedIn: true })

  test('moves a section down with one click, saves, and the page follows', async ({ page }, testInfo) => {
    const javascript = hasJavaScript(testInfo.project.name)
    await openPortal(page)
    const open = async () => {
      await page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Re-order sections' }).click()
      const dialog = page.getByRole('dialog', { name: /^Re-order .* sections$/ })
      await expect(dialog).toBeVisible()
      await expect(dialog).toContainText('reflects only enabled sections')
      await ready(dialog, javascript)
      return dialog
    }

    let dialog = await open()
    await expect(dialog.getByRole('button', { name: 'Save order' })).toBeDisabled()
    const before = await rowIds(dialog)
    const [moved, overtaken] = [before[1], before[2]]
    const title = await rowTitle(dialog, moved)
    // Boundary moves are disabled.
    await expect(dialog.locator(`li[data-id="${before[0]}"] [data-move="up"]`)).toHaveAttribute('aria-disabled', 'true')
    await expect(dialog.locator(`li[data-id="${before.at(-1)}"] [data-move="down"]`)).toHaveAttribute('aria-disabled', 'true')

    await dialog.getByLabel(`Move ${title} down`, { exact: true }).click()
    const after = [before[0], overtaken, moved, ...before.slice(3)]
    await expect.poll(() => rowIds(dialog)).toEqual(after)
    if (!javascript) await expect(page).toHaveURL(new RegExp(`[?&]order=${after.join('%2C')}`))
    await save(page, dialog, 'Updated section order')
    expect(await precedes(page, SECTION_SELECTORS[overtaken], SECTION_SELECTORS[moved])).toBe(true)

    // Put it back.
    dialog = await open()
    expect(await rowIds(dialog)).toEqual(after)
    await dialog.getByLabel(`Move ${title} up`, { exact: true }).click()
    await expect.poll(() => rowIds(dialog)).toEqual(before)
    await save(page, dialog, 'Updated section order')
    expect(await precedes(page, SECTION_SELECTORS[moved], SECTION_SELECTORS[overtaken])).toBe(true)
  })

  test('re-orders the items of a card from its menu, by click and by drag', async ({ page }, testInfo) => {
    const javascript = hasJavaScript(testInfo.project.name)
    await openPortal(page)
    const card = page.locator('article[data-card="Policies"]')
    const cardTitle = (await card.locator('h3').innerText()).trim()
    const preview = () => card.locator('.card__item a').allInnerTexts()
    const open = async () => {
      if (javascript) {
        await card.getByRole('button', { name: /^Actions for/ }).click()
        await page.getByRole('menuitem', { name: 'Re-order items' }).click()
      } else {
        await card.locator('summary').click()
        await card.getByRole('link', { name: 'Re-order items' }).click()
      }
      const dialog = page.getByRole('dialog', { name: 'Re-order items' })
      await expect(dialog).toBeVisible()
      await ready(dialog, javascript)
      return dialog
    }

    let dialog = await open()
    const before = await rowIds(dialog)
    const [first, second] = before
    const [firstTitle, secondTitle] = [await rowTitle(dialog, first), await rowTitle(dialog, second)]
    expect((await preview()).slice(0, 2)).toEqual([firstTitle, secondTitle])

    await dialog.getByLabel(`Move ${firstTitle} down`, { exact: true }).click()
    await expect.poll(() => rowIds(dialog)).toEqual([second, first, ...before.slice(2)])
    await save(page, dialog, `Updated ${cardTitle} card item's order`)
    await expect.poll(async () => (await preview()).slice(0, 2)).toEqual([secondTitle, firstTitle])

    // Put it back: by dragging the row with JavaScript, with the single-click move without it.
    dialog = await open()
    if (javascript) await dragAbove(page, dialog, first, second)
    else await dialog.getByLabel(`Move ${firstTitle} up`, { exact: true }).click()
    await expect.poll(() => rowIds(dialog)).toEqual(before)
    await save(page, dialog, `Updated ${cardTitle} card item's order`)
    await expect.poll(async () => (await preview()).slice(0, 2)).toEqual([firstTitle, secondTitle])
  })
})
