// Staff journeys start signed in: one POST to /login through the HTTP API, its session cookie put into the
// browser context, so no journey types the password (staff.spec.ts keeps the form itself covered).
import { test as base, expect, type APIRequest, type APIRequestContext } from '@playwright/test'

export { expect }

export const ADMIN = { email: 'admin@northwind.test', password: 'northwind-demo' }

/** Puts back what a test changed in the shared demo: staff requests run after the test (decision 035). */
export type PutBack = (undo: (staff: APIRequestContext) => Promise<void>) => void

export const test = base.extend<{ signedIn: boolean | 'own session'; putBack: PutBack }>({
  /**
   * `test.use({ signedIn: true })`: every page of the test's browser context is the demo admin's, on the
   * session this worker shares with its other tests; `'own session'` for a test that ends its session.
   */
  signedIn: [false, { option: true }],
  context: async ({ context, signedIn, playwright, baseURL }, use) => {
    if (signedIn) await context.addCookies(await staffSession(playwright.request, baseURL!, { own: signedIn === 'own session' }))
    await use(context)
  },
  /**
   * `putBack(async (staff) => ...)` before a change to the demo: after the test, however it ended (a failed
   * step, or the test's timeout, when a `finally` runs beside the closing of its browser), the undo runs as
   * the demo admin on an HTTP client of its own (an undo checks whether the journey's own steps already put
   * the demo back). Fixture teardown has a time of its own after a timeout, where a `finally` does not.
   */
  putBack: async ({ playwright, baseURL }, use) => {
    const pending: ((staff: APIRequestContext) => Promise<void>)[] = []
    await use((undo) => {
      pending.push(undo)
    })
    if (!pending.length) return
    const staff = await playwright.request.newContext({ baseURL, storageState: { cookies: await staffSession(playwright.request, baseURL!), origins: [] } })
    try {
      for (const undo of pending.reverse()) await undo(staff)
    } finally {
      await staff.dispose()
    }
  },
})

type Cookies = Awaited<ReturnType<typeof signIn>>
// One sign-in per server and worker: each is a password hash on a busy CPU (and counts toward the sign-in
// throttle), while the cookie stays good for every later test that does not sign out.
const sessions = new Map<string, Promise<Cookies>>()

/**
 * The demo admin's session cookie on the server at `baseURL`: the worker's shared one, or with `own` a new
 * session no other test uses (for a test that signs out).
 */
export async function staffSession(request: APIRequest, baseURL: string, { own = false } = {}): Promise<Cookies> {
  if (own) return signIn(request, baseURL)
  let session = sessions.get(baseURL)
  if (!session) {
    session = signIn(request, baseURL)
    sessions.set(baseURL, session)
    // A failed sign-in is not kept: the next test signs in again (and fails with its own message).
    session.catch(() => sessions.delete(baseURL))
  }
  return session
}

/** Signs the demo admin in as the form would, and returns the session cookie the server sets. */
async function signIn(request: APIRequest, baseURL: string) {
  const api = await request.newContext({ baseURL })
  try {
    // The server refuses a POST without its own Origin; a successful sign-in redirects with the cookie.
    const response = await api.post('/login', { form: { email: ADMIN.email, password: ADMIN.password }, headers: { origin: new URL(baseURL).origin }, maxRedirects: 0 })
    expect(response.status(), 'signing in through /login').toBe(302)
    const cookies = (await api.storageState()).cookies.filter((cookie) => cookie.name === 'tc_staff')
    expect(cookies, 'the tc_staff session cookie').toHaveLength(1)
    return cookies
  } finally {
    await api.dispose()
  }
}

/**
 * Posts a staff form to a portal page as the page's own form would (the server refuses a POST without its
 * Origin): `form` as fields, or as the urlencoded body a page's form was read into. A refused post is a
 * soft failure, so it is reported without hiding the journey's own.
 */
export async function staffForm(staff: APIRequestContext, path: string, form: Record<string, string> | string) {
  const origin = new URL(path, base.info().project.use.baseURL).origin
  const headers = { origin, ...(typeof form === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }
  const body = typeof form === 'string' ? { data: form } : { form: { returnTo: path, ...form } }
  const response = await staff.post(path, { ...body, headers, maxRedirects: 0 })
  expect.soft(response.status(), `putting back ${typeof form === 'string' ? new URLSearchParams(form).get('intent') : form.intent}`).toBe(302)
}
