import type { Database } from '../../db/index'

/** The org's recent e-mail, newest first: what staff read at /settings/outbox when no transport is set. */
export async function listOutbox(db: Database, orgId: string, limit = 100) {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'text_body', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .where('org_id', '=', orgId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    text: row.text_body,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  }))
}
