// Automated accessibility checks with axe-core (every rule it runs by default: WCAG 2.x A/AA and
// best practices) on the main portal views. axe runs as a script in the page, so the no-JavaScript
// project checks the server-rendered page in a context where scripts may run but the app's own
// scripts are blocked: the same DOM a visitor without JavaScript gets. With a dialog open, the portal behind
// it is the home page's, checked there (support/axe.ts).
import { type Browser, type Page, type TestInfo } from '@playwright/test'
import { test, expect, STAFF_PAGES, staffSession } from './support/staff'
import { expectNoViolations, PORTAL_BEHIND_DIALOG } from './support/axe'
import { cardTitle, hasJavaScript, MOBILE } from './support/demo'

async function checkPage(page: Page, browser: Browser, testInfo: TestInfo, url: string, ready: (view: Page) => Promise<void>, exclude?: string) {
  if (hasJavaScript(testInfo.project.name)) {
    await page.goto(url)
    await ready(page)
    await expectNoViolations(page, { exclude })
    return
  }
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true })
  try {
    await context.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
    const serverRendered = await context.newPage()
    await serverRendered.goto(url)
    await ready(serverRendered)
    await expectNoViolations(serverRendered, { exclude })
  } finally {
    await context.close()
  }
}

test('the home page has no accessibility violations', { tag: '@a11y' }, async ({ page, browser }, testInfo) => {
  await checkPage(page, browser, testInfo, '/', async (view) => {
    await expect(view.getByRole('heading', { level: 2, name: 'Help' })).toBeVisible()
  })
})

test('the page with the card drawer open has no accessibility violations', { tag: '@a11y' }, async ({ page, browser }, testInfo) => {
  await checkPage(
    page,
    browser,
    testInfo,
    '/?card=DataSecurity',
    async (view) => {
      await expect(view.getByRole('dialog', { name: cardTitle('DataSecurity') })).toBeVisible()
    },
    PORTAL_BEHIND_DIALOG,
  )
})

test('a restricted item permalink has no accessibility violations', { tag: '@a11y' }, async ({ page, browser }, testInfo) => {
  await checkPage(
    page,
    browser,
    testInfo,
    '/item/soc-2-type-2-report',
    async (view) => {
      await expect(view.getByRole('dialog', { name: cardTitle('Reports') })).toBeVisible()
    },
    PORTAL_BEHIND_DIALOG,
  )
})

test('the mobile product page has no accessibility violations', { tag: '@a11y' }, async ({ page, browser }, testInfo) => {
  await checkPage(page, browser, testInfo, `/product/${MOBILE.slug}`, async (view) => {
    await expect(view.getByLabel(`Product: ${MOBILE.name}`, { exact: true })).toBeVisible()
  })
})

// The staff workspace (issue 24 item 9): every page of it, signed in as the demo's admin, on a laptop and on a phone.

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the staff pages at ${viewport.width} px wide have no accessibility violations`, { tag: '@a11y' }, async ({ browser, playwright }, testInfo) => {
    // Sixteen pages, each an axe run on a busy core.
    test.setTimeout(240_000)
    const baseURL = testInfo.project.use.baseURL!
    // Without JavaScript: the server's markup, with the app's scripts blocked and axe's allowed (as checkPage does).
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true, viewport })
    try {
      await context.addCookies(await staffSession(playwright.request, baseURL))
      if (!hasJavaScript(testInfo.project.name)) await context.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
      const page = await context.newPage()
      for (const path of STAFF_PAGES) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expectNoViolations(page, { view: `${path} at ${viewport.width} px`, soft: true })
      }
    } finally {
      await context.close()
    }
  })
}
