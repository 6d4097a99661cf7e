// Staff manage products on /settings/products (issue 23 item 4): add one, see it in the portal's product
// selector, rename it, upload its banner and delete it, on an org of the spec's own (support/orgs.ts; the
// product selector is org-wide, decision 035).
import { renderAsync } from '@resvg/resvg-js'
import type { Page } from '@playwright/test'
import { expectNoViolations } from './support/axe'
import { hasJavaScript, waitForHydration } from './support/demo'
import { portalOf } from './support/orgs'
import { expect, test } from './support/staff'

const PAGE = '/settings/products'
const PORTAL = portalOf('products')

test.use({ org: 'products', signedIn: true })

async function bannerPng() {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="350"><rect width="1280" height="350" fill="#155e75"/></svg>'
  return Buffer.from((await renderAsync(svg, { fitTo: { mode: 'original' } })).asPng())
}

const productRow = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) })

test('staff add a product, see it in the selector, rename it, upload its banner and delete it', async ({ page }, testInfo) => {
  const js = hasJavaScript(testInfo.project.name)
  const tag = js ? 'js' : 'nojs'
  const name = `Journey Gadget ${tag}`
  const slug = `journey-gadget-${tag}`

  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  const nameField = page.getByRole('textbox', { name: 'Product name' })
  if (js) await waitForHydration(nameField)
  await nameField.fill(name)
  if (js) await expect(page.getByRole('textbox', { name: 'URL slug (optional)' })).toHaveAttribute('placeholder', slug)
  await page.getByRole('button', { name: 'Add product' }).click()
  await expect(page.getByText(`Added ${name}`)).toBeVisible()
  const row = productRow(page, name)
  await expect(row).toBeVisible()
  await expect(row.getByRole('link', { name: `${PORTAL}/product/${slug}` })).toBeVisible()

  // The portal's product selector lists it, and leads to its page.
  await page.goto(PORTAL)
  const selector = page.locator('details.product-selector')
  await selector.locator('summary').click()
  await selector.getByRole('link', { name }).click()
  await expect(page).toHaveURL(new RegExp(`${PORTAL}/product/${slug}$`))
  await expect(page.locator('summary[aria-label^="Product:"]')).toHaveAttribute('aria-label', `Product: ${name}`)

  // Rename it, with a new slug: the old address redirects.
  await page.goto(PAGE)
  const renamed = `${name} Pro`
  const details = productRow(page, name).getByRole('form', { name: `${name} details` })
  if (js) await waitForHydration(details.getByRole('button', { name: 'Save product' }))
  await details.getByRole('textbox', { name: 'Name' }).fill(renamed)
  await details.getByRole('textbox', { name: 'URL slug' }).fill(`${slug}-pro`)
  await details.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText(`Saved ${renamed}`)).toBeVisible()
  const renamedRow = productRow(page, renamed)
  await expect(renamedRow.getByText(`/product/${slug}`, { exact: false }).first()).toBeVisible()
  await page.goto(`${PORTAL}/product/${slug}`)
  await expect(page).toHaveURL(new RegExp(`${PORTAL}/product/${slug}-pro$`))
  await expect(page.locator('summary[aria-label^="Product:"]')).toHaveAttribute('aria-label', `Product: ${renamed}`)

  // A banner of the wrong kind is refused; a 1280 x 350 PNG is shown on the product's page.
  await page.goto(PAGE)
  const banner = productRow(page, renamed).getByLabel(`Banner image for ${renamed}`)
  await banner.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
  await productRow(page, renamed).getByRole('button', { name: 'Upload banner' }).click()
  await expect(productRow(page, renamed).getByText('The banner must be a png, jpeg or webp image')).toBeVisible()
  await productRow(page, renamed)
    .getByLabel(`Banner image for ${renamed}`)
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await bannerPng() })
  await productRow(page, renamed).getByRole('button', { name: 'Upload banner' }).click()
  await expect(page.getByText(`Banner saved for ${renamed}`)).toBeVisible()
  await expect(productRow(page, renamed).getByRole('img', { name: `${renamed} banner` })).toBeVisible()
  await page.goto(`${PORTAL}/product/${slug}-pro`)
  await expect(page.locator('.portal-banner')).toHaveAttribute('style', /\/pictures\/[0-9a-f-]{36}/)

  // Delete it: a confirmation first (a page of its own without JavaScript).
  await page.goto(PAGE)
  await productRow(page, renamed)
    .getByRole('link', { name: `Delete ${renamed}` })
    .click()
  const dialog = page.getByRole('dialog', { name: `Delete ${renamed}?` })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Delete product' }).click()
  await expect(page.getByText(`Deleted ${renamed}`)).toBeVisible()
  await expect(productRow(page, renamed)).toHaveCount(0)
  await page.goto(PORTAL)
  await page.locator('details.product-selector summary').click()
  await expect(page.locator('details.product-selector').getByRole('link', { name: renamed })).toHaveCount(0)
})

test('the products page has no accessibility violations @javascript-only', async ({ page }) => {
  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  await expectNoViolations(page, { view: 'settings/products' })
})
