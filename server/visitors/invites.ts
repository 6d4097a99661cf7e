import type { Database } from '../../db/index'
import type { Env } from '../env'
import { recordAudit } from '../audit/record'
import { recipientCapAllows } from '../auth/rate-limit'
import { hashToken, looksLikeToken, newToken } from '../auth/tokens'
import { enqueueEmail } from '../email/outbox'
import { colleagueInviteMail } from '../email/visitor-mails'
import { emailDomain, loadAccessSettings, typedAddressRefusal } from './access-request'
import { mailOrg } from './mail-org'
import type { VisitorMember } from './sessions'

const INVITE_DAYS = 14

/** An open colleague invitation by its token, for this org only; null when unknown, used or expired. */
export async function findColleagueInvite(db: Database, orgId: string, token: string | undefined | null) {
  if (!looksLikeToken(token)) return null
  const row = await db
    .selectFrom('account_invites')
    .select(['id', 'account_id', 'email'])
    .where('token_hash', '=', hashToken(token))
    .where('org_id', '=', orgId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst()
  return row ? { id: row.id, accountId: row.account_id, email: row.email } : null
}

/**
 * Why each address the request form would refuse cannot be invited: an invitation to an address that
 * can never get access only relays the inviter's words from the org's sender.
 */
export async function refusedInvitees(db: Database, orgId: string, emails: readonly string[]) {
  const settings = await loadAccessSettings(db, orgId)
  return emails.flatMap((email) => {
    const refusal = typedAddressRefusal(email, settings)
    if (refusal === 'not_work_email') return [`"${email}" is not a work email: invite colleagues at their work address`]
    if (refusal) return [`"${email}" cannot be invited: requests from ${emailDomain(email)} are not accepted`]
    return []
  })
}

/**
 * A member invites colleagues: each gets a link to the portal with `inviteToken`, which opens the request
 * form prefilled and approves them into the same account. One transaction for all of them; an inbox
 * over its invitation cap is skipped without a word, like every capped mail.
 */
export async function inviteColleagues(db: Database, env: Env, member: VisitorMember, input: { emails: string[]; message?: string }) {
  const org = await mailOrg(db, env, member.orgId)
  await db.transaction().execute(async (trx) => {
    for (const email of input.emails) {
      if (!(await recipientCapAllows(trx, 'invitation', email))) continue
      const token = newToken()
      await trx
        .insertInto('account_invites')
        .values({
          org_id: member.orgId,
          account_id: member.accountId,
          invited_by: member.id,
          email,
          message: input.message || null,
          token_hash: hashToken(token),
          expires_at: new Date(Date.now() + INVITE_DAYS * 86_400_000),
        })
        .execute()
      const url = `${org.portalUrl}?inviteToken=${token}`
      const mail = colleagueInviteMail(org, { inviterName: `${member.firstName} ${member.lastName}`, accountName: member.accountName, message: input.message || null }, url)
      await enqueueEmail(trx, { orgId: member.orgId, to: email, ...mail, secrets: [token] })
    }
    await recordAudit(trx, { orgId: member.orgId, actor: member.email, action: 'account.invite-colleagues', target: member.accountId, after: { emails: input.emails } })
  })
}
