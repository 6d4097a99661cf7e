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
import { declinedMail, extendRequestMail, newRequestMail, noAccessYetMail, requestPendingMail, requestReceivedMail } from '../email/visitor-mails'
import { recipientCapAllows } from '../auth/rate-limit'
import { withQuery } from '../../app/lib/format'
import { defaultExpiry, grantAccess, sendLoginMail } from './grant'
import { findColleagueInvite } from './invites'
import { mailOrg, notifyReviewers } from './mail-org'

/**
 * What the Request Access tab answers on screen: only what follows from the address typed (decision 013).
 * Where the person stands (a member, live or expired; a request pending or declined) goes by e-mail.
 */
export type AccessOutcome = 'request_sent' | 'request_approved' | 'request_declined_blocked_domain' | 'not_work_email' | 'unique_violation'

export interface AccessSettings {
  fields: AccessRequestFields
  blockedDomains: string[]
  freeMailDomains: string[]
  autoApprove: 'never' | 'domains' | 'always'
  autoApproveDomains: string[]
  autoApproveProfileId: string | null
  ndaRequired: boolean
  /** The org's usual reply time in business days, which the Request Access dialog states. */
  reviewDays: number
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
      'portal_customizations.review_days',
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
    reviewDays: row.review_days,
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
function domainListed(domain: string, list: readonly string[]) {
  return list.some((entry) => domain === entry || domain.endsWith(`.${entry}`))
}

/** A free e-mail provider: the maintained email-providers list, plus the org's own additions. */
function isFreeMail(email: string, orgAdditions: readonly string[] = []) {
  const domain = emailDomain(email)
  return FREE_MAIL.has(domain) || domainListed(domain, orgAdditions)
}

/** The answers decided by the typed address alone: a free provider, a blocked domain, or nothing to say. */
export function typedAddressRefusal(email: string, settings: Pick<AccessSettings, 'freeMailDomains' | 'blockedDomains'>) {
  if (isFreeMail(email, settings.freeMailDomains)) return 'not_work_email' as const
  if (domainListed(emailDomain(email), settings.blockedDomains)) return 'request_declined_blocked_domain' as const
  return null
}

const DECLINED = ['declined', 'declined_third_party', 'declined_auto']

export interface RequestMeta {
  ip: string | null
  userAgent: string | null
}

/**
 * The server's decision on a Request Access submission, in the order PRODUCT.md section 3 fixes
 * (input was validated by the caller). Everything it writes, mails included, is one transaction. What it
 * answers depends on the typed address only; a member or an earlier requester is told the rest by e-mail.
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
  const answer = (outcome: AccessOutcome) => ({ outcome, email })

  const refusal = typedAddressRefusal(email, settings)
  if (refusal) return answer(refusal)

  // What anyone typing this address is told: approved at once by a rule or invitation, else sent.
  const shown = (await autoApproval(db, org.id, settings, input, { asStranger: true })) ? 'request_approved' : 'request_sent'
  if (await mailStanding(db, env, org.id, email, input.productId, 'request')) return answer(shown)

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
          return answer(shown)
        }
        throw new Error(`Auto-approval failed: ${granted.message}`)
      }
      const mailing = await mailOrg(trx, env, org.id)
      if (await recipientCapAllows(trx, 'access', email)) {
        await enqueueEmail(trx, { orgId: org.id, to: email, ...requestReceivedMail(mailing, { firstName: input.firstName }) })
      }
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
      await notifyReviewers(trx, org.id, notice)
      await recordAudit(trx, { orgId: org.id, actor: email, action: 'access.request', target: request.id, ip: meta.ip, userAgent: meta.userAgent })
      return answer(shown)
    })
  } catch (error) {
    // Two submissions for one address racing past the pending check: the index lets one through.
    if (isUniqueViolation(error)) return answer('unique_violation')
    throw error
  }
}

/**
 * Tells an address by e-mail where it stands, within the recipient cap: a member a login link (an
 * expired one, the way to extend); an earlier requester that the request is pending or was declined;
 * on the Login tab, anyone else how to request access. False when the Request Access tab is to go on
 * and file a new request (no member with access to the product, no request pending or declined).
 */
async function mailStanding(db: Database, env: Env, orgId: string, email: string, productId: string | null, tab: 'request' | 'login') {
  const member = await db
    .selectFrom('account_members')
    .leftJoin('account_products', (join) =>
      join.onRef('account_products.account_id', '=', 'account_members.account_id').on((eb) => (productId ? eb('account_products.product_id', '=', productId) : eb.lit(false))),
    )
    .select(['account_members.id', 'account_members.first_name', 'account_products.access_expires_at'])
    .where('account_members.org_id', '=', orgId)
    .where('account_members.email', '=', email)
    .executeTakeFirst()
  // A member of an account without this product goes on down the list when requesting it.
  if (member && (member.access_expires_at || tab === 'login')) {
    const expired = member.access_expires_at !== null && !accessLive(member.access_expires_at)
    await db.transaction().execute(async (trx) => {
      if (await recipientCapAllows(trx, 'access', email))
        await sendLoginMail(trx, env, { orgId, memberId: member.id, firstName: member.first_name, email }, expired ? 'expired' : 'login')
    })
    return true
  }
  const earlier = await db
    .selectFrom('access_requests')
    .select(['status', 'first_name'])
    .where('org_id', '=', orgId)
    .where('email', '=', email)
    // A pending extension holds the one pending request an address may have (access_requests_one_pending):
    // filing another would fail for members alone, and tell who they are.
    .where((eb) => eb.or([eb('kind', '=', 'access'), eb('status', '=', 'pending')]))
    .orderBy(sql`status = 'pending'`, 'desc')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  const pending = earlier?.status === 'pending'
  const declined = earlier !== undefined && DECLINED.includes(earlier.status)
  if (!pending && !declined && tab === 'request') return false
  await db.transaction().execute(async (trx) => {
    if (!(await recipientCapAllows(trx, 'access', email))) return
    const org = await mailOrg(trx, env, orgId)
    const person = { firstName: earlier?.first_name ?? '' }
    const requestUrl = withQuery(org.portalUrl, '', { requestAccess: 'true', email })
    const mail = pending ? requestPendingMail(org, person) : declined ? declinedMail(org, person) : noAccessYetMail(org, requestUrl)
    await enqueueEmail(trx, { orgId, to: email, ...mail })
  })
  return true
}

/** Which rule, if any, approves this request at once, and into which account and profile. */
async function autoApproval(db: Database, orgId: string, settings: AccessSettings, input: AccessRequestInput, options: { asStranger?: boolean } = {}) {
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
  const member = options.asStranger
    ? undefined
    : await db.selectFrom('account_members').select('account_id').where('org_id', '=', orgId).where('email', '=', input.email).executeTakeFirst()
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
 * The Login tab: every address gets a mail saying what to do (a member a login link, an expired one the
 * way to extend, anyone else the way to request access or where their request stands), within the
 * recipient cap. The caller answers every address the same way, so the form tells nobody who has an account.
 */
export async function requestLoginLink(db: Database, env: Env, org: { id: string }, email: string, productId: string | null, allowed: boolean) {
  if (allowed) await mailStanding(db, env, org.id, email, productId, 'login')
}

export type ExtendOutcome = 'request_sent' | 'already_has_access' | 'already_requested' | 'error'

/**
 * An expired member asks for more time: a kind 'extend' request joins the staff queue (PRODUCT.md section 3).
 * With `item`, a member asks for an item or document their profile lacks (decision 057): the same kind of
 * request, naming the item, whether their access is live or not.
 */
export async function requestExtension(
  db: Database,
  env: Env,
  org: { id: string },
  memberId: string,
  productId: string,
  item: { uid: string; title: string } | null = null,
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
  if (!item && member.access_expires_at && accessLive(member.access_expires_at)) return 'already_has_access'
  try {
    return await db.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom('access_requests')
        .select('id')
        .where('org_id', '=', org.id)
        .where('email', '=', member.email)
        .where('status', '=', 'pending')
        .executeTakeFirst()
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
          item_uid: item?.uid ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const mailing = await mailOrg(trx, env, org.id)
      const notice = extendRequestMail(
        mailing,
        { firstName: member.first_name, lastName: member.last_name, email: member.email, accountName: member.account_name, itemTitle: item?.title },
        `${env.APP_URL}/access-requests?status=pending`,
      )
      await notifyReviewers(trx, org.id, notice)
      await recordAudit(trx, { orgId: org.id, actor: member.email, action: item ? 'access.item-request' : 'access.extend-request', target: request.id })
      return 'request_sent' as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return 'already_requested'
    throw error
  }
}
