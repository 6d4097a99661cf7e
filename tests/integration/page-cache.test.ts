import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { createPageCache, isCacheableRequest } from '../../server/page-cache'
import { bumpOrgRevision, bumpProductRevision } from '../../server/portal/revision'
import { describeEachDatabase } from '../setup/database'

/** A stored page's fields beside its version and time. */
const page = (text: string) => ({ body: Buffer.from(text), status: 200, headers: [] as [string, string][], etag: text, variants: {}, warm: () => {}, quick: {}, personal: false })

describeEachDatabase('page cache', (database) => {
  it('keeps a page until a portal revision changes', async () => {
    const { db } = database().handle
    const cache = createPageCache(db, { checkEveryMs: 0 })
    const version = await cache.currentVersion()
    cache.set('host/', { ...page('a'), version, storedAt: Date.now() })
    expect(await cache.get('host/')).toBeDefined()

    const product = await db.selectFrom('products').select('id').where('slug', '=', 'mobile').executeTakeFirstOrThrow()
    await bumpProductRevision(db, product.id)
    expect(await cache.get('host/')).toBeUndefined()

    const next = await cache.currentVersion()
    cache.set('host/', { ...page('b'), version: next, storedAt: Date.now() })
    const org = await db.selectFrom('orgs').select('id').executeTakeFirstOrThrow()
    await bumpOrgRevision(db, org.id)
    expect(await cache.get('host/')).toBeUndefined()
  })

  it('re-reads the version only after its interval, unless invalidated', async () => {
    const { db } = database().handle
    const cache = createPageCache(db, { checkEveryMs: 60_000 })
    const before = await cache.currentVersion()
    const product = await db.selectFrom('products').select('id').where('slug', '=', 'platform').executeTakeFirstOrThrow()
    await bumpProductRevision(db, product.id)
    expect(await cache.currentVersion()).toBe(before)
    cache.invalidate()
    expect(await cache.currentVersion()).not.toBe(before)
  })

  it('drops expired pages', async () => {
    const cache = createPageCache(database().handle.db, { ttlMs: 0 })
    const version = await cache.currentVersion()
    cache.set('k', { ...page(''), version, storedAt: Date.now() - 1 })
    expect(await cache.get('k')).toBeUndefined()
  })

  it('serves a page past its time while it is rendered again, never across a content change', async () => {
    const { db } = database().handle
    const cache = createPageCache(db, { ttlMs: 1000, checkEveryMs: 0 })
    const version = await cache.currentVersion()
    // Past any key's share of the time (at most 125 % of it), within five times it.
    cache.set('k', { ...page('old'), version, storedAt: Date.now() - 1300 })
    expect(await cache.get('k')).toBeUndefined()
    expect((await cache.getStale('k'))?.etag).toBe('old')
    cache.set('ancient', { ...page('ancient'), version, storedAt: Date.now() - 6300 })
    expect(await cache.getStale('ancient')).toBeUndefined()

    const product = await db.selectFrom('products').select('id').where('slug', '=', 'mobile').executeTakeFirstOrThrow()
    await bumpProductRevision(db, product.id)
    expect(await cache.getStale('k')).toBeUndefined()
  })

  it('gives pages stored together different lifetimes, so they are not all rendered again at once', async () => {
    const cache = createPageCache(database().handle.db, { ttlMs: 1000, checkEveryMs: 0 })
    const version = await cache.currentVersion()
    const keys = Array.from({ length: 40 }, (_, index) => `host/page-${index}`)
    for (const key of keys) cache.set(key, { ...page(key), version, storedAt: Date.now() - 1000 })
    const fresh = (await Promise.all(keys.map((key) => cache.get(key)))).filter(Boolean).length
    expect(fresh).toBeGreaterThan(5)
    expect(fresh).toBeLessThan(35)
  })
})

it('compresses a page at the highest levels only once it is served again, never on its first render', async () => {
  // No database is read for this: the compression memo lives beside the pages.
  const cache = createPageCache(null as never)
  const body = Buffer.from('<p>a page</p>'.repeat(500))
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200))
  // A page rendered once (a junk query makes a new one each time) costs no brotli 11.
  const once = cache.compressed('a', body)
  await settle()
  expect(once.variants).toEqual({})
  // The same bytes rendered again: compressed, for every page holding them.
  expect(cache.compressed('a', body)).toBe(once)
  for (let attempt = 0; !(once.variants.br && once.variants.gzip) && attempt < 50; attempt++) await settle()
  expect(brotliDecompressSync(once.variants.br!).equals(body)).toBe(true)
  expect(gunzipSync(once.variants.gzip!).equals(body)).toBe(true)
  // A stored page served from the store warms its own.
  const other = cache.compressed('b', body)
  other.warm()
  for (let attempt = 0; !other.variants.br && attempt < 50; attempt++) await settle()
  expect(other.variants.br!.byteLength).toBeLessThan(body.byteLength)
})

it('caches only anonymous GETs of pages, never files or health checks', () => {
  expect(isCacheableRequest('GET', '/', undefined, null)).toBe(true)
  expect(isCacheableRequest('GET', '/item/soc-2', '_ga=1', null)).toBe(true)
  expect(isCacheableRequest('POST', '/', undefined, null)).toBe(false)
  expect(isCacheableRequest('GET', '/', 'tc_staff=abc', null)).toBe(false)
  expect(isCacheableRequest('GET', '/files/123/report.pdf', undefined, null)).toBe(false)
  expect(isCacheableRequest('GET', '/portal/northwind/files/123', undefined, null)).toBe(false)
  expect(isCacheableRequest('GET', '/healthz', undefined, null)).toBe(false)
  expect(isCacheableRequest('GET', `/?q=${'x'.repeat(2000)}`, undefined, null)).toBe(false)
  // A TPRM token's answer is its account's.
  expect(isCacheableRequest('GET', '/trust.json', undefined, 'Bearer abc')).toBe(false)
})
