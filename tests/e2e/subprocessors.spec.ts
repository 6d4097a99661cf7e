// Staff add, edit and delete a subprocessor from the portal page, with the company picker (JavaScript)
// or its plain text input (no JavaScript).
import { formatDate } from '../../app/lib/format'
import { hasJavaScript, waitForHydration } from './support/demo'
import { solidPng } from '../setup/png'
import { portalOf } from './support/orgs'
import { expect, test } from './support/staff'

const PORTAL_PATH = portalOf('subprocessors')

// The product's subprocessors are its list: the spec changes its own org's (support/orgs.ts; decision 035).
test.use({ org: 'subprocessors', signedIn: true })

test('staff add, edit and delete a subprocessor', async ({ page, browser }, testInfo) => {
  const js = hasJavaScript(testInfo.project.name)
  // Each project adds its own company, so one run's rows never meet the other's.
  const added = js ? { company: 'MongoDB', domain: 'mongodb.com' } : { company: 'Fastly', domain: 'fastly.com' }
  const renamed = js ? 'Northwind Labs Hosting' : 'Northwind Edge Partners'

  await page.goto(PORTAL_PATH)
  const section = page.getByRole('region', { name: 'Subprocessors' })
  if (js) await waitForHydration(section.getByRole('link', { name: 'Add subprocessor' }))
  await expect(section.getByRole('columnheader', { name: 'Created At' })).toBeVisible()
  await expect(section.getByRole('columnheader', { name: 'Actions' })).toBeVisible()
  await expect(section.getByRole('link', { name: 'Edit Datadog' })).toBeVisible()
  await expect(section.getByRole('link', { name: 'Delete Datadog' })).toBeVisible()
  // Add: the company is required, then picked.
  await section.getByRole('link', { name: 'Add subprocessor' }).click()
  const addDialog = page.getByRole('dialog', { name: 'Add subprocessor' })
  await expect(addDialog).toBeVisible()
  const companyField = addDialog.getByRole(js ? 'combobox' : 'textbox', { name: 'Company' })
  if (js) await expect(companyField).toBeFocused()
  await addDialog.getByRole('button', { name: 'Add subprocessor' }).click()
  await expect(addDialog.getByText('This field is required')).toBeVisible()
  await expect(companyField).toHaveAttribute('aria-invalid', 'true')

  if (js) {
    // After a failed submit, focus goes to the invalid company field.
    const company = companyField
    await expect(company).toBeFocused()
    await company.fill('sl')
    const listbox = addDialog.getByRole('listbox')
    await expect(listbox.getByRole('option', { name: /Slack/ })).toBeVisible()
    // Escape closes the suggestions, not the dialog.
    await company.press('Escape')
    await expect(company).toHaveAttribute('aria-expanded', 'false')
    await expect(addDialog).toBeVisible()

    await company.fill('atlas')
    await listbox.getByRole('option', { name: /MongoDB/ }).click()
    await expect(company).toHaveValue('MongoDB')
    await expect(company).toHaveAttribute('aria-expanded', 'false')
    await expect(addDialog.getByText('This field is required')).toBeHidden()
  } else {
    await expect(addDialog.getByRole('combobox')).toHaveCount(0)
    await companyField.fill(added.company)
  }
  await addDialog.getByLabel('Purpose').fill('Operational database for scheduling')
  await addDialog.getByLabel('Location').fill('European Union')
  await addDialog.getByRole('button', { name: 'Add subprocessor' }).click()

  await expect(addDialog).toBeHidden()
  await expect(page.getByText(`Added ${added.company} as a subprocessor`)).toBeVisible()
  const addedRow = section.getByRole('row', { name: new RegExp(`^${added.company}\\b`) })
  await expect(addedRow).toHaveCount(1)
  await expect(addedRow).toContainText('Operational database for scheduling')
  await expect(addedRow).toContainText('European Union')
  await expect(addedRow).toContainText(formatDate(new Date()))

  // Edit: a company of our own, chosen with Just use, and a new location.
  await addedRow.getByRole('link', { name: `Edit ${added.company}` }).click()
  const editDialog = page.getByRole('dialog', { name: 'Edit subprocessor' })
  await expect(editDialog).toBeVisible()
  await expect(editDialog.getByLabel('Purpose')).toHaveValue('Operational database for scheduling')
  if (js) {
    const company = editDialog.getByRole('combobox', { name: 'Company' })
    await expect(company).toHaveValue(added.company)
    await company.fill(renamed)
    await expect(editDialog.getByRole('option', { name: `Just use "${renamed}"` })).toBeVisible()
    await company.press('ArrowDown')
    await expect(company).toHaveAttribute('aria-activedescendant', /option-0$/)
    await company.press('Enter')
    await expect(company).toHaveAttribute('aria-expanded', 'false')
    await expect(company).toHaveValue(renamed)
  } else {
    const company = editDialog.getByRole('textbox', { name: 'Company' })
    await expect(company).toHaveValue(added.company)
    await company.fill(renamed)
  }
  await editDialog.getByLabel('Location').fill('Ireland')
  await editDialog.getByRole('button', { name: 'Save' }).click()

  await expect(editDialog).toBeHidden()
  await expect(page.getByText(`Updated ${renamed}`)).toBeVisible()
  const renamedRow = section.getByRole('row', { name: new RegExp(`^${renamed}\\b`) })
  await expect(renamedRow).toContainText('Ireland')
  await expect(section.getByRole('row', { name: new RegExp(`^${added.company}\\b`) })).toHaveCount(0)

  // Visitors see the change, without the staff-only columns.
  const visitor = await browser.newContext({ javaScriptEnabled: js })
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(PORTAL_PATH)
  const publicSection = visitorPage.getByRole('region', { name: 'Subprocessors' })
  await expect(publicSection.getByRole('row', { name: new RegExp(`^${renamed}\\b`) })).toContainText('Ireland')
  await expect(publicSection.getByRole('columnheader', { name: 'Created At' })).toHaveCount(0)
  await expect(publicSection.getByRole('link', { name: `Edit ${renamed}` })).toHaveCount(0)
  await expect(publicSection.getByRole('link', { name: 'Add subprocessor' })).toHaveCount(0)

  // Change logo, from the edit dialog: the visitor's row shows the upload; Remove logo takes it away again.
  await renamedRow.getByRole('link', { name: `Edit ${renamed}` }).click()
  await expect(editDialog).toBeVisible()
  await editDialog.locator('summary', { hasText: 'Change logo' }).click()
  await editDialog.getByLabel(`New logo for ${renamed}`).setInputFiles({ name: 'our-logo.png', mimeType: 'image/png', buffer: Buffer.from(solidPng(64, 64)) })
  await editDialog.getByRole('button', { name: 'Upload logo' }).click()
  await expect(page.getByText(`Changed the logo of ${renamed}`)).toBeVisible()
  await visitorPage.goto(PORTAL_PATH)
  const visitorRow = publicSection.getByRole('row', { name: new RegExp(`^${renamed}\\b`) })
  await expect(visitorRow.locator('img[src*="/pictures/"]')).toHaveCount(1)
  await renamedRow.getByRole('link', { name: `Edit ${renamed}` }).click()
  await editDialog.getByRole('button', { name: `Remove logo of ${renamed}` }).click()
  await expect(page.getByText(`Removed the logo of ${renamed}`)).toBeVisible()
  await visitorPage.goto(PORTAL_PATH)
  await expect(visitorRow.locator('img[src*="/pictures/"]')).toHaveCount(0)

  // Delete: only once the company name is typed exactly.
  await renamedRow.getByRole('link', { name: `Delete ${renamed}` }).click()
  const deleteDialog = page.getByRole('dialog', { name: 'Delete subprocessor' })
  await expect(deleteDialog).toBeVisible()
  const confirm = deleteDialog.getByLabel(`Type ${renamed} to confirm`)
  await confirm.fill(renamed.toLowerCase())
  await deleteDialog.getByRole('button', { name: 'Delete' }).click()
  await expect(deleteDialog.getByText(`The name you typed does not match "${renamed}".`)).toBeVisible()
  await expect(deleteDialog).toBeVisible()

  await deleteDialog.getByLabel(`Type ${renamed} to confirm`).fill(renamed)
  await deleteDialog.getByRole('button', { name: 'Delete' }).click()
  await expect(deleteDialog).toBeHidden()
  await expect(page.getByText(`Deleted ${renamed}`)).toBeVisible()
  await expect(section.getByRole('row', { name: new RegExp(`^${renamed}\\b`) })).toHaveCount(0)

  await visitorPage.reload()
  await expect(publicSection.getByRole('row', { name: new RegExp(`^${renamed}\\b`) })).toHaveCount(0)
  await visitor.close()
})
