// Staff journeys start signed in: one POST to /login through the HTTP API, its session cookie put into the
// browser context, so no journey types the password (staff.spec.ts keeps the form itself covered).
import { test as base, expect, type APIRequest } from '@playwright/test'

export { expect }

export const ADMIN = { email: 'admin@northwind.test', password: 'northwind-demo' }

export const test = base.extend<{ signedIn: boolean }>({
  /** `test.use({ signedIn: true })`: every page of the test's browser context is the demo admin's. */
  signedIn: [false, { option: true }],
  context: async ({ context, signedIn, playwright, baseURL }, use) => {
    if (signedIn) await context.addCookies(await staffSession(playwright.request, baseURL!))
    await use(context)
  },
})

/** Signs the demo admin in as the form would, and returns the session cookie the server sets. */
export async function staffSession(request: APIRequest, baseURL: string) {
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
