import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { updateMailReaches } from '../access/live'
import { subscriberBlocked } from '../subscriptions/blocks'

/**
 * Who an update e-mailed to "all confirmed subscribers" reaches: confirmed subscribers of the org, not
 * blocked (by address or domain); for a private update only members of a live account (updateMailReaches).
 * Ordered by e-mail so a fan-out can walk it in keyset batches (`after`).
 */
export function subscriberRecipients(db: Database, orgId: string, audience: 'public' | 'private', options: { after?: string | null; limit?: number } = {}) {
  let query = db
    .selectFrom('subscribers')
    .select('subscribers.email')
    .where('subscribers.org_id', '=', orgId)
    .where('subscribers.status', '=', 'confirmed')
    .where(sql<boolean>`not ${subscriberBlocked}`)
    .where(updateMailReaches(orgId, audience, sql.ref('subscribers.email')))
  if (options.after) query = query.where('subscribers.email', '>', options.after)
  query = query.orderBy('subscribers.email')
  return options.limit ? query.limit(options.limit) : query
}

/** How many an update e-mailed to all confirmed subscribers would reach now, shown before sending. */
export async function countSubscriberRecipients(db: Database, orgId: string, audience: 'public' | 'private') {
  const row = await db
    .selectFrom(subscriberRecipients(db, orgId, audience).clearOrderBy().as('recipients'))
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
