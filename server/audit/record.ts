import type { Database } from '../../db/index'

export interface AuditEntry {
  orgId: string
  actor: string
  action: string
  target?: string | null
  before?: unknown
  after?: unknown
  ip?: string | null
  userAgent?: string | null
}

/** One row per staff change, decision, signature, view or download. */
export async function recordAudit(db: Database, entry: AuditEntry) {
  await db
    .insertInto('audit_entries')
    .values({
      org_id: entry.orgId,
      actor: entry.actor,
      action: entry.action,
      target: entry.target ?? null,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: entry.ip ?? null,
      user_agent: entry.userAgent?.slice(0, 500) ?? null,
    })
    .execute()
}
