import { sql, type RawBuilder } from 'kysely'

// What "live" access means, decided here once (docs/decisions/004-visibility.md): an account's access to a
// product is live until its expiry, and revoking it sets the expiry to now (server/accounts/accounts.ts).
// An account with live access to at least one of the org's products is a live account: its members, and
// staff previewing it, read private updates on every path, and a private update's mail reaches its members.

/** Access that expires at `expiresAt` is live at `now`. */
export const accessLive = (expiresAt: Date | string, now = Date.now()) => new Date(expiresAt).getTime() > now

/** An account (its products' expiries) is live when one of them is. */
export const accountLive = (access: Iterable<{ expired: boolean }>) => [...access].some((entry) => !entry.expired)

/** SQL: the account `accountId` (a column or a value) is live. */
export function liveAccountSql(accountId: RawBuilder<unknown>) {
  return sql<boolean>`exists (
    select 1 from account_products
    where account_products.account_id = ${accountId} and account_products.access_expires_at > now())`
}

/** SQL: `email` (a column or a value) is a member of one of the org's live accounts. */
function liveAccountMember(orgId: string, email: RawBuilder<unknown>) {
  return sql<boolean>`exists (
    select 1 from account_members
    where account_members.org_id = ${orgId} and account_members.email = ${email} and ${liveAccountSql(sql.ref('account_members.account_id'))})`
}

/** SQL: an update of `audience` may be e-mailed to `email`: a private one only to members of a live account (PRODUCT.md section 4). */
export function updateMailReaches(orgId: string, audience: 'public' | 'private', email: RawBuilder<unknown>) {
  return audience === 'private' ? liveAccountMember(orgId, email) : sql<boolean>`true`
}
