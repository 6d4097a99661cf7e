import type { Database } from '../../db/index'
import { memberViewer, type PortalViewer } from '../access/viewer'
import { recordAudit } from '../audit/record'
import { hashToken, looksLikeToken, newToken } from '../auth/tokens'
import type { RequestMeta } from '../visitors/access-request'
import { VISITOR_MEMBER_COLUMNS, visitorMember, type VisitorMember } from '../visitors/sessions'
import type { TprmPartner } from './partners'

// TPRM tokens (spec sections 2.7 and 9; docs/trust-data.md): a member makes one for a partner tool, sees
// it once, and the tool fetches `{portal}/trust.json` with it for 24 hours. The table keeps the SHA-256
// only. A fetch answers what the member's account may see at that moment, never what it could when the
// token was made: the viewer is built again from the account's grants on every fetch.

const TPRM_TOKEN_HOURS = 24
const HOUR_MS = 60 * 60 * 1000

export interface CreatedTprmToken {
  token: string
  partner: TprmPartner
  expiresAt: string
}

/** A new token of `member` for one of the org's partners; null when the org lists no such partner. */
export async function createTprmToken(db: Database, member: VisitorMember, partnerId: string, meta: RequestMeta): Promise<CreatedTprmToken | null> {
  return db.transaction().execute(async (trx) => {
    const partner = await trx.selectFrom('tprm_partners').select(['id', 'name', 'domain']).where('id', '=', partnerId).where('org_id', '=', member.orgId).executeTakeFirst()
    if (!partner) return null
    const token = newToken()
    const expiresAt = new Date(Date.now() + TPRM_TOKEN_HOURS * HOUR_MS)
    const row = await trx
      .insertInto('tprm_tokens')
      .values({
        org_id: member.orgId,
        account_id: member.accountId,
        member_id: member.id,
        partner_id: partner.id,
        token_hash: hashToken(token),
        expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      orgId: member.orgId,
      actor: member.email,
      action: 'tprm.token',
      target: partner.name,
      after: { tokenId: row.id, partner: partner.domain, account: member.accountName, expiresAt: expiresAt.toISOString() },
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
    return { token, partner, expiresAt: expiresAt.toISOString() }
  })
}

/** The token of an `Authorization: Bearer …` header, or null for anything else. */
export function bearerToken(authorization: string | null) {
  const match = /^Bearer +([A-Za-z0-9_-]+)\s*$/i.exec(authorization ?? '')
  return match && looksLikeToken(match[1]) ? match[1] : null
}

export interface TprmFetch {
  viewer: PortalViewer
  tokenId: string
  partner: TprmPartner
}

/**
 * The viewer a TPRM token fetches as: the member who made it, with their account's access as of now.
 * Null for a token that is unknown, expired, of another org, or of an org that switched TPRM off.
 */
export async function tprmViewer(db: Database, orgId: string, token: string): Promise<TprmFetch | null> {
  const row = await db
    .selectFrom('tprm_tokens')
    .innerJoin('tprm_partners', 'tprm_partners.id', 'tprm_tokens.partner_id')
    .innerJoin('account_members', 'account_members.id', 'tprm_tokens.member_id')
    .innerJoin('accounts', 'accounts.id', 'account_members.account_id')
    .innerJoin('portal_customizations', 'portal_customizations.org_id', 'tprm_tokens.org_id')
    .select([
      'tprm_tokens.id as token_id',
      'tprm_partners.id as partner_id',
      'tprm_partners.name as partner_name',
      'tprm_partners.domain as partner_domain',
      ...VISITOR_MEMBER_COLUMNS,
    ])
    .where('tprm_tokens.token_hash', '=', hashToken(token))
    .where('tprm_tokens.org_id', '=', orgId)
    .where('tprm_tokens.expires_at', '>', new Date())
    // The member must still belong to the account the token was made for.
    .whereRef('account_members.account_id', '=', 'tprm_tokens.account_id')
    .where('portal_customizations.tprm_enabled', '=', true)
    .executeTakeFirst()
  if (!row) return null
  // No session: the token stands in for one.
  const member = visitorMember(row, `tprm:${row.token_id}`)
  const viewer = await memberViewer(db, orgId, member)
  if (!viewer) return null
  return { viewer, tokenId: row.token_id, partner: { id: row.partner_id, name: row.partner_name, domain: row.partner_domain } }
}

/** A fetch that answered data: when the token was last used, and an audit entry. */
export async function recordTprmFetch(db: Database, fetched: TprmFetch, meta: RequestMeta) {
  const member = fetched.viewer.account!.member!
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('tprm_tokens').set({ last_used_at: new Date() }).where('id', '=', fetched.tokenId).execute()
    await recordAudit(trx, {
      orgId: member.orgId,
      actor: member.email,
      action: 'tprm.fetch',
      target: fetched.partner.name,
      after: { tokenId: fetched.tokenId, partner: fetched.partner.domain, account: member.accountName },
      ip: meta.ip,
      userAgent: meta.userAgent,
    })
  })
}
