import { createHash, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { oneLine } from './text'
import { RESEND_BATCH_LIMIT } from './transports'

/**
 * The e-mail outbox (PRODUCT.md §4): a mail is a row written in the transaction of the change that
 * causes it, so a rolled-back change sends nothing and a committed one is never lost. The worker
 * (worker.ts) claims due rows, sends them with the row id as idempotency key, and records the outcome.
 * A mail's single-use tokens never sit in its stored bodies: they wait beside them until the worker has
 * handed the mail over, so /settings/outbox and a copy of the table show no usable link (decision 010).
 */

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

/**
 * Rows claimed to go out together: a send group (or the part of one in the same state), or one mail.
 * `key` is the provider's idempotency key: the row id for one mail, else a hash of the sorted row ids.
 */
export interface ClaimedBatch {
  key: string
  emails: ClaimedEmail[]
}

/** After this many failed attempts a row stops being retried and shows as 'failed' in /settings/outbox. */
export const MAX_ATTEMPTS = 8
const BASE_DELAY_SECONDS = 30
const MAX_DELAY_SECONDS = 3600

// URL-unreserved characters only, so a token reads the same in text, HTML, a URL and a header; long
// enough that hiding it cannot blank out ordinary words.
const SECRET = /^[A-Za-z0-9._~-]{16,2048}$/
const PLACEHOLDER = /\[redacted:(\d{1,3})\]/g

/**
 * Rows queued together by enqueueShared are sent together: Resend's batch API takes at most 100 mails.
 * Until a row is sent, its provider_message_id holds its group (`group:<uuid>`); the provider's id
 * replaces it on delivery. Fixed at enqueue, a group is the same set of rows after any crash, so its
 * batch idempotency key is too (decision 015).
 */
export const SEND_GROUP_SIZE = RESEND_BATCH_LIMIT
const GROUP_PREFIX = 'group:'

/** Queues a mail; pass the transaction of the change that causes it. Returns the row id (the idempotency key). */
export async function enqueueEmail(db: Database, email: NewEmail): Promise<string> {
  const stored = storedEmail(email)
  // Serialised here: pg would send a plain object as JSON too, but not an empty array or a Map.
  const row = await db
    .insertInto('outbox')
    .values({ ...stored, headers: JSON.stringify(stored.headers) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Stores the content of a mail that many recipients get, from one recipient's copy: with its secrets
 * hidden, every copy is the same (an update names nobody; only the unsubscribe token differs). Returns
 * the id that enqueueShared queues recipients of. Stored once, not once per recipient: the bytes of a
 * hundred thousand copies of a branded body were what made a fan-out slow (decision 015).
 */
export async function storeSharedContent(db: Database, sample: NewEmail): Promise<string> {
  const { subject, text_body, html_body, headers } = storedEmail(sample)
  const row = await db
    .insertInto('outbox_contents')
    .values({ subject, text_body, html_body, headers: JSON.stringify(headers) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * Queues recipients of shared content in one statement, in groups of SEND_GROUP_SIZE that the worker
 * sends as one batch, in the order given. A recipient of an update send who already has a row is skipped
 * (a re-run after a crash adds nobody twice). Returns the ids of the rows written.
 * What all rows share goes to the database once; per row only the address and its tokens.
 */
export async function enqueueShared(
  db: Database,
  shared: { contentId: string; orgId?: string | null; updateSendId?: string | null },
  recipients: ReadonlyArray<{ to: string; secrets: readonly string[] }>,
): Promise<string[]> {
  if (!recipients.length) return []
  for (const recipient of recipients) {
    if (!recipient.secrets.every((secret) => SECRET.test(secret))) throw new Error('An e-mail secret must be a token of 16 or more URL-safe characters')
  }
  const groups = Array.from({ length: Math.ceil(recipients.length / SEND_GROUP_SIZE) }, () => `${GROUP_PREFIX}${randomUUID()}`)
  const inserted = await sql<{ id: string }>`
    insert into outbox (org_id, recipient, content_id, secrets, update_send_id, provider_message_id)
    select ${shared.orgId ?? null}::uuid, row.recipient, ${shared.contentId}::uuid, row.secrets, ${shared.updateSendId ?? null}::uuid,
      (${groups}::text[])[(row.n - 1) / ${SEND_GROUP_SIZE} + 1]
    from rows from (json_to_recordset(${JSON.stringify(recipients.map((recipient) => ({ recipient: oneLine(recipient.to), secrets: recipient.secrets })))}::json)
      as (recipient text, secrets text[])) with ordinality as row (recipient, secrets, n)
    on conflict (update_send_id, recipient) where update_send_id is not null do nothing
    returning id
  `.execute(db)
  return inserted.rows.map((row) => row.id)
}

/** The row of a mail: one-line subject and headers, its secrets checked and hidden (decision 010). */
function storedEmail(email: NewEmail) {
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
  return {
    org_id: email.orgId ?? null,
    recipient: oneLine(email.to),
    subject: hide(oneLine(email.subject)),
    text_body: hide(email.text),
    html_body: email.html === undefined ? null : hide(email.html),
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, hide(value)])),
    secrets,
  }
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
 * Moves up to about `limit` due rows to 'sending' for `lockSeconds` and returns them as batches. Due:
 * pending, or 'sending' whose lock ran out (its worker died mid-way), with next_attempt_at reached.
 * SKIP LOCKED lets concurrent workers pass over rows another one is claiming, and the re-check of the
 * WHERE on a row whose claim committed meanwhile (now 'sending' with a live lock) keeps it from being
 * claimed twice.
 *
 * A send group is claimed whole or not at all: its rows change state together (one statement each), so
 * its due rows are those with its status and next_attempt_at, found through the outbox_due index. When
 * the limit cut a group, or another worker holds part of it, the group waits for a later claim: a part
 * sent under the group's key would be another payload for the same key.
 */
export async function claimDueBatches(db: Database, limit: number, lockSeconds: number): Promise<ClaimedBatch[]> {
  return db.transaction().execute(async (trx) => {
    // Each status apart, so each reads the index in order instead of sorting every due row; within one
    // next_attempt_at (a thousand rows queued by one statement) by group, so the limit cuts one group at most.
    // At least a whole group is read, so a limit below the group size still claims one.
    const pick = Math.max(limit, SEND_GROUP_SIZE)
    const picked = await sql<{ id: string; status: string; group: string | null; at: string; members: number | null }>`
      with stale as (
        select id, status, next_attempt_at, provider_message_id from outbox
        where status = 'sending' and locked_until < now() and next_attempt_at <= now()
        order by next_attempt_at, provider_message_id limit ${pick}
        for update skip locked
      ), fresh as (
        select id, status, next_attempt_at, provider_message_id from outbox
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, provider_message_id limit ${pick}
        for update skip locked
      ), picked as (
        select * from stale union all select * from fresh
      ), classes as (
        select distinct status, next_attempt_at, provider_message_id from picked where provider_message_id like ${`${GROUP_PREFIX}%`}
      ), members as (
        select classes.status, classes.next_attempt_at, classes.provider_message_id, count(*)::int as members
        from classes
        join outbox on outbox.status = classes.status and outbox.next_attempt_at = classes.next_attempt_at and outbox.provider_message_id = classes.provider_message_id
        where outbox.status = 'pending' or outbox.locked_until < now()
        group by classes.status, classes.next_attempt_at, classes.provider_message_id
      )
      select picked.id, picked.status, picked.provider_message_id as "group", picked.next_attempt_at::text as at, members.members
      from picked
      left join members using (status, next_attempt_at, provider_message_id)
      order by picked.next_attempt_at, picked.provider_message_id
    `.execute(trx)

    // Whole groups (and single mails) in the order picked, up to the limit (the first one whatever its size).
    const batches = new Map<string, { ids: string[]; members: number }>()
    for (const row of picked.rows) {
      const grouped = row.group?.startsWith(GROUP_PREFIX) ?? false
      const key = grouped ? `${row.group}|${row.status}|${row.at}` : row.id
      const batch = batches.get(key) ?? { ids: [], members: grouped ? (row.members ?? 0) : 1 }
      batch.ids.push(row.id)
      batches.set(key, batch)
    }
    const ids: string[] = []
    const batchOf = new Map<string, string>()
    for (const [key, batch] of batches) {
      if (batch.ids.length !== batch.members) continue
      if (ids.length && ids.length + batch.ids.length > limit) break
      ids.push(...batch.ids)
      for (const id of batch.ids) batchOf.set(id, key)
    }
    if (!ids.length) return []

    const claimedRows = await trx
      .updateTable('outbox')
      .set({ status: 'sending', locked_until: sql<Date>`now() + make_interval(secs => ${lockSeconds})` })
      .where(sql<boolean>`id = any(${ids}::uuid[])`)
      .returning(['id', 'org_id', 'recipient', 'secrets', 'attempts', 'provider_message_id', 'content_id', 'subject', 'text_body', 'html_body', 'headers'])
      .execute()
    // Shared content (an update's thousand recipients) comes back once, not with every row.
    const contentIds = [...new Set(claimedRows.flatMap((row) => (row.content_id ? [row.content_id] : [])))]
    const contents = new Map(
      contentIds.length
        ? (await trx.selectFrom('outbox_contents').select(['id', 'subject', 'text_body', 'html_body', 'headers']).where('id', 'in', contentIds).execute()).map((content) => [
            content.id,
            content,
          ])
        : [],
    )
    const rows = claimedRows.map((row) => {
      if (!row.content_id) return row
      const content = contents.get(row.content_id)
      // Never an empty mail: content is only deleted with its last row (server/updates/manage.ts).
      if (!content) throw new Error(`Outbox row ${row.id} points at missing content ${row.content_id}`)
      return { ...row, subject: content.subject, text_body: content.text_body, html_body: content.html_body, headers: content.headers }
    })
    // Batches in the order picked (a dead worker's first); rows in a batch by id, so a batch sent again is
    // the same payload.
    const claimed = new Map<string, ClaimedEmail[]>([...new Set(batchOf.values())].map((key) => [key, []]))
    for (const row of rows) {
      claimed.get(batchOf.get(row.id)!)!.push({
        id: row.id,
        orgId: row.org_id,
        to: row.recipient,
        // Own or shared content: the table's check keeps one of them.
        subject: revealSecrets(row.subject ?? '', row.secrets),
        text: revealSecrets(row.text_body ?? '', row.secrets),
        html: row.html_body === null ? null : revealSecrets(row.html_body, row.secrets),
        headers: Object.fromEntries(Object.entries(stringHeaders(row.headers)).map(([name, value]) => [name, revealSecrets(value, row.secrets)])),
        secrets: row.secrets,
        attempts: row.attempts,
      })
    }
    return [...claimed.values()].map((emails) => {
      emails.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      return { key: batchKey(emails.map((email) => email.id)), emails }
    })
  })
}

/** The idempotency key of rows sent together: the row id of one, a hash of the sorted ids of several. */
export function batchKey(ids: readonly string[]) {
  if (ids.length === 1) return ids[0]
  return `batch-${createHash('sha256')
    .update([...ids].sort().join(','))
    .digest('hex')}`
}

/** Claims due rows as one list (claimDueBatches without the batches), oldest first. */
export async function claimDueEmails(db: Database, limit: number, lockSeconds: number): Promise<ClaimedEmail[]> {
  return (await claimDueBatches(db, limit, lockSeconds)).flatMap((batch) => batch.emails)
}

/**
 * Records delivery of many rows in one statement (a batch the provider accepted) and drops their secrets.
 * Any status is overwritten: a mail the provider accepted is sent, whatever raced.
 */
export async function markAllSent(db: Database, sent: ReadonlyArray<{ id: string; providerMessageId?: string | null }>) {
  if (!sent.length) return
  await sql`
    update outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null, secrets = '{}', provider_message_id = delivered.provider_message_id
    from (select unnest(${sent.map((row) => row.id)}::uuid[]) as id, unnest(${sent.map((row) => row.providerMessageId ?? null)}::text[]) as provider_message_id) as delivered
    where outbox.id = delivered.id
  `.execute(db)
}

/**
 * Records a failed attempt: retried after 30 s * 2^attempts (attempts before this one), at most 1 h,
 * or 'failed' once MAX_ATTEMPTS are used (its secrets dropped: it will never be sent). Returns the new
 * status, or undefined when the row was no longer 'sending' (another worker finished it). The error
 * is stored with `secrets` hidden, in case the provider quoted the mail.
 */
export async function markFailedAttempt(db: Database, id: string, error: unknown, secrets: readonly string[] = []): Promise<'pending' | 'failed' | undefined> {
  return (await markFailedAttempts(db, [{ id, error, secrets }])).get(id)
}

/**
 * markFailedAttempt for many rows in one statement, so a group failed together stays one group (the same
 * next_attempt_at). Returns each row's new status.
 */
export async function markFailedAttempts(
  db: Database,
  failures: ReadonlyArray<{ id: string; error: unknown; secrets?: readonly string[] }>,
): Promise<Map<string, 'pending' | 'failed'>> {
  if (!failures.length) return new Map()
  const rows = await sql<{ id: string; status: 'pending' | 'failed' }>`
    update outbox set
      attempts = attempts + 1,
      status = case when attempts + 1 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end,
      next_attempt_at = now() + make_interval(secs => least(${BASE_DELAY_SECONDS} * power(2, attempts), ${MAX_DELAY_SECONDS})),
      locked_until = null,
      last_error = failed.last_error,
      secrets = case when attempts + 1 >= ${MAX_ATTEMPTS} then '{}'::text[] else secrets end
    from (select unnest(${failures.map((row) => row.id)}::uuid[]) as id, unnest(${failures.map((row) => hideSecrets(errorText(row.error), row.secrets ?? []))}::text[]) as last_error) as failed
    where outbox.id = failed.id and outbox.status = 'sending'
    returning outbox.id, outbox.status
  `.execute(db)
  // Right-hand `attempts` in SET is the value before this update, in every expression.
  return new Map(rows.rows.map((row) => [row.id, row.status]))
}

/**
 * Keeps a mail unsent in the outbox for staff to read at /settings/outbox (no transport configured). Its
 * secrets are dropped: the log transport printed the whole mail once, the only copy with its links.
 */
export async function holdEmail(db: Database, id: string) {
  await db.updateTable('outbox').set({ status: 'held', locked_until: null, secrets: [] }).where('id', '=', id).where('status', '=', 'sending').execute()
}

/** Gives back claimed rows unsent and without using an attempt (the worker ran out of claim time). */
export async function releaseEmails(db: Database, ids: readonly string[]) {
  if (!ids.length) return
  await db
    .updateTable('outbox')
    .set({ status: 'pending', locked_until: null })
    .where(sql<boolean>`id = any(${ids}::uuid[])`)
    .where('status', '=', 'sending')
    .execute()
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
