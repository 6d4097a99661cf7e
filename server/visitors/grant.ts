import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { itemTitle } from '../../app/lib/catalogue/index'
import { accessParams, itemUnlockedSql } from '../access/sql'
import { grantedAccess, ndaPending } from '../access/viewer'
import { PUBLIC_VIEWER, type PublicAccessLevel } from '../access/visibility'
import { jsonb } from '../../db/json'
import { orgProfile } from '../accounts/profiles'
import type { Env } from '../env'
import { recordAudit } from '../audit/record'
import { accessExpiredMail, approvedMail, loginLinkMail, type ApprovalSummary } from '../email/visitor-mails'
import { enqueueEmail } from '../email/outbox'
import { issueLoginLink, LOGIN_LINK_MINUTES, loginLinkMember } from './login-links'
import { hitRateLimit, recipientCapAllows } from '../auth/rate-limit'
import { throttledAddress } from '../http/client-address'
import { TooManyRequests } from '../errors'
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

  const approval = await approvalSummary(trx, input.orgId, accountId, input.productId)
  await sendLoginMail(trx, env, { orgId: input.orgId, memberId: member.id, firstName: input.person.firstName, email: input.person.email }, 'approved', approval)
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

/** The restricted documents an approval mail names by title; past these it says how many more. */
const APPROVAL_DOCUMENTS = 5

/**
 * What an approval opens, as its mail tells the requester: the product, the profile, until when, the
 * restricted documents it unlocks (titles of items with files the account finds unlocked and the public does not)
 * and whether the NDA comes first. Null when the account holds no access to the product.
 */
async function approvalSummary(trx: Database, orgId: string, accountId: string, productId: string): Promise<ApprovalSummary | null> {
  const granted = await grantedAccess(trx, orgId, accountId, productId)
  if (!granted) return null
  const place = await trx
    .selectFrom('products')
    .innerJoin('orgs', 'orgs.id', 'products.org_id')
    .select(['products.name', 'orgs.public_access_level'])
    .where('products.id', '=', productId)
    .where('orgs.id', '=', orgId)
    .executeTakeFirstOrThrow()
  const level = place.public_access_level as PublicAccessLevel
  // What the grant opens: unlocked for the account, not for the public (the access policy decides both).
  const p = accessParams(granted.viewer, level, productId)
  const everyone = accessParams(PUBLIC_VIEWER, level, productId)
  const { rows } = await sql<{ title: string | null; catalogue_uid: string | null; total: string | number }>`
    select i.title, i.catalogue_uid, count(*) over () as total from items i
    left join cards c on c.product_id = i.product_id and c.kind = i.card_kind
    where i.product_id = ${productId} and exists (select 1 from item_files f where f.item_id = i.id)
      and ${itemUnlockedSql(p, 'i', 'c')} and not ${itemUnlockedSql(everyone, 'i', 'c')}
    order by i.position nulls last, i.title
    limit ${APPROVAL_DOCUMENTS}`.execute(trx)
  const documents = rows.map(itemTitle).filter(Boolean)
  return {
    productName: place.name,
    profileName: granted.access.profileName,
    expiresAt: granted.access.expiresAt,
    documents,
    moreDocuments: rows.length ? Number(rows[0].total) - rows.length : 0,
    ndaNext: ndaPending(granted.account, productId),
  }
}

/** A login link for a member, e-mailed as an approval, a plain login link or the way to extend; the token is the mail's secret. */
export async function sendLoginMail(
  trx: Database,
  env: Env,
  member: { orgId: string; memberId: string; firstName: string; email: string },
  kind: keyof typeof LOGIN_MAILS,
  approval: ApprovalSummary | null = null,
) {
  const org = await mailOrg(trx, env, member.orgId)
  const link = await issueLoginLink(trx, { orgId: member.orgId, memberId: member.memberId, portalUrl: org.portalUrl })
  const mail = kind === 'approved' ? approvedMail(org, member, link.url, LOGIN_LINK_MINUTES, approval) : LOGIN_MAILS[kind](org, member, link.url, LOGIN_LINK_MINUTES)
  await enqueueEmail(trx, { orgId: member.orgId, to: member.email, ...mail, secrets: [link.token] })
}

/** Fresh links asked for from one address, from pages of expired or used links. */
const RESEND_PER_ADDRESS = { limit: 10, windowSeconds: 60 * 60 }

/**
 * "E-mail me a new link" on the page of a login link that expired or was used: a fresh link to the member it
 * was issued to, within the recipient cap (so whoever holds an old link can only send the member their own
 * link, a few times an hour). A token the org never issued sends nothing; the page answers the same.
 */
export async function resendLoginLink(db: Database, env: Env, orgId: string, token: string | undefined, clientAddress: string) {
  const hit = await hitRateLimit(db, `login-link-resend:ip:${throttledAddress(clientAddress)}`, RESEND_PER_ADDRESS.limit, RESEND_PER_ADDRESS.windowSeconds)
  if (!hit.allowed) throw new TooManyRequests(`Too many attempts. Please try again in ${Math.ceil(hit.retryAfterSeconds / 60)} minutes.`, hit.retryAfterSeconds)
  const member = await loginLinkMember(db, orgId, token)
  if (!member) return
  await db.transaction().execute(async (trx) => {
    if (await recipientCapAllows(trx, 'access', member.email))
      await sendLoginMail(trx, env, { orgId, memberId: member.id, firstName: member.first_name, email: member.email }, 'login')
  })
}

/** The default expiry for new access: the org's `default_access_days` from now. */
export async function defaultExpiry(db: Database, orgId: string) {
  const row = await db.selectFrom('portal_customizations').select('default_access_days').where('org_id', '=', orgId).executeTakeFirst()
  return new Date(Date.now() + (row?.default_access_days ?? 365) * 86_400_000)
}
