import type { CardKind, EnabledState } from '../../app/lib/card-kinds'

export type ViewerMode = 'Main' | 'Preview' | 'AccountExternal' | 'Public'
export type PublicAccessLevel = 'Limited' | 'PublicContentOnly' | 'Minimal'

/** What a permission profile grants inside one product. */
export interface Grants {
  allRestricted: boolean
  cardKinds: ReadonlySet<string>
  itemUids: ReadonlySet<string>
  canDownload: boolean
}

export interface Viewer {
  mode: ViewerMode
  /** Staff of this org (Main and Preview). */
  staff?: { id: string; name: string; email: string; permissions: readonly string[] }
  /** The grants of the account or profile being viewed as (Preview, AccountExternal). */
  grants: Grants | null
}

export const PUBLIC_VIEWER: Viewer = { mode: 'Public', grants: null }

/**
 * unlocked: everything about the item may be shown; locked: its title, a lock and "Get access";
 * withheld: nothing about it leaves the server.
 */
export type ItemAccess = 'unlocked' | 'locked' | 'withheld'

export interface AccessCheckedItem {
  uid: string
  cardKind: CardKind
  enabledState: EnabledState
  publicAccess: boolean
  hidden: boolean
}

/** Under Minimal, anonymous visitors see only these kinds (and the security-review banner). */
export const MINIMAL_PUBLIC_KINDS: readonly CardKind[] = ['Overview', 'Certifications']

export function isGranted(grants: Grants | null, item: Pick<AccessCheckedItem, 'uid' | 'cardKind'>) {
  if (!grants) return false
  return grants.allRestricted || grants.cardKinds.has(item.cardKind) || grants.itemUids.has(item.uid)
}

/** The one rule deciding what a viewer learns about an item (PRODUCT.md section 2). */
export function itemAccess(item: AccessCheckedItem, viewer: Viewer, level: PublicAccessLevel): ItemAccess {
  if (viewer.mode === 'Main') return 'unlocked'
  if (item.enabledState === 'NotEnabled') return 'withheld'
  if (level === 'Minimal' && viewer.mode === 'Public' && !MINIMAL_PUBLIC_KINDS.includes(item.cardKind)) return 'withheld'
  if (item.publicAccess || isGranted(viewer.grants, item)) return 'unlocked'
  if (item.hidden || level === 'PublicContentOnly') return 'withheld'
  return 'locked'
}

/** Whether a kind's section or card may appear at all for this viewer under the org's level. */
export function kindListed(kind: CardKind, viewer: Viewer, level: PublicAccessLevel) {
  if (kind === 'CustomerData') return false
  if (viewer.mode !== 'Public' || level !== 'Minimal') return true
  return MINIMAL_PUBLIC_KINDS.includes(kind)
}

/** Downloads: staff always; otherwise public items, or granted ones when the profile allows downloads. */
export function canDownload(item: AccessCheckedItem, viewer: Viewer, viewOnly: boolean) {
  if (viewer.mode === 'Main') return true
  if (viewOnly) return false
  if (item.publicAccess) return true
  return isGranted(viewer.grants, item) && (viewer.grants?.canDownload ?? false)
}
