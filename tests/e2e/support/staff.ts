// Staff journeys start signed in: one POST to /login through the HTTP API, its session cookie put into the
// browser context, so no journey types the password (staff.spec.ts keeps the form itself covered).
import { test as base, expect, type APIRequest } from '@playwright/test'

export { expect }

export const ADMIN = { email: 'admin@northwind.test', password: 'northwind-demo' }

export const test = base.extend<{ signedIn: boolean | 'own session' }>({
  /**
   * `test.use({ signedIn: true })`: every page of the test's browser context is the demo admin's, on the
   * session this worker shares with its other tests; `'own session'` for a test that ends its session.
   */
  signedIn: [false, { option: true }],
  context: async ({ context, signedIn, playwright, baseURL }, use) => {
    if (signedIn) await context.addCookies(await staffSession(playwright.request, baseURL!, { own: signedIn === 'own session' }))
    await use(context)
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
