import type { Database } from '../../db/index'
import type { SubscribeSource } from '../../app/lib/schemas/access'
import { recipientCapAllows } from '../auth/rate-limit'
import { hashToken, looksLikeToken, newToken } from '../auth/tokens'
import { confirmSubscriptionMail } from '../email/subscription-mails'
import { enqueueEmail } from '../email/outbox'
import type { Env } from '../env'
import { mailOrg } from '../visitors/mail-org'
import { isSubscriptionBlocked } from './blocks'
import { readUnsubscribeToken } from './tokens'

// Subscriptions to an org's trust updates (PRODUCT.md section 4): double opt-in by e-mail, and one-click
// unsubscribe. Every address gets the same answer whatever its state, so the form tells nobody who
// subscribes; an address gets at most one confirmation mail per window, so the form bombs nobody.

/** A confirmation link works this long (spec: token-invalid after 7 days). */
export const CONFIRM_VALID_DAYS = 7
/** At most one confirmation mail per address in this window, however often it is asked for. */
export const CONFIRM_RESEND_MINUTES = 60

const DAY_MS = 86_400_000

/**
 * Asks `email` to confirm a subscription: a new or unconfirmed (or unsubscribed) address gets a
 * confirmation mail with a fresh link, unless one went out within the window; a confirmed or blocked
 * address gets nothing. Answers nothing: the caller says the same thing to everyone.
 */
export async function requestSubscription(db: Database, env: Env, org: { id: string }, input: { email: string; source: SubscribeSource }) {
  if (await isSubscriptionBlocked(db, org.id, input.email)) return
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('subscribers')
      .select(['id', 'status', 'confirm_sent_at'])
      .where('org_id', '=', org.id)
      .where('email', '=', input.email)
      .forUpdate()
      .executeTakeFirst()
    if (existing?.status === 'confirmed') return
    if (existing?.confirm_sent_at && Date.now() - new Date(existing.confirm_sent_at).getTime() < CONFIRM_RESEND_MINUTES * 60_000) return
    if (!(await recipientCapAllows(trx, 'subscription', input.email))) return
    const token = newToken()
    const values = { confirm_token_hash: hashToken(token), confirm_sent_at: new Date(), status: 'pending' as const }
    if (existing) await trx.updateTable('subscribers').set(values).where('id', '=', existing.id).execute()
    else
      await trx
        .insertInto('subscribers')
        .values({ org_id: org.id, email: input.email, source: input.source, ...values })
        .execute()
    const mailing = await mailOrg(trx, env, org.id)
    const mail = confirmSubscriptionMail(mailing, `${mailing.portalUrl}/subscribe/${token}`, CONFIRM_VALID_DAYS)
    await enqueueEmail(trx, { orgId: org.id, to: input.email, ...mail, secrets: [token] })
  })
}

export type ConfirmOutcome = 'confirmed' | 'blocked' | 'token-invalid'

/** The subscriber a confirmation link of this org names, while the link is valid (sent within 7 days, unused). */
async function linkSubscriber(db: Database, org: { id: string }, token: string) {
  if (!looksLikeToken(token)) return undefined
  const subscriber = await db
    .selectFrom('subscribers')
    .select(['id', 'email', 'confirm_sent_at'])
    .where('org_id', '=', org.id)
    .where('confirm_token_hash', '=', hashToken(token))
    .executeTakeFirst()
  const valid = subscriber?.confirm_sent_at && Date.now() - new Date(subscriber.confirm_sent_at).getTime() <= CONFIRM_VALID_DAYS * DAY_MS
  return valid ? subscriber : undefined
}

/** The confirmation page's button (POST): the link's subscriber confirmed, or why not. */
export async function confirmSubscription(db: Database, org: { id: string }, token: string): Promise<ConfirmOutcome> {
  const subscriber = await linkSubscriber(db, org, token)
  if (!subscriber) return 'token-invalid'
  if (await isSubscriptionBlocked(db, org.id, subscriber.email)) return 'blocked'
  await db
    .updateTable('subscribers')
    .set({ status: 'confirmed', confirmed_at: new Date(), unsubscribed_at: null, confirm_token_hash: null })
    .where('id', '=', subscriber.id)
    .execute()
  return 'confirmed'
}

/** Whether a confirmation link is one this org sent and still valid, for the page that shows its button. */
export async function confirmationState(db: Database, org: { id: string }, token: string): Promise<'valid' | 'token-invalid'> {
  return (await linkSubscriber(db, org, token)) ? 'valid' : 'token-invalid'
}

/** The e-mail an unsubscribe token names for this org, or null (forged, truncated, another org's). */
export function unsubscribeSubject(env: Env, org: { id: string }, token: unknown) {
  const subject = readUnsubscribeToken(env, token)
  return subject && subject.orgId === org.id ? subject.email : null
}

/**
 * Records the opt-out of the token's address: a subscriber's row becomes unsubscribed, and an address
 * that never subscribed (an audience list's recipient, a subscriber staff removed) gets one, so later
 * sends skip it too (RFC 8058). False only for a token that is not this org's. Twice succeeds twice.
 */
export async function unsubscribe(db: Database, env: Env, org: { id: string }, token: unknown) {
  const email = unsubscribeSubject(env, org, token)
  if (!email) return false
  const now = new Date()
  await db
    .insertInto('subscribers')
    .values({ org_id: org.id, email, source: 'staff', status: 'unsubscribed', unsubscribed_at: now })
    .onConflict((oc) =>
      oc.columns(['org_id', 'email']).doUpdateSet((eb) => ({
        status: 'unsubscribed',
        unsubscribed_at: eb.fn.coalesce('subscribers.unsubscribed_at', eb.val(now)),
        confirm_token_hash: null,
      })),
    )
    .execute()
  return true
}
