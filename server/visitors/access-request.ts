import emailProviders from 'email-providers/all.json'
import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { jsonStrings } from '../../db/json'
import { accessLive } from '../access/live'
import { orgProfile } from '../accounts/profiles'
import type { Env } from '../env'
import { readAccessRequestFields, type AccessRequestFields } from '../../app/lib/access-request-fields'
import type { AccessRequestInput } from '../../app/lib/schemas/access'
import { recordAudit } from '../audit/record'
import { enqueueEmail } from '../email/outbox'
import { extendRequestMail, newRequestMail, requestReceivedMail } from '../email/visitor-mails'
import { defaultExpiry, grantAccess, sendLoginMail } from './grant'
import { findColleagueInvite } from './invites'
import { mailOrg, requestReviewers } from './mail-org'

/** The spec's access feedback types, plus request_sent for a new request waiting for review. */
export type AccessOutcome =
  | 'request_sent'
  | 'request_approved'
  | 'account_already_exists'
  | 'pending_request'
  | 'request_declined'
  | 'request_declined_blocked_domain'
  | 'request_declined_third_party'
  | 'request_access_auto_declined'
  | 'access_expired'
  | 'not_work_email'
  | 'unique_violation'

export interface AccessSettings {
  fields: AccessRequestFields
  blockedDomains: string[]
  freeMailDomains: string[]
  autoApprove: 'never' | 'domains' | 'always'
  autoApproveDomains: string[]
  autoApproveProfileId: string | null
  ndaRequired: boolean
}

const strings = (value: unknown) => jsonStrings(value).map((entry) => entry.toLowerCase())

export async function loadAccessSettings(db: Database, orgId: string): Promise<AccessSettings> {
  const row = await db
    .selectFrom('portal_customizations')
    .innerJoin('orgs', 'orgs.id', 'portal_customizations.org_id')
    .select([
      'portal_customizations.access_request_fields',
      'portal_customizations.blocked_domains',
      'portal_customizations.free_mail_domains',
      'portal_customizations.auto_approve',
      'portal_customizations.auto_approve_domains',
      'portal_customizations.auto_approve_profile_id',
      'orgs.nda_type',
    ])
    .where('portal_customizations.org_id', '=', orgId)
    .executeTakeFirstOrThrow()
  return {
    fields: readAccessRequestFields(row.access_request_fields),
    blockedDomains: strings(row.blocked_domains),
    freeMailDomains: strings(row.free_mail_domains),
    autoApprove: row.auto_approve === 'domains' || row.auto_approve === 'always' ? row.auto_approve : 'never',
    autoApproveDomains: strings(row.auto_approve_domains),
    autoApproveProfileId: row.auto_approve_profile_id,
    ndaRequired: row.nda_type === 'clickwrap',
  }
}

const FREE_MAIL = new Set<string>(emailProviders as string[])

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase()

/** The org's oldest account that lists the e-mail's domain (account domains are stored lowercased). */
export async function accountByDomain(db: Database, orgId: string, email: string) {
  const domain = emailDomain(email)
  if (!domain) return null
  const account = await db
    .selectFrom('accounts')
    .select('id')
    .where('org_id', '=', orgId)
    .where(sql<boolean>`domains @> ${JSON.stringify([domain])}::jsonb`)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst()
  return account?.id ?? null
}

/** A domain, or any parent of it, in a list: blocking example.com blocks mail.example.com too. */
export function domainListed(domain: string, list: readonly string[]) {
  return list.some((entry) => domain === entry || domain.endsWith(`.${entry}`))
}

/** A free e-mail provider: the maintained email-providers list, plus the org's own additions. */
export function isFreeMail(email: string, orgAdditions: readonly string[] = []) {
  const domain = emailDomain(email)
  return FREE_MAIL.has(domain) || domainListed(domain, orgAdditions)
}

const DECLINED: Record<string, AccessOutcome> = {
  declined: 'request_declined',
  declined_third_party: 'request_declined_third_party',
  declined_auto: 'request_access_auto_declined',
}

export interface RequestMeta {
  ip: string | null
  userAgent: string | null
}

/**
 * The server's decision on a Request Access submission, in the order PRODUCT.md section 3 fixes
 * (input was validated by the caller). Everything it writes, mails included, is one transaction.
 */
export async function submitAccessRequest(
  db: Database,
  env: Env,
  org: { id: string },
  input: AccessRequestInput,
  meta: RequestMeta,
): Promise<{ outcome: AccessOutcome; email: string }> {
  const settings = await loadAccessSettings(db, org.id)
  const email = input.email
  const domain = emailDomain(email)
  const answer = (outcome: AccessOutcome) => ({ outcome, email })

  if (isFreeMail(email, settings.freeMailDomains)) return answer('not_work_email')
  if (domainListed(domain, settings.blockedDomains)) return answer('request_declined_blocked_domain')

  const member = await db
    .selectFrom('account_members')
    .leftJoin('account_products', (join) => join.onRef('account_products.account_id', '=', 'account_members.account_id').on('account_products.product_id', '=', input.productId))
    .select(['account_members.id', 'account_members.first_name', 'account_products.access_expires_at'])
    .where('account_members.org_id', '=', org.id)
    .where('account_members.email', '=', email)
    .executeTakeFirst()
  if (member?.access_expires_at) {
    if (accessLive(member.access_expires_at)) {
      await db.transaction().execute((trx) => sendLoginMail(trx, env, { orgId: org.id, memberId: member.id, firstName: member.first_name, email }, 'login'))
      return answer('account_already_exists')
    }
    return answer('access_expired')
  }

  const earlier = await db
    .selectFrom('access_requests')
    .select(['status'])
    .where('org_id', '=', org.id)
    .where('email', '=', email)
    .where('kind', '=', 'access')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (earlier?.status === 'pending') return answer('pending_request')
  if (earlier && DECLINED[earlier.status]) return answer(DECLINED[earlier.status])

  const approval = await autoApproval(db, org.id, settings, input)
  try {
    return await db.transaction().execute(async (trx) => {
      const request = await trx
        .insertInto('access_requests')
        .values({
          org_id: org.id,
          product_id: input.productId,
          email,
          first_name: input.firstName,
          last_name: input.lastName,
          company_name: input.companyName,
          job_title: input.jobTitleTextField ?? null,
          point_of_contact: input.pointOfContactField ?? null,
          relationship: input.relationshipDropdown ?? null,
          country: input.countriesDropdown ?? null,
          custom_checkbox: input.customCheckbox === 'on' ? true : null,
          subscribe: input.subscribe === 'on',
          item_uid: input.itemUid ?? null,
          source: input.source ?? null,
          invite_id: approval?.inviteId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (approval) {
        const granted = await grantAccess(trx, env, {
          orgId: org.id,
          productId: input.productId,
          requestId: request.id,
          person: { email, firstName: input.firstName, lastName: input.lastName },
          account: approval.accountId ? { id: approval.accountId } : { name: input.companyName },
          profileId: approval.profileId,
          expiresAt: await defaultExpiry(trx, org.id),
          ndaRequired: settings.ndaRequired,
          autoApproved: true,
          setsAccess: false,
          actor: 'auto-approval',
        })
        if (granted.ok) {
          if (approval.inviteId) await trx.updateTable('account_invites').set({ used_at: new Date() }).where('id', '=', approval.inviteId).execute()
          return answer('request_approved')
        }
        throw new Error(`Auto-approval failed: ${granted.message}`)
      }
      const mailing = await mailOrg(trx, env, org.id)
      await enqueueEmail(trx, { orgId: org.id, to: email, ...requestReceivedMail(mailing, { firstName: input.firstName }) })
      const product = await trx.selectFrom('products').select('name').where('id', '=', input.productId).executeTakeFirst()
      const reviewUrl = `${env.APP_URL}/access-requests?status=pending`
      const notice = newRequestMail(
        mailing,
        {
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          companyName: input.companyName,
          jobTitle: input.jobTitleTextField,
          relationship: input.relationshipDropdown,
          country: input.countriesDropdown,
          productName: product?.name ?? null,
        },
        reviewUrl,
      )
      for (const reviewer of await requestReviewers(trx, org.id)) await enqueueEmail(trx, { orgId: org.id, to: reviewer, ...notice })
      await recordAudit(trx, { orgId: org.id, actor: email, action: 'access.request', target: request.id, ip: meta.ip, userAgent: meta.userAgent })
      return answer('request_sent')
    })
  } catch (error) {
    // Two submissions for one address racing past the pending check: the index lets one through.
    if (isUniqueViolation(error)) return answer('unique_violation')
    throw error
  }
}

/** Which rule, if any, approves this request at once, and into which account and profile. */
async function autoApproval(db: Database, orgId: string, settings: AccessSettings, input: AccessRequestInput) {
  if (input.inviteToken) {
    const invite = await findColleagueInvite(db, orgId, input.inviteToken)
    if (invite && invite.email === input.email) {
      const access = await accountAccess(db, invite.accountId, input.productId)
      if (access?.live) return { inviteId: invite.id, accountId: invite.accountId, profileId: access.profileId }
    }
  }
  const domain = emailDomain(input.email)
  const byRule = settings.autoApprove === 'always' || (settings.autoApprove === 'domains' && domainListed(domain, settings.autoApproveDomains))
  if (!byRule) return null
  // A member asking for another product stays in their own account; otherwise the account of the org
  // that owns the domain takes the requester in, with its own profile when it has one.
  const member = await db.selectFrom('account_members').select('account_id').where('org_id', '=', orgId).where('email', '=', input.email).executeTakeFirst()
  const accountId = member?.account_id ?? (await accountByDomain(db, orgId, input.email))
  const access = accountId ? await accountAccess(db, accountId, input.productId) : null
  // Access staff revoked or let expire stays so until staff decide: the request goes to review.
  if (access && !access.live) return null
  const autoProfile = settings.autoApproveProfileId ? await orgProfile(db, orgId, settings.autoApproveProfileId, input.productId) : undefined
  const profileId = access?.profileId ?? autoProfile?.id
  if (!profileId) return null
  return { inviteId: null, accountId, profileId }
}

/** An account's access to a product: its profile, and whether it is live. */
async function accountAccess(db: Database, accountId: string, productId: string) {
  const row = await db
    .selectFrom('account_products')
    .select(['permission_profile_id', 'access_expires_at'])
    .where('account_id', '=', accountId)
    .where('product_id', '=', productId)
    .executeTakeFirst()
  return row ? { profileId: row.permission_profile_id, live: accessLive(row.access_expires_at) } : null
}

function isUniqueViolation(error: unknown) {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505'
}

/**
 * The Login tab: a member of one of the org's accounts gets a login link by e-mail (an expired one too:
 * signed in, they see the access-expired dialog and can ask to extend). Anyone else gets nothing. The
 * caller answers every address the same way, so the form tells nobody who has an account.
 */
export async function requestLoginLink(db: Database, env: Env, org: { id: string }, email: string, allowed: boolean) {
  if (!allowed) return
  const member = await db
    .selectFrom('account_members')
    .select(['id', 'first_name'])
    .where('org_id', '=', org.id)
    .where('email', '=', email)
    .executeTakeFirst()
  if (!member) return
  await db.transaction().execute((trx) => sendLoginMail(trx, env, { orgId: org.id, memberId: member.id, firstName: member.first_name, email }, 'login'))
}

export type ExtendOutcome = 'request_sent' | 'already_has_access' | 'already_requested' | 'error'

/** An expired member asks for more time: a kind 'extend' request joins the staff queue (PRODUCT.md section 3). */
export async function requestExtension(
  db: Database,
  env: Env,
  org: { id: string },
  memberId: string,
  productId: string,
  /** Asked for by address, not signed in: only access that existed and expired can be extended. */
  options: { onlyExpired?: boolean } = {},
): Promise<ExtendOutcome> {
  const member = await db
    .selectFrom('account_members')
    .innerJoin('accounts', 'accounts.id', 'account_members.account_id')
    .leftJoin('account_products', (join) => join.onRef('account_products.account_id', '=', 'account_members.account_id').on('account_products.product_id', '=', productId))
    .select([
      'account_members.id',
      'account_members.email',
      'account_members.first_name',
      'account_members.last_name',
      'accounts.name as account_name',
      'account_products.access_expires_at',
    ])
    .where('account_members.id', '=', memberId)
    .where('account_members.org_id', '=', org.id)
    .executeTakeFirst()
  if (!member) return 'error'
  if (member.access_expires_at && accessLive(member.access_expires_at)) return 'already_has_access'
  if (options.onlyExpired && !member.access_expires_at) return 'error'
  try {
    return await db.transaction().execute(async (trx) => {
      const pending = await trx.selectFrom('access_requests').select('id').where('org_id', '=', org.id).where('email', '=', member.email).where('status', '=', 'pending').executeTakeFirst()
      if (pending) return 'already_requested' as const
      const request = await trx
        .insertInto('access_requests')
        .values({
          org_id: org.id,
          product_id: productId,
          kind: 'extend',
          member_id: member.id,
          email: member.email,
          first_name: member.first_name,
          last_name: member.last_name,
          company_name: member.account_name,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const mailing = await mailOrg(trx, env, org.id)
      const notice = extendRequestMail(
        mailing,
        { firstName: member.first_name, lastName: member.last_name, email: member.email, accountName: member.account_name },
        `${env.APP_URL}/access-requests?status=pending`,
      )
      for (const reviewer of await requestReviewers(trx, org.id)) await enqueueEmail(trx, { orgId: org.id, to: reviewer, ...notice })
      await recordAudit(trx, { orgId: org.id, actor: member.email, action: 'access.extend-request', target: request.id })
      return 'request_sent' as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return 'already_requested'
    throw error
  }
}
