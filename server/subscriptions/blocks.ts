import type { Database } from '../../db/index'

// Blocked addresses and domains (PRODUCT.md section 4: a staff setting; blocked visitors cannot
// subscribe). A domain block covers its subdomains too: blocking example.com blocks mail.example.com.

/** The domain and every parent of it: `a.b.example.com` gives itself, `b.example.com`, `example.com`, `com`. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.split('.').filter(Boolean)
  return labels.map((_, index) => labels.slice(index).join('.'))
}

/** Whether `email` may not subscribe to the org: the address is blocked, or its domain or a parent domain is. */
export async function isSubscriptionBlocked(db: Database, orgId: string, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  const domains = at >= 0 ? domainAndParents(address.slice(at + 1)) : []
  const row = await db
    .selectFrom('subscriber_blocks')
    .select('id')
    .where('org_id', '=', orgId)
    .where((eb) => {
      const byAddress = eb.and([eb('kind', '=', 'email'), eb('pattern', '=', address)])
      return domains.length ? eb.or([byAddress, eb.and([eb('kind', '=', 'domain'), eb('pattern', 'in', domains)])]) : byAddress
    })
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}
