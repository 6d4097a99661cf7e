// Phones (issue 24 item 7): at 390 × 844 no page scrolls sideways, with JavaScript and without; the staff
// navigation folds into one menu button (a <details>, so it opens without JavaScript too).
import { type Page } from '@playwright/test'
import { test, expect, STAFF_PAGES } from './support/staff'

const PHONE = { width: 390, height: 844 }

const PUBLIC_PAGES = ['/', '/item/soc-2-type-2-report', '/search?q=encryption', '/login']

/** Every page given: loaded, and no wider than the screen (the page's own width, not a box that scrolls inside it). */
async function expectNoSidewaysScroll(page: Page, paths: string[]) {
  const overflowing: string[] = []
  for (const path of paths) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBeLessThan(400)
    const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth])
    if (scrollWidth > clientWidth) overflowing.push(`${path}: ${scrollWidth} px wide in ${clientWidth}`)
  }
  expect(overflowing).toEqual([])
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE })

  test("the visitor's pages fit the screen", async ({ page }) => {
    await expectNoSidewaysScroll(page, PUBLIC_PAGES)
  })

  test.describe('signed in as staff', () => {
    test.use({ signedIn: true })

    test('every staff page fits the screen', async ({ page }) => {
      await expectNoSidewaysScroll(page, STAFF_PAGES)
    })

    test('the staff navigation is one menu button that opens the groups', async ({ page }) => {
      await page.goto('/home')
      const nav = page.getByRole('navigation', { name: 'Workspace' })
      const requests = nav.getByRole('link', { name: 'Access requests', exact: true })
      await expect(requests).toBeHidden()
      await nav.getByText('Menu', { exact: true }).click()
      await expect(nav.getByRole('heading', { name: 'Access' })).toBeVisible()
      await requests.click()
      await expect(page.getByRole('heading', { name: 'Access requests', level: 1 })).toBeVisible()
    })
  })
})

test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1440, height: 900 }, signedIn: true })

  test('the staff navigation shows its groups without a menu button', async ({ page }) => {
    await page.goto('/home')
    const nav = page.getByRole('navigation', { name: 'Workspace' })
    await expect(nav.getByText('Menu', { exact: true })).toBeHidden()
    for (const group of ['Content', 'Access', 'Engagement', 'Settings']) await expect(nav.getByRole('heading', { name: group })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Access requests', exact: true })).toBeVisible()
  })
})
