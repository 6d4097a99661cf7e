import { catalogueItem } from '../../app/lib/catalogue/index'
import type { Database } from '../../db/index'
import { accessCheckedItems } from '../access/items'
import { portalAccess } from '../access/portal-access'
import { accessChecked, bridgeLetterEnabled, PUBLIC_VIEWER, type Viewer } from '../access/visibility'
import { isUuid } from '../http/query'
import type { PortalOrg } from '../portal/resolve'
import type { BridgeLetter } from './letter'

/** A SOC report item's bridge letter: what its generator needs but the org and the date it is made. */
export interface LetterSource extends Omit<BridgeLetter, 'orgName' | 'date'> {
  itemId: string
  itemUid: string
}

export type LetterDecision = { status: 'missing' } | { status: 'allowed'; letter: LetterSource; download: boolean; public: boolean }

/**
 * A bridge letter is one of its item's documents (cards-and-items spec section 3): it exists while the
 * item's letter is enabled, and whoever may open that item's documents may open it, download it where
 * they may download them (a generated letter is never view-only).
 */
export async function authoriseLetter(db: Database, org: PortalOrg, viewer: Viewer, itemId: string, wantsDownload: boolean): Promise<LetterDecision> {
  if (!isUuid(itemId)) return { status: 'missing' }
  const item = await accessCheckedItems(db)
    .innerJoin('products', 'products.id', 'items.product_id')
    .select(['items.title', 'items.catalogue_uid', 'items.bridge_letter'])
    .select((eb) =>
      eb
        .selectFrom('item_files')
        .innerJoin('files', 'files.id', 'item_files.file_id')
        .whereRef('item_files.item_id', '=', 'items.id')
        .select((inner) => inner.fn.max('files.created_at').as('newest'))
        .as('newest_document'),
    )
    .where('items.id', '=', itemId)
    .where('products.org_id', '=', org.id)
    .executeTakeFirst()
  const letter = item?.bridge_letter as Record<string, unknown> | null | undefined
  if (!item || !letter || !bridgeLetterEnabled(item)) return { status: 'missing' }
  // As a file of its item that is never view-only: the same policy as the item's uploaded documents.
  const checked = { links: [accessChecked(item)], iconOf: [], viewOnly: false }
  const access = portalAccess(viewer, org).file(checked, wantsDownload)
  if (access !== 'view' && access !== 'download') return { status: 'missing' }
  const catalogue = item.catalogue_uid ? catalogueItem(item.catalogue_uid) : undefined
  return {
    status: 'allowed',
    download: wantsDownload,
    public: portalAccess(PUBLIC_VIEWER, org).file(checked, false) !== 'withheld',
    letter: {
      itemId: item.id,
      itemUid: item.uid,
      itemTitle: item.title || catalogue?.title || 'Untitled',
      letterType: letter.letterType === 'SOC 1' ? 'SOC 1' : 'SOC 2',
      letterContent: String(letter.letterContent ?? ''),
      signerName: String(letter.signerName ?? ''),
      signerTitle: String(letter.signerTitle ?? ''),
      periodStart: item.newest_document ? new Date(item.newest_document as unknown as string) : null,
    },
  }
}
