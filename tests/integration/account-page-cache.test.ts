// An account member's page is stored for their own cookies (server/page-cache.ts) and answered from
// there while nothing it shows has changed: the portal's content, and who they are, their access, NDA
// and comments. These tests run the built server and change each of those: through its own forms,
// where the change is seen at once, and on PostgreSQL straight in the database, as another app server
// would, where it is seen within the check interval.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../db/index'
import { hashToken, newToken } from '../../server/auth/tokens'
import { BACKENDS } from '../setup/database'
import { startServer, type RunningServer } from '../setup/server'

const CHECK_INTERVAL_MS = 250

for (const backend of BACKENDS) {
  describe(`an account member's stored page (${backend})`, () => {
    let server: RunningServer
    let member: { id: string; account_id: string; org_id: string }
    // Three sessions of the demo member: one per test that ends a session, so the tests stay independent.
    const [reader, leaver, expiring] = [newToken(), newToken(), newToken()]
    let address = 0

    function get(path: string, token?: string) {
      return fetch(`${server.url}${path}`, {
        headers: { 'x-forwarded-for': `198.51.100.${(address++ % 250) + 1}`, ...(token ? { cookie: `tc_visitor=${token}` } : {}) },
        redirect: 'manual',
      })
    }
    const post = (path: string, token: string, form: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        body: new URLSearchParams(form),
        headers: { origin: server.url, cookie: `tc_visitor=${token}`, 'x-forwarded-for': `198.51.100.${(address++ % 250) + 1}` },
        redirect: 'manual',
      })
    /** The page's HTML without its per-response nonce. */
    const html = async (path: string, token?: string) => (await (await get(path, token)).text()).replaceAll(/nonce="[^"]*"/g, 'nonce=""')
    const signedIn = (page: string) => page.includes('Log Out')
    // What the check interval proves: nothing but time shows that the server read the version again and kept the page.
    const afterInterval = () => new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS * 2))
    /** Asks for the page until it passes `check`: a change written elsewhere shows once the server reads it again. */
    const shows = (path: string, token: string, check: (page: string) => void) => vi.waitFor(async () => check(await html(path, token)), { timeout: 10_000, interval: 50 })

    beforeAll(async () => {
      server = await startServer(backend, { TRUST_PROXY: '1' }, async (db) => {
        member = await db.selectFrom('account_members').select(['id', 'account_id', 'org_id']).where('email', '=', 'visitor@contoso.test').executeTakeFirstOrThrow()
        await db.updateTable('account_members').set({ welcomed_at: new Date() }).where('id', '=', member.id).execute()
        for (const token of [reader, leaver, expiring]) {
          await db
            .insertInto('visitor_sessions')
            .values({ id: hashToken(token), org_id: member.org_id, member_id: member.id, expires_at: new Date(Date.now() + 86_400_000), ip: null, user_agent: null })
            .execute()
        }
      })
    }, 120_000)
    afterAll(() => server?.stop())

    it('answers only the cookies it was rendered for, and is never stored by anyone else', async () => {
      const first = await get('/', reader)
      expect(first.status).toBe(200)
      expect(first.headers.get('cache-control')).toBe('private, no-store')
      const page = (await first.text()).replaceAll(/nonce="[^"]*"/g, 'nonce=""')
      expect(signedIn(page)).toBe(true)
      expect(page).toContain('visitor@contoso.test')

      const again = await get('/', reader)
      expect(again.headers.get('cache-control')).toBe('private, no-store')
      expect(again.headers.get('etag')).toBeNull()
      // The member's stored page: the same bytes each time, its scripts trusted by hash (docs/decisions/024).
      const text = await again.text()
      expect(text).not.toContain('nonce=')
      expect(again.headers.get('content-security-policy')).toMatch(/'sha256-[^']+'/)
      expect(text).toBe(page)

      for (const stranger of [undefined, newToken(), `${reader}x`]) {
        const other = await html('/', stranger)
        expect(signedIn(other)).toBe(false)
        expect(other).not.toContain('visitor@contoso.test')
      }
    })

    it('shows a comment the member just wrote, and signs nobody in after Log Out', async () => {
      const home = await html('/', reader)
      const itemPath = /href="(\/item\/[^"?#]+)"/.exec(home)?.[1]
      expect(itemPath).toBeDefined()
      const itemPage = await html(itemPath!, reader)
      const itemUid = /name="itemUid" value="([^"]+)"/.exec(itemPage)?.[1]
      expect(itemUid).toBeDefined()
      const words = `Does this cover our region? ${newToken().slice(0, 8)}`
      expect(itemPage).not.toContain(words)
      const written = await post(itemPath!, reader, { intent: 'comment', itemUid: itemUid!, content: words })
      expect(written.status).toBe(302)
      expect(await html(itemPath!, reader)).toContain(words)

      expect(signedIn(await html('/', leaver))).toBe(true)
      expect((await post('/', leaver, { intent: 'logout' })).status).toBe(302)
      // The old cookie, sent again, finds no session and so no stored page.
      const after = await html('/', leaver)
      expect(signedIn(after)).toBe(false)
      expect(after).not.toContain('visitor@contoso.test')
    })

    if (backend === 'postgres') {
      describe('a change written by another app server', () => {
        let other: DatabaseHandle
        beforeAll(async () => {
          other = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: '' })
        })
        afterAll(() => other?.close())

        it('serves the stored page until the content version moves, then the new content', async () => {
          // The welcome dialog names the terms of use, read afresh on every render.
          const path = '/?welcome=true'
          const before = await html(path, reader)
          expect(before).toContain('Welcome to Northwind Cloud')
          const terms = `https://northwind.test/terms-${newToken().slice(0, 6).toLowerCase()}`
          await other.db.updateTable('portal_customizations').set({ terms_url: terms }).where('org_id', '=', member.org_id).execute()
          await afterInterval()
          // Written without a revision bump (decision 007): the stored page still stands.
          expect(await html(path, reader)).toBe(before)
          await other.db
            .updateTable('portal_customizations')
            .set({ revision: sql`revision + 1` })
            .where('org_id', '=', member.org_id)
            .execute()
          await shows(path, reader, (page) => expect(page).toContain(terms))
        })

        it('no longer answers a session ended elsewhere, and shows access as it expires', async () => {
          expect(signedIn(await html('/', expiring))).toBe(true)
          expect(await html('/', expiring)).not.toContain('Access expired')
          const access = other.db.updateTable('account_products').where('account_id', '=', member.account_id)
          const { access_expires_at: until } = await other.db
            .selectFrom('account_products')
            .select('access_expires_at')
            .where('account_id', '=', member.account_id)
            .executeTakeFirstOrThrow()
          await access.set({ access_expires_at: new Date(Date.now() - 60_000) }).execute()
          try {
            await shows('/', expiring, (page) => expect(page).toContain('Access expired'))
          } finally {
            // The tests run in any order (decision 012): the account's access is as it was for the others.
            await access.set({ access_expires_at: until }).execute()
            await shows('/', expiring, (page) => expect(page).not.toContain('Access expired'))
          }

          await other.db.deleteFrom('visitor_sessions').where('id', '=', hashToken(expiring)).execute()
          await shows('/', expiring, (after) => {
            expect(signedIn(after)).toBe(false)
            expect(after).not.toContain('visitor@contoso.test')
          })
        })
      })
    }
  })
}
