import type { Database } from '../../db/index'
import { isDeploymentHost } from '../portal/resolve'

// Which hosts this deployment answers for (PRODUCT.md section 1, docs/decisions/002): its own (APP_URL's),
// and the custom domains mapped to an org. Anything else is refused before the app runs, so a DNS name
// rebound to this server cannot reach the staff area, and every expected Origin is one of ours.

export type HostKind = 'deployment' | 'custom' | 'unknown'

// A host name (or IP literal) and an optional port; nothing else may stand in a Host header we honour.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

export function createHostCheck(db: Database, appUrl: string, options: { ttlMs?: number; maxEntries?: number } = {}) {
  const ttlMs = options.ttlMs ?? 5_000
  const maxEntries = options.maxEntries ?? 1_000
  // Custom domains change rarely; a short-lived answer per host keeps a lookup off most requests.
  const known = new Map<string, { custom: boolean; at: number }>()

  return {
    async classify(host: string | undefined): Promise<HostKind> {
      if (!host || host.length > 260 || !HOST.test(host)) return 'unknown'
      if (isDeploymentHost(host, appUrl)) return 'deployment'
      const name = host.replace(/:\d+$/, '').toLowerCase()
      const cached = known.get(name)
      if (cached && Date.now() - cached.at < ttlMs) return cached.custom ? 'custom' : 'unknown'
      const row = await db.selectFrom('custom_domains').select('host').where('host', '=', name).executeTakeFirst()
      if (known.size >= maxEntries) known.delete(known.keys().next().value!)
      known.set(name, { custom: Boolean(row), at: Date.now() })
      return row ? 'custom' : 'unknown'
    },
  }
}

export type HostCheck = ReturnType<typeof createHostCheck>

/** The exact Origin a page of `host` sends: APP_URL's scheme (TLS may end at a proxy) and the host, lower-cased. */
export function expectedOrigin(host: string, appUrl: string) {
  return `${appUrl.slice(0, appUrl.indexOf(':'))}://${host.toLowerCase()}`
}
