import { Resolver } from 'node:dns/promises'
import type { DomainFailure } from '../../app/lib/schemas/domains'
import { verificationRecordName } from '../../app/lib/schemas/domains'

// The one DNS lookup custom domains need: the TXT records at `_trust-center.{host}`, asked of DNS_SERVERS (or
// the system's resolvers), each try bounded by a timeout, so a check never hangs a request or the loop.

export interface LookupOptions {
  /** `ip` or `ip:port` (`[v6]:port`), as node:dns `setServers` takes them; the system's when absent. */
  servers?: readonly string[]
  /** Per try, in milliseconds. */
  timeoutMs?: number
  tries?: number
}

export type TokenLookup = { ok: true } | { ok: false; reason: DomainFailure; detail: string }

/** DNS answers meaning "no such record" rather than "could not ask". */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'NODATA'])

/** Whether a TXT record at the host's verification name holds `token`. */
export async function lookupToken(host: string, token: string, options: LookupOptions = {}): Promise<TokenLookup> {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2_500, tries: options.tries ?? 2 })
  if (options.servers?.length) resolver.setServers([...options.servers])
  let records: string[][]
  try {
    records = await resolver.resolveTxt(verificationRecordName(host))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown'
    if (NO_RECORD.has(code)) return { ok: false, reason: 'no-record', detail: code }
    return { ok: false, reason: 'lookup-error', detail: code }
  } finally {
    resolver.cancel()
  }
  // A long TXT value arrives in 255-byte strings: joined, as publishers wrote it.
  const values = records.map((chunks) => chunks.join('').trim())
  if (!values.length) return { ok: false, reason: 'no-record', detail: 'ENODATA' }
  return values.includes(token) ? { ok: true } : { ok: false, reason: 'wrong-value', detail: `${values.length} record(s)` }
}
