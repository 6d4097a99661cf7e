// The Content-Security-Policy as the browser applies it, with JavaScript on (issue 11). A public page is
// stored in the page cache and served to everyone as the same bytes, so it cannot carry a per-response
// nonce; a page never stored (a staff member's, the login page) keeps one. Whichever way a page trusts its
// scripts, nothing of ours may be refused: each page is loaded, hydrated, made to load a chunk on demand (the
// search dialog) and to fetch (a search), and the test fails on any violation the browser reports, in the
// console, as an uncaught error, as a blocked request or as a securitypolicyviolation event in the page.
import { type Browser, type Page, type Response } from '@playwright/test'
import { test, expect } from './support/test'
import { PORTAL, waitForHydration } from './support/demo'
import { staffSession } from './support/staff'

type Cookies = Awaited<ReturnType<typeof staffSession>>

interface Watched {
  page: Page
  response: Response
  /** Every refusal seen so far, by the browser and by the page itself. */
  violations: () => Promise<string[]>
  close: () => Promise<void>
}

/** Opens `path` in a fresh browser context (nothing cached, no cookies but `cookies`), watching for refusals. */
async function openWatched(browser: Browser, baseURL: string, path: string, cookies: Cookies = []): Promise<Watched> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true })
  if (cookies.length) await context.addCookies(cookies)
  // Playwright runs init scripts outside the page's policy, before any of the page's own: the listener sees
  // every refusal from the first byte on, also those a browser reports to the page and not to the console.
  await context.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __cspViolations: seen })
    document.addEventListener(
      'securitypolicyviolation',
      (event) => seen.push(`${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`.trim()),
      true,
    )
  })
  const page = await context.newPage()
  const reported: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) reported.push(`console ${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => reported.push(`page error: ${error.message}`))
  page.on('requestfailed', (request) => {
    if (/csp/i.test(request.failure()?.errorText ?? '')) reported.push(`blocked request: ${request.url()} (${request.failure()!.errorText})`)
  })
  const response = await page.goto(path)
  expect(response, `a response for ${path}`).not.toBeNull()
  expect(response!.status(), `${path} answers`).toBe(200)
  return {
    page,
    response: response!,
    violations: async () => [...reported, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))],
    close: () => context.close(),
  }
}

/** The policy's script-src (or default-src when it has none), as its list of sources. */
function scriptSources(response: Response) {
  const policy = response.headers()['content-security-policy']
  expect(policy, 'the page carries a Content-Security-Policy').toBeTruthy()
  const directives = new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/)
      return [name.toLowerCase(), sources] as const
    }),
  )
  return directives.get('script-src') ?? directives.get('default-src') ?? []
}

/**
 * Uses what needs scripts on a portal page: the Share popover offers its Copy link button only once React
 * has hydrated it, and Ctrl+K opens the search dialog, a chunk loaded on demand, whose search fetches.
 */
async function usePortal(page: Page) {
  const toggle = page.locator('summary', { hasText: /^Share$/ })
  await waitForHydration(toggle)
  await toggle.click()
  await expect(page.getByRole('group', { name: /^Share the / }).getByRole('button', { name: 'Copy link' })).toBeVisible()
  await page.keyboard.press('Escape')

  const dialog = page.getByRole('dialog', { name: `Search ${PORTAL.portalTitle}` })
  // The shortcut's listener is set once hydration has committed, a moment after the page's elements hydrate.
  await expect(async () => {
    await page.keyboard.press('Control+k')
    await expect(dialog).toBeVisible({ timeout: 1000 })
  }).toPass()
  await dialog.getByRole('combobox', { name: 'Search items' }).pressSequentially('encr')
  await expect(dialog.getByRole('option').first()).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

test.describe('content security policy', { tag: '@javascript-only' }, () => {
  test('the public page, rendered and then served from the page cache, runs without a violation', async ({ browser, baseURL }) => {
    // The first load renders the page and stores it (unless an earlier test did); the second is a cache hit.
    const first = await openWatched(browser, baseURL!, '/')
    await usePortal(first.page)
    expect(await first.violations()).toEqual([])
    expect(scriptSources(first.response)).not.toContain("'unsafe-inline'")
    await first.close()

    const second = await openWatched(browser, baseURL!, '/')
    const etag = first.response.headers().etag
    if (etag) {
      // The same stored page: the same validator (weak while its variant was being compressed), and the same
      // policy (hashes, no per-response nonce).
      expect(second.response.headers().etag?.replace('W/', ''), 'the second load is the stored page').toBe(etag.replace('W/', ''))
      expect(second.response.headers()['content-security-policy']).toBe(first.response.headers()['content-security-policy'])
    }
    await usePortal(second.page)
    expect(await second.violations()).toEqual([])
    expect(scriptSources(second.response)).not.toContain("'unsafe-inline'")
    await second.close()
  })

  test('a page never cached, a staff member’s portal, runs without a violation', async ({ browser, baseURL, playwright }) => {
    const staff = await openWatched(browser, baseURL!, '/', await staffSession(playwright.request, baseURL!))
    // Signed in: the staff bar is there, and the page is nobody else's.
    await expect(staff.page.getByRole('region', { name: 'Staff tools' })).toBeVisible()
    expect(staff.response.headers()['cache-control'] ?? '').not.toMatch(/public|s-maxage/)
    await usePortal(staff.page)
    expect(await staff.violations()).toEqual([])
    expect(scriptSources(staff.response)).not.toContain("'unsafe-inline'")
    await staff.close()
  })

  test('the login page, never cached, runs without a violation', async ({ browser, baseURL }) => {
    const login = await openWatched(browser, baseURL!, '/login')
    await waitForHydration(login.page.getByRole('textbox', { name: 'Email' }))
    expect(await login.violations()).toEqual([])
    expect(scriptSources(login.response)).not.toContain("'unsafe-inline'")
    await login.close()
  })
})
