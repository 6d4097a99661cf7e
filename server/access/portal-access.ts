import type { CardKind } from '../../app/lib/card-kinds'
import type { StaffPermission } from '../../app/lib/permissions'
import type { PortalOrg } from '../portal/resolve'
import { can, canDownload, cardShown, itemAccess, PUBLIC_VIEWER, seesMinimalOnly, type AccessCheckedItem, type ItemAccess, type Viewer, updateShown } from './visibility'

/** view: shown inline; download: may also be downloaded; view-only: shown, its download refused; withheld: 404. */
export type FileAccess = 'view' | 'download' | 'view-only' | 'withheld'

export interface PortalAccess {
  mode: Viewer['mode']
  /** A staff permission, held in Main mode. */
  can(permission: StaffPermission): boolean
  /** Who changed what, created-at dates and hidden flags: for staff in Main mode only. */
  staffDetails: boolean
  cardShown(card: { kind: CardKind; hidden: boolean }): boolean
  /**
   * A shown card or section is listed when it has something to show (`visible` entries); staff in Main
   * mode see empty ones to fill them, and under Limited a card's placeholder text counts.
   */
  cardListed(card: { kind: CardKind; hidden: boolean; placeholder?: string | null }, visible: number): boolean
  item(item: AccessCheckedItem): ItemAccess
  /** Whether an unlocked item's file gets a download link. */
  canDownload(item: AccessCheckedItem, viewOnly: boolean): boolean
  /** A stored file, from the items it is linked to and the cards that use it as their icon. */
  file(file: { links: readonly AccessCheckedItem[]; iconOf: readonly { kind: CardKind; hidden: boolean }[]; viewOnly: boolean }, wantsDownload: boolean): FileAccess
  updateShown(update: { audience: string }): boolean
  faqsListed: boolean
  /** The Overview item's text, when this viewer may read it; null means the default welcome. */
  overviewText(overview: (AccessCheckedItem & { explanation: string | null }) | undefined): string | null
}

/**
 * What one viewer sees of an org's portal: cards, items, documents and files, updates, FAQs, the
 * Overview, staff details and staff permissions. The portal view and the file route decide nothing
 * on their own; they ask this (docs/decisions/004-visibility.md).
 */
export function portalAccess(viewer: Viewer, org: Pick<PortalOrg, 'publicAccessLevel'>): PortalAccess {
  const level = org.publicAccessLevel
  // Staff without a file permission get files as the public does, previewing or not.
  const lacks = (permission: 'files:view' | 'files:download') => !(viewer.staff?.permissions.includes(permission) ?? false)
  const fileViewer = (permission: 'files:view' | 'files:download') => ((viewer.mode === 'Main' || viewer.mode === 'Preview') && lacks(permission) ? PUBLIC_VIEWER : viewer)
  const item = (entry: AccessCheckedItem) => itemAccess(entry, viewer, level)
  return {
    mode: viewer.mode,
    can: (permission) => can(viewer, permission),
    staffDetails: viewer.mode === 'Main',
    cardShown: (card) => cardShown(card, viewer, level),
    cardListed: (card, visible) => cardShown(card, viewer, level) && (viewer.mode === 'Main' || visible > 0 || (Boolean(card.placeholder) && level === 'Limited')),
    item,
    canDownload(entry, viewOnly) {
      const as = fileViewer('files:download')
      return itemAccess(entry, as, level) === 'unlocked' && canDownload(entry, as, viewOnly)
    },
    file({ links, iconOf, viewOnly }, wantsDownload) {
      const as = fileViewer(wantsDownload ? 'files:download' : 'files:view')
      if (as.mode === 'Main') return wantsDownload ? 'download' : 'view'
      const unlocked = links.filter((link) => itemAccess(link, as, level) === 'unlocked')
      // A card's icon is seen where the card is: a hidden card's is withheld as the card is.
      if (!unlocked.length && !iconOf.some((card) => cardShown(card, viewer, level))) return 'withheld'
      if (!wantsDownload) return 'view'
      if (unlocked.some((link) => canDownload(link, as, viewOnly))) return 'download'
      return viewOnly ? 'view-only' : 'withheld'
    },
    updateShown: (update) => updateShown(update, viewer),
    // The knowledge base is not part of what Minimal publishes.
    faqsListed: !seesMinimalOnly(viewer, level),
    overviewText: (overview) => (overview && item(overview) === 'unlocked' ? overview.explanation?.trim() || null : null),
  }
}

/**
 * Where a portal picture ({portal}/pictures/{id}) is shown: a product's banner (on every page of the product,
 * for everyone), or the logo of a company on a product's Trusted-by or Subprocessors card.
 */
export type PictureUse = { banner: true } | { card: { kind: Extract<CardKind, 'TrustedBy' | 'Subprocessors'>; hidden: boolean } }

/** public: anyone may see it (and shared caches keep it); viewer: only this viewer; withheld: 404. */
export type PictureAccess = 'public' | 'viewer' | 'withheld'

/**
 * A picture is shown to whoever sees one of the places it is used: a banner always, a company's logo with its
 * card (cardShown). The viewer is read only when the public may not see it, so an anonymous picture costs no
 * session lookup.
 */
export async function pictureAccess(org: Pick<PortalOrg, 'publicAccessLevel'>, uses: readonly PictureUse[], viewer: () => Promise<Viewer>): Promise<PictureAccess> {
  const shownTo = (who: Viewer) => uses.some((use) => 'banner' in use || cardShown(use.card, who, org.publicAccessLevel))
  if (shownTo(PUBLIC_VIEWER)) return 'public'
  return shownTo(await viewer()) ? 'viewer' : 'withheld'
}
