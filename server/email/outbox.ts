import { sql } from 'kysely'
import type { Database } from '../../db/index'

/**
 * The e-mail outbox (PRODUCT.md §4): a mail is a row written in the transaction of the change that
 * causes it, so a rolled-back change sends nothing and a committed one is never lost. The worker
 * (worker.ts) claims due rows, sends them with the row id as idempotency key, and records the outcome.
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'held'

export interface NewEmail {
  orgId?: string | null
  to: string
  subject: string
  text: string
  html?: string
  headers?: Record<string, string>
}

export interface ClaimedEmail {
  id: string
  orgId: string | null
  to: string
  subject: string
  text: string
  html: string | null
  headers: Record<string, string>
  attempts: number
}

/** After this many failed attempts a row stops being retried and shows as 'failed' in /settings/outbox. */
export const MAX_ATTEMPTS = 8
const BASE_DELAY_SECONDS = 30
const MAX_DELAY_SECONDS = 3600

/** Queues a mail; pass the transaction of the change that causes it. Returns the row id (the idempotency key). */
export async function enqueueEmail(db: Database, email: NewEmail): Promise<string> {
  const row = await db
    .insertInto('outbox')
    .values({
      org_id: email.orgId ?? null,
      recipient: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      // Serialised here: pg would send a plain object as JSON too, but not an empty array or a Map.
      headers: JSON.stringify(email.headers ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Moves up to `limit` due rows to 'sending' for `lockSeconds` and returns them. Due: pending, or
 * 'sending' whose lock ran out (its worker died mid-way), with next_attempt_at reached.
 * SKIP LOCKED lets concurrent workers pass over rows another one is claiming, and the re-check of the
 * WHERE on a row whose claim committed meanwhile (now 'sending' with a live lock) keeps it from being
 * claimed twice.
 */
export async function claimDueEmails(db: Database, limit: number, lockSeconds: number): Promise<ClaimedEmail[]> {
  const rows = await db
    .with('due', (query) =>
      query
        .selectFrom('outbox')
        .select('id')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'pending'),
            eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', sql<Date>`now()`)]),
          ]),
        )
        .orderBy('next_attempt_at')
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .updateTable('outbox')
    .from('due')
    .set({ status: 'sending', locked_until: sql<Date>`now() + make_interval(secs => ${lockSeconds})` })
    .whereRef('outbox.id', '=', 'due.id')
    .returning([
      'outbox.id',
      'outbox.org_id',
      'outbox.recipient',
      'outbox.subject',
      'outbox.text_body',
      'outbox.html_body',
      'outbox.headers',
      'outbox.attempts',
      'outbox.created_at',
    ])
    .execute()
  return rows
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
    .map((row) => ({
      id: row.id,
      orgId: row.org_id,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      headers: stringHeaders(row.headers),
      attempts: row.attempts,
    }))
}

/** Records a delivery. Any status is overwritten: a mail the provider accepted is sent, whatever raced. */
export async function markSent(db: Database, id: string, providerMessageId?: string | null) {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: sql<Date>`now()`, locked_until: null, last_error: null, provider_message_id: providerMessageId ?? null })
    .where('id', '=', id)
    .execute()
}

/**
 * Records a failed attempt: retried after 30 s * 2^attempts (attempts before this one), at most 1 h,
 * or 'failed' once MAX_ATTEMPTS are used. Returns the new status, or undefined when the row was no
 * longer 'sending' (another worker finished it).
 */
export async function markFailedAttempt(db: Database, id: string, error: unknown): Promise<'pending' | 'failed' | undefined> {
  const row = await db
    .updateTable('outbox')
    .set({
      // Right-hand `attempts` is the value before this update, in every expression.
      attempts: sql<number>`attempts + 1`,
      status: sql<string>`case when attempts + 1 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
      next_attempt_at: sql<Date>`now() + make_interval(secs => least(${BASE_DELAY_SECONDS} * power(2, attempts), ${MAX_DELAY_SECONDS}))`,
      locked_until: null,
      last_error: errorText(error),
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .returning('status')
    .executeTakeFirst()
  return row?.status as 'pending' | 'failed' | undefined
}

/** Keeps a mail unsent in the outbox for staff to read at /settings/outbox (no transport configured). */
export async function holdEmail(db: Database, id: string) {
  await db.updateTable('outbox').set({ status: 'held', locked_until: null }).where('id', '=', id).where('status', '=', 'sending').execute()
}

/** Gives back a claimed row unsent and without using an attempt (the worker ran out of claim time). */
export async function releaseEmail(db: Database, id: string) {
  await db.updateTable('outbox').set({ status: 'pending', locked_until: null }).where('id', '=', id).where('status', '=', 'sending').execute()
}

function stringHeaders(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

function errorText(error: unknown) {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error)
  // Bounded: a provider may answer with a whole HTML error page.
  return (text || 'Unknown error').slice(0, 2000)
}
