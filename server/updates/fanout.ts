import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { updateMailReaches } from '../access/live'
import { jsonStrings } from '../../db/json'
import { enqueueShared, storeSharedContent } from '../email/outbox'
import { senderAddress, senderDomain } from '../email/transports'
import { updateMailTemplate, type UpdateMailOrg } from '../email/update-mails'
import type { Env } from '../env'
import { addressBlocked } from '../subscriptions/blocks'
import { unsubscribeToken } from '../subscriptions/tokens'
import { mailOrg } from '../visitors/mail-org'
import { subscriberRecipients } from './recipients'

/**
 * The fan-out of an update e-mailed (decision 015): an `update_sends` row, written when staff publish,
 * becomes one outbox row per recipient, a bounded batch per short transaction, so 100,000 recipients
 * never hold one transaction open. Recipients are walked in e-mail order from `expanded_through`; the
 * unique (send, recipient) index makes a batch run again after a crash add nobody twice.
 */

export const EXPAND_BATCH_SIZE = 1000

export interface ExpansionResult {
  /** Batches written (each its own transaction). */
  batches: number
  /** Outbox rows written. */
  recipients: number
  /** Stopped for the time budget with sends perhaps still expanding. */
  more: boolean
}

/**
 * Expands the sends still 'expanding', a batch at a time, until none is left, `budgetMs` is used up or
 * `maxBatches` were written.
 * Each batch claims a send with FOR UPDATE SKIP LOCKED, so app servers running this side by side each
 * take another send (or wait for the next round) instead of blocking.
 */
export async function expandUpdateSends(db: Database, env: Env, options: { batchSize?: number; budgetMs?: number; maxBatches?: number } = {}): Promise<ExpansionResult> {
  const batchSize = options.batchSize ?? EXPAND_BATCH_SIZE
  const budgetMs = options.budgetMs ?? Number.POSITIVE_INFINITY
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY
  const started = Date.now()
  const result: ExpansionResult = { batches: 0, recipients: 0, more: false }
  for (;;) {
    if (Date.now() - started >= budgetMs || result.batches >= maxBatches) {
      result.more = true
      break
    }
    const written = await expandNextBatch(db, env, batchSize)
    if (written === null) break
    result.batches++
    result.recipients += written
  }
  return result
}

/** One batch of one send, in one transaction: the number of outbox rows written, or null when no send is expanding. */
async function expandNextBatch(db: Database, env: Env, batchSize: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    // A batch need not wait for its commit to reach the disk: one lost in a crash takes its cursor with
    // it and is expanded again, and the worker's claim of its rows commits durably, flushing it first.
    await sql`set local synchronous_commit = off`.execute(trx)
    const send = await trx
      .selectFrom('update_sends')
      .select(['id', 'org_id', 'update_id', 'audience', 'audience_emails', 'expanded_through', 'content_id'])
      .where('status', '=', 'expanding')
      .orderBy('created_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst()
    if (!send) return null
    const update = await trx
      .selectFrom('updates')
      .innerJoin('update_topics', 'update_topics.id', 'updates.topic_id')
      .select(['updates.id', 'updates.title', 'updates.message', 'updates.audience', 'updates.created_at', 'update_topics.subject', 'update_topics.category'])
      .where('updates.id', '=', send.update_id)
      .executeTakeFirstOrThrow()
    const audience = update.audience === 'private' ? 'private' : 'public'

    const batch =
      send.audience === 'list'
        ? await listBatch(trx, send.org_id, jsonStrings(send.audience_emails), audience, send.expanded_through, batchSize)
        : await subscriberBatch(trx, send.org_id, audience, send.expanded_through, batchSize)

    let written: string[] = []
    let contentId = send.content_id
    if (batch.recipients.length) {
      // The mail is composed once per send, with the first recipient's token, and stored once with it
      // hidden: every recipient gets that content with their own token, even if the update is edited
      // while the send is still expanding.
      if (!contentId) {
        const compose = updateMailTemplate(await updateMailOrg(trx, env, send.org_id), {
          id: update.id,
          title: update.title,
          subject: update.subject,
          category: update.category,
          message: update.message,
          createdAt: update.created_at,
        })
        const sample = batch.recipients[0]
        const token = unsubscribeToken(env, { orgId: send.org_id, email: sample })
        contentId = await storeSharedContent(trx, { orgId: send.org_id, to: sample, ...compose(token), secrets: [token] })
      }
      written = await enqueueShared(
        trx,
        { contentId, orgId: send.org_id, updateSendId: send.id },
        batch.recipients.map((email) => ({ to: email, secrets: [unsubscribeToken(env, { orgId: send.org_id, email })] })),
      )
    }
    await trx
      .updateTable('update_sends')
      .set({
        expanded_through: batch.through ?? send.expanded_through,
        content_id: contentId,
        recipients: sql<number>`recipients + ${written.length}`,
        // A short batch was the last one.
        ...(batch.done ? { status: 'queued', expanded_at: sql<Date>`now()` } : {}),
      })
      .where('id', '=', send.id)
      .execute()
    return written.length
  })
}

interface RecipientBatch {
  recipients: string[]
  /** The last address considered (the keyset cursor), blocked ones included. */
  through: string | null
  done: boolean
}

/** "All confirmed subscribers": the next addresses after the cursor, in the database's order. */
async function subscriberBatch(trx: Database, orgId: string, audience: 'public' | 'private', after: string | null, limit: number): Promise<RecipientBatch> {
  const rows = await subscriberRecipients(trx, orgId, audience, { after, limit }).execute()
  const recipients = rows.map((row) => row.email)
  return { recipients, through: recipients.at(-1) ?? null, done: recipients.length < limit }
}

/**
 * An audience list: its next addresses after the cursor in code-point order, without the blocked ones,
 * those who unsubscribed from the org's updates, and, for a private update, anyone who is not a member of
 * a live account (updateMailReaches, as for subscribers).
 */
async function listBatch(trx: Database, orgId: string, emails: string[], audience: 'public' | 'private', after: string | null, limit: number): Promise<RecipientBatch> {
  const ordered = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))].sort()
  const next = ordered.filter((email) => after === null || email > after).slice(0, limit)
  if (!next.length) return { recipients: [], through: null, done: true }
  const { rows } = await sql<{ email: string }>`
    select candidate.email from unnest(${next}::text[]) as candidate (email)
    where not ${addressBlocked(sql.val(orgId), sql.ref('candidate.email'))}
      and not exists (select 1 from subscribers where org_id = ${orgId} and email = candidate.email and status = 'unsubscribed')
      and ${updateMailReaches(orgId, audience, sql.ref('candidate.email'))}
  `.execute(trx)
  const allowed = new Set(rows.map((row) => row.email))
  const recipients = next.filter((email) => allowed.has(email))
  return { recipients, through: next.at(-1) ?? null, done: next.length < limit }
}

/** The org as an update mail shows it, with what its list headers need. */
async function updateMailOrg(db: Database, env: Env, orgId: string): Promise<UpdateMailOrg> {
  const [org, identity] = await Promise.all([
    mailOrg(db, env, orgId),
    db
      .selectFrom('orgs')
      .innerJoin('portal_customizations', 'portal_customizations.org_id', 'orgs.id')
      .select(['orgs.slug', 'portal_customizations.support_mailbox'])
      .where('orgs.id', '=', orgId)
      .executeTakeFirstOrThrow(),
  ])
  return {
    ...org,
    slug: identity.slug,
    unsubscribeMailbox: identity.support_mailbox?.trim().toLowerCase() || senderAddress(env.EMAIL_FROM),
    senderDomain: senderDomain(env.EMAIL_FROM),
  }
}
