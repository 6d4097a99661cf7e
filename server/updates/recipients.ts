import { sql, type RawBuilder } from 'kysely'
import type { Database } from '../../db/index'
import { subscriberBlocked } from '../subscriptions/blocks'

/** Whether `email` (a column or a value) is a member of one of the org's accounts with live access: who a private update reaches. */
export function liveAccountMember(orgId: string, email: RawBuilder<unknown>) {
  return sql<boolean>`exists (
    select 1 from account_members
    join account_products on account_products.account_id = account_members.account_id
    where account_members.org_id = ${orgId} and account_members.email = ${email} and account_products.access_expires_at > now())`
}

/**
 * Who an update e-mailed to "all confirmed subscribers" reaches: confirmed subscribers of the org, not
 * blocked (by address or domain); for a private update only those who are members of an account with live
 * access to one of the org's products (PRODUCT.md section 4: private updates are for accounts). Ordered by
 * e-mail so a fan-out can walk it in keyset batches (`after`).
 */
export function subscriberRecipients(db: Database, orgId: string, audience: 'public' | 'private', options: { after?: string | null; limit?: number } = {}) {
  let query = db
    .selectFrom('subscribers')
    .select('subscribers.email')
    .where('subscribers.org_id', '=', orgId)
    .where('subscribers.status', '=', 'confirmed')
    .where(sql<boolean>`not ${subscriberBlocked}`)
  if (audience === 'private') query = query.where(liveAccountMember(orgId, sql.ref('subscribers.email')))
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
