import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { DOMAIN_MESSAGES, DOMAINS_MAX, type DomainFailure, type DomainStatus } from '../../app/lib/schemas/domains'
import { recordAudit } from '../audit/record'
import type { StaffMember } from '../auth/staff-session'
import { startBackgroundLoop } from '../background-loop'
import type { Env } from '../env'
import { bumpOrgRevision } from '../portal/revision'
import { lookupToken, type LookupOptions } from './dns'

// Custom domains (issue 23 item 6, docs/decisions/041): added pending with a random token, verified when a TXT
// record at `_trust-center.{host}` holds it (on demand, and in the background with backoff), served only then.
// A verified domain may be the org's primary one: its links and the deployment-host address lead there. Every
// change is audited in the transaction that makes it, and a change to what is served bumps the org's revision
// (the page cache and the host check follow it).

export interface CustomDomain {
  host: string
  status: DomainStatus
  token: string
  isPrimary: boolean
  failureReason: DomainFailure | null
  checkedAt: string | null
  /** When the background check asks again; null once it gave up (staff can still check now). */
  nextCheckAt: string | null
  createdAt: string
}

export function listDomains(db: Database, orgId: string): Promise<CustomDomain[]> {
  return db
    .selectFrom('custom_domains')
    .select(['host', 'status', 'token', 'is_primary', 'failure_reason', 'checked_at', 'next_check_at', 'created_at'])
    .where('org_id', '=', orgId)
    .orderBy('created_at')
    .orderBy('host')
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        host: row.host,
        status: row.status as DomainStatus,
        token: row.token,
        isPrimary: row.is_primary,
        failureReason: row.failure_reason as DomainFailure | null,
        checkedAt: row.checked_at && new Date(row.checked_at).toISOString(),
        nextCheckAt: row.next_check_at && new Date(row.next_check_at).toISOString(),
        createdAt: new Date(row.created_at).toISOString(),
      })),
    )
}

export type DomainResult = { ok: true } | { ok: false; message: string }

/** The first background check, a minute after adding (time to publish the record); then each wait doubles. */
const FIRST_CHECK_MS = 60_000
const LONGEST_WAIT_MS = 6 * 60 * 60_000
/** Background checks of one domain before it is left to staff's "Check now" (about two days). */
const MAX_BACKGROUND_CHECKS = 16

/** The wait before background check number `attempts + 1`. */
export function backoffMs(attempts: number) {
  return Math.min(FIRST_CHECK_MS * 2 ** Math.min(attempts, 20), LONGEST_WAIT_MS)
}

/**
 * Adds a pending domain with a fresh token; refuses the deployment's own host, a host this org has or another
 * has verified, and past the limit. Another org's unverified claim does not stand in the way: whoever proves
 * the DNS first gets the host (a claim nobody can verify must not keep its owner from it).
 */
export async function addDomain(db: Database, env: Env, staff: StaffMember, host: string): Promise<DomainResult> {
  if (host === new URL(env.APP_URL).hostname) return { ok: false, message: DOMAIN_MESSAGES.hostDeployment }
  return db.transaction().execute(async (trx) => {
    // The org's row is the lock two staff adding at once queue on, so the limit holds.
    await trx.selectFrom('orgs').select('id').where('id', '=', staff.orgId).forUpdate().executeTakeFirst()
    const { count } = await trx
      .selectFrom('custom_domains')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('org_id', '=', staff.orgId)
      .executeTakeFirstOrThrow()
    if (Number(count) >= DOMAINS_MAX) return { ok: false, message: DOMAIN_MESSAGES.limit }
    const taken = await trx
      .selectFrom('custom_domains')
      .select('host')
      .where('host', '=', host)
      .where((eb) => eb.or([eb('org_id', '=', staff.orgId), eb('status', '=', 'verified')]))
      .executeTakeFirst()
    if (taken) return { ok: false, message: DOMAIN_MESSAGES.hostTaken }
    const token = randomBytes(16).toString('hex')
    await trx
      .insertInto('custom_domains')
      .values({ host, org_id: staff.orgId, token, status: 'pending', next_check_at: new Date(Date.now() + FIRST_CHECK_MS) })
      .execute()
    await recordAudit(trx, { orgId: staff.orgId, actor: staff.email, action: 'domain.add', target: host, after: { host, status: 'pending' } })
    return { ok: true }
  })
}

/** Removes one of the org's domains; it stops being served on the next request. False when the org has no such domain. */
export async function removeDomain(db: Database, staff: StaffMember, host: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('custom_domains').where('host', '=', host).where('org_id', '=', staff.orgId).returning(['host', 'status', 'is_primary']).executeTakeFirst()
    if (!removed) return false
    if (removed.status === 'verified') await bumpOrgRevision(trx, staff.orgId)
    await recordAudit(trx, { orgId: staff.orgId, actor: staff.email, action: 'domain.remove', target: host, before: { host, status: removed.status, primary: removed.is_primary } })
    return true
  })
}

/** Makes a verified domain the org's primary one (`primary`), or stops using it as such. */
export async function setPrimaryDomain(db: Database, staff: StaffMember, host: string, primary: boolean): Promise<DomainResult | null> {
  return db.transaction().execute(async (trx) => {
    const domain = await trx.selectFrom('custom_domains').select(['status', 'is_primary']).where('host', '=', host).where('org_id', '=', staff.orgId).forUpdate().executeTakeFirst()
    if (!domain) return null
    if (primary && domain.status !== 'verified') return { ok: false, message: 'Only a verified domain can be made primary.' }
    if (domain.is_primary === primary) return { ok: true }
    const previous = await trx
      .updateTable('custom_domains')
      .set({ is_primary: false })
      .where('org_id', '=', staff.orgId)
      .where('is_primary', '=', true)
      .returning('host')
      .executeTakeFirst()
    if (primary) await trx.updateTable('custom_domains').set({ is_primary: true }).where('org_id', '=', staff.orgId).where('host', '=', host).execute()
    await bumpOrgRevision(trx, staff.orgId)
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: primary ? 'domain.primary' : 'domain.primary.unset',
      target: host,
      before: { primary: previous?.host ?? null },
      after: { primary: primary ? host : null },
    })
    return { ok: true }
  })
}

export type CheckOutcome = { status: DomainStatus; reason: DomainFailure | null } | null

/**
 * Looks the domain's token up in DNS and records the answer: verified, or failed with the reason and the next
 * background check after a longer wait. `actor` is the staff member who asked, or null for the background
 * check (audited only when the status changes). Null when the domain is gone or already verified.
 */
export async function checkDomain(db: Database, env: Env, orgId: string, host: string, actor: { email: string } | null, options: LookupOptions = {}): Promise<CheckOutcome> {
  const domain = await db
    .selectFrom('custom_domains')
    .select(['org_id', 'token', 'status', 'check_attempts'])
    .where('org_id', '=', orgId)
    .where('host', '=', host)
    .executeTakeFirst()
  if (!domain || domain.status === 'verified') return null
  const lookup = await lookupToken(host, domain.token, { servers: env.DNS_SERVERS, ...options })
  return db.transaction().execute(async (trx) => {
    // Proved, and no other org holds the host verified (one that published both orgs' tokens): it is this org's.
    const elsewhere =
      lookup.ok &&
      (await trx.selectFrom('custom_domains').select('org_id').where('host', '=', host).where('status', '=', 'verified').where('org_id', '!=', orgId).executeTakeFirst())
    const found: typeof lookup = elsewhere ? { ok: false, reason: 'wrong-value', detail: 'verified by another organisation' } : lookup
    const status: DomainStatus = found.ok ? 'verified' : 'failed'
    const reason = found.ok ? null : found.reason
    const attempts = actor ? domain.check_attempts : domain.check_attempts + 1
    const nextCheckAt = found.ok || attempts >= MAX_BACKGROUND_CHECKS ? null : new Date(Date.now() + backoffMs(attempts))
    // Only the row the lookup was for: a domain removed (or added again, with another token) meanwhile is left alone.
    const updated = await trx
      .updateTable('custom_domains')
      .set({
        status,
        failure_reason: reason,
        checked_at: sql`now()`,
        verified_at: found.ok ? sql`now()` : null,
        check_attempts: attempts,
        next_check_at: nextCheckAt,
      })
      .where('org_id', '=', orgId)
      .where('host', '=', host)
      .where('token', '=', domain.token)
      .where('status', '!=', 'verified')
      .returning('org_id')
      .executeTakeFirst()
    if (!updated) return null
    if (found.ok) {
      await bumpOrgRevision(trx, orgId)
      // The other orgs' claims on the host end here: the DNS said whose it is.
      const dropped = await trx.deleteFrom('custom_domains').where('host', '=', host).where('org_id', '!=', orgId).returning('org_id').execute()
      await recordAudit(
        trx,
        dropped.map((claim) => ({ orgId: claim.org_id, actor: 'domain check', action: 'domain.remove', target: host, after: { reason: 'verified by another organisation' } })),
      )
    }
    if (actor || status !== domain.status)
      await recordAudit(trx, {
        orgId,
        actor: actor?.email ?? 'domain check',
        action: found.ok ? 'domain.verify' : 'domain.check.fail',
        target: host,
        before: { status: domain.status },
        after: { status, reason, detail: found.ok ? null : found.detail },
      })
    return { status, reason }
  })
}

/** Checks the pending and failed domains whose next check is due, a few at a time; each is claimed first, so several app servers never ask twice. */
export async function checkDueDomains(db: Database, env: Env, options: LookupOptions & { limit?: number } = {}) {
  const { rows } = await sql<{ org_id: string; host: string }>`
    update custom_domains set next_check_at = now() + interval '5 minutes'
    where (org_id, host) in (
      select org_id, host from custom_domains
      where status <> 'verified' and next_check_at <= now()
      order by next_check_at limit ${options.limit ?? 10}
      for update skip locked)
    returning org_id, host`.execute(db)
  for (const { org_id, host } of rows) await checkDomain(db, env, org_id, host, null, options)
  return rows.length
}

/** The background check: due domains every minute, while the server runs. */
export function startDomainChecks(db: Database, env: Env) {
  return startBackgroundLoop(
    async (stopped) => {
      if (stopped()) return
      await checkDueDomains(db, env).catch((error) => console.error('[domains] background check failed:', error instanceof Error ? error.message : error))
    },
    { intervalMs: 60_000, kickDelayMs: 1_000 },
  )
}
