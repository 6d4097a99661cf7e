import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { action as loginAction, loader as loginLoader } from '../../app/routes/auth/login'
import { action as logoutAction } from '../../app/routes/auth/logout'
import { hashPassword } from '../../server/auth/password'
import { admitSignInAttempt, SIGN_IN_LIMITS } from '../../server/auth/sign-in-throttle'
import { describeEachDatabase, type TestDatabase } from '../setup/database'
import { callRoute } from '../setup/route'
import { createStaffMember } from '../setup/staff'

const PASSWORD = 'a-long-test-password'
const { freeAttempts, firstDelaySeconds, perEmail, perAddress } = SIGN_IN_LIMITS

let passwordHash: Promise<string> | undefined

/** A member of the demo org who signs in with PASSWORD. */
async function createMemberWithPassword(database: TestDatabase, email: string) {
  await createStaffMember(database, email, [])
  await database.handle.db
    .updateTable('staff_members')
    .set({ password_hash: await (passwordHash ??= hashPassword(PASSWORD)) })
    .where('email', '=', email)
    .execute()
}

function signIn(database: TestDatabase, email: string, password: string, clientAddress: string, redirectTo?: string) {
  return callRoute(loginAction, database, { path: '/login', form: { email, password, ...(redirectTo === undefined ? {} : { redirectTo }) }, clientAddress })
}

/** Time passes for this e-mail's throttle: every delay it waits on is over. */
async function waitOutDelays(database: TestDatabase, email: string) {
  await sql`update rate_limits set next_attempt_at = now() - interval '1 second' where key like ${`%${email}%`}`.execute(database.handle.db)
}

/** The attempts a pair may make in a burst that took since `started`: the free ones, and one per delay over by now. */
function attemptsDueSince(started: number) {
  const elapsedSeconds = (Date.now() - started) / 1000
  return freeAttempts + Math.floor(Math.log2(elapsedSeconds / firstDelaySeconds + 1))
}

const formErrors = (result: { data: { result?: { error?: Record<string, string[] | null> } } | null }) => result.data?.result?.error?.[''] ?? []

describeEachDatabase('staff sign-in', (database) => {
  it('counts a burst of parallel wrong passwords before checking any, so only the free attempts reach the password check', async () => {
    const email = 'burst@northwind.test'
    await createMemberWithPassword(database(), email)
    const started = Date.now()
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(database(), email, `wrong-${i}`, '198.51.100.1')))
    const checked = results.filter((result) => result.status !== 429)
    expect(checked.length).toBeGreaterThanOrEqual(freeAttempts)
    expect(checked.length).toBeLessThanOrEqual(attemptsDueSince(started))
    expect(checked.every((result) => result.status === 400)).toBe(true)
    expect(results.filter((result) => result.status === 429).every((result) => Number(result.headers.get('retry-after')) > 0)).toBe(true)
  })

  it('admits the free attempts of 40 parallel ones for one e-mail and address, and no more than are due', async () => {
    const started = Date.now()
    const admissions = await Promise.all(Array.from({ length: 40 }, () => admitSignInAttempt(database().handle.db, 'parallel@example.test', '198.51.100.2')))
    const admitted = admissions.filter((admission) => admission.allowed).length
    expect(admitted).toBeGreaterThanOrEqual(freeAttempts)
    expect(admitted).toBeLessThanOrEqual(attemptsDueSince(started))
  })

  it('lets the owner in from an address with no failures while the attacker’s addresses are throttled', async () => {
    const email = 'owner@northwind.test'
    await createMemberWithPassword(database(), email)
    const attacker = '203.0.113.7'
    const otherAttacker = '203.0.113.8'
    expect((await signIn(database(), email, 'guess-other', otherAttacker)).status).toBe(400)
    for (let i = 1; i < perEmail; i++) {
      await waitOutDelays(database(), email)
      expect((await signIn(database(), email, `guess-${i}`, attacker)).status).toBe(400)
    }
    // The e-mail is over its cap: an address that has failed for it waits, even with the right password.
    await waitOutDelays(database(), email)
    for (const address of [attacker, otherAttacker]) {
      const refused = await signIn(database(), email, PASSWORD, address)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(formErrors(refused)[0]).toMatch(/^Too many sign-in attempts\. Try again in \d+ (second|minute)s?\.$/)
    }
    const owner = await signIn(database(), email, PASSWORD, '192.0.2.10')
    expect(owner.status).toBe(302)
    expect(owner.headers.get('set-cookie')).toMatch(/^tc_staff=/)
  })

  it('refuses attempts past the free ones until a growing delay is over', async () => {
    const email = 'delay@northwind.test'
    await createMemberWithPassword(database(), email)
    const address = '198.51.100.20'
    for (let i = 0; i < freeAttempts; i++) expect((await signIn(database(), email, `wrong-${i}`, address)).status).toBe(400)
    for (const delay of [1, 2, 4, 8]) {
      const early = await signIn(database(), email, PASSWORD, address)
      expect(early.status).toBe(429)
      const retryAfter = Number(early.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(delay - 1)
      expect(retryAfter).toBeLessThanOrEqual(delay)
      expect(formErrors(early)).toEqual([`Too many sign-in attempts. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`])
      await waitOutDelays(database(), email)
      expect((await signIn(database(), email, 'still-wrong', address)).status).toBe(400)
    }
  })

  it('clears the pair’s count with the correct password', async () => {
    const email = 'clears@northwind.test'
    await createMemberWithPassword(database(), email)
    const address = '198.51.100.30'
    for (let i = 1; i < freeAttempts; i++) expect((await signIn(database(), email, `wrong-${i}`, address)).status).toBe(400)
    expect((await signIn(database(), email, PASSWORD, address)).status).toBe(302)
    for (let i = 0; i < freeAttempts; i++) expect((await signIn(database(), email, `wrong-again-${i}`, address)).status).toBe(400)
    expect((await signIn(database(), email, PASSWORD, address)).status).toBe(429)
  })

  it('answers an unknown e-mail like a wrong password, and throttles it the same way', async () => {
    const address = '198.51.100.40'
    await createMemberWithPassword(database(), 'known@northwind.test')
    const unknown = await signIn(database(), 'nobody@northwind.test', PASSWORD, address)
    const wrong = await signIn(database(), 'known@northwind.test', 'not-the-password', address)
    expect([unknown.status, wrong.status]).toEqual([400, 400])
    expect(formErrors(unknown)).toEqual(['Invalid email or password.'])
    expect(formErrors(wrong)).toEqual(formErrors(unknown))
    for (let i = 1; i < freeAttempts; i++) expect((await signIn(database(), 'nobody@northwind.test', `guess-${i}`, address)).status).toBe(400)
    expect((await signIn(database(), 'nobody@northwind.test', 'guess', address)).status).toBe(429)
  })

  it('lets the owner in from an address they signed in from before, after a typo there, whatever an outsider does', async () => {
    const email = 'trusted-owner@northwind.test'
    await createMemberWithPassword(database(), email)
    const home = '192.0.2.30'
    expect((await signIn(database(), email, PASSWORD, home)).status).toBe(302)
    expect((await signIn(database(), email, 'one-typo', home)).status).toBe(400)
    // An outsider pushes the e-mail over its cap from addresses of its own, and the home address over its cap too.
    for (let i = 0; i < perEmail; i++) {
      await waitOutDelays(database(), email)
      await signIn(database(), email, `guess-${i}`, `203.0.113.${40 + (i % 5)}`)
    }
    for (let i = 0; i < perAddress; i++) await admitSignInAttempt(database().handle.db, `spray-${i}@example.test`, home)
    await waitOutDelays(database(), email)
    expect((await signIn(database(), email, PASSWORD, '203.0.113.40')).status).toBe(429)
    const owner = await signIn(database(), email, PASSWORD, home)
    expect(owner.status).toBe(302)
    expect(owner.headers.get('set-cookie')).toMatch(/^tc_staff=/)
  })

  it('caps one address across all e-mails, without touching other addresses', async () => {
    const db = database().handle.db
    const sprayer = '198.51.100.50'
    for (let i = 0; i < perAddress; i++) expect((await admitSignInAttempt(db, `spray-${i}@example.test`, sprayer)).allowed).toBe(true)
    const refused = await admitSignInAttempt(db, 'spray-last@example.test', sprayer)
    expect(refused).toMatchObject({ allowed: false })
    expect(refused.allowed || refused.retryAfterSeconds).toBeGreaterThan(0)
    expect((await admitSignInAttempt(db, 'spray-last@example.test', '198.51.100.51')).allowed).toBe(true)
  })

  it('treats the addresses of one IPv6 /64 as one address', async () => {
    const db = database().handle.db
    for (let i = 0; i < freeAttempts; i++) expect((await admitSignInAttempt(db, 'v6@example.test', `2001:db8:1:2::${i + 1}`)).allowed).toBe(true)
    expect((await admitSignInAttempt(db, 'v6@example.test', '2001:db8:1:2:ffff::9')).allowed).toBe(false)
    expect((await admitSignInAttempt(db, 'v6@example.test', '2001:db8:1:3::1')).allowed).toBe(true)
  })

  it('starts a pair afresh a day after its first attempt, and sweeps sign-in counters a day old', async () => {
    const db = database().handle.db
    const email = 'forgotten@example.test'
    const address = '198.51.100.70'
    for (let i = 0; i < freeAttempts; i++) expect((await admitSignInAttempt(db, email, address)).allowed).toBe(true)
    expect((await admitSignInAttempt(db, email, address)).allowed).toBe(false)
    await sql`update rate_limits set window_started_at = now() - interval '25 hours' where key like ${`%${email}%`}`.execute(db)
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'sign-in:email:stale@example.test', hits: 3, window_started_at: sql<string>`now() - interval '2 days'` },
        { key: 'another-form:stale', hits: 3, window_started_at: sql<string>`now() - interval '2 days'` },
      ])
      .execute()
    for (let i = 0; i < freeAttempts; i++) expect((await admitSignInAttempt(db, email, address)).allowed).toBe(true)
    const left = await db.selectFrom('rate_limits').select('key').where('key', 'in', ['sign-in:email:stale@example.test', 'another-form:stale']).execute()
    expect(left.map((row) => row.key)).toEqual(['another-form:stale'])
  })

  it.each(['/%0B', '/%01', '/%1B', '/%7F', '/%09/evil.example', '/..//evil.example', '//evil.example', '/%5Cevil.example'])(
    'sends a signed-in member home instead of to redirectTo=%s',
    async (target) => {
      const cookie = await createStaffMember(database(), 'redirect-loader@northwind.test', [])
      const result = await callRoute(loginLoader, database(), { path: `/login?redirectTo=${target}`, cookie })
      expect(result.status).toBe(302)
      expect(result.location).toBe('/home')
    },
  )

  it.each(['/\u000b', '/\u0001', '/\u001b', '/\u007f', '/\t/evil.example', '/..//evil.example'])('signs in to the home page instead of redirectTo=%j', async (target) => {
    const email = 'redirect-action@northwind.test'
    await createMemberWithPassword(database(), email)
    const result = await signIn(database(), email, PASSWORD, '198.51.100.60', target)
    expect(result.status).toBe(302)
    expect(result.location).toBe('/home')
    expect(result.headers.get('set-cookie')).toMatch(/^tc_staff=/)
  })

  it('keeps a redirectTo on this site', async () => {
    const cookie = await createStaffMember(database(), 'redirect-kept@northwind.test', [])
    const result = await callRoute(loginLoader, database(), { path: `/login?redirectTo=${encodeURIComponent('/portal/northwind?card=Reports')}`, cookie })
    expect(result.location).toBe('/portal/northwind?card=Reports')
  })

  it('signs out with a POST and sends the member to the login page', async () => {
    const cookie = await createStaffMember(database(), 'leaving@northwind.test', [])
    const result = await callRoute(logoutAction, database(), { path: '/logout', cookie, form: {} })
    expect(result.status).toBe(302)
    expect(result.location).toBe('/login')
    expect(result.headers.get('set-cookie')).toMatch(/^tc_staff=;/)
  })
})
