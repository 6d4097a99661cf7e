// Automated accessibility checks with axe-core (every rule it runs by default: WCAG 2.x A/AA and
// best practices) on the main portal views. axe runs as a script in the page, so the no-JavaScript
// project checks the server-rendered page in a context where scripts may run but the app's own
// scripts are blocked: the same DOM a visitor without JavaScript gets. With a dialog open, the portal behind
// it is the home page's, checked there (support/axe.ts).
import { type Browser, type Page, type TestInfo } from '@playwright/test'
import { test, expect } from './support/test'
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
