import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { jsonb } from '../../db/json'

/**
 * An update e-mailed: one `update_sends` row, written in the transaction that publishes the update. The
 * fan-out (server/updates/fanout.ts) expands it into one outbox row per recipient in bounded batches, so
 * 100,000 recipients never hold one transaction open; the outbox rows carry `update_send_id`.
 */
export async function createUpdateSend(trx: Database, input: { orgId: string; updateId: string; audience: 'subscribers' | 'list'; emails?: readonly string[]; createdBy: string }) {
  const row = await trx
    .insertInto('update_sends')
    .values({
      org_id: input.orgId,
      update_id: input.updateId,
      audience: input.audience,
      audience_emails: jsonb(input.audience === 'list' ? [...new Set(input.emails ?? [])] : []),
      created_by: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export interface SendProgress {
  sendId: string
  createdAt: string
  /** Still being expanded into outbox rows: `recipients` counts those written so far. */
  expanding: boolean
  recipients: number
  queued: number
  sent: number
  retrying: number
  failed: number
  /** No transport configured: kept at /settings/outbox. */
  held: number
  /** Still preparing recipients, or mails queued or retrying. */
  inProgress: boolean
  /**
   * An audience list's counts, withheld (all 0, and `inProgress` only while preparing) from staff who may
   * not see who is subscribed, blocked or (for a private update) a member of an account: they would tell
   * which typed addresses were left out.
   */
  countsWithheld: boolean
}

/** Who sees the counts of a send to an audience list: staff who could look its addresses up anyway. */
export interface ProgressViewer {
  /** Holds `subscribers`: sees who is subscribed, unsubscribed or blocked. */
  subscribers: boolean
  /** Handles accounts: sees who is a member of an account with access. */
  accounts: boolean
}

/** Every e-mail send of the org's updates by update, each newest first, with its outbox rows counted by state. */
export async function sendProgress(db: Database, orgId: string, viewer: ProgressViewer): Promise<Map<string, SendProgress[]>> {
  const sends = await db
    .selectFrom('update_sends')
    .innerJoin('updates', 'updates.id', 'update_sends.update_id')
    .select([
      'update_sends.id',
      'update_sends.update_id',
      'update_sends.status',
      'update_sends.recipients',
      'update_sends.created_at',
      'update_sends.audience',
      'updates.audience as update_audience',
    ])
    .where('update_sends.org_id', '=', orgId)
    .orderBy('update_sends.created_at', 'desc')
    .execute()
  const byUpdate = new Map<string, SendProgress[]>()
  if (!sends.length) return byUpdate
  const counts = await db
    .selectFrom('outbox')
    .innerJoin('update_sends', 'update_sends.id', 'outbox.update_send_id')
    .select((eb) => ['outbox.update_send_id', 'outbox.status', sql<boolean>`outbox.attempts > 0`.as('retried'), eb.fn.countAll<string>().as('count')])
    .where('update_sends.org_id', '=', orgId)
    .groupBy(['outbox.update_send_id', 'outbox.status', sql`outbox.attempts > 0`])
    .execute()
  for (const send of sends) {
    const progress: SendProgress = {
      sendId: send.id,
      createdAt: new Date(send.created_at).toISOString(),
      expanding: send.status === 'expanding',
      recipients: send.recipients,
      queued: 0,
      sent: 0,
      retrying: 0,
      failed: 0,
      held: 0,
      inProgress: false,
      countsWithheld: false,
    }
    for (const row of counts.filter((count) => count.update_send_id === send.id)) {
      const count = Number(row.count)
      if (row.status === 'sent') progress.sent += count
      else if (row.status === 'failed') progress.failed += count
      else if (row.status === 'held') progress.held += count
      else if (row.status === 'pending' && row.retried) progress.retrying += count
      else progress.queued += count
    }
    const withheld = send.audience === 'list' && !(viewer.subscribers && (send.update_audience !== 'private' || viewer.accounts))
    // Withheld, not even whether mails are still queued shows: a list whose addresses were all left out
    // would be done at once. Only the preparing of recipients, which walks every typed address alike.
    const shown = withheld ? { ...progress, recipients: 0, queued: 0, sent: 0, retrying: 0, failed: 0, held: 0, countsWithheld: true } : progress
    // Work ahead: recipients being prepared, mails queued or retrying (of what is shown).
    shown.inProgress = shown.expanding || shown.queued > 0 || shown.retrying > 0
    byUpdate.set(send.update_id, [...(byUpdate.get(send.update_id) ?? []), shown])
  }
  return byUpdate
}
