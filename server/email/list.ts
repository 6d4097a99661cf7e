import type { Database } from '../../db/index'

/**
 * The org's recent e-mail, newest first: what staff read at /settings/outbox when no transport is set.
 * A trust update's mails name its recipients, which /updates withholds from staff who could not look
 * them up: shown only with `subscribers`, and for a private update `accounts` too (decision 016).
 */
export async function listOutbox(db: Database, orgId: string, reader: { permissions: readonly string[] }, limit = 100) {
  const may = (permission: string) => reader.permissions.includes(permission)
  const rows = await db
    .selectFrom('outbox')
    // A mail to many (an update) shows its shared content.
    .leftJoin('outbox_contents', 'outbox_contents.id', 'outbox.content_id')
    .select((eb) => [
      'outbox.id',
      'outbox.recipient',
      eb.fn.coalesce('outbox.subject', 'outbox_contents.subject').as('subject'),
      eb.fn.coalesce('outbox.text_body', 'outbox_contents.text_body').as('text_body'),
      'outbox.status',
      'outbox.attempts',
      'outbox.last_error',
      'outbox.created_at',
      'outbox.sent_at',
    ])
    .where('outbox.org_id', '=', orgId)
    .where((eb) => {
      if (!may('subscribers')) return eb('outbox.update_send_id', 'is', null)
      if (may('accounts')) return eb.lit(true)
      const privateSends = eb
        .selectFrom('update_sends')
        .innerJoin('updates', 'updates.id', 'update_sends.update_id')
        .select('update_sends.id')
        .where('updates.audience', '=', 'private')
      return eb.or([eb('outbox.update_send_id', 'is', null), eb('outbox.update_send_id', 'not in', privateSends)])
    })
    .orderBy('outbox.created_at', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    recipient: row.recipient,
    subject: row.subject ?? '',
    text: row.text_body ?? '',
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  }))
}
