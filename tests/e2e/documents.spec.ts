// The documents library: staff open the upload dialog from its link, upload a real PDF and find it listed;
// a file that only claims to be a PDF is refused. Plain forms, so it runs with and without JavaScript.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { hasJavaScript, waitForHydration } from './support/demo'
import { expect, test } from './support/staff'

const UPLOAD_PATH = '/documents?uploadModal=true'

test.describe('documents library', () => {
  test.use({ signedIn: true })

  test('staff upload a PDF from /documents?uploadModal=true and see it listed', async ({ page }, testInfo) => {
    // A name of this run's own: a document a failed run left behind is not this one (decision 035).
    const name = `sample-${testInfo.project.name}-${randomUUID().slice(0, 8)}.pdf`
    await page.goto(UPLOAD_PATH)
    await expect(page).toHaveURL(/\/documents\?uploadModal=true$/)
    const dialog = page.getByRole('dialog', { name: 'Upload document' })
    await expect(dialog).toBeVisible()
    if (hasJavaScript(testInfo.project.name)) await waitForHydration(dialog.getByRole('button', { name: 'Upload' }))

    await dialog.getByLabel('File').setInputFiles({ name, mimeType: 'application/pdf', buffer: readFileSync('tests/fixtures/sample.pdf') })
    await dialog.getByLabel('View only').check()
    await dialog.getByRole('button', { name: 'Upload' }).click()

    await expect(page).toHaveURL(/\/documents$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: `${name} uploaded` })).toBeVisible()
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('PDF')
    await expect(row).toContainText('Not linked')
    await expect(row.getByRole('combobox', { name: `Access to ${name}` })).toHaveValue('view-only')

    // The list is sorted by name and the filter narrows it.
    const names = await page.locator('.documents-table tbody th[scope="row"]').allInnerTexts()
    expect(names.map((entry) => entry.trim())).toEqual([...names.map((entry) => entry.trim())].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })))
    await page.getByLabel('Filter documents by name').fill(name)
    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?q=${name.replace('.', '\\.')}$`))
    await expect(page.locator('.documents-table tbody tr')).toHaveCount(1)

    // The stored document opens through the file route as a PDF.
    const href = await row.first().getByRole('link', { name, exact: true }).getAttribute('href')
    const response = await page.request.get(href!)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/pdf')
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-')

    // Visitors may download it after all; then it goes, since no item links it.
    await row.getByRole('combobox', { name: `Access to ${name}` }).selectOption('view-and-download')
    await row.getByRole('button', { name: `Save access to ${name}` }).click()
    await expect(page.getByRole('status').filter({ hasText: `${name} is now view and download` })).toBeVisible()
    await expect(page.getByRole('combobox', { name: `Access to ${name}` })).toHaveValue('view-and-download')
    await page.getByRole('link', { name: `Delete ${name}` }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete document' })
    await expect(confirm).toContainText(name)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('status').filter({ hasText: `${name} deleted` })).toBeVisible()
    await expect(page.getByRole('rowheader', { name, exact: true })).toHaveCount(0)
  })

  test('a file that is HTML under a .pdf name is refused in the dialog', async ({ page }, testInfo) => {
    await page.goto(UPLOAD_PATH)
    const dialog = page.getByRole('dialog', { name: 'Upload document' })
    await expect(dialog).toBeVisible()
    if (hasJavaScript(testInfo.project.name)) await waitForHydration(dialog.getByRole('button', { name: 'Upload' }))
    const name = `fake-${testInfo.project.name}.pdf`
    await dialog.getByLabel('File').setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>') })
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByRole('dialog', { name: 'Upload document' }).getByText('This file type is not allowed')).toBeVisible()
    await page.goto('/documents')
    await expect(page.getByRole('rowheader', { name, exact: true })).toHaveCount(0)
  })
})
