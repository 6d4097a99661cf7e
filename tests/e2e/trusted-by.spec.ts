// Staff edit the Trusted-by card's companies from its menu: add one (the company picker with
// JavaScript, its plain name field without), move it, see it on the public page, and remove it again.
import type { Locator, Page } from '@playwright/test'
import { TRUSTED_BY } from '../../db/seed/northwind'
import { hasJavaScript, waitForHydration } from './support/demo'
import { solidPng } from '../setup/png'
import { expectNoViolations } from './support/axe'
import { portalOf } from './support/orgs'
import { expect, test } from './support/staff'

const PORTAL_PATH = portalOf('trusted-by')
const DIALOG = 'Edit trusted-by companies'

// The card's companies and their order are one per product: the spec's own org's (decision 035).
test.use({ org: 'trusted-by', signedIn: true })

async function openEditDialog(page: Page, js: boolean) {
  const section = page.locator('section.trusted-by')
  if (js) {
    const button = section.getByRole('button', { name: 'Actions for Trusted by' })
    await waitForHydration(button)
    await button.click()
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click()
  } else {
    await section.locator('summary').click()
    await section.getByRole('link', { name: 'Edit', exact: true }).click()
  }
  const dialog = page.getByRole('dialog', { name: DIALOG })
  await expect(dialog).toBeVisible()
  return dialog
}

const rowNames = (dialog: Locator) => dialog.getByRole('listitem').locator('.trusted-by-edit__name')

/** What a visitor's page shows of each company: its logo's alt text, or the name beside the building icon. */
async function publicCompanies(page: Page) {
  await page.goto(PORTAL_PATH)
  const companies = page.locator('.trusted-by__company')
  await expect(companies.first()).toBeVisible()
  return companies.evaluateAll((items) => items.map((item) => item.querySelector('img')?.getAttribute('alt') ?? item.textContent?.trim() ?? ''))
}

test('staff add, move and remove a trusted-by company', async ({ page, browser }, testInfo) => {
  // Staff edits and the public page checked after each, in one journey: past 30 s on a machine half as fast as usual (it timed
  // out at its last public-page check in a fresh-clone run here, 2026-11-29), so it gets the slow allowance.
  test.slow()
  const js = hasJavaScript(testInfo.project.name)
  // Each project adds its own company: a built-in one with its logo, or a name of our own without one.
  const added = js ? 'Twilio' : 'Blue Yonder Airlines'
  const seeded = TRUSTED_BY.map((company) => company.name)
  const last = seeded.at(-1)!
  await page.goto(PORTAL_PATH)
  let dialog = await openEditDialog(page, js)
  await expect(rowNames(dialog)).toHaveText(seeded)
  // Fourth Coffee has no logo: its row shows the building icon instead.
  await expect(dialog.getByRole('listitem').filter({ hasText: last }).locator('.trusted-by-edit__logo--fallback')).toBeVisible()
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Contoso' }).locator('img.trusted-by-edit__logo')).toHaveAttribute('src', '/images/companies/contoso.svg')

  // The company is required, and one already listed is refused.
  const company = dialog.getByRole(js ? 'combobox' : 'textbox', { name: 'Company' })
  if (js) await waitForHydration(company)
  await dialog.getByRole('button', { name: 'Add company' }).click()
  await expect(dialog.getByText('This field is required')).toBeVisible()
  await expect(company).toHaveAttribute('aria-invalid', 'true')

  await company.fill('Contoso')
  if (js) {
    await company.press('ArrowDown')
    await expect(dialog.getByRole('option', { name: 'Just use "Contoso"' })).toBeVisible()
    await company.press('Enter')
  }
  await dialog.getByRole('button', { name: 'Add company' }).click()
  await expect(dialog.getByText('This company is already listed')).toBeVisible()

  if (js) {
    await company.fill('twil')
    await dialog
      .getByRole('listbox')
      .getByRole('option', { name: /Twilio/ })
      .click()
    await expect(company).toHaveValue('Twilio')
    await expect(dialog.getByText('This company is already listed')).toBeHidden()
  } else {
    await dialog.getByRole('textbox', { name: 'Company' }).fill(added)
  }
  await dialog.getByRole('button', { name: 'Add company' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Added ${added}`)).toBeVisible()

  const visitor = await browser.newContext({ javaScriptEnabled: js })
  const visitorPage = await visitor.newPage()
  expect(await publicCompanies(visitorPage)).toEqual([...seeded, added])

  // Move it up one place; nothing is saved until Save order.
  dialog = await openEditDialog(page, js)
  await expect(rowNames(dialog)).toHaveText([...seeded, added])
  await expect(dialog.getByRole('button', { name: 'Save order' })).toBeDisabled()
  await expect(dialog.getByRole(js ? 'button' : 'link', { name: `Move ${added} up` })).toBeVisible()
  await expect(dialog.getByRole('button', { name: `Move ${added} down` })).toHaveAttribute('aria-disabled', 'true')
  await dialog.getByRole(js ? 'button' : 'link', { name: `Move ${added} up` }).click()
  const moved = [...seeded.slice(0, -1), added, last]
  await expect(rowNames(dialog)).toHaveText(moved)
  if (js) await expect(dialog.getByRole('button', { name: `Move ${added} up` })).toBeFocused()
  else await expect(page).toHaveURL(/[?&]order=/)
  await dialog.getByRole('button', { name: 'Save order' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Updated the order of companies')).toBeVisible()
  expect(await publicCompanies(visitorPage)).toEqual(moved)

  // Change its logo to an upload of our own: the visitor sees it; Remove logo takes it away again.
  dialog = await openEditDialog(page, js)
  let row = dialog.getByRole('listitem').filter({ hasText: added })
  await row.locator('summary', { hasText: 'Change logo' }).click()
  if (js) await expectNoViolations(page, { view: 'the trusted-by dialog with a logo form open', include: '[role="dialog"]' })
  await row.getByLabel(`New logo for ${added}`).setInputFiles({ name: 'our-logo.png', mimeType: 'image/png', buffer: Buffer.from(solidPng(120, 40)) })
  await row.getByRole('button', { name: 'Upload logo' }).click()
  await expect(page.getByText(`Changed the logo of ${added}`)).toBeVisible()
  await visitorPage.goto(PORTAL_PATH)
  const uploaded = visitorPage.locator('.trusted-by__company img[src*="/pictures/"]')
  await expect(uploaded).toHaveCount(1)
  expect((await visitorPage.request.get((await uploaded.getAttribute('src'))!)).status()).toBe(200)
  dialog = await openEditDialog(page, js)
  row = dialog.getByRole('listitem').filter({ hasText: added })
  await row.getByRole('button', { name: `Remove logo of ${added}` }).click()
  await expect(page.getByText(`Removed the logo of ${added}`)).toBeVisible()
  await visitorPage.goto(PORTAL_PATH)
  await expect(visitorPage.locator('.trusted-by__company img[src*="/pictures/"]')).toHaveCount(0)

  // Remove it again: the list is as seeded.
  dialog = await openEditDialog(page, js)
  await dialog.getByRole('button', { name: `Remove ${added}` }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Removed ${added}`)).toBeVisible()
  expect(await publicCompanies(visitorPage)).toEqual(seeded)
  await visitor.close()
})
