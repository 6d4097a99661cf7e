import type { Database } from '../../db/index'
import { URL_NAME_PATTERN } from '../../app/lib/slug'
import { isDeploymentHost } from '../portal/resolve'

// Which hosts this deployment answers for (PRODUCT.md section 1, docs/decisions/002): its own (APP_URL's),
// and the custom domains mapped to an org. Anything else is refused before the app runs, so a DNS name
// rebound to this server cannot reach the staff area, and every expected Origin is one of ours.

export type HostKind = 'deployment' | 'custom' | 'unknown'

// A host name (or IP literal) and an optional port; nothing else may stand in a Host header we honour.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

export interface HostCheckOptions {
  ttlMs?: number
  maxEntries?: number
  /**
   * The content version (the page cache's): an answer read under another version is read again, so a domain
   * removed, verified or made primary is seen on the next request (a write on this server moves it at once,
   * one on another server within the cache's check interval).
   */
  version?: () => Promise<string>
}

export function createHostCheck(db: Database, appUrl: string, options: HostCheckOptions = {}) {
  const ttlMs = options.ttlMs ?? 5_000
  const maxEntries = options.maxEntries ?? 1_000
  const version = options.version ?? (async () => '')
  // Custom domains change rarely; a short-lived answer per host keeps a lookup off most requests.
  const known = new Map<string, { custom: boolean; at: number; version: string }>()
  // Per org slug: the primary domain its deployment-host address redirects to (null: none).
  const primaries = new Map<string, { domain: string | null; at: number; version: string }>()

  async function remembered<V extends { at: number; version: string }>(map: Map<string, V>, key: string, read: () => Promise<Omit<V, 'at' | 'version'>>): Promise<V> {
    const current = await version()
    const cached = map.get(key)
    if (cached && cached.version === current && Date.now() - cached.at < ttlMs) return cached
    const entry = { ...(await read()), at: Date.now(), version: current } as V
    if (map.size >= maxEntries) map.delete(map.keys().next().value!)
    map.set(key, entry)
    return entry
  }

  return {
    async classify(host: string | undefined): Promise<HostKind> {
      if (!host || host.length > 260 || !HOST.test(host)) return 'unknown'
      if (isDeploymentHost(host, appUrl)) return 'deployment'
      const name = host.replace(/:\d+$/, '').toLowerCase()
      // Only a verified domain is ours: a pending or failed one is answered as any unknown host.
      const { custom } = await remembered(known, name, async () => ({
        custom: Boolean(await db.selectFrom('custom_domains').select('host').where('host', '=', name).where('status', '=', 'verified').executeTakeFirst()),
      }))
      return custom ? 'custom' : 'unknown'
    },
    /** The primary (verified) domain of the org with this slug, or null. */
    async primaryDomain(orgSlug: string): Promise<string | null> {
      const slug = orgSlug.toLowerCase()
      // Only a name an org can have is looked up: a NUL (`/portal/x%00`) is one PostgreSQL refuses to read.
      if (!URL_NAME_PATTERN.test(slug)) return null
      const { domain } = await remembered(primaries, slug, async () => {
        const row = await db
          .selectFrom('custom_domains')
          .innerJoin('orgs', 'orgs.id', 'custom_domains.org_id')
          .select('custom_domains.host')
          .where('orgs.slug', '=', slug)
          .where('custom_domains.is_primary', '=', true)
          .where('custom_domains.status', '=', 'verified')
          .executeTakeFirst()
        return { domain: row?.host ?? null }
      })
      return domain
    },
  }
}

export type HostCheck = ReturnType<typeof createHostCheck>

/** The exact Origin a page of `host` sends: APP_URL's scheme (TLS may end at a proxy) and the host, lower-cased. */
export function expectedOrigin(host: string, appUrl: string) {
  return `${appUrl.slice(0, appUrl.indexOf(':'))}://${host.toLowerCase()}`
}
