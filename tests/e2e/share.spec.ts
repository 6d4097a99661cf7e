// The Share popover (spec section 2.8; docs/decisions/021-share-and-questionnaires.md) on the seeded demo,
// with JavaScript on and off: a disclosure whose links work without scripts, sharing the portal's public
// URL whatever the page's own query carries. Copy link uses the clipboard with JavaScript, and shows the
// URL in a read-only field without it.
import { type Page } from '@playwright/test'
import { test, expect } from './support/test'
import { hasJavaScript, SITE_NAME, waitForHydration } from './support/demo'

async function openShare(page: Page, path = '/') {
  await page.goto(path)
  const toggle = page.locator('summary', { hasText: /^Share$/ })
  await expect(toggle).toBeVisible()
  if (hasJavaScript(test.info().project.name)) await waitForHydration(toggle)
  await toggle.click()
  const popover = page.getByRole('group', { name: `Share the ${SITE_NAME}` })
  await expect(popover).toBeVisible()
  return popover
}

test.describe('share popover', () => {
  test('shares the public portal URL to LinkedIn and by e-mail, never the page’s own query', async ({ page, baseURL }) => {
    const home = new URL('/', baseURL).toString().replace(/\/$/, '')
    const popover = await openShare(page, '/?documents=all&subscribe=false&accountId=00000000-0000-0000-0000-000000000000')
    await expect(popover.getByText('Share links will be disabled until a public portal is published')).toHaveCount(0)
    await expect(popover.getByRole('link', { name: 'Share to LinkedIn' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(home)}`,
    )
    await expect(popover.getByRole('link', { name: 'Share to LinkedIn' })).toHaveAttribute('target', '_blank')
    await expect(popover.getByRole('link', { name: 'Share via email' })).toHaveAttribute(
      'href',
      `mailto:?subject=${encodeURIComponent(SITE_NAME)}&body=${encodeURIComponent(home)}`,
    )
    if (!hasJavaScript(test.info().project.name)) {
      // Without JavaScript the link is there to copy by hand.
      const field = popover.getByRole('textbox', { name: 'Copy link' })
      await expect(field).toHaveValue(home)
      await expect(field).not.toBeEditable()
    }
  })

  test('copies the link, says so for three seconds, and closes on Escape', { tag: '@javascript-only' }, async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const home = new URL('/', baseURL).toString().replace(/\/$/, '')
    const popover = await openShare(page, '/?updatesPage=1')
    await popover.getByRole('button', { name: 'Copy link' }).click()
    await expect(popover.getByRole('button', { name: 'Copied!' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(home)
    await expect(popover.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 5_000 })
    await page.keyboard.press('Escape')
    await expect(popover).toBeHidden()
    await expect(page.locator('summary', { hasText: /^Share$/ })).toBeFocused()
  })
})
