// The portal on the wire (issue 11), against the built server: content codings negotiated from
// Accept-Encoding, odd and hostile values included; the public page's strong ETag and 304, before and
// after a staff edit; and the cache headers of public and personal pages. Requests go through node:http,
// which hands back the bytes as sent (fetch would decode them).
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/index'
import type { Env } from '../../server/env'
import { BACKENDS, type TestDatabase } from '../setup/database'
import { createAccountWithMember, visitorCookie } from '../setup/factories'
import { rawRequest, type RawResponse } from '../setup/raw-http'
import { startServer, type RunningServer } from '../setup/server'
import { staffCookie } from '../setup/staff'
import { hashToken, newToken } from '../../server/auth/tokens'

const asTestDatabase = (db: Database) => ({ handle: { db }, env: { APP_URL: 'http://localhost:3000' } as Env }) as unknown as TestDatabase

/** The body as the client reads it, whatever the coding. */
function decoded(response: RawResponse) {
  const coding = response.headers['content-encoding']
  if (coding === 'br') return brotliDecompressSync(response.body)
  if (coding === 'gzip') return gunzipSync(response.body)
  expect(coding).toBeUndefined()
  return response.body
}

for (const backend of BACKENDS) {
  describe(`the portal on the wire (${backend})`, () => {
    let server: RunningServer
    let staff: string
    let member: string
    let productId: string
    let tprmToken: string
    let firstFaqId: string

    beforeAll(async () => {
      server = await startServer(backend, {}, async (db) => {
        const database = asTestDatabase(db)
        staff = await staffCookie(database)
        const org = await db.selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
        const product = await db.selectFrom('products').select('id').where('org_id', '=', org.id).where('is_default', '=', true).executeTakeFirstOrThrow()
        productId = product.id
        firstFaqId = (await db.selectFrom('faqs').select('id').where('product_id', '=', product.id).orderBy('position').orderBy('id').executeTakeFirstOrThrow()).id
        const profile = await db.selectFrom('permission_profiles').select('id').where('product_id', '=', product.id).executeTakeFirstOrThrow()
        const account = await createAccountWithMember(database, org, {
          name: 'Wire Test Ltd',
          products: [{ productId: product.id, profileId: profile.id, expiresAt: new Date(Date.now() + 30 * 86_400_000) }],
          member: { email: 'reader@wire.test' },
        })
        member = await visitorCookie(database, org, account.memberId)
        // A partner tool's token of that member (what the portal's TPRM dialog makes).
        const partner = await db.insertInto('tprm_partners').values({ org_id: org.id, name: 'Wire Partner', domain: 'partner.wire.test' }).returning('id').executeTakeFirstOrThrow()
        tprmToken = newToken()
        await db
          .insertInto('tprm_tokens')
          .values({
            org_id: org.id,
            account_id: account.id,
            member_id: account.memberId,
            partner_id: partner.id,
            token_hash: hashToken(tprmToken),
            expires_at: new Date(Date.now() + 3_600_000),
          })
          .execute()
      })
    }, 120_000)
    afterAll(() => server?.stop())

    const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(server.url, path, headers, method)

    /** The page once its variants are compressed (a strong ETag): until then each request is compressed for itself. */
    async function settled(path: string, accept: string) {
      for (let attempt = 0; ; attempt++) {
        const response = await get(path, { 'accept-encoding': accept })
        if (!response.headers.etag?.startsWith('W/') || attempt === 100) return response
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }

    it('compresses the public page with the best coding the client accepts, and only with one it accepts', async () => {
      const plain = await get('/')
      expect(plain.status).toBe(200)
      expect(plain.headers['content-encoding']).toBeUndefined()
      const html = plain.body.toString('utf8')
      expect(html).toContain('<!DOCTYPE html>')
      const cases: [string, 'br' | 'gzip' | undefined][] = [
        ['br, gzip', 'br'],
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['x-gzip', 'gzip'],
        ['GZIP;Q=1, BR;Q=0.5', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['br;q=0, gzip;q=0', undefined],
        ['*', 'br'],
        ['*;q=0.5, br;q=0', 'gzip'],
        ['identity', undefined],
        ['compress, zstd, deflate', undefined],
        ['br;q=2', undefined],
        ['br;q=abc, gzip;q=0.001', 'gzip'],
        [';;;,,q=1,=,', undefined],
        ['', undefined],
        [`${'x-unknown;q=0.5, '.repeat(600)}gzip`, undefined],
      ]
      for (const [accept, expected] of cases) {
        const response = await get('/', { 'accept-encoding': accept })
        const what = { accept: accept.slice(0, 40), status: response.status, coding: response.headers['content-encoding'] }
        expect(what).toEqual({ ...what, status: 200, coding: expected })
        expect(response.headers.vary).toContain('Accept-Encoding')
        expect(Number(response.headers['content-length'])).toBe(response.body.byteLength)
        expect(decoded(response).toString('utf8')).toBe(html)
      }
      // The same bytes each time, and much smaller than the page.
      const br = await settled('/', 'br')
      expect(br.headers.etag).toMatch(/^"/)
      expect((await get('/', { 'accept-encoding': 'br' })).body.equals(br.body)).toBe(true)
      expect(br.body.byteLength).toBeLessThan(plain.body.byteLength / 4)
    })

    it('answers 406, never a coded body, when the client accepts no coding at all', async () => {
      // Codings a header does not name are not acceptable, and identity;q=0 takes the last one away (RFC 9110 12.5.3).
      for (const accept of ['identity;q=0', 'identity;q=0, *;q=0', '*;q=0', 'br;q=0, gzip;q=0, identity;q=0']) {
        for (const path of ['/', '/login']) {
          const response = await get(path, { 'accept-encoding': accept })
          expect({ accept, path, status: response.status }).toEqual({ accept, path, status: 406 })
          expect(response.headers['content-encoding']).toBeUndefined()
        }
      }
    })

    it('gives the public page a strong ETag per coding and answers If-None-Match with 304, until an edit', async () => {
      const first = await settled('/', 'br, gzip')
      const etag = first.headers.etag!
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/)
      expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300')
      const gzip = await settled('/', 'gzip')
      expect(gzip.headers.etag).toBe(etag.replace('-br"', '-gz"'))
      expect((await get('/')).headers.etag).toBe(etag.replace('-br"', '"'))

      for (const header of [etag, `"nope", ${etag}`, `W/${etag}`, '*', gzip.headers.etag!]) {
        const revalidated = await get('/', { 'accept-encoding': 'br, gzip', 'if-none-match': header })
        expect({ header, status: revalidated.status, etag: revalidated.headers.etag }).toEqual({ header, status: 304, etag })
        expect(revalidated.body.byteLength).toBe(0)
        expect(revalidated.headers['cache-control']).toBe(first.headers['cache-control'])
        expect(revalidated.headers.vary).toContain('Accept-Encoding')
      }
      for (const header of ['"nope"', 'garbage', `"${'a'.repeat(10_000)}"`, etag.slice(1)]) {
        expect((await get('/', { 'accept-encoding': 'br, gzip', 'if-none-match': header })).status).toBe(200)
      }
      const head = await get('/', { 'accept-encoding': 'br' }, 'HEAD')
      expect(head.status).toBe(200)
      expect(head.headers.etag).toBe(etag)
      expect(head.body.byteLength).toBe(0)

      // Staff publish an edit (a knowledge-base entry, listed in the FAQ dialog): the next request gets new bytes.
      const faqs = '/?faqs=true'
      const before = await get(faqs, { 'accept-encoding': 'br, gzip' })
      expect((await get(faqs, { 'accept-encoding': 'br, gzip', 'if-none-match': before.headers.etag! })).status).toBe(304)
      const question = `Do you rotate wire keys ${Date.now()}?`
      const form = new URLSearchParams({ intent: 'faq.create', productId, question, answer: 'Yes, every year.' })
      const saved = await fetch(`${server.url}/knowledge-base`, { method: 'POST', body: form, headers: { origin: server.url, cookie: staff }, redirect: 'manual' })
      expect(saved.status).toBe(302)
      const after = await get(faqs, { 'accept-encoding': 'br, gzip', 'if-none-match': before.headers.etag! })
      expect(after.status).toBe(200)
      expect(after.headers.etag!.replace('W/', '')).not.toBe(before.headers.etag!.replace('W/', ''))
      expect(decoded(after).toString('utf8')).toContain(question.replace('?', ''))
      expect((await get(faqs, { 'accept-encoding': 'br, gzip', 'if-none-match': after.headers.etag! })).status).toBe(304)
    })

    it('keeps trust.json, llms.txt and the not-found page per content version, whatever the query or path, for anonymous requests only', async () => {
      const json = (response: RawResponse) => JSON.parse(decoded(response).toString('utf8'))
      const trust = await get('/trust.json', { 'accept-encoding': 'br, gzip' })
      expect(trust.status).toBe(200)
      expect(trust.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300')
      expect(trust.headers.vary).toContain('Authorization')
      const { generated_at: generatedAt } = json(trust)
      // Served from the store: the same bytes, rendered when they were (a render would say when it ran), with
      // a junk query too; and current for the client that has them.
      for (const path of ['/trust.json', '/trust.json?junk=1', '/trust.json?utm_source=x&_=2']) {
        const again = await get(path, { 'accept-encoding': 'br, gzip' })
        expect({ path, etag: again.headers.etag?.replace('W/', ''), generatedAt: json(again).generated_at }).toEqual({
          path,
          etag: trust.headers.etag!.replace('W/', ''),
          generatedAt,
        })
      }
      const current = await get('/trust.json?junk=2', { 'accept-encoding': 'br, gzip', 'if-none-match': trust.headers.etag!.replace('W/', '') })
      expect(current.status).toBe(304)

      // A partner tool's token and a member's cookie get their account's own answer, never the stored one, and no cache keeps it.
      for (const headers of [{ authorization: `Bearer ${tprmToken}` }, { cookie: member }] as Record<string, string>[]) {
        const own = await get('/trust.json?junk=1', { ...headers, 'accept-encoding': 'br, gzip', 'if-none-match': trust.headers.etag!.replace('W/', '') })
        expect({ status: own.status, cacheControl: own.headers['cache-control'], etag: own.headers.etag }).toEqual({
          status: 200,
          cacheControl: 'private, no-store',
          etag: undefined,
        })
        expect(json(own).viewer).toEqual({ mode: 'account', account: 'Wire Test Ltd' })
      }
      expect((await get('/trust.json', { authorization: 'Bearer not-a-token' })).status).toBe(401)

      const llms = await get('/llms.txt', { 'accept-encoding': 'br, gzip' })
      expect(llms.headers['cache-control']).toBe(trust.headers['cache-control'])
      expect((await get('/llms.txt?junk=1', { 'accept-encoding': 'br, gzip' })).headers.etag?.replace('W/', '')).toBe(llms.headers.etag!.replace('W/', ''))

      // Any path no route has: one stored page, sent again whatever the client holds (a 404 has no 304).
      const missing = await get('/no/such/page', { 'accept-encoding': 'br, gzip' })
      expect(missing.status).toBe(404)
      expect(missing.headers['cache-control']).toBe(trust.headers['cache-control'])
      for (const path of ['/another-junk-path', '/no/such/page?junk=1', '/portal/northwind/nothing']) {
        const again = await get(path, { 'accept-encoding': 'br, gzip', 'if-none-match': missing.headers.etag!.replace('W/', '') })
        expect({ path, status: again.status, etag: again.headers.etag?.replace('W/', '') }).toEqual({ path, status: 404, etag: missing.headers.etag!.replace('W/', '') })
        expect(decoded(again).toString('utf8')).toContain('Page not found')
      }
      // React Router's own answers under a path no route has are not the page.
      expect((await get('/no/such/page.data')).headers['content-type']).not.toContain('text/html')

      // A staff edit (the first question of the knowledge base, which both list) shows at once, in the trust data and in llms.txt.
      const question = `Do you rotate stored keys ${Date.now()}?`
      const form = new URLSearchParams({ intent: 'faq.update', faqId: firstFaqId, question, answer: 'Yes, every quarter.' })
      const saved = await fetch(`${server.url}/knowledge-base`, { method: 'POST', body: form, headers: { origin: server.url, cookie: staff }, redirect: 'manual' })
      expect(saved.status).toBe(302)
      const edited = await get('/trust.json?junk=1', { 'accept-encoding': 'br, gzip', 'if-none-match': trust.headers.etag!.replace('W/', '') })
      expect(edited.status).toBe(200)
      expect(json(edited).generated_at).not.toBe(generatedAt)
      expect(JSON.stringify(json(edited).products)).toContain(question)
      expect(decoded(await get('/llms.txt?junk=3', { 'accept-encoding': 'br, gzip' })).toString('utf8')).toContain(question)
    }, 180_000)

    it('never lets a staff or member cookie yield a shareable response', async () => {
      for (const [who, cookie] of [
        ['staff', staff],
        ['member', member],
      ]) {
        for (const path of ['/', '/item/soc-2-type-2-report', '/_root.data']) {
          const response = await get(path, { cookie, 'accept-encoding': 'br, gzip' })
          const what = { who, path, cacheControl: response.headers['cache-control'] }
          expect(what).toEqual({ ...what, cacheControl: 'private, no-store' })
          expect(response.headers.etag).toBeUndefined()
        }
      }
      // A personal page is compressed on the fly, and still a page of its own (its own nonce).
      const page = await get('/', { cookie: staff, 'accept-encoding': 'br, gzip' })
      expect(page.headers['content-encoding']).toBe('br')
      expect(page.headers['content-security-policy']).toMatch(/'nonce-[^']+'/)
      expect(decoded(page).toString('utf8')).toContain('nonce="')
      // The public page next to it is untouched by the staff visit.
      const anonymous = await get('/', { 'accept-encoding': 'br, gzip' })
      expect(anonymous.headers['cache-control']).toContain('public')
      expect(anonymous.headers['content-security-policy']).not.toContain("'nonce-")
      // An unknown cookie is no one's: the shared page, which says it varies by cookie.
      const other = await get('/', { cookie: '_ga=GA1.1.1', 'accept-encoding': 'br' })
      expect(other.headers.vary).toContain('Cookie')
      expect(other.headers['cache-control']).toContain('public')
    })

    it('answers a cookie that signs in nobody, and a host not ours, from the store, not with a render each', async () => {
      const shared = (response: RawResponse) => ({
        status: response.status,
        cacheControl: response.headers['cache-control'],
        nonce: /'nonce-/.test(String(response.headers['content-security-policy'])),
      })
      const stored = shared(await get('/', { 'accept-encoding': 'br' }))
      expect(stored).toEqual({ status: 200, cacheControl: expect.stringContaining('public'), nonce: false })
      // Forged, well-formed session tokens and a forged flash message: nobody, so the public page as stored.
      for (const cookie of [`tc_visitor=${newToken()}`, `tc_staff=${newToken()}; _ga=1`, 'tc_flash=forged', `a=1; tc_visitor=${newToken()}; tc_flash=x`]) {
        expect({ cookie, ...shared(await get('/', { cookie, 'accept-encoding': 'br' })) }).toEqual({ cookie, ...stored })
      }
      // A live member is still a member: their own page.
      expect(shared(await get('/', { cookie: member, 'accept-encoding': 'br' })).cacheControl).toBe('private, no-store')
      // Any host not ours: the one "Company not found" page, stored once for all of them.
      await get('/', { host: 'first.not-ours.example' })
      for (const host of ['second.not-ours.example', 'third.example:8080']) {
        const response = await get('/any/path', { host, 'accept-encoding': 'br' })
        expect({ host, ...shared(response) }).toEqual({ host, status: 404, cacheControl: expect.stringContaining('public'), nonce: false })
        expect(decoded(response).toString('utf8')).toContain('Company not found')
      }
    })

    it('leaves files as they are and compresses JSON', async () => {
      const html = (await get('/')).body.toString('utf8')
      const file = /href="(\/files\/[^"?]+)"/.exec(html)?.[1]
      expect(file).toBeDefined()
      const pdf = await get(file!, { 'accept-encoding': 'br, gzip' })
      expect(pdf.status).toBe(200)
      expect(pdf.headers['content-encoding']).toBeUndefined()
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-')
      const json = await get('/trust.json', { 'accept-encoding': 'br, gzip' })
      expect(json.status).toBe(200)
      expect(json.headers['content-encoding']).toBe('br')
      expect(JSON.parse(decoded(json).toString('utf8'))).toBeTruthy()
    })
  })
}
