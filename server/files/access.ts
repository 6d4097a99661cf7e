import { isViewOnly } from './urls'
import type { CardKind } from '../../app/lib/card-kinds'
import type { Database } from '../../db/index'
import { accessCheckedItems } from '../access/items'
import { portalAccess } from '../access/portal-access'
import { accessChecked, PUBLIC_VIEWER, type Viewer } from '../access/visibility'
import { isUuid } from '../http/query'
import { previewKind } from './headers'
import type { PortalOrg } from '../portal/resolve'

export type FileDecision =
  | { status: 'missing' }
  | {
      status: 'allowed'
      file: { id: string; sha256: string; original_name: string; content_type: string; size_bytes: number }
      download: boolean
      /** Anyone may view it (a public item links it): a public document is never watermarked. */
      public: boolean
      /** The item this viewer reaches it through (the first unlocked link), for analytics. */
      itemUid: string | null
    }
  | { status: 'view-only' }

/**
 * The one access check for a stored file: it reads the file's links (with their cards' hidden flags)
 * and lets the portal's access policy decide.
 */
export async function authoriseFile(db: Database, org: PortalOrg, viewer: Viewer, fileId: string, wantsDownload: boolean): Promise<FileDecision> {
  if (!isUuid(fileId)) return { status: 'missing' }
  const file = await db
    .selectFrom('files')
    .select(['id', 'sha256', 'original_name', 'content_type', 'size_bytes', 'document_access_type'])
    .where('id', '=', fileId)
    .where('org_id', '=', org.id)
    .executeTakeFirst()
  if (!file) return { status: 'missing' }

  const [links, iconOf] = await Promise.all([
    accessCheckedItems(db).innerJoin('item_files', 'item_files.item_id', 'items.id').where('item_files.file_id', '=', file.id).execute(),
    db.selectFrom('cards').select(['kind', 'hidden']).where('icon_file_id', '=', file.id).execute(),
  ])
  const checked = { links: links.map(accessChecked), iconOf: iconOf.map((card) => ({ kind: card.kind as CardKind, hidden: card.hidden })), viewOnly: isViewOnly(file, org) }
  const policy = portalAccess(viewer, org)
  const access = policy.file(checked, wantsDownload)
  const { document_access_type: _, ...stored } = file
  if (access === 'withheld') return { status: 'missing' }
  if (access === 'view-only') return { status: 'view-only' }
  // Viewing a file a browser cannot show (a spreadsheet, a Word file) is downloading it: only where this
  // viewer may download it.
  if (access === 'view' && !previewKind(file.content_type) && policy.file(checked, true) !== 'download') return { status: 'view-only' }
  const through = checked.links.find((link) => policy.item(link) === 'unlocked')
  return {
    status: 'allowed',
    file: stored,
    download: access === 'download',
    public: portalAccess(PUBLIC_VIEWER, org).file(checked, false) !== 'withheld',
    itemUid: through?.uid ?? null,
  }
}
