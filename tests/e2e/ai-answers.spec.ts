// AI answers (issue 10) for a signed-in account member, JavaScript on and off, from the fake Anthropic API
// that tests/e2e/serve.js starts beside the server (it answers "According to {first source} [1], yes.").
import { ACCOUNT } from '../../db/seed/northwind'
import { expect, ready, signedInMember, test } from './support/journey'

const QUESTION = 'How is customer data encrypted at rest?'

test.describe('AI answers', () => {
  test.slow()

  test('a member asks AI and gets an answer with its sources', async ({ page, person, mailbox, js }) => {
    await signedInMember(page, person({ domain: ACCOUNT.domains[0] }), mailbox, js)
    if (js) {
      await page.goto('/')
      const box = page
        .getByRole('searchbox', { name: 'Search items' })
        .or(page.getByRole('textbox', { name: 'Search items' }))
        .first()
      await ready(box, js)
      await page.keyboard.press('Control+k')
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await dialog.getByRole('radio', { name: 'Ask AI' }).check()
      const input = dialog.getByLabel('Ask a question')
      await input.fill(QUESTION)
      await input.press('Enter')
      await expect(dialog.getByRole('heading', { name: 'Answer', exact: true })).toBeVisible()
      await expect(dialog.getByText(/^According to .+ \[1\], yes\.$/)).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Copy response' })).toBeVisible()
      const sources = dialog.getByText(/^Generated from \d+ sources?$/)
      await sources.click()
      await expect(dialog.locator('.search-answer__sources a').first()).toBeVisible()
    } else {
      await page.goto('/search')
      await page.getByRole('radio', { name: 'Ask AI' }).check()
      await page.getByRole('searchbox', { name: 'Search items' }).fill(QUESTION)
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await expect(page.getByRole('heading', { name: 'Answer', exact: true })).toBeVisible()
      await expect(page.getByText(/^According to .+ \[1\], yes\.$/)).toBeVisible()
      await page.getByText(/^Generated from \d+ sources?$/).click()
      await expect(page.locator('.search-answer__sources a').first()).toBeVisible()
    }
  })

  test('an anonymous visitor is not offered AI', async ({ page }) => {
    await page.goto('/search?q=encryption&mode=ai')
    await expect(page.getByRole('radio', { name: 'Ask AI' })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Answer', exact: true })).toHaveCount(0)
  })
})
