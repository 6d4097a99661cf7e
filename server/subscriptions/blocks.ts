import { sql, type RawBuilder } from 'kysely'
import type { Database } from '../../db/index'

// Blocked addresses and domains (PRODUCT.md section 4: a staff setting; blocked visitors cannot
// subscribe). A domain block covers its subdomains too: blocking example.com blocks mail.example.com.
// One rule, as SQL, for one address (subscribing, confirming, an audience list) and for every row of
// subscribers (the recipients of an update, the /subscribers list and its export).

/** The domain and every parent of it: `a.b.example.com` gives itself, `b.example.com`, `example.com`, `com`. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.split('.').filter(Boolean)
  return labels.map((_, index) => labels.slice(index).join('.'))
}

/** Whether the org blocks the address `email` (a column or a value): the address itself, or its domain or a parent domain. */
export function addressBlocked(orgId: RawBuilder<unknown>, email: RawBuilder<unknown>) {
  return sql<boolean>`exists (
    select 1 from subscriber_blocks
    where subscriber_blocks.org_id = ${orgId}
      and (subscriber_blocks.pattern = ${email}
        or (subscriber_blocks.kind = 'domain'
          and (split_part(${email}, '@', 2) = subscriber_blocks.pattern
            or right(split_part(${email}, '@', 2), length(subscriber_blocks.pattern) + 1) = '.' || subscriber_blocks.pattern))))`
}

/** The rule for a row of subscribers. */
export const subscriberBlocked = addressBlocked(sql.ref('subscribers.org_id'), sql.ref('subscribers.email'))

/** Whether `email` may not subscribe to the org: the address is blocked, or its domain or a parent domain is. */
export async function isSubscriptionBlocked(db: Database, orgId: string, email: string): Promise<boolean> {
  const { rows } = await sql<{ blocked: boolean }>`select ${addressBlocked(sql.val(orgId), sql.val(email.trim().toLowerCase()))} as blocked`.execute(db)
  return rows[0].blocked
}
