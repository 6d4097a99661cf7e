import type { Database } from '../../db/index'

const PAGE_SIZE = 50
/** Deeper pages are clamped here: an offset past any real log, still a valid query. */
export const MAX_AUDIT_PAGE = 100_000

export async function listAuditEntries(db: Database, orgId: string, page: number) {
  const rows = await db
    .selectFrom('audit_entries')
    .select(['id', 'actor', 'action', 'target', 'before', 'after', 'created_at'])
    .where('org_id', '=', orgId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(PAGE_SIZE + 1)
    .offset((page - 1) * PAGE_SIZE)
    .execute()
  return {
    page,
    hasMore: rows.length > PAGE_SIZE,
    entries: rows.slice(0, PAGE_SIZE).map((row) => ({
      id: row.id,
      actor: row.actor,
      action: row.action,
      target: row.target,
      before: row.before === null ? null : JSON.stringify(row.before, null, 2),
      after: row.after === null ? null : JSON.stringify(row.after, null, 2),
      createdAt: row.created_at.toISOString(),
    })),
  }
}
