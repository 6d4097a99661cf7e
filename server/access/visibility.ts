import { KIND_FIELDS, type CardKind, type EnabledState } from '../../app/lib/card-kinds'
import type { StaffPermission } from '../../app/lib/permissions'

export type ViewerMode = 'Main' | 'Preview' | 'AccountExternal' | 'Public'
export type PublicAccessLevel = 'Limited' | 'PublicContentOnly' | 'Minimal'

/** What a permission profile grants inside one product. */
export interface Grants {
  allRestricted: boolean
  cardKinds: ReadonlySet<string>
  itemUids: ReadonlySet<string>
  canDownload: boolean
}

/** Grants by product id: an account holds one profile per product. */
export type ProductGrants = ReadonlyMap<string, Grants>

export interface Viewer {
  mode: ViewerMode
  /** Staff of this org (Main and Preview). */
  staff?: { id: string; name: string; email: string; permissions: readonly string[] }
  /**
   * The live grants of the account or profile being viewed as (Preview, AccountExternal): a product whose
   * access expired, or whose NDA is still to be signed, has none.
   */
  grants: ProductGrants | null
  /**
   * The account (or profile) being viewed as has live access to at least one of the org's products
   * (server/access/live.ts): private updates are for it. False for anonymous visitors and staff in Main mode.
   */
  liveAccount: boolean
}

export const PUBLIC_VIEWER: Viewer = { mode: 'Public', grants: null, liveAccount: false }

/**
 * unlocked: everything about the item may be shown; locked: its title, a lock and "Get access";
 * withheld: nothing about it leaves the server.
 */
export type ItemAccess = 'unlocked' | 'locked' | 'withheld'

export interface AccessCheckedItem {
  productId: string
  uid: string
  cardKind: CardKind
  enabledState: EnabledState
  publicAccess: boolean
  hidden: boolean
  /** The item's card is hidden in this product. */
  cardHidden: boolean
}

/** An item row as the access policy reads it. */
export function accessChecked(row: {
  product_id: string
  uid: string
  card_kind: string
  enabled_state: string
  public_access: boolean
  hidden: boolean
  card_hidden: boolean
}): AccessCheckedItem {
  return {
    productId: row.product_id,
    uid: row.uid,
    cardKind: row.card_kind as CardKind,
    enabledState: row.enabled_state as EnabledState,
    publicAccess: row.public_access,
    hidden: row.hidden,
    cardHidden: row.card_hidden,
  }
}

/** Under Minimal, anonymous visitors see only these kinds (and the security-review banner). */
export const MINIMAL_PUBLIC_KINDS: readonly CardKind[] = ['Overview', 'Certifications']

/** Minimal applies to anonymous visitors only (docs/decisions/004-visibility.md). */
export const seesMinimalOnly = (viewer: Viewer, level: PublicAccessLevel) => viewer.mode === 'Public' && level === 'Minimal'

function grantsOf(viewer: Viewer, item: Pick<AccessCheckedItem, 'productId'>) {
  return viewer.grants?.get(item.productId) ?? null
}

function isGranted(grants: Grants | null, item: Pick<AccessCheckedItem, 'uid' | 'cardKind'>) {
  if (!grants) return false
  return grants.allRestricted || grants.cardKinds.has(item.cardKind) || grants.itemUids.has(item.uid)
}

/** A permission of a staff member in Main mode; previewing staff see only what the previewed account sees. */
export function can(viewer: Viewer, permission: StaffPermission) {
  return viewer.mode === 'Main' && (viewer.staff?.permissions.includes(permission) ?? false)
}

/** Whether a kind's section or card may appear at all for this viewer under the org's level. */
export function kindListed(kind: CardKind, viewer: Viewer, level: PublicAccessLevel) {
  if (kind === 'CustomerData') return false
  return !seesMinimalOnly(viewer, level) || MINIMAL_PUBLIC_KINDS.includes(kind)
}

/** A hidden card is invisible to everyone but staff in Main mode, who see it marked. */
export function cardShown(card: { kind: CardKind; hidden: boolean }, viewer: Viewer, level: PublicAccessLevel) {
  return kindListed(card.kind, viewer, level) && (viewer.mode === 'Main' || !card.hidden)
}

/** The one rule deciding what a viewer learns about an item (PRODUCT.md section 2). */
export function itemAccess(item: AccessCheckedItem, viewer: Viewer, level: PublicAccessLevel): ItemAccess {
  if (!cardShown({ kind: item.cardKind, hidden: item.cardHidden }, viewer, level)) return 'withheld'
  if (viewer.mode === 'Main') return 'unlocked'
  if (item.enabledState === 'NotEnabled') return 'withheld'
  if (item.publicAccess || isGranted(grantsOf(viewer, item), item)) return 'unlocked'
  if (item.hidden || level === 'PublicContentOnly') return 'withheld'
  return 'locked'
}

/**
 * Private updates are for staff in Main mode and live accounts: their members and staff previewing them, as
 * the mail of a private update reaches only members of live accounts (server/access/live.ts). A member
 * whose access was revoked or lapsed reads what the public reads.
 */
export const privateUpdatesShown = (viewer: Viewer) => viewer.mode === 'Main' || viewer.liveAccount

/** A trust update listed on the portal (sql.ts updateListedSql) is shown to this viewer. */
export const updateShown = (update: { audience: string }, viewer: Viewer) => update.audience === 'public' || privateUpdatesShown(viewer)

/** An item's bridge letter exists (and is one of its documents) when its kind has one and it is switched on. */
export function bridgeLetterEnabled(item: { card_kind: string; bridge_letter: unknown }) {
  const letter = item.bridge_letter as { letterEnabled?: unknown } | null
  return letter?.letterEnabled === true && (KIND_FIELDS[item.card_kind as CardKind]?.includes('bridgeLetter') ?? false)
}

/** Downloads: staff always; otherwise public items, or granted ones when the profile allows downloads. */
export function canDownload(item: AccessCheckedItem, viewer: Viewer, viewOnly: boolean) {
  if (viewer.mode === 'Main') return true
  if (viewOnly) return false
  if (item.publicAccess) return true
  const grants = grantsOf(viewer, item)
  return isGranted(grants, item) && (grants?.canDownload ?? false)
}
