// Staff change a card's icon from its menu: a custom 20 x 20 PNG, then back to the default icon.
// The form is a plain multipart form, so the journey runs with and without JavaScript. The icon is one per
// card: the spec changes its own org's (support/orgs.ts; decision 035).
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { DEFAULT_CARD_TITLES, type CardKind } from '../../app/lib/card-kinds'
import { ICON_HINT } from '../../app/lib/schemas/icons'
import { hasJavaScript, waitForHydration } from './support/demo'
import { portalOf } from './support/orgs'
import { expect, test } from './support/staff'

const PORTAL_PATH = portalOf('card-icon')
const ICON = 'tests/fixtures/card-icon.png'
const WIDE_ICON = 'tests/fixtures/card-icon-21x20.png'

test.use({ org: 'card-icon', signedIn: true })

async function openChangeIcon(page: Page, card: Locator, js: boolean) {
  if (js) {
    const button = card.getByRole('button', { name: /Actions for/ })
    await waitForHydration(button)
    await button.click()
    await page.getByRole('menuitem', { name: 'Change icon' }).click()
  } else {
    await card.locator('summary').click()
    await card.getByRole('link', { name: 'Change icon' }).click()
  }
}

/** The width the browser decoded for the card's custom icon (0 while it has not loaded). */
const loadedWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))

test('staff upload a custom card icon and reset it to the default', async ({ page, browser }, testInfo) => {
  const js = hasJavaScript(testInfo.project.name)
  // Each project changes its own card, so one run never sees the other's icon.
  const kind: CardKind = js ? 'DataSecurity' : 'Infrastructure'
  const title = DEFAULT_CARD_TITLES[kind]
  await page.goto(PORTAL_PATH)
  const card = page.locator(`article[data-card="${kind}"]`)
  const customIcon = card.locator('.card__header img.card-icon')
  await expect(customIcon).toHaveCount(0)

  await openChangeIcon(page, card, js)
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('radio', { name: 'Use default icon' })).toBeChecked()
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
  await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeVisible()

  // Custom without a file is refused (in the browser with JavaScript, by the server without).
  await dialog.getByRole('radio', { name: 'Upload custom icon' }).check()
  await expect(dialog.getByText(ICON_HINT)).toBeVisible()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Custom icon is required')).toBeVisible()

  // A 21 x 20 picture is refused with the same message either way.
  const fileInput = dialog.getByLabel('Choose an icon file or drag it here')
  await expect(dialog.getByRole('radio', { name: 'Upload custom icon' })).toBeChecked()
  await fileInput.setInputFiles(WIDE_ICON)
  if (!js) await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('The icon must be 20 x 20 px')).toBeVisible()
  await expect(customIcon).toHaveCount(0)

  if (js) {
    // With JavaScript the file can be dropped on the zone.
    const bytes = [...(await readFile(ICON))]
    const dataTransfer = await page.evaluateHandle((data) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array(data)], 'card-icon.png', { type: 'image/png' }))
      return transfer
    }, bytes)
    await dialog.locator('.icon-dropzone').dispatchEvent('drop', { dataTransfer })
  } else {
    await dialog.getByLabel('Choose an icon file or drag it here').setInputFiles(ICON)
  }
  if (js) {
    // With JavaScript the choice is previewed and the earlier error goes away before anything is sent.
    await expect(dialog.getByText('card-icon.png')).toBeVisible()
    await expect(dialog.locator('.icon-dropzone__preview img')).toHaveAttribute('src', /^data:image\/png;base64,/)
    await expect(dialog.getByText('The icon must be 20 x 20 px')).toHaveCount(0)
  }
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Card icon saved' })).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(customIcon).toHaveAttribute('src', /\/files\/[0-9a-f-]{36}$/)
  await expect.poll(() => loadedWidth(customIcon)).toBe(20)

  // A visitor sees the same icon.
  const visitor = await browser.newPage({ javaScriptEnabled: js })
  await visitor.goto(PORTAL_PATH)
  const visitorIcon = visitor.locator(`article[data-card="${kind}"] .card__header img.card-icon`)
  await expect(visitorIcon).toHaveAttribute('src', (await customIcon.getAttribute('src'))!)
  await expect.poll(() => loadedWidth(visitorIcon)).toBe(20)
  await visitor.close()

  // Back to the default: the dialog opens on the custom icon, then resets.
  await openChangeIcon(page, card, js)
  await expect(dialog.getByRole('radio', { name: 'Upload custom icon' })).toBeChecked()
  await expect(dialog.getByText('Current custom icon')).toBeVisible()
  await dialog.getByRole('radio', { name: 'Use default icon' }).check()
  await expect(dialog.getByText(ICON_HINT)).toBeHidden()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Card icon reset to default' })).toBeVisible()
  await expect(customIcon).toHaveCount(0)
})
