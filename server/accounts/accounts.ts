import { sql, type SqlBool } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { Database } from '../../db/index'
import { jsonb, jsonStrings } from '../../db/json'
import { containsPattern } from '../../db/like'
import { change, refuse, type ChangeResult } from '../refusal'
import type { StaffMember } from '../auth/staff-session'
import { recordAudit } from '../audit/record'
import { ndaVersion } from '../access/viewer'
import { liveAccountSql } from '../access/live'
import { defaultExpiry } from '../visitors/grant'
import { EXPIRY_NOTICE_DAYS } from '../visitors/expiry-notices'
import { catalogueItem } from '../../app/lib/catalogue/index'
import { DEFAULT_CARD_ORDER, isCardKind } from '../../app/lib/card-kinds'
import { accessExpiry, dateInputValue, expiryProblem } from '../../app/lib/schemas/access-requests'
import { formatDate } from '../../app/lib/format'
import { ACCOUNTS_PAGE_SIZE, type AccessPeriod, type AccountFilters, type ProfileFields, type RevokeAccessInput, type UpdateAccessInput } from '../../app/lib/schemas/accounts'

// Accounts, their access per product, their members, and the permission profiles access is made of
// (/accounts). Nothing here changes the public page, so no revision is bumped. Every id a form sends
// is looked up inside the staff member's org; every change is one transaction with its audit entry.

export type { ChangeResult }

const NO_SUCH_ACCESS = 'This account has no access to this product any more.'
const NO_SUCH_PROFILE = 'This permission profile no longer exists.'

// ---------------------------------------------------------------------------------------------------
// The page

export interface RestrictedItem {
  uid: string
  title: string
  cardKind: string
}

/** Items a profile can grant one by one: restricted (not public) and not switched off. */
async function restrictedItems(db: Database, productIds: readonly string[]) {
  if (!productIds.length) return new Map<string, RestrictedItem[]>()
  const rows = await db
    .selectFrom('items')
    .select(['product_id', 'uid', 'title', 'card_kind', 'position'])
    .where('product_id', 'in', productIds)
    .where('public_access', '=', false)
    .where('enabled_state', '!=', 'NotEnabled')
    .execute()
  const byProduct = new Map<string, RestrictedItem[]>()
  const order = (kind: string) => (isCardKind(kind) ? DEFAULT_CARD_ORDER[kind] : 99)
  rows.sort((a, b) => order(a.card_kind) - order(b.card_kind) || (a.position ?? 0) - (b.position ?? 0) || a.uid.localeCompare(b.uid))
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? []
    list.push({ uid: row.uid, title: row.title ?? catalogueItem(row.uid)?.title ?? row.uid, cardKind: row.card_kind })
    byProduct.set(row.product_id, list)
  }
  return byProduct
}

/** Pages beyond this are clamped (25 a page: a quarter of a million accounts). */
export const MAX_ACCOUNT_PAGE = 10_000

/** The org's accounts the filters match: a name, a domain or a member's e-mail holding the search, and the access asked for. */
function matchingAccounts(db: Database, orgId: string, filters: AccountFilters) {
  let query = db.selectFrom('accounts').where('accounts.org_id', '=', orgId)
  if (filters.q) {
    // Domains and e-mails are stored lowercased; names are matched whatever their case.
    const pattern = containsPattern(filters.q.toLowerCase())
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`accounts.name ilike ${pattern} escape '\\'`,
        sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(accounts.domains) as domain where domain like ${pattern} escape '\\')`,
        eb.exists(
          eb
            .selectFrom('account_members')
            .select('account_members.id')
            .whereRef('account_members.account_id', '=', 'accounts.id')
            .where(sql<SqlBool>`account_members.email like ${pattern} escape '\\'`),
        ),
      ]),
    )
  }
  if (filters.access === 'all') return query
  // Live and expired or revoked: the one rule of server/access/live.ts. Expiring soon: live, and ending within
  // the days members are warned before (expiry-notices.ts).
  const live = liveAccountSql(sql.ref('accounts.id'))
  if (filters.access === 'live') return query.where(live)
  if (filters.access === 'expiring')
    return query.where(
      sql<SqlBool>`exists (select 1 from account_products where account_products.account_id = accounts.id and account_products.access_expires_at > now()
        and account_products.access_expires_at <= now() + make_interval(days => ${EXPIRY_NOTICE_DAYS}))`,
    )
  return query.where(sql<SqlBool>`not ${live}`)
}

/**
 * The accounts to show, in the list's order, with their access, members and NDA signatures: one query. The
 * page's ids are chosen first, so nothing is built for the rows a page skips.
 */
function accountRows(db: Database, orgId: string, shown: readonly string[]) {
  return db
    .selectFrom('accounts')
    .where('accounts.org_id', '=', orgId)
    .where('accounts.id', 'in', shown)
    .orderBy('accounts.name')
    .orderBy('accounts.created_at')
    .orderBy('accounts.id')
    .select((eb) => [
      'accounts.id',
      'accounts.name',
      'accounts.domains',
      jsonArrayFrom(
        eb
          .selectFrom('account_products')
          .innerJoin('products', 'products.id', 'account_products.product_id')
          .innerJoin('permission_profiles', 'permission_profiles.id', 'account_products.permission_profile_id')
          .select([
            'account_products.product_id',
            'products.name as product_name',
            'account_products.permission_profile_id as profile_id',
            'permission_profiles.name as profile_name',
            'account_products.access_expires_at',
            'account_products.nda_required',
          ])
          .whereRef('account_products.account_id', '=', 'accounts.id')
          .orderBy('products.position')
          .orderBy('products.name'),
      ).as('access'),
      jsonArrayFrom(
        eb
          .selectFrom('account_members')
          .select([
            'account_members.id',
            'account_members.email',
            'account_members.first_name',
            'account_members.last_name',
            'account_members.is_auto_approved',
            'account_members.created_at',
          ])
          .whereRef('account_members.account_id', '=', 'accounts.id')
          .orderBy('account_members.created_at')
          .orderBy('account_members.email'),
      ).as('members'),
      jsonArrayFrom(
        eb
          .selectFrom('nda_signatures')
          .select(['nda_signatures.signer_name', 'nda_signatures.signer_email', 'nda_signatures.signed_at', 'nda_signatures.nda_version'])
          .whereRef('nda_signatures.account_id', '=', 'accounts.id')
          .orderBy('nda_signatures.signed_at'),
      ).as('signatures'),
    ])
    .execute()
}

/**
 * One page of the accounts the filters match (by name), or the one account asked for (`accountId`, its
 * own page), with their access, NDA state and members.
 */
async function accountsPage(db: Database, orgId: string, filters: AccountFilters, wantedPage: number, accountId: string | null) {
  if (accountId) {
    const focused = await accountRows(db, orgId, [accountId])
    if (focused.length) return { accounts: focused, total: 1, page: 1, pageCount: 1, focused: true }
  }
  // The page's ids and the number of matches in one pass over the matches; a page past the end shows the
  // last one, never an empty list that looks like no accounts.
  const pageIds = (page: number) =>
    matchingAccounts(db, orgId, filters)
      .select(['accounts.id', sql<string>`count(*) over ()`.as('total')])
      .orderBy('accounts.name')
      .orderBy('accounts.created_at')
      .orderBy('accounts.id')
      .limit(ACCOUNTS_PAGE_SIZE)
      .offset((page - 1) * ACCOUNTS_PAGE_SIZE)
      .execute()
  let page = Math.max(1, wantedPage)
  let ids = await pageIds(page)
  let total = Number(ids[0]?.total ?? 0)
  if (!ids.length && page > 1) {
    const { count } = await matchingAccounts(db, orgId, filters)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
    total = Number(count)
    page = Math.max(1, Math.ceil(total / ACCOUNTS_PAGE_SIZE))
    ids = total ? await pageIds(page) : []
  }
  const pageCount = Math.max(1, Math.ceil(total / ACCOUNTS_PAGE_SIZE))
  const accounts = ids.length
    ? await accountRows(
        db,
        orgId,
        ids.map((row) => row.id),
      )
    : []
  return { accounts, total, page, pageCount, focused: false }
}

/**
 * Everything /accounts shows: a page of accounts (or one account's own page) and the profiles per product.
 */
export async function loadAccountsPage(
  db: Database,
  orgId: string,
  { filters, page: wantedPage, accountId = null }: { filters: AccountFilters; page: number; accountId?: string | null },
) {
  const [org, products, profiles, listed, expiry] = await Promise.all([
    db
      .selectFrom('orgs')
      .innerJoin('portal_customizations', 'portal_customizations.org_id', 'orgs.id')
      .select(['orgs.slug', 'orgs.nda_type', 'portal_customizations.nda_text', 'portal_customizations.auto_approve_profile_id'])
      .where('orgs.id', '=', orgId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('products').select(['id', 'name', 'slug', 'is_default']).where('org_id', '=', orgId).orderBy('position').orderBy('name').execute(),
    db
      .selectFrom('permission_profiles')
      .innerJoin('products', 'products.id', 'permission_profiles.product_id')
      .select((eb) => [
        'permission_profiles.id',
        'permission_profiles.product_id',
        'permission_profiles.name',
        'permission_profiles.all_restricted',
        'permission_profiles.card_kinds',
        'permission_profiles.item_uids',
        'permission_profiles.can_download',
        eb
          .selectFrom('account_products')
          .select((inner) => inner.fn.countAll<string>().as('count'))
          .whereRef('account_products.permission_profile_id', '=', 'permission_profiles.id')
          .as('used_by'),
      ])
      .where('products.org_id', '=', orgId)
      .orderBy('permission_profiles.name')
      .orderBy('permission_profiles.created_at')
      .execute(),
    accountsPage(db, orgId, filters, wantedPage, accountId),
    defaultExpiry(db, orgId),
  ])
  const { accounts, total, page, pageCount, focused } = listed
  const items = await restrictedItems(
    db,
    products.map((product) => product.id),
  )
  const version = org.nda_text?.trim() ? ndaVersion(org.nda_text) : null
  const now = Date.now()
  const portal = (product: { slug: string; is_default: boolean }) => (product.is_default ? `/portal/${org.slug}` : `/portal/${org.slug}/product/${product.slug}`)

  return {
    orgSlug: org.slug,
    ndaType: org.nda_type === 'clickwrap' ? ('clickwrap' as const) : ('none' as const),
    defaultExpiresOn: dateInputValue(expiry),
    filter: { ...filters, page },
    total,
    pageCount,
    focused,
    accounts: accounts.map((account) => {
      // Only a signature of the current text counts (viewer.ts); an older one is mentioned as such.
      const current = account.signatures.filter((signature) => signature.nda_version === version)
      return {
        id: account.id,
        name: account.name,
        domains: jsonStrings(account.domains),
        access: account.access.map((entry) => {
          const expiresAt = new Date(entry.access_expires_at)
          return {
            productId: entry.product_id,
            productName: entry.product_name,
            profileId: entry.profile_id,
            profileName: entry.profile_name,
            expiresAt: expiresAt.toISOString(),
            expiresOn: dateInputValue(expiresAt),
            expired: expiresAt.getTime() <= now,
            ndaRequired: entry.nda_required,
          }
        }),
        nda: {
          signatures: current.map((signature) => ({ name: signature.signer_name, email: signature.signer_email, signedAt: new Date(signature.signed_at).toISOString() })),
          earlierVersionSigned: !current.length && account.signatures.length > 0,
        },
        members: account.members.map((member) => ({
          id: member.id,
          name: `${member.first_name} ${member.last_name}`.trim(),
          email: member.email,
          isAutoApproved: member.is_auto_approved,
        })),
      }
    }),
    products: products.map((product) => ({
      id: product.id,
      name: product.name,
      portalPath: portal(product),
      restrictedItems: items.get(product.id) ?? [],
      profiles: profiles
        .filter((profile) => profile.product_id === product.id)
        .map((profile) => ({
          id: profile.id,
          name: profile.name,
          allRestricted: profile.all_restricted,
          cardKinds: jsonStrings(profile.card_kinds),
          itemUids: jsonStrings(profile.item_uids),
          canDownload: profile.can_download,
          usedBy: Number(profile.used_by ?? 0),
          autoApproval: profile.id === org.auto_approve_profile_id,
        })),
    })),
  }
}

// ---------------------------------------------------------------------------------------------------
// Access of an account to a product

/** The account's access to the product, locked; refused when the account or the access is not the org's. */
async function lockAccess(trx: Database, orgId: string, accountId: string, productId: string) {
  const row = await trx
    .selectFrom('account_products')
    .innerJoin('accounts', 'accounts.id', 'account_products.account_id')
    .innerJoin('products', 'products.id', 'account_products.product_id')
    .select([
      'accounts.id as account_id',
      'accounts.name as account_name',
      'products.id as product_id',
      'products.name as product_name',
      'account_products.permission_profile_id',
      'account_products.access_expires_at',
      'account_products.nda_required',
    ])
    .where('accounts.id', '=', accountId)
    .where('accounts.org_id', '=', orgId)
    .where('products.id', '=', productId)
    .where('products.org_id', '=', orgId)
    .forUpdate(['account_products'])
    .executeTakeFirst()
  return row ?? refuse(404, NO_SUCH_ACCESS)
}

const accessState = (row: { permission_profile_id: string; access_expires_at: Date | string; nda_required: boolean }) => ({
  profileId: row.permission_profile_id,
  expiresAt: new Date(row.access_expires_at).toISOString(),
  ndaRequired: row.nda_required,
})

/** Sets an account's profile, expiry and NDA requirement for one product. */
export async function updateAccountAccess(db: Database, staff: StaffMember, input: Omit<UpdateAccessInput, 'intent'>): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const access = await lockAccess(trx, staff.orgId, input.accountId, input.productId)
    const profile = await trx.selectFrom('permission_profiles').select('id').where('id', '=', input.profileId).where('product_id', '=', access.product_id).executeTakeFirst()
    if (!profile) refuse(400, 'Choose a permission profile of this product.', { field: 'profileId' })
    const expiresAt = accessExpiry(input.expiresOn)
    await trx
      .updateTable('account_products')
      .set({ permission_profile_id: input.profileId, access_expires_at: expiresAt, nda_required: input.ndaRequired, expiry_notice_sent_at: null })
      .where('account_id', '=', access.account_id)
      .where('product_id', '=', access.product_id)
      .execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'account.access',
      target: access.account_name,
      before: { accountId: access.account_id, productId: access.product_id, ...accessState(access) },
      after: { accountId: access.account_id, productId: access.product_id, profileId: input.profileId, expiresAt: expiresAt.toISOString(), ndaRequired: input.ndaRequired },
    })
    return `Access of ${access.account_name} to ${access.product_name} saved`
  })
}

/** `period` after the later of now and `current`, to the end of that day (UTC), as a date input's value. */
export function extendedBy(current: Date | string, period: AccessPeriod, now = new Date()) {
  const from = new Date(Math.max(now.getTime(), new Date(current).getTime()))
  if (period === '1y') from.setUTCFullYear(from.getUTCFullYear() + 1)
  else from.setUTCDate(from.getUTCDate() + 90)
  return dateInputValue(from)
}

/** Moves an account's expiry for one product to a new date, or by +90 days or +1 year from its end (or today). */
export async function extendAccountAccess(
  db: Database,
  staff: StaffMember,
  input: { accountId: string; productId: string } & ({ expiresOn: string } | { period: AccessPeriod }),
): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const access = await lockAccess(trx, staff.orgId, input.accountId, input.productId)
    const expiresOn = 'period' in input ? extendedBy(access.access_expires_at, input.period) : input.expiresOn
    const problem = expiryProblem(expiresOn)
    if (problem) refuse(400, problem, { field: 'expiresOn' })
    const expiresAt = accessExpiry(expiresOn)
    await trx
      .updateTable('account_products')
      .set({ access_expires_at: expiresAt, expiry_notice_sent_at: null })
      .where('account_id', '=', access.account_id)
      .where('product_id', '=', access.product_id)
      .execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'account.extend',
      target: access.account_name,
      before: { accountId: access.account_id, productId: access.product_id, expiresAt: new Date(access.access_expires_at).toISOString() },
      after: { accountId: access.account_id, productId: access.product_id, expiresAt: expiresAt.toISOString() },
    })
    return `Access of ${access.account_name} to ${access.product_name} extended until ${formatDate(expiresAt)}`
  })
}

/**
 * Ends an account's access to a product now, and signs its members out at once: their sessions and
 * unused login links are deleted. They can ask to extend, as any member whose access expired.
 */
export async function revokeAccountAccess(db: Database, staff: StaffMember, input: Omit<RevokeAccessInput, 'intent'>): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const access = await lockAccess(trx, staff.orgId, input.accountId, input.productId)
    const now = new Date()
    await trx.updateTable('account_products').set({ access_expires_at: now }).where('account_id', '=', access.account_id).where('product_id', '=', access.product_id).execute()
    const members = trx.selectFrom('account_members').select('id').where('account_id', '=', access.account_id)
    const sessions = await trx.deleteFrom('visitor_sessions').where('member_id', 'in', members).executeTakeFirst()
    await trx.deleteFrom('visitor_login_links').where('member_id', 'in', members).where('used_at', 'is', null).execute()
    // Open invitations into the account are void: nobody joins it until staff give access again.
    await trx.deleteFrom('account_invites').where('account_id', '=', access.account_id).where('used_at', 'is', null).execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'account.revoke',
      target: access.account_name,
      before: { accountId: access.account_id, productId: access.product_id, expiresAt: new Date(access.access_expires_at).toISOString() },
      after: { accountId: access.account_id, productId: access.product_id, expiresAt: now.toISOString(), sessionsEnded: Number(sessions.numDeletedRows) },
    })
    return `Access of ${access.account_name} to ${access.product_name} revoked`
  })
}

/** Removes a member from their account; their sessions and login links go with them (cascade). */
export async function removeAccountMember(db: Database, staff: StaffMember, memberId: string): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const member = await trx
      .selectFrom('account_members')
      .innerJoin('accounts', 'accounts.id', 'account_members.account_id')
      .select([
        'account_members.id',
        'account_members.email',
        'account_members.first_name',
        'account_members.last_name',
        'accounts.id as account_id',
        'accounts.name as account_name',
      ])
      .where('account_members.id', '=', memberId)
      .where('account_members.org_id', '=', staff.orgId)
      .where('accounts.org_id', '=', staff.orgId)
      .forUpdate(['account_members'])
      .executeTakeFirst()
    if (!member) return refuse(404, 'This member no longer exists.')
    // The invitations they sent and nobody used go with them.
    await trx.deleteFrom('account_invites').where('invited_by', '=', member.id).where('used_at', 'is', null).execute()
    await trx.deleteFrom('account_members').where('id', '=', member.id).execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'account.member.remove',
      target: member.email,
      before: { accountId: member.account_id, account: member.account_name, name: `${member.first_name} ${member.last_name}`.trim() },
    })
    return `${member.first_name} ${member.last_name} removed from ${member.account_name}`.replace(/\s+/g, ' ')
  })
}

// ---------------------------------------------------------------------------------------------------
// Permission profiles

/** The fields as stored, refused when an item is not one of the product's restricted items. */
async function profileValues(trx: Database, productId: string, fields: ProfileFields) {
  const restricted = new Set(((await restrictedItems(trx, [productId])).get(productId) ?? []).map((item) => item.uid))
  const itemUids = [...new Set(fields.itemUids)]
  if (itemUids.some((uid) => !restricted.has(uid))) refuse(400, 'Choose restricted items of this product.', { field: 'itemUids' })
  return {
    name: fields.name,
    all_restricted: fields.allRestricted,
    card_kinds: [...new Set(fields.cardKinds)],
    item_uids: itemUids,
    can_download: fields.canDownload,
  }
}

async function refuseDuplicateName(trx: Database, productId: string, name: string, exceptId?: string) {
  let query = trx
    .selectFrom('permission_profiles')
    .select('id')
    .where('product_id', '=', productId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
  if (exceptId) query = query.where('id', '!=', exceptId)
  if (await query.executeTakeFirst()) refuse(400, 'A profile of this product already has this name.', { field: 'name' })
}

const stored = (values: Awaited<ReturnType<typeof profileValues>>) => ({ ...values, card_kinds: jsonb(values.card_kinds), item_uids: jsonb(values.item_uids) })

/** A new permission profile of one of the org's products. */
export async function createPermissionProfile(db: Database, staff: StaffMember, productId: string, fields: ProfileFields): Promise<ChangeResult & { profileId?: string }> {
  let profileId: string | undefined
  const result = await change(db, async (trx) => {
    // Locking the product serialises two creations of the same name.
    const product = await trx.selectFrom('products').select(['id', 'name']).where('id', '=', productId).where('org_id', '=', staff.orgId).forUpdate().executeTakeFirst()
    if (!product) return refuse(404, 'This product no longer exists.')
    const values = await profileValues(trx, product.id, fields)
    await refuseDuplicateName(trx, product.id, values.name)
    const created = await trx
      .insertInto('permission_profiles')
      .values({ product_id: product.id, ...stored(values) })
      .returning('id')
      .executeTakeFirstOrThrow()
    profileId = created.id
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'profile.create',
      target: values.name,
      after: { profileId: created.id, productId: product.id, ...values },
    })
    return `Permission profile ${values.name} created`
  })
  return result.ok ? { ...result, profileId } : result
}

/** The profile, locked, when it belongs to one of the org's products. */
async function lockProfile(trx: Database, orgId: string, profileId: string) {
  const profile = await trx
    .selectFrom('permission_profiles')
    .innerJoin('products', 'products.id', 'permission_profiles.product_id')
    .select([
      'permission_profiles.id',
      'permission_profiles.product_id',
      'permission_profiles.name',
      'permission_profiles.all_restricted',
      'permission_profiles.card_kinds',
      'permission_profiles.item_uids',
      'permission_profiles.can_download',
    ])
    .where('permission_profiles.id', '=', profileId)
    .where('products.org_id', '=', orgId)
    .forUpdate(['permission_profiles'])
    .executeTakeFirst()
  return profile ?? refuse(404, NO_SUCH_PROFILE)
}

const profileState = (profile: Awaited<ReturnType<typeof lockProfile>>) => ({
  name: profile.name,
  all_restricted: profile.all_restricted,
  card_kinds: jsonStrings(profile.card_kinds),
  item_uids: jsonStrings(profile.item_uids),
  can_download: profile.can_download,
})

/** Changes a profile's name and grants; every account with it sees the change at once. */
export async function updatePermissionProfile(db: Database, staff: StaffMember, profileId: string, fields: ProfileFields): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const profile = await lockProfile(trx, staff.orgId, profileId)
    const values = await profileValues(trx, profile.product_id, fields)
    await refuseDuplicateName(trx, profile.product_id, values.name, profile.id)
    await trx.updateTable('permission_profiles').set(stored(values)).where('id', '=', profile.id).execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'profile.update',
      target: values.name,
      before: profileState(profile),
      after: { profileId: profile.id, ...values },
    })
    return `Permission profile ${values.name} saved`
  })
}

/** Deletes a profile no account and no auto-approval setting uses; otherwise says which do. */
export async function deletePermissionProfile(db: Database, staff: StaffMember, profileId: string): Promise<ChangeResult> {
  return change(db, async (trx) => {
    // The settings page locks this row while it saves, so the auto-approval profile cannot change under us.
    const settings = await trx.selectFrom('portal_customizations').select('auto_approve_profile_id').where('org_id', '=', staff.orgId).forUpdate().executeTakeFirst()
    const profile = await lockProfile(trx, staff.orgId, profileId)
    if (settings?.auto_approve_profile_id === profile.id) {
      refuse(409, `${profile.name} is the profile auto-approved requesters get. Choose another one in Settings before deleting it.`)
    }
    const users = await trx
      .selectFrom('account_products')
      .innerJoin('accounts', 'accounts.id', 'account_products.account_id')
      .select('accounts.name')
      .where('account_products.permission_profile_id', '=', profile.id)
      .orderBy('accounts.name')
      .execute()
    if (users.length) {
      const names =
        users
          .slice(0, 3)
          .map((user) => user.name)
          .join(', ') + (users.length > 3 ? ` and ${users.length - 3} more` : '')
      refuse(409, `${profile.name} is used by ${users.length === 1 ? 'an account' : `${users.length} accounts`} (${names}). Give them another profile before deleting it.`)
    }
    await trx.deleteFrom('permission_profiles').where('id', '=', profile.id).execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'profile.delete',
      target: profile.name,
      before: { profileId: profile.id, productId: profile.product_id, ...profileState(profile) },
    })
    return `Permission profile ${profile.name} deleted`
  })
}
