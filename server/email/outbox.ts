import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { oneLine } from './text'

/**
 * The e-mail outbox (PRODUCT.md §4): a mail is a row written in the transaction of the change that
 * causes it, so a rolled-back change sends nothing and a committed one is never lost. The worker
 * (worker.ts) claims due rows, sends them with the row id as idempotency key, and records the outcome.
 * A mail's single-use tokens never sit in its stored bodies: they wait beside them until the worker has
 * handed the mail over, so /settings/outbox and a copy of the table show no usable link (decision 010).
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'held'

export interface NewEmail {
  orgId?: string | null
  to: string
  subject: string
  text: string
  html?: string
  headers?: Record<string, string>
  /**
   * The single-use tokens the mail carries (invitation, sign-in, confirmation, unsubscribe), each exactly
   * as it appears in the text, HTML or headers: stored apart, as `[redacted:n]` in the bodies, and dropped
   * once the mail is handed over.
   */
  secrets?: readonly string[]
}

export interface ClaimedEmail {
  id: string
  orgId: string | null
  to: string
  subject: string
  text: string
  html: string | null
  headers: Record<string, string>
  /** Still to be hidden from anything stored about this mail, such as a provider's error message. */
  secrets: string[]
  attempts: number
}

/** After this many failed attempts a row stops being retried and shows as 'failed' in /settings/outbox. */
export const MAX_ATTEMPTS = 8
const BASE_DELAY_SECONDS = 30
const MAX_DELAY_SECONDS = 3600

// URL-unreserved characters only, so a token reads the same in text, HTML, a URL and a header; long
// enough that hiding it cannot blank out ordinary words.
const SECRET = /^[A-Za-z0-9._~-]{16,2048}$/
const PLACEHOLDER = /\[redacted:(\d{1,3})\]/g

/** Queues a mail; pass the transaction of the change that causes it. Returns the row id (the idempotency key). */
export async function enqueueEmail(db: Database, email: NewEmail): Promise<string> {
  const secrets = [...(email.secrets ?? [])]
  const hide = (value: string) => hideSecrets(value, secrets)
  // Headers are one line each, whatever a caller put into them.
  const headers = Object.fromEntries(Object.entries(email.headers ?? {}).map(([name, value]) => [name, oneLine(value)]))
  const stored = [email.subject, email.text, email.html ?? '', ...Object.values(headers)]
  for (const secret of secrets) {
    if (!SECRET.test(secret) || !stored.some((value) => value.includes(secret))) {
      throw new Error('An e-mail secret must be a token of 16 or more URL-safe characters that the mail contains')
    }
  }
  const row = await db
    .insertInto('outbox')
    .values({
      org_id: email.orgId ?? null,
      recipient: oneLine(email.to),
      subject: hide(oneLine(email.subject)),
      text_body: hide(email.text),
      html_body: email.html === undefined ? null : hide(email.html),
      // Serialised here: pg would send a plain object as JSON too, but not an empty array or a Map.
      headers: JSON.stringify(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, hide(value)]))),
      secrets,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** `value` with each secret replaced by its placeholder, `[redacted:1]` for the first. */
function hideSecrets(value: string, secrets: readonly string[]) {
  // Longest first, so a secret that contains another is hidden whole.
  const longestFirst = secrets.map((secret, index) => ({ secret, placeholder: `[redacted:${index + 1}]` })).sort((a, b) => b.secret.length - a.secret.length)
  return longestFirst.reduce((hidden, { secret, placeholder }) => hidden.replaceAll(secret, placeholder), value)
}

/** `value` with its placeholders replaced by the secrets again, for the transport. */
function revealSecrets(value: string, secrets: readonly string[]) {
  return value.replace(PLACEHOLDER, (placeholder, index: string) => secrets[Number(index) - 1] ?? placeholder)
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
      'outbox.secrets',
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
      subject: revealSecrets(row.subject, row.secrets),
      text: revealSecrets(row.text_body, row.secrets),
      html: row.html_body === null ? null : revealSecrets(row.html_body, row.secrets),
      headers: Object.fromEntries(Object.entries(stringHeaders(row.headers)).map(([name, value]) => [name, revealSecrets(value, row.secrets)])),
      secrets: row.secrets,
      attempts: row.attempts,
    }))
}

/**
 * Records a delivery and drops the mail's secrets. Any status is overwritten: a mail the provider
 * accepted is sent, whatever raced.
 */
export async function markSent(db: Database, id: string, providerMessageId?: string | null) {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: sql<Date>`now()`, locked_until: null, last_error: null, provider_message_id: providerMessageId ?? null, secrets: [] })
    .where('id', '=', id)
    .execute()
}

/**
 * Records a failed attempt: retried after 30 s * 2^attempts (attempts before this one), at most 1 h,
 * or 'failed' once MAX_ATTEMPTS are used (its secrets dropped: it will never be sent). Returns the new
 * status, or undefined when the row was no longer 'sending' (another worker finished it). The error
 * is stored with `secrets` hidden, in case the provider quoted the mail.
 */
export async function markFailedAttempt(db: Database, id: string, error: unknown, secrets: readonly string[] = []): Promise<'pending' | 'failed' | undefined> {
  const row = await db
    .updateTable('outbox')
    .set({
      // Right-hand `attempts` is the value before this update, in every expression.
      attempts: sql<number>`attempts + 1`,
      status: sql<string>`case when attempts + 1 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
      next_attempt_at: sql<Date>`now() + make_interval(secs => least(${BASE_DELAY_SECONDS} * power(2, attempts), ${MAX_DELAY_SECONDS}))`,
      locked_until: null,
      last_error: hideSecrets(errorText(error), secrets),
      secrets: sql<string[]>`case when attempts + 1 >= ${MAX_ATTEMPTS} then '{}'::text[] else secrets end`,
    })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .returning('status')
    .executeTakeFirst()
  return row?.status as 'pending' | 'failed' | undefined
}

/**
 * Keeps a mail unsent in the outbox for staff to read at /settings/outbox (no transport configured). Its
 * secrets are dropped: the log transport printed the whole mail once, the only copy with its links.
 */
export async function holdEmail(db: Database, id: string) {
  await db.updateTable('outbox').set({ status: 'held', locked_until: null, secrets: [] }).where('id', '=', id).where('status', '=', 'sending').execute()
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
