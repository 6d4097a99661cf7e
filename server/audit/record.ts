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
  /** For a document that left the portal (file.view, file.download): what, from which item, to whom. Analytics counts these rows. */
  document?: { fileId: string | null; itemUid: string | null; accountId: string | null; memberId: string | null }
}

/** One row per staff change, decision, signature, view or download (several in one insert). */
export async function recordAudit(db: Database, entries: AuditEntry | readonly AuditEntry[]) {
  const list = Array.isArray(entries) ? entries : [entries as AuditEntry]
  if (!list.length) return
  await db
    .insertInto('audit_entries')
    .values(
      list.map((entry) => ({
        org_id: entry.orgId,
        actor: entry.actor,
        action: entry.action,
        target: entry.target ?? null,
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
        ip: entry.ip ?? null,
        user_agent: entry.userAgent?.slice(0, 500) ?? null,
        file_id: entry.document?.fileId ?? null,
        item_uid: entry.document?.itemUid ?? null,
        account_id: entry.document?.accountId ?? null,
        member_id: entry.document?.memberId ?? null,
      })),
    )
    .execute()
}
