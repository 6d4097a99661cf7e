// Settings as tabs (issue 24 item 11, decision 059), with JavaScript and without: each tab is a page of its own
// in the "Settings pages" navigation, and a save goes back to the tab it came from. With JavaScript the save bar
// says "Unsaved changes" once a field changes. The NDA text is saved as it was: nothing changes (decision 035).
import { hasJavaScript } from './support/demo'
import { expect, test } from './support/staff'

test.use({ org: 'company', signedIn: true })

test('the settings tabs are pages of their own, and a save comes back to its tab', async ({ page }, testInfo) => {
  await page.goto('/settings')
  const tabs = page.getByRole('navigation', { name: 'Settings pages' })
  await expect(tabs.getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('textbox', { name: 'Portal title' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'NDA', level: 2 })).toHaveCount(0)

  await tabs.getByRole('link', { name: 'Access and approval' }).click()
  await expect(page).toHaveURL(/\/settings\/access$/)
  await expect(tabs.getByRole('link', { name: 'Access and approval' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { name: 'Access requests', level: 2 })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Portal title' })).toHaveCount(0)

  await tabs.getByRole('link', { name: 'NDA' }).click()
  await expect(page).toHaveURL(/\/settings\/nda$/)
  const nda = page.locator('#nda-settings')
  const text = nda.getByRole('textbox', { name: 'NDA text' })
  const saved = await text.inputValue()
  const status = nda.getByRole('status')
  await expect(status).toHaveText('')
  if (hasJavaScript(testInfo.project.name)) {
    await text.fill(`${saved} changed`)
    await expect(status).toHaveText('Unsaved changes')
    await text.fill(saved)
  }
  await nda.getByRole('button', { name: 'Save NDA settings' }).click()
  await expect(page.getByText('Settings saved')).toBeVisible()
  await expect(page).toHaveURL(/\/settings\/nda$/)
  await expect(status).toHaveText('')
  await expect(text).toHaveValue(saved)
})
