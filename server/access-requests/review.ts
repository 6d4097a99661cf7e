import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { jsonStrings } from '../../db/json'
import { containsPattern } from '../../db/like'
import { refusable, refuse, type Refused } from '../refusal'
import { orgProfile, orgProfiles } from '../accounts/profiles'
import { accountByDomain, emailDomain } from '../visitors/access-request'
import type { Env } from '../env'
import type { StaffMember } from '../auth/staff-session'
import { recordAudit } from '../audit/record'
import { enqueueEmail } from '../email/outbox'
import { declinedMail } from '../email/visitor-mails'
import { defaultExpiry, grantAccess } from '../visitors/grant'
import { mailOrg } from '../visitors/mail-org'
import { catalogueItem } from '../../app/lib/catalogue/index'
import { REQUESTER_KINDS } from '../../app/lib/access-request-fields'
import {
  accessExpiry,
  dateInputValue,
  NEW_ACCOUNT,
  REQUEST_SEARCH_MAX,
  REQUEST_STATUS_LABELS,
  type ApproveRequestInput,
  type BulkApproveInput,
  type BulkDeclineInput,
  type DeclineKind,
  type DeclineRequestInput,
  type RequestStatusFilter,
} from '../../app/lib/schemas/access-requests'

// Staff review of access requests (PRODUCT.md section 3, "Staff review at /access-requests"). Every id
// a form sends is looked up inside the staff member's org; every decision is one transaction that locks
// the request first, so two reviewers racing on it get one decision and one clear refusal.

export const REQUESTS_PER_PAGE = 50
export const MAX_REQUEST_PAGE = 1000

const RELATIONSHIP_LABELS = new Map<string, string>(REQUESTER_KINDS.map((kind) => [kind.value, kind.label]))

export interface ReviewFilter {
  status: RequestStatusFilter
  productId: string | null
  /** Words of the requester's name, e-mail or company. */
  q: string
  page: number
}

export type ReviewField = 'accountId' | 'profileId' | 'expiresOn' | 'requestIds'
/** A decision taken: the requester's name, and for an approval the account that now has the access. */
export type ReviewResult = { ok: true; name: string; accountId?: string } | Refused<ReviewField>

async function decide(db: Database, run: (trx: Database) => Promise<string | { name: string; accountId: string }>): Promise<ReviewResult> {
  const result = await refusable<string | { name: string; accountId: string }, ReviewField>(db, run)
  if (!result.ok) return result
  return typeof result.value === 'string' ? { ok: true, name: result.value } : { ok: true, ...result.value }
}

const fullName = (request: { first_name: string; last_name: string }) => `${request.first_name} ${request.last_name}`.trim()

// ---------------------------------------------------------------------------------------------------
// The page

/** Pending requests of the org: what the staff navigation shows beside "Access requests". */
export async function pendingAccessRequestCount(db: Database, orgId: string) {
  const row = await db
    .selectFrom('access_requests')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('org_id', '=', orgId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** Requests with what the queue and a request's page show of each, the earlier-requests count in the same statement. */
function requestQuery(db: Database, orgId: string) {
  return db
    .selectFrom('access_requests as r')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .leftJoin('items as i', (join) => join.onRef('i.product_id', '=', 'r.product_id').onRef('i.uid', '=', 'r.item_uid'))
    .leftJoin('accounts as decided', 'decided.id', 'r.account_id')
    .leftJoin('account_members as m', 'm.id', 'r.member_id')
    .leftJoin('accounts as ma', 'ma.id', 'm.account_id')
    .leftJoin('account_products as ap', (join) => join.onRef('ap.account_id', '=', 'm.account_id').onRef('ap.product_id', '=', 'r.product_id'))
    .select([
      'r.id',
      'r.email',
      'r.first_name',
      'r.last_name',
      'r.company_name',
      'r.job_title',
      'r.relationship',
      'r.country',
      'r.product_id',
      'p.name as product_name',
      'r.item_uid',
      'i.title as item_title',
      'r.kind',
      'r.member_id',
      'r.status',
      'r.created_at',
      'r.decided_at',
      'r.decided_by',
      'decided.name as decided_account_name',
      'ma.id as member_account_id',
      'ma.name as member_account_name',
      'ap.permission_profile_id as member_profile_id',
      'ap.nda_required as member_nda_required',
      // Earlier requests from the same address: a reviewer sees who keeps asking (bounded by the page's rows).
      sql<string>`(select count(*) from access_requests e where e.org_id = r.org_id and lower(e.email) = lower(r.email) and e.created_at < r.created_at)`.as('earlier'),
    ])
    .where('r.org_id', '=', orgId)
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['execute']>>[number]

/** What the review forms offer: products with their profiles (and each one's neutral default), accounts, defaults. */
async function reviewContext(db: Database, orgId: string) {
  const [products, profiles, accounts, org, expiry] = await Promise.all([
    db.selectFrom('products').select(['id', 'name', 'is_default']).where('org_id', '=', orgId).orderBy('position').orderBy('name').execute(),
    orgProfiles(db, orgId),
    db.selectFrom('accounts').select(['id', 'name', 'domains']).where('org_id', '=', orgId).orderBy('name').orderBy('created_at').execute(),
    db.selectFrom('orgs').select('nda_type').where('id', '=', orgId).executeTakeFirstOrThrow(),
    defaultExpiry(db, orgId),
  ])
  const accountOptions = accounts.map((account) => ({ id: account.id, name: account.name, domains: jsonStrings(account.domains).map((domain) => domain.toLowerCase()) }))
  return {
    defaultProductId: products.find((product) => product.is_default)?.id ?? products[0]?.id ?? null,
    profiles,
    accountOptions,
    view: {
      products: products.map((product) => {
        const own = profiles.filter((profile) => profile.product_id === product.id)
        return {
          id: product.id,
          name: product.name,
          profiles: own.map((profile) => ({ id: profile.id, name: profile.name })),
          defaultProfileId: defaultProfile(own)?.id ?? null,
        }
      }),
      accounts: accountOptions.map(({ id, name }) => ({ id, name })),
      defaultExpiresOn: dateInputValue(expiry),
      ndaDefault: org.nda_type === 'clickwrap',
    },
  }
}

/**
 * A product's default permission profile, what the approve form starts on: the one every product is
 * created with (all restricted content; the oldest such when there are several). Never a profile staff
 * made for one customer, even the only one: without a default, staff choose.
 */
export function defaultProfile<T extends { all_restricted: boolean; created_at: Date | string }>(profiles: readonly T[]): T | undefined {
  return profiles.filter((profile) => profile.all_restricted).sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())[0]
}

function toRequest(row: RequestRow, context: Awaited<ReturnType<typeof reviewContext>>) {
  const domain = emailDomain(row.email)
  const profileById = new Map(context.profiles.map((profile) => [profile.id, profile]))
  const extend =
    row.kind === 'extend' && row.member_account_id
      ? {
          accountId: row.member_account_id,
          accountName: row.member_account_name!,
          // A request for an item (decision 057) is decided by choosing the profile that includes it.
          profileId: row.item_uid ? null : row.member_profile_id,
          profileName: row.member_profile_id ? (profileById.get(row.member_profile_id)?.name ?? null) : null,
          ndaRequired: row.member_nda_required ?? false,
        }
      : null
  const domainAccount = context.accountOptions.find((account) => domain && account.domains.includes(domain))
  return {
    id: row.id,
    name: fullName(row),
    email: row.email,
    companyName: row.company_name,
    jobTitle: row.job_title,
    relationship: row.relationship ? (RELATIONSHIP_LABELS.get(row.relationship) ?? row.relationship) : null,
    country: row.country,
    // A request whose product was deleted is reviewed for the default product.
    productId: row.product_id ?? context.defaultProductId,
    productName: row.product_name,
    itemTitle: row.item_uid ? (row.item_title ?? catalogueItem(row.item_uid)?.title ?? row.item_uid) : null,
    kind: row.kind === 'extend' ? ('extend' as const) : ('access' as const),
    status: row.status,
    statusLabel: REQUEST_STATUS_LABELS[row.status] ?? row.status,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    decidedBy: row.decided_by,
    decidedAccountName: row.decided_account_name,
    /** The account whose domain is the requester's: the approve form's suggestion, and a link in the queue. */
    suggestedAccountId: domainAccount?.id ?? null,
    domainAccount: domainAccount ? { id: domainAccount.id, name: domainAccount.name } : null,
    earlierRequests: Number(row.earlier ?? 0),
    extend,
  }
}

/** The requests the filter asks for (pending first, then newest), and what the bulk form offers. */
export async function loadReviewPage(db: Database, orgId: string, filter: ReviewFilter) {
  const context = await reviewContext(db, orgId)
  const productId = filter.productId && context.view.products.some((product) => product.id === filter.productId) ? filter.productId : null
  const q = filter.q.trim().slice(0, REQUEST_SEARCH_MAX)

  let query = requestQuery(db, orgId)
  if (filter.status === 'pending' || filter.status === 'approved') query = query.where('r.status', '=', filter.status)
  if (filter.status === 'declined') query = query.where('r.status', 'like', 'declined%')
  if (productId) query = query.where('r.product_id', '=', productId)
  if (q) {
    const pattern = containsPattern(q)
    query = query.where(
      sql<boolean>`(r.email ilike ${pattern} escape '\\' or r.company_name ilike ${pattern} escape '\\' or (r.first_name || ' ' || r.last_name) ilike ${pattern} escape '\\')`,
    )
  }
  const rows = await query
    .orderBy(sql`case when r.status = 'pending' then 0 else 1 end`)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(REQUESTS_PER_PAGE + 1)
    .offset((filter.page - 1) * REQUESTS_PER_PAGE)
    .execute()

  return {
    filter: { status: filter.status, productId, q, page: filter.page },
    hasMore: rows.length > REQUESTS_PER_PAGE,
    requests: rows.slice(0, REQUESTS_PER_PAGE).map((row) => toRequest(row, context)),
    ...context.view,
  }
}

/**
 * One request of the org with the forms' choices, and the next pending request to decide after it (the
 * next older one in the queue's order, else the newest other): undefined when the request is not the org's.
 */
export async function loadRequest(db: Database, orgId: string, requestId: string) {
  const row = await requestQuery(db, orgId).where('r.id', '=', requestId).executeTakeFirst()
  if (!row) return undefined
  const [context, next] = await Promise.all([
    reviewContext(db, orgId),
    db
      .selectFrom('access_requests')
      .select('id')
      .where('org_id', '=', orgId)
      .where('status', '=', 'pending')
      .where('id', '!=', row.id)
      .orderBy(sql`case when created_at < ${new Date(row.created_at)} then 0 else 1 end`)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .executeTakeFirst(),
  ])
  return { request: toRequest(row, context), nextPendingId: next?.id ?? null, ...context.view }
}

// ---------------------------------------------------------------------------------------------------
// Decisions

const DECIDED: Record<string, string> = {
  approved: 'approved',
  declined: 'declined',
  declined_third_party: 'declined (third party)',
  declined_auto: 'declined automatically',
}

type LockedRequest = Awaited<ReturnType<typeof lockRequest>>

/** The pending request, locked for this transaction; refused when unknown in this org or already decided. */
async function lockRequest(trx: Database, orgId: string, requestId: string) {
  const request = await trx
    .selectFrom('access_requests')
    .select(['id', 'org_id', 'product_id', 'email', 'first_name', 'last_name', 'company_name', 'kind', 'member_id', 'item_uid', 'status', 'decided_by'])
    .where('id', '=', requestId)
    .where('org_id', '=', orgId)
    .forUpdate()
    .executeTakeFirst()
  if (!request) return refuse(404, 'This access request no longer exists.')
  if (request.status !== 'pending') {
    const reason = `already ${DECIDED[request.status] ?? request.status}${request.decided_by ? ` by ${request.decided_by}` : ''}`
    return refuse(409, `The request of ${fullName(request)} was ${reason}.`, { reason })
  }
  return request
}

/** The product a request is decided for: its own, or the org's default when its product was deleted. */
async function requestProduct(trx: Database, request: LockedRequest) {
  if (request.product_id) return request.product_id
  const product = await trx.selectFrom('products').select('id').where('org_id', '=', request.org_id).orderBy('is_default', 'desc').orderBy('position').executeTakeFirst()
  return product?.id ?? refuse(400, 'This organization has no product to grant access to.')
}

/** For an "Extend access" request: the member's account and its current profile for the product. */
async function extendTarget(trx: Database, request: LockedRequest, productId: string) {
  if (request.kind !== 'extend' || !request.member_id) return null
  const member = await trx.selectFrom('account_members').select('account_id').where('id', '=', request.member_id).where('org_id', '=', request.org_id).executeTakeFirst()
  if (!member) return null
  const current = await trx
    .selectFrom('account_products')
    .select(['permission_profile_id', 'nda_required'])
    .where('account_id', '=', member.account_id)
    .where('product_id', '=', productId)
    .executeTakeFirst()
  return { accountId: member.account_id, profileId: current?.permission_profile_id ?? null }
}

async function checkProfile(trx: Database, orgId: string, productId: string, profileId: string) {
  if (!(await orgProfile(trx, orgId, profileId, productId))) refuse(400, 'Choose a permission profile of the requested product.', { field: 'profileId' })
}

interface GrantChoice {
  /** An account id of the org, 'new', or 'match' (by domain, else new from the company name). */
  account: string | 'match'
  profileId: string
  expiresAt: Date
  ndaRequired: boolean
}

async function approveLocked(trx: Database, env: Env, staff: StaffMember, request: LockedRequest, choice: GrantChoice) {
  const productId = await requestProduct(trx, request)
  const extend = await extendTarget(trx, request, productId)
  let account: { id: string } | { name: string }
  let profileId = choice.profileId
  if (extend) {
    account = { id: extend.accountId }
    // An extension keeps the account's profile; a request for an item takes the one staff chose.
    profileId = request.item_uid ? choice.profileId : (extend.profileId ?? choice.profileId)
  } else if (choice.account === 'match') {
    const matched = await accountByDomain(trx, request.org_id, request.email)
    account = matched ? { id: matched } : { name: request.company_name }
  } else if (choice.account === NEW_ACCOUNT) {
    account = { name: request.company_name }
  } else {
    const existing = await trx.selectFrom('accounts').select('id').where('id', '=', choice.account).where('org_id', '=', request.org_id).executeTakeFirst()
    if (!existing) refuse(400, 'Choose an account of your organization.', { field: 'accountId' })
    account = { id: choice.account }
  }
  await checkProfile(trx, request.org_id, productId, profileId)
  const granted = await grantAccess(trx, env, {
    orgId: request.org_id,
    productId,
    requestId: request.id,
    person: { email: request.email, firstName: request.first_name, lastName: request.last_name },
    account,
    profileId,
    expiresAt: choice.expiresAt,
    ndaRequired: choice.ndaRequired,
    autoApproved: false,
    setsAccess: true,
    actor: staff.email,
  })
  if (!granted.ok) refuse(400, granted.message)
  return { name: fullName(request), accountId: granted.accountId }
}

async function declineLocked(trx: Database, env: Env, staff: StaffMember, request: LockedRequest, status: DeclineKind) {
  await trx.updateTable('access_requests').set({ status, decided_at: new Date(), decided_by: staff.email }).where('id', '=', request.id).execute()
  const org = await mailOrg(trx, env, request.org_id)
  await enqueueEmail(trx, { orgId: request.org_id, to: request.email, ...declinedMail(org, { firstName: request.first_name }) })
  await recordAudit(trx, {
    orgId: request.org_id,
    actor: staff.email,
    action: 'access.decline',
    target: request.email,
    after: { requestId: request.id, status, productId: request.product_id },
  })
  return fullName(request)
}

/**
 * Approves one pending request through grantAccess: the chosen account (or a new one named after the
 * company), profile, expiry and NDA; an "Extend access" request keeps its member's account and profile.
 */
export async function approveRequest(db: Database, env: Env, staff: StaffMember, input: Omit<ApproveRequestInput, 'intent'>): Promise<ReviewResult> {
  return decide(db, async (trx) => {
    const request = await lockRequest(trx, staff.orgId, input.requestId)
    return approveLocked(trx, env, staff, request, {
      account: input.accountId,
      profileId: input.profileId,
      expiresAt: accessExpiry(input.expiresOn),
      ndaRequired: input.ndaRequired,
    })
  })
}

/** Declines one pending request, telling the requester by e-mail. */
export async function declineRequest(db: Database, env: Env, staff: StaffMember, input: Omit<DeclineRequestInput, 'intent'>): Promise<ReviewResult> {
  return decide(db, async (trx) => declineLocked(trx, env, staff, await lockRequest(trx, staff.orgId, input.requestId), input.status))
}

export interface BulkOutcome {
  done: string[]
  skipped: { name: string; reason: string; status: 400 | 404 | 409 }[]
}

export type BulkResult = { ok: true; outcome: BulkOutcome } | { ok: false; status: 400 | 404; message: string; field?: ReviewField }

/** The selection's requests of this org, in the order given; null when one of them is not the org's. */
async function selection(db: Database, orgId: string, requestIds: readonly string[]) {
  const ids = [...new Set(requestIds)]
  const found = await db.selectFrom('access_requests').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute()
  return found.length === ids.length ? ids : null
}

async function eachRequest(ids: readonly string[], run: (requestId: string) => Promise<ReviewResult>, names: Map<string, string>): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], skipped: [] }
  for (const requestId of ids) {
    const result = await run(requestId)
    if (result.ok) outcome.done.push(result.name)
    else outcome.skipped.push({ name: names.get(requestId) ?? 'a request', reason: result.reason ?? result.message.replace(/\.$/, ''), status: result.status })
  }
  return outcome
}

async function requestNames(db: Database, ids: readonly string[]) {
  const rows = await db.selectFrom('access_requests').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, fullName(row)]))
}

const NOT_IN_ORG = { ok: false, status: 404, message: 'One of the selected requests no longer exists. Reload the page and select again.', field: 'requestIds' } as const

/**
 * Approves each selected request in its own transaction with one profile, expiry and NDA choice; the
 * account is matched by the e-mail's domain or created from the company name. A request another
 * reviewer decided meanwhile, or one for another product than the profile's, is skipped and reported.
 */
export async function bulkApprove(db: Database, env: Env, staff: StaffMember, input: Omit<BulkApproveInput, 'intent'>): Promise<BulkResult> {
  const ids = await selection(db, staff.orgId, input.requestIds)
  if (!ids) return NOT_IN_ORG
  const profile = await orgProfile(db, staff.orgId, input.profileId)
  if (!profile) return { ok: false, status: 400, message: 'Choose a permission profile of your organization.', field: 'profileId' }
  const names = await requestNames(db, ids)
  const expiresAt = accessExpiry(input.expiresOn)
  const outcome = await eachRequest(
    ids,
    (requestId) =>
      decide(db, async (trx) => {
        const request = await lockRequest(trx, staff.orgId, requestId)
        const productId = await requestProduct(trx, request)
        const extend = await extendTarget(trx, request, productId)
        // An extension keeps its own profile; any other request must be for the profile's product.
        if (productId !== profile.product_id && !extend?.profileId)
          refuse(400, `The request of ${fullName(request)} is for another product than the chosen profile.`, { reason: 'for another product than the chosen profile' })
        return approveLocked(trx, env, staff, request, { account: 'match', profileId: profile.id, expiresAt, ndaRequired: input.ndaRequired })
      }),
    names,
  )
  return { ok: true, outcome }
}

/** Declines each selected request in its own transaction; one decided meanwhile is skipped and reported. */
export async function bulkDecline(db: Database, env: Env, staff: StaffMember, input: Omit<BulkDeclineInput, 'intent'>): Promise<BulkResult> {
  const ids = await selection(db, staff.orgId, input.requestIds)
  if (!ids) return NOT_IN_ORG
  const names = await requestNames(db, ids)
  const outcome = await eachRequest(
    ids,
    (requestId) => decide(db, async (trx) => declineLocked(trx, env, staff, await lockRequest(trx, staff.orgId, requestId), input.status)),
    names,
  )
  return { ok: true, outcome }
}

/** "3 requests approved", and which were not and why. */
export function bulkSummary(outcome: BulkOutcome, verb: 'approved' | 'declined') {
  const count = outcome.done.length
  const done = `${count} ${count === 1 ? 'request' : 'requests'} ${verb}`
  if (!outcome.skipped.length) return done
  const skipped = outcome.skipped.map((entry) => `${entry.name} (${entry.reason})`).join(', ')
  return `${done}. Not ${verb}: ${skipped}.`
}
