import { createHash } from 'node:crypto'
import { handlesAccounts } from '../../app/lib/permissions'
import { notFound } from '../errors'
import { isUuid } from '../http/query'
import type { Database } from '../../db/index'
import { jsonStrings } from '../../db/json'
import { orgProfile } from '../accounts/profiles'
import { getStaffMember, type StaffMember } from '../auth/staff-session'
import type { PortalOrg } from '../portal/resolve'
import { getVisitorMember, type VisitorMember } from '../visitors/sessions'
import { accessLive, accountLive } from './live'
import { PUBLIC_VIEWER, type Grants, type Viewer } from './visibility'

/** An account's access to one product, as the account dropdown and the NDA dialog need it. */
export interface ProductAccess {
  profileId: string
  profileName: string
  expiresAt: string
  expired: boolean
  /** The account must have a clickwrap NDA signed before this product's gated content unlocks. */
  ndaRequired: boolean
}

export interface NdaState {
  /** The org's NDA: 'none' or 'clickwrap'. */
  type: 'none' | 'clickwrap'
  /** SHA-256 of the current text: a signature counts for this version only. */
  version: string | null
  text: string | null
  scope: 'account' | 'member'
  /** The signature that covers this viewer (theirs, or a colleague's when the account signs for everyone). */
  signature: { id: string; signerName: string; signerEmail: string; signedAt: string; byOther: boolean } | null
}

/** Who is looking, beyond the mode: the signed-in member and their account, or the account previewed. */
export interface AccountContext {
  accountId: string
  accountName: string
  member: VisitorMember | null
  access: ReadonlyMap<string, ProductAccess>
  nda: NdaState
}

export interface PortalViewer extends Viewer {
  account: AccountContext | null
  preview: { accountName: string | null; profileName: string | null } | null
  /** Staff who asked to see the page as the public (`?viewAs=public`): the viewer is Public for this render. */
  viewingAsPublic?: true
}

/**
 * Why bulk download is refused this viewer, or null when allowed: it is for signed-in members of a live
 * account, where the org turns it on (docs/decisions/018-bulk-download.md).
 */
export function bulkDownloadRefusal(
  viewer: Pick<PortalViewer, 'mode' | 'liveAccount'> & Partial<Pick<PortalViewer, 'account'>>,
  enabled: boolean,
): 'notAllowed' | 'turnedOff' | null {
  if (!accountMember(viewer) || !viewer.liveAccount) return 'notAllowed'
  return enabled ? null : 'turnedOff'
}

/** The signed-in member of an account who is looking (AccountExternal), or null: staff previewing an account are not its members. */
export function accountMember(viewer: Pick<PortalViewer, 'mode'> & Partial<Pick<PortalViewer, 'account'>>): VisitorMember | null {
  return viewer.mode === 'AccountExternal' ? (viewer.account?.member ?? null) : null
}

/**
 * Decides the mode once per request, from who is looking (PRODUCT.md section 1), never from the URL
 * alone: staff of this org are in Main mode, or in Preview when they ask for an account or profile;
 * a signed-in member of one of the org's accounts is in AccountExternal mode; everyone else is Public.
 */
export async function getViewer(request: Request, db: Database, org: Pick<PortalOrg, 'id'>): Promise<PortalViewer> {
  const staff = await getStaffMember(db, request)
  if (staff && staff.orgId === org.id) {
    const search = new URL(request.url).searchParams
    // View as public: exactly the anonymous visitor's page while staying signed in (decision 060).
    if (search.get('viewAs') === 'public') return { ...PUBLIC_VIEWER, account: null, preview: null, viewingAsPublic: true }
    const accountId = search.get('accountId')
    const profileId = search.get('permissionProfileId')
    // Previewing names customer accounts: for staff who manage them or review requests.
    if ((accountId || profileId) && handlesAccounts(staff.permissions)) return previewViewer(db, org, staff, accountId, profileId)
    return { ...staffViewer(staff), account: null, preview: null }
  }
  const member = await getVisitorMember(db, request, org.id)
  return (member && (await memberViewer(db, org.id, member))) ?? { ...PUBLIC_VIEWER, account: null, preview: null }
}

/**
 * A member of one of the org's accounts as their portal sees them (AccountExternal): the account's grants
 * as of now. Null when the account is gone. Also what a TPRM token fetches with (server/tprm).
 */
export async function memberViewer(db: Database, orgId: string, member: VisitorMember): Promise<PortalViewer | null> {
  const account = await accountContext(db, orgId, member.accountId, member)
  if (!account) return null
  return {
    mode: 'AccountExternal',
    grants: liveGrants(account, await profileGrants(db, account.access)),
    liveAccount: accountLive(account.access.values()),
    account,
    preview: null,
  }
}

/** A staff member of the org, looking at its portal in Main mode. */
export function staffViewer(staff: StaffMember): Viewer {
  return { mode: 'Main', grants: null, liveAccount: false, staff: { id: staff.id, name: staff.name, email: staff.email, permissions: staff.permissions } }
}

const previewTargetMissing = () => notFound('This account or permission profile does not exist.')

/**
 * Preview: the portal exactly as an account (its live access, expiry included) or a profile sees it.
 * A previewed account's NDA counts as signed, since staff preview the content, not the signing.
 */
async function previewViewer(db: Database, org: Pick<PortalOrg, 'id'>, staff: StaffMember, accountId: string | null, profileId: string | null): Promise<PortalViewer> {
  if ((accountId && !isUuid(accountId)) || (profileId && !isUuid(profileId))) throw previewTargetMissing()
  const account = accountId ? await accountContext(db, org.id, accountId, null) : null
  if (accountId && !account) throw previewTargetMissing()
  const access = new Map(account?.access ?? [])
  let profileName: string | null = null
  if (profileId) {
    const profile = await orgProfile(db, org.id, profileId)
    if (!profile) throw previewTargetMissing()
    profileName = profile.name
    access.set(profile.product_id, { profileId: profile.id, profileName: profile.name, expiresAt: new Date(8.64e15).toISOString(), expired: false, ndaRequired: false })
  }
  const grants = await profileGrants(db, access)
  const live = new Map([...grants].filter(([productId]) => !access.get(productId)?.expired))
  return {
    mode: 'Preview',
    grants: live,
    liveAccount: accountLive(access.values()),
    staff: { id: staff.id, name: staff.name, email: staff.email, permissions: staff.permissions },
    account: account && { ...account, access },
    preview: { accountName: account?.accountName ?? null, profileName },
  }
}

/** The account's products with their profiles and expiry, and the NDA as it stands for this viewer. */
export async function accountContext(db: Database, orgId: string, accountId: string, member: VisitorMember | null): Promise<AccountContext | null> {
  const [account, rows, settings] = await Promise.all([
    db.selectFrom('accounts').select(['id', 'name']).where('id', '=', accountId).where('org_id', '=', orgId).executeTakeFirst(),
    db
      .selectFrom('account_products')
      .innerJoin('permission_profiles', 'permission_profiles.id', 'account_products.permission_profile_id')
      .select(['account_products.product_id', 'account_products.access_expires_at', 'account_products.nda_required', 'permission_profiles.id', 'permission_profiles.name'])
      .where('account_products.account_id', '=', accountId)
      .execute(),
    db
      .selectFrom('orgs')
      .innerJoin('portal_customizations', 'portal_customizations.org_id', 'orgs.id')
      .select(['orgs.nda_type', 'portal_customizations.nda_text', 'portal_customizations.nda_scope'])
      .where('orgs.id', '=', orgId)
      .executeTakeFirstOrThrow(),
  ])
  if (!account) return null
  const access = new Map<string, ProductAccess>(
    rows.map((row) => [
      row.product_id,
      {
        profileId: row.id,
        profileName: row.name,
        expiresAt: new Date(row.access_expires_at).toISOString(),
        expired: !accessLive(row.access_expires_at),
        ndaRequired: row.nda_required,
      },
    ]),
  )
  const type = settings.nda_type === 'clickwrap' && settings.nda_text?.trim() ? 'clickwrap' : 'none'
  const version = type === 'clickwrap' ? ndaVersion(settings.nda_text!) : null
  const scope = settings.nda_scope === 'member' ? 'member' : 'account'
  let signature: NdaState['signature'] = null
  if (version && (member || scope === 'account')) {
    let query = db
      .selectFrom('nda_signatures')
      .select(['id', 'signer_name', 'signer_email', 'signed_at', 'member_id'])
      .where('account_id', '=', accountId)
      .where('nda_version', '=', version)
    if (scope === 'member' && member) query = query.where('member_id', '=', member.id)
    const row = await query.orderBy('signed_at').limit(1).executeTakeFirst()
    if (row) {
      signature = {
        id: row.id,
        signerName: row.signer_name,
        signerEmail: row.signer_email,
        signedAt: new Date(row.signed_at).toISOString(),
        byOther: member ? row.member_id !== member.id : false,
      }
    }
  }
  return { accountId: account.id, accountName: account.name, member, access, nda: { type, version, text: version ? settings.nda_text : null, scope, signature } }
}

/**
 * Everything an account member's portal page shows of them beyond the portal's content: who they are,
 * their account's access (expiry included, as of now), grants, NDA and comment threads. Their rendered
 * page is reused while this and the content version are unchanged (server/page-cache.ts); null for any
 * other mode.
 */
export async function accountPageFingerprint(db: Database, viewer: PortalViewer): Promise<string | null> {
  if (viewer.mode !== 'AccountExternal' || !viewer.account) return null
  const comments = await db
    .selectFrom('item_comments')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('created_at').as('latest')])
    .where('account_id', '=', viewer.account.accountId)
    .executeTakeFirst()
  const state = JSON.stringify({ viewer, comments: `${comments?.count}:${comments?.latest ? new Date(comments.latest).getTime() : ''}` }, (_key, value) =>
    value instanceof Map ? [...value].sort(([a], [b]) => (a < b ? -1 : 1)) : value instanceof Set ? [...value].sort() : value,
  )
  return createHash('sha256').update(state).digest('base64url')
}

/** The fingerprint of whoever this request's cookies sign in, for an org. */
export async function requestPageFingerprint(db: Database, request: Request, orgId: string) {
  return accountPageFingerprint(db, await getViewer(request, db, { id: orgId }))
}

export const ndaVersion = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** Whether this product's gated content waits for the NDA to be signed. */
export function ndaPending(account: AccountContext, productId: string) {
  return account.nda.type === 'clickwrap' && (account.access.get(productId)?.ndaRequired ?? false) && !account.nda.signature
}

/** Grants of products whose access is live and whose NDA, if required, is signed. */
function liveGrants(account: AccountContext, grants: Map<string, Grants>) {
  return new Map([...grants].filter(([productId]) => !account.access.get(productId)?.expired && !ndaPending(account, productId)))
}

/**
 * What an account's access to one product opens, whatever its expiry or NDA: the viewer its members become
 * once signed in (and the NDA signed), and that access. Null when the account has no access to the product.
 * The approval mail names what it grants with it (server/visitors/grant.ts).
 */
export async function grantedAccess(db: Database, orgId: string, accountId: string, productId: string) {
  const account = await accountContext(db, orgId, accountId, null)
  const access = account?.access.get(productId)
  if (!account || !access) return null
  const viewer: Viewer = { mode: 'AccountExternal', grants: await profileGrants(db, new Map([[productId, access]])), liveAccount: true }
  return { account, access, viewer }
}

async function profileGrants(db: Database, access: ReadonlyMap<string, ProductAccess>) {
  const ids = [...new Set([...access.values()].map((entry) => entry.profileId))]
  const profiles = ids.length
    ? await db.selectFrom('permission_profiles').select(['id', 'all_restricted', 'card_kinds', 'item_uids', 'can_download']).where('id', 'in', ids).execute()
    : []
  const byId = new Map(profiles.map((profile) => [profile.id, profile]))
  const grants = new Map<string, Grants>()
  for (const [productId, entry] of access) {
    const profile = byId.get(entry.profileId)
    if (!profile) continue
    grants.set(productId, {
      allRestricted: profile.all_restricted,
      cardKinds: new Set(jsonStrings(profile.card_kinds)),
      itemUids: new Set(jsonStrings(profile.item_uids)),
      canDownload: profile.can_download,
    })
  }
  return grants
}
