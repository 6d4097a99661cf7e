import type { Database } from '../../db/index'
import { hashToken, looksLikeToken, newToken } from '../auth/tokens'

/** A login link works once, for this long (PRODUCT.md section 3). */
export const LOGIN_LINK_MINUTES = 15

/** Where a login link points: a page whose Continue button POSTs, since mail scanners GET every link. */
export const loginLinkUrl = (portalUrl: string, token: string) => `${portalUrl}/access/${token}`

/**
 * A new login link for an account member; call it in the transaction that queues the mail carrying it,
 * and pass `token` as that mail's secret. Earlier unused links of the member stay valid until they expire.
 */
export async function issueLoginLink(db: Database, input: { orgId: string; memberId: string; portalUrl: string }) {
  const token = newToken()
  await db
    .insertInto('visitor_login_links')
    .values({
      token_hash: hashToken(token),
      org_id: input.orgId,
      member_id: input.memberId,
      expires_at: new Date(Date.now() + LOGIN_LINK_MINUTES * 60_000),
    })
    .execute()
  return { token, url: loginLinkUrl(input.portalUrl, token) }
}

export type LoginLinkState = 'valid' | 'used' | 'expired' | 'unknown'

/**
 * A link of the org with the member it was issued to, whatever its state: what its page says before anything
 * is consumed (reading changes nothing), the address it names, and where a fresh link goes. Undefined for a
 * token the org never issued.
 */
export async function loginLinkMember(db: Database, orgId: string, token: string | undefined) {
  if (!looksLikeToken(token)) return undefined
  const row = await db
    .selectFrom('visitor_login_links')
    .innerJoin('account_members', 'account_members.id', 'visitor_login_links.member_id')
    .select(['account_members.id', 'account_members.email', 'account_members.first_name', 'visitor_login_links.used_at', 'visitor_login_links.expires_at'])
    .where('visitor_login_links.token_hash', '=', hashToken(token))
    .where('visitor_login_links.org_id', '=', orgId)
    .where('account_members.org_id', '=', orgId)
    .executeTakeFirst()
  if (!row) return undefined
  const state: LoginLinkState = row.used_at ? 'used' : new Date(row.expires_at).getTime() <= Date.now() ? 'expired' : 'valid'
  return { id: row.id, email: row.email, first_name: row.first_name, state }
}

/** Marks the link used and returns its member, in one statement: two clicks cannot both sign in. */
export async function consumeLoginLink(db: Database, orgId: string, token: string | undefined): Promise<string | null> {
  if (!looksLikeToken(token)) return null
  const row = await db
    .updateTable('visitor_login_links')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('org_id', '=', orgId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('member_id')
    .executeTakeFirst()
  return row?.member_id ?? null
}
