// Staff journeys start signed in: one POST to /login through the HTTP API, its session cookie put into the
// browser context, so no journey types the password (staff.spec.ts keeps the form itself covered).
import type { APIRequest } from '@playwright/test'
import { test as base, expect } from './test'
import { adminEmailOf, type JourneyOrg } from './orgs'

export { expect }

/** Every page of the staff workspace (the phone and accessibility checks visit each). */
export const STAFF_PAGES = [
  '/home',
  '/access-requests',
  '/accounts',
  '/documents',
  '/knowledge-base',
  '/members',
  '/updates',
  '/subscribers',
  '/questionnaires',
  '/analytics',
  '/settings',
  '/settings/access',
  '/settings/nda',
  '/settings/documents',
  '/settings/integrations',
  '/settings/company',
  '/settings/products',
  '/settings/domains',
  '/settings/outbox',
  '/audit',
]

export const ADMIN = { email: 'admin@northwind.test', password: 'northwind-demo' }

/** The admin of the spec's own org (support/orgs.ts), or the demo's without one: the same password. */
export const adminOf = (org: JourneyOrg | undefined) => (org ? { email: adminEmailOf(org), password: ADMIN.password } : ADMIN)

export const test = base.extend<{ org: JourneyOrg | undefined; signedIn: boolean | 'own session' }>({
  /** `test.use({ org: 'reorder' })`: the spec's own org (support/orgs.ts), whose admin `signedIn` signs in; the demo's without. */
  org: [undefined, { option: true }],
  /**
   * `test.use({ signedIn: true })`: every page of the test's browser context is the admin's (of the spec's
   * org, else the demo's), on the session this worker shares with its other tests; `'own session'` for a
   * test that ends its session.
   */
  signedIn: [false, { option: true }],
  context: async ({ context, signedIn, org, playwright, baseURL }, use) => {
    if (signedIn) await context.addCookies(await staffSession(playwright.request, baseURL!, { own: signedIn === 'own session', org }))
    await use(context)
  },
})

type Cookies = Awaited<ReturnType<typeof signIn>>
// One sign-in per server, org and worker: each is a password hash on a busy CPU (and counts toward the
// sign-in throttle), while the cookie stays good for every later test that does not sign out.
const sessions = new Map<string, Promise<Cookies>>()

/**
 * The admin's session cookie on the server at `baseURL` (of `org`, else the demo's): the worker's shared
 * one, or with `own` a new session no other test uses (for a test that signs out).
 */
export async function staffSession(request: APIRequest, baseURL: string, { own = false, org }: { own?: boolean; org?: JourneyOrg } = {}): Promise<Cookies> {
  const admin = adminOf(org)
  if (own) return signIn(request, baseURL, admin)
  const key = `${baseURL} ${admin.email}`
  let session = sessions.get(key)
  if (!session) {
    session = signIn(request, baseURL, admin)
    sessions.set(key, session)
    // A failed sign-in is not kept: the next test signs in again (and fails with its own message).
    session.catch(() => sessions.delete(key))
  }
  return session
}

/** Signs the admin in as the form would, and returns the session cookie the server sets. */
async function signIn(request: APIRequest, baseURL: string, admin: { email: string; password: string }) {
  const api = await request.newContext({ baseURL })
  try {
    // The server refuses a POST without its own Origin; a successful sign-in redirects with the cookie.
    const response = await api.post('/login', { form: { email: admin.email, password: admin.password }, headers: { origin: new URL(baseURL).origin }, maxRedirects: 0 })
    expect(response.status(), 'signing in through /login').toBe(302)
    const cookies = (await api.storageState()).cookies.filter((cookie) => cookie.name === 'tc_staff')
    expect(cookies, 'the tc_staff session cookie').toHaveLength(1)
    return cookies
  } finally {
    await api.dispose()
  }
}
