import { sql } from 'kysely'
import type { Database } from '../../db/index'

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
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscriber_blocks')
            .select(sql`1`.as('one'))
            .where('subscriber_blocks.org_id', '=', orgId)
            .where((eb) =>
              eb.or([
                eb('subscriber_blocks.pattern', '=', eb.ref('subscribers.email')),
                // A domain block covers its subdomains (server/subscriptions/blocks.ts).
                eb.and([
                  eb('subscriber_blocks.kind', '=', 'domain'),
                  eb.or([
                    eb(sql`split_part(subscribers.email, '@', 2)`, '=', eb.ref('subscriber_blocks.pattern')),
                    eb(sql`right(split_part(subscribers.email, '@', 2), length(subscriber_blocks.pattern) + 1)`, '=', sql`'.' || subscriber_blocks.pattern`),
                  ]),
                ]),
              ]),
            ),
        ),
      ),
    )
  if (audience === 'private') {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('account_members')
          .innerJoin('account_products', 'account_products.account_id', 'account_members.account_id')
          .select(sql`1`.as('one'))
          .where('account_members.org_id', '=', orgId)
          .whereRef('account_members.email', '=', 'subscribers.email')
          .where('account_products.access_expires_at', '>', sql<Date>`now()`),
      ),
    )
  }
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
