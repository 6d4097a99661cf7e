import { sql } from 'kysely'
import { cookieNames } from './auth/cookies'
import type { Database } from '../db/index'
import { lazilyCompressed, type Compressed, type StoredBody } from './http/stored-page'
import type { DocumentFetch } from './files/fetches'

/**
 * Rendered public pages, kept per (host, URL) and valid while the content version is unchanged
 * (docs/decisions/007-portal-cache.md). The version is the sum of every portal revision, read at most
 * every `checkEveryMs`, so a change on another app server shows within that time.
 */
/** How often, by default, a cache reads the content version again: the longest another server's change stays unseen. */
export const VERSION_CHECK_EVERY_MS = 250

export interface StoredPage {
  status: number
  headers: [string, string][]
  version: string
  storedAt: number
}

/** A public page: the same bytes for everyone (server/http/stored-page.ts). */
export interface CachedPage extends StoredPage, StoredBody {}

/**
 * A public document as an anonymous visitor gets it, kept whole (small files only) with the fetch it counts
 * on each answer (server/files/public-fetches.ts): a view is still counted, not read again.
 */
export interface StoredFile extends StoredPage {
  body: Buffer
  counted: { orgId: string; fetch: DocumentFetch }
}

/** Files larger than this are read from the file store on every fetch. */
export const STORED_FILE_MAX_BYTES = 1024 * 1024

/** An account member's page: theirs alone, valid while what it shows of them is unchanged too. */
export interface AccountPage extends StoredPage, StoredBody {
  orgId: string
  /** `accountPageFingerprint` when the page was rendered. */
  fingerprint: string
}

/** Reads the fingerprint of the viewer a request's cookies sign in, for an org (null: not an account member). */
export type FingerprintReader = (orgId: string) => Promise<string | null>

export function createPageCache(db: Database, options: { maxEntries?: number; maxAccountEntries?: number; ttlMs?: number; checkEveryMs?: number } = {}) {
  const maxEntries = options.maxEntries ?? 500
  const maxAccountEntries = options.maxAccountEntries ?? 200
  const ttlMs = options.ttlMs ?? 60_000
  const checkEveryMs = options.checkEveryMs ?? VERSION_CHECK_EVERY_MS
  const pages = new Map<string, CachedPage>()
  // Compressed bodies by validator: a page rendered again the same (every ttlMs) is not compressed again.
  const compressed = new Map<string, Compressed>()
  const accountPages = new Map<string, AccountPage>()
  const files = new Map<string, StoredFile>()
  // Per (org, cookies): the viewer's fingerprint as last read, and when; a write on this server reads it again.
  const fingerprints = new Map<string, { value: Promise<string | null>; checkedAt: number; generation: number }>()
  let generation = 0
  let version: string | undefined
  let checkedAt = 0
  let pending: Promise<string> | undefined

  function currentFingerprint(viewerKey: string, orgId: string, read: FingerprintReader) {
    const key = `${orgId}\n${viewerKey}`
    const known = fingerprints.get(key)
    if (known && known.generation === generation && Date.now() - known.checkedAt < checkEveryMs) return known.value
    const value = read(orgId)
    remember(fingerprints, key, { value, checkedAt: Date.now(), generation }, maxAccountEntries * 4)
    // A failed read is not remembered: the next request reads again (and answers the error itself).
    value.catch(() => fingerprints.delete(key))
    return value
  }

  async function readVersion() {
    const { rows } = await sql<{ version: string }>`
      select concat_ws(':',
        (select coalesce(sum(revision), 0) from products),
        (select coalesce(sum(revision), 0) from portal_customizations),
        (select count(*) from products),
        (select count(*) from custom_domains)) as version`.execute(db)
    return rows[0].version
  }

  async function currentVersion() {
    if (version !== undefined && Date.now() - checkedAt < checkEveryMs) return version
    pending ??= readVersion()
      .then((value) => {
        version = value
        checkedAt = Date.now()
        return value
      })
      .finally(() => {
        pending = undefined
      })
    return pending
  }

  /**
   * An entry of `map` while the content version is the one it was stored at, for about `ttlMs` (each key
   * its own share of 75-125 % of it, so pages stored together are not all rendered again at once). With
   * `stale`, also after that time, for up to `STALE_TTLS` times it: what a request gets while another
   * renders the page again (stale-while-revalidate), instead of waiting for that render.
   */
  async function current<V extends StoredPage>(map: Map<string, V>, key: string, stale = false) {
    const stored = map.get(key)
    if (!stored) return undefined
    const age = Date.now() - stored.storedAt
    const lifetime = ttlMs * (0.75 + spread(key) / 2)
    if (stored.version !== (await currentVersion()) || age > lifetime * STALE_TTLS) {
      map.delete(key)
      return undefined
    }
    return age <= lifetime || stale ? stored : undefined
  }

  return {
    currentVersion,
    get: (key: string) => current(pages, key),
    /** The page stored under `key` for the current content version, however old: while it is being rendered again. */
    getStale: (key: string) => current(pages, key, true),
    set(key: string, page: CachedPage) {
      remember(pages, key, page, maxEntries)
    },
    getFile: (key: string) => current(files, key),
    setFile(key: string, file: StoredFile) {
      // At most 64 files of up to STORED_FILE_MAX_BYTES each.
      if (file.body.byteLength <= STORED_FILE_MAX_BYTES) remember(files, key, file, 64)
    },
    /**
     * The variants of a page's body: those of the same bytes stored before, or new ones, compressed once the
     * page is served again (rendering the same bytes again counts).
     */
    compressed(etag: string, body: Buffer) {
      const known = compressed.get(etag)
      if (known) {
        known.warm()
        return known
      }
      // A failure leaves the page compressed per request until it is stored again.
      const fresh = lazilyCompressed(body, () => compressed.delete(etag))
      remember(compressed, etag, fresh, maxEntries)
      return fresh
    },
    /**
     * A member's page for these cookies (`viewerKey`), while the content version and the fingerprint of
     * whoever the cookies sign in are what they were when it was rendered, each read at most every
     * `checkEveryMs` (at once after a write on this server), and for `ttlMs` at most.
     */
    async getAccountPage(key: string, viewerKey: string, read: FingerprintReader) {
      const page = accountPages.get(`${viewerKey}\n${key}`)
      if (!page) return undefined
      const [version, fingerprint] = await Promise.all([currentVersion(), currentFingerprint(viewerKey, page.orgId, read)])
      if (page.version !== version || page.fingerprint !== fingerprint || Date.now() - page.storedAt > ttlMs) {
        accountPages.delete(`${viewerKey}\n${key}`)
        return undefined
      }
      return page
    },
    setAccountPage(key: string, viewerKey: string, page: AccountPage) {
      remember(accountPages, `${viewerKey}\n${key}`, page, maxAccountEntries)
    },
    /** A write on this server: check the version and every viewer's fingerprint again on the next request. */
    invalidate() {
      checkedAt = 0
      generation++
    },
  }
}

/** How many `ttlMs` a page may be served while it is being rendered again (a render that fails leaves it in use). */
const STALE_TTLS = 5

/** A number in [0, 1) fixed for a key (FNV-1a of its characters). */
function spread(key: string) {
  let hash = 0x811c9dc5
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193)
  return (hash >>> 0) / 2 ** 32
}

/** Sets a key in a bounded map, the oldest entry out first. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key)
  if (map.size >= max) map.delete(map.keys().next().value!)
  map.set(key, value)
}

export type PageCache = ReturnType<typeof createPageCache>

/**
 * Cookies that make a page personal; a request carrying one is never served from or into the shared cache
 * (tc_request: the banner says this browser's request is pending, server/http/pending-request.ts).
 */
export const PERSONAL_COOKIES = ['tc_staff', 'tc_visitor', 'tc_flash', 'tc_request']

export function isPersonalRequest(cookie: string | undefined) {
  const names = cookieNames(cookie)
  return PERSONAL_COOKIES.some((name) => names.has(name))
}

/**
 * A request that may be answered with an account member's own stored page: it carries a visitor session
 * and neither a staff session (Main and Preview are never stored) nor a flash message (shown once).
 */
export function isAccountRequest(method: string, url: string, cookie: string | undefined) {
  if (method !== 'GET' || url.length > 1024) return false
  const names = cookieNames(cookie)
  return names.has('tc_visitor') && !names.has('tc_staff') && !names.has('tc_flash')
}

/**
 * Set by a page that may be stored: `public` for one that is the same for every visitor (the portal,
 * rendered for the Public mode), the only kind shared, so whatever a cookie looks like, a page built for
 * one viewer is never served to another; `account {orgId} {fingerprint}` for an account member's page,
 * stored under their cookies. The listener removes it before the response leaves.
 */
export const SHARED_PAGE_HEADER = 'x-tc-shared-page'

/** Set with SHARED_PAGE_HEADER by the file route on a public file: the fetch each answer counts (JSON). */
export const COUNTED_FETCH_HEADER = 'x-tc-counted-fetch'

/** The org and fingerprint an account member's page was rendered for, from its SHARED_PAGE_HEADER. */
export function accountPageMark(value: string | null) {
  const [kind, orgId, fingerprint] = value?.split(' ') ?? []
  return kind === 'account' && orgId && fingerprint ? { orgId, fingerprint } : null
}

/** Nobody signed in, by cookie or by an Authorization header (a TPRM token's answer is its account's). */
export function isAnonymousRequest(cookie: string | undefined, authorization: string | null | undefined) {
  return authorization == null && !isPersonalRequest(cookie)
}

/** A GET of a page anyone may share. */
export function isCacheableRequest(method: string, url: string, cookie: string | undefined, authorization: string | null | undefined) {
  if (method !== 'GET' || url.length > 1024) return false
  if (/^\/(portal\/[^/]+\/)?files\//.test(url) || url.startsWith('/healthz')) return false
  return isAnonymousRequest(cookie, authorization)
}

/**
 * What the store keeps for a path, by the route React Router matches for it (app/routes.ts): `page`, a portal
 * page (nothing else is the same for every visitor: an invitation page shows one person's invitation);
 * `data`, the portal's trust data, llms.txt and feed, which read no query; `not-found`, the page of the
 * catch-all route, the same for every path; `file`, a public document as anonymous visitors get it. Null:
 * never stored.
 */
export type StoredKind = 'page' | 'data' | 'not-found' | 'file'

/**
 * The key an answer is stored under: a page by its whole URL (its query opens dialogs); trust data by its
 * path alone, and the not-found page by host alone, so a junk query or path makes no new entry.
 */
export function storeKey(host: string | null | undefined, kind: StoredKind, pathname: string, search: string) {
  if (kind === 'page') return `${host}${pathname}${search}`
  if (kind === 'data') return `${host}${pathname}`
  // A public file by its id and whether it is downloaded: the name after the id is any name.
  if (kind === 'file') return `${host}${/^.*?\/files\/[^/]*/.exec(pathname)?.[0]}${new URLSearchParams(search).has('download') ? '?download' : ''}`
  return `${host} not-found`
}
