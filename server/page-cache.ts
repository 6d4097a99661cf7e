import { sql } from 'kysely'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { cookieNames } from './auth/cookies'
import type { Database } from '../db/index'

/**
 * Rendered public pages, kept per (host, URL) and valid while the content version is unchanged
 * (docs/decisions/007-portal-cache.md). The version is the sum of every portal revision, read at most
 * every `checkEveryMs`, so a change on another app server shows within that time.
 */
export interface CachedPage {
  /** The body split at its nonce, so each response joins it with a fresh one. */
  parts: Buffer[]
  status: number
  headers: [string, string][]
  nonce: string
  version: string
  storedAt: number
}

export function createPageCache(db: Database, options: { maxEntries?: number; ttlMs?: number; checkEveryMs?: number } = {}) {
  const maxEntries = options.maxEntries ?? 500
  const ttlMs = options.ttlMs ?? 60_000
  const checkEveryMs = options.checkEveryMs ?? 250
  const pages = new Map<string, CachedPage>()
  let version: string | undefined
  let checkedAt = 0
  let pending: Promise<string> | undefined

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

  return {
    currentVersion,
    async get(key: string) {
      const page = pages.get(key)
      if (!page) return undefined
      if (page.version !== (await currentVersion()) || Date.now() - page.storedAt > ttlMs) {
        pages.delete(key)
        return undefined
      }
      return page
    },
    set(key: string, page: CachedPage) {
      if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!)
      pages.set(key, page)
    },
    /** A write on this server: check the version again on the next request. */
    invalidate() {
      checkedAt = 0
    },
  }
}

export type PageCache = ReturnType<typeof createPageCache>

/** Cookies that make a page personal; a request carrying one is never served from or into the cache. */
export const PERSONAL_COOKIES = ['tc_staff', 'tc_visitor', 'tc_flash']

export function isPersonalRequest(cookie: string | undefined) {
  const names = cookieNames(cookie)
  return PERSONAL_COOKIES.some((name) => names.has(name))
}

/**
 * Set by a page that is the same for every visitor (the portal, rendered for the Public mode); only such a
 * response is stored, so whatever a cookie looks like, a page built for one viewer is never shared.
 * The listener removes it before the response leaves.
 */
export const SHARED_PAGE_HEADER = 'x-tc-shared-page'

export function isCacheableRequest(method: string, url: string, cookie: string | undefined) {
  if (method !== 'GET' || url.length > 1024) return false
  if (/^\/(portal\/[^/]+\/)?files\//.test(url) || url.startsWith('/healthz')) return false
  return !isPersonalRequest(cookie)
}

// The portal's page routes (app/routes.ts): nothing else is the same for every visitor (an invitation
// page shows one person's invitation, a file is checked on every fetch).
const PORTAL_PAGE_ROUTE = /^(org-)?portal-(home|item|product|product-item)$/

/** Whether a path is a portal page, by the route React Router would match for it. */
export function portalPageMatcher(manifest: ServerBuild['routes']) {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] }
  const childrenOf = (parentId: string | undefined): Node[] =>
    Object.values(manifest)
      .filter((route) => route?.parentId === parentId)
      .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: childrenOf(route!.id) }))
  const tree = childrenOf(undefined)
  // Matching ranks every route on each call: remember recent answers (a bounded map, oldest out first).
  const known = new Map<string, boolean>()
  return (pathname: string) => {
    let answer = known.get(pathname)
    if (answer === undefined) {
      answer = PORTAL_PAGE_ROUTE.test(matchRoutes(tree as RouteObject[], pathname)?.at(-1)?.route.id ?? '')
      if (known.size >= 1000) known.delete(known.keys().next().value!)
      known.set(pathname, answer)
    }
    return answer
  }
}
