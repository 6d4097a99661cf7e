import type { Database } from '../../db/index'
import { jsonb } from '../../db/json'
import { orgProfile } from '../accounts/profiles'
import type { Env } from '../env'
import { recordAudit } from '../audit/record'
import { accessExpiredMail, approvedMail, loginLinkMail } from '../email/visitor-mails'
import { enqueueEmail } from '../email/outbox'
import { issueLoginLink, LOGIN_LINK_MINUTES } from './login-links'
import { mailOrg } from './mail-org'

export interface GrantInput {
  orgId: string
  productId: string
  /** The request being approved, when there is one (auto-approval and staff review both pass it). */
  requestId?: string | null
  person: { email: string; firstName: string; lastName: string }
  /** An existing account of the org, or a new one by name (its domain taken from the e-mail). */
  account: { id: string } | { name: string }
  profileId: string
  expiresAt: Date
  ndaRequired: boolean
  autoApproved: boolean
  /**
   * Staff decide the account's access to the product: its profile, expiry and NDA are set. A rule only
   * adds a member: an account that already has access keeps it exactly as staff left it.
   */
  setsAccess: boolean
  /** Who decided: a staff member's e-mail, or 'auto-approval'. */
  actor: string
}

export type GrantResult = { ok: true; accountId: string; memberId: string } | { ok: false; message: string }

/**
 * Gives a person access to a product: the account (found or created) gets the profile and expiry, the
 * person becomes its member, the request (if any) is marked approved, and a login link goes out by
 * e-mail, all in the caller's transaction. The one way access is granted, by staff or by a rule.
 */
export async function grantAccess(trx: Database, env: Env, input: GrantInput): Promise<GrantResult> {
  const profile = await orgProfile(trx, input.orgId, input.profileId, input.productId)
  if (!profile) return { ok: false, message: 'Choose a permission profile of this product.' }

  let accountId: string
  if ('id' in input.account) {
    const account = await trx.selectFrom('accounts').select('id').where('id', '=', input.account.id).where('org_id', '=', input.orgId).executeTakeFirst()
    if (!account) return { ok: false, message: 'This account no longer exists.' }
    accountId = account.id
  } else {
    const domain = input.person.email.split('@')[1]
    const created = await trx
      .insertInto('accounts')
      .values({ org_id: input.orgId, name: input.account.name, domains: jsonb(domain ? [domain] : []) })
      .returning('id')
      .executeTakeFirstOrThrow()
    accountId = created.id
  }

  await trx
    .insertInto('account_products')
    .values({ account_id: accountId, product_id: input.productId, permission_profile_id: profile.id, access_expires_at: input.expiresAt, nda_required: input.ndaRequired })
    .onConflict((oc) =>
      input.setsAccess
        ? oc
            .columns(['account_id', 'product_id'])
            .doUpdateSet({ permission_profile_id: profile.id, access_expires_at: input.expiresAt, nda_required: input.ndaRequired, expiry_notice_sent_at: null })
        : oc.columns(['account_id', 'product_id']).doNothing(),
    )
    .execute()

  const member = await trx
    .insertInto('account_members')
    .values({
      org_id: input.orgId,
      account_id: accountId,
      email: input.person.email,
      first_name: input.person.firstName,
      last_name: input.person.lastName,
      is_auto_approved: input.autoApproved,
    })
    .onConflict((oc) => oc.columns(['org_id', 'email']).doUpdateSet({ account_id: accountId, first_name: input.person.firstName, last_name: input.person.lastName }))
    .returning('id')
    .executeTakeFirstOrThrow()

  if (input.requestId) {
    await trx
      .updateTable('access_requests')
      .set({ status: 'approved', account_id: accountId, member_id: member.id, decided_at: new Date(), decided_by: input.actor })
      .where('id', '=', input.requestId)
      .where('org_id', '=', input.orgId)
      .execute()
  }

  await sendLoginMail(trx, env, { orgId: input.orgId, memberId: member.id, firstName: input.person.firstName, email: input.person.email }, 'approved')
  await recordAudit(trx, {
    orgId: input.orgId,
    actor: input.actor,
    action: input.autoApproved ? 'access.auto-approve' : 'access.approve',
    target: input.person.email,
    after: input.setsAccess
      ? {
          accountId,
          productId: input.productId,
          profileId: profile.id,
          expiresAt: input.expiresAt.toISOString(),
          ndaRequired: input.ndaRequired,
          requestId: input.requestId ?? null,
        }
      : { accountId, productId: input.productId, requestId: input.requestId ?? null },
  })
  return { ok: true, accountId, memberId: member.id }
}

const LOGIN_MAILS = { approved: approvedMail, login: loginLinkMail, expired: accessExpiredMail }

/** A login link for a member, e-mailed as an approval, a plain login link or the way to extend; the token is the mail's secret. */
export async function sendLoginMail(trx: Database, env: Env, member: { orgId: string; memberId: string; firstName: string; email: string }, kind: keyof typeof LOGIN_MAILS) {
  const org = await mailOrg(trx, env, member.orgId)
  const link = await issueLoginLink(trx, { orgId: member.orgId, memberId: member.memberId, portalUrl: org.portalUrl })
  const mail = LOGIN_MAILS[kind](org, member, link.url, LOGIN_LINK_MINUTES)
  await enqueueEmail(trx, { orgId: member.orgId, to: member.email, ...mail, secrets: [link.token] })
}

/** The default expiry for new access: the org's `default_access_days` from now. */
export async function defaultExpiry(db: Database, orgId: string) {
  const row = await db.selectFrom('portal_customizations').select('default_access_days').where('org_id', '=', orgId).executeTakeFirst()
  return new Date(Date.now() + (row?.default_access_days ?? 365) * 86_400_000)
}
