// The `test` every journey imports (ESLint refuses `test` from @playwright/test in tests/e2e): each worker keeps
// one browser context and one page from test to test, and resets between tests what a test can change in them
// (cookies, permissions, routes, extra headers, listeners, the viewport, other pages), but not the page's
// renderer process or the HTTP cache.
//
// Playwright's own reuseContext resets the same things by navigating to about:blank and clearing the cache,
// so every test's first page loaded in a new renderer process with nothing cached: on these machines the
// demo's home page then cost 0.75 core-s without JavaScript and 1.05 with it, against 0.31 and 0.48 in the
// kept renderer (decision 047). What the cache keeps is what a returning visitor's browser keeps: pages are
// revalidated every time (max-age=0), assets and images by their own headers; the app stores nothing in
// localStorage, sessionStorage or IndexedDB. Tests that need a fresh visitor open a context of their own.
import { test as base, expect, type BrowserContext, type Page, type ViewportSize } from '@playwright/test'

export { expect }

interface SharedContext {
  context?: BrowserContext
  /** The options it was opened with: a test with other ones gets a new context. */
  options?: string
}

/** The events tests listen to on a context and on a page; a listener must not outlive its test. */
const CONTEXT_EVENTS = ['console', 'dialog', 'page', 'request', 'requestfailed', 'requestfinished', 'response'] as const
const PAGE_EVENTS = ['console', 'dialog', 'download', 'pageerror', 'popup', 'request', 'requestfailed', 'requestfinished', 'response'] as const

export const test = base.extend<object, { sharedContext: SharedContext }>({
  sharedContext: [
    async ({}, use) => {
      const shared: SharedContext = {}
      await use(shared)
      await shared.context?.close()
    },
    { scope: 'worker' },
  ],
  context: async ({ browser, sharedContext: shared, baseURL, javaScriptEnabled, viewport }, use, testInfo) => {
    const options = JSON.stringify({ baseURL, javaScriptEnabled, viewport })
    if (shared.context && shared.options !== options) await closeShared(shared)
    if (shared.context) await reset(shared.context, viewport)
    else {
      shared.context = await browser.newContext({ baseURL, javaScriptEnabled, viewport })
      shared.options = options
    }
    await use(shared.context)
    // A test that failed or timed out may have left its page anywhere: the next one starts in a new context.
    if (testInfo.status !== testInfo.expectedStatus) await closeShared(shared)
  },
  page: async ({ context }, use) => use(context.pages()[0] ?? (await context.newPage())),
})

async function closeShared(shared: SharedContext) {
  const context = shared.context
  shared.context = undefined
  await context?.close().catch(() => {})
}

/** What one test can leave in the shared context for the next: everything but the renderer and the cache. */
async function reset(context: BrowserContext, viewport: ViewportSize | null) {
  const [page, ...others] = context.pages()
  for (const other of others) await other.close()
  removeListeners(context, CONTEXT_EVENTS)
  if (page) removeListeners(page, PAGE_EVENTS)
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.clearCookies()
  await context.clearPermissions()
  await context.setExtraHTTPHeaders({})
  if (!page) return
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  // A test may have changed it (search.spec.ts on a phone's width).
  const now = page.viewportSize()
  if (viewport && (now?.width !== viewport.width || now.height !== viewport.height)) await page.setViewportSize(viewport)
}

/**
 * One by one: `off` also stops the events' delivery from the browser once nobody listens (removeAllListeners
 * does not). Contexts and pages are event emitters; their public types leave `listeners` out.
 */
function removeListeners(target: BrowserContext | Page, events: readonly string[]) {
  const emitter = target as unknown as NodeJS.EventEmitter
  for (const event of events) for (const listener of emitter.listeners(event)) emitter.off(event, listener as () => void)
}
