import type { Database } from '../../db/index'
import type { CardKind, EnabledState } from '../../app/lib/card-kinds'
import { canDownload, itemAccess, PUBLIC_VIEWER, type Viewer } from '../access/visibility'
import type { PortalOrg } from '../portal/resolve'

export type FileDecision =
  | { status: 'missing' }
  | { status: 'allowed'; file: { id: string; sha256: string; original_name: string; content_type: string; size_bytes: number }; download: boolean }
  | { status: 'view-only' }

/**
 * The one access check for a stored file: it is shown when an item it is linked to is unlocked for
 * this viewer (or it is a card icon), and downloaded only when that item's rules allow it.
 */
export async function authoriseFile(db: Database, org: PortalOrg, viewer: Viewer, fileId: string, wantsDownload: boolean): Promise<FileDecision> {
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) return { status: 'missing' }
  const file = await db
    .selectFrom('files')
    .select(['id', 'sha256', 'original_name', 'content_type', 'size_bytes', 'document_access_type'])
    .where('id', '=', fileId)
    .where('org_id', '=', org.id)
    .executeTakeFirst()
  if (!file) return { status: 'missing' }

  const viewOnly = (file.document_access_type ?? org.documentAccessType) === 'view-only'
  const { document_access_type: _, ...stored } = file
  if (viewer.mode === 'Main') {
    const permissions = viewer.staff?.permissions ?? []
    if (permissions.includes(wantsDownload ? 'files:download' : 'files:view')) return { status: 'allowed', file: stored, download: wantsDownload }
    // Staff without the file permissions see files as the public does.
    return authoriseFile(db, org, PUBLIC_VIEWER, fileId, wantsDownload)
  }

  const [links, icon] = await Promise.all([
    db
      .selectFrom('item_files')
      .innerJoin('items', 'items.id', 'item_files.item_id')
      .select(['items.uid', 'items.card_kind', 'items.enabled_state', 'items.public_access', 'items.hidden'])
      .where('item_files.file_id', '=', file.id)
      .execute(),
    db.selectFrom('cards').select('id').where('icon_file_id', '=', file.id).executeTakeFirst(),
  ])
  const unlocked = links
    .map((link) => ({
      uid: link.uid,
      cardKind: link.card_kind as CardKind,
      enabledState: link.enabled_state as EnabledState,
      publicAccess: link.public_access,
      hidden: link.hidden,
    }))
    .filter((item) => itemAccess(item, viewer, org.publicAccessLevel) === 'unlocked')
  if (!unlocked.length && !icon) return { status: 'missing' }
  if (!wantsDownload) return { status: 'allowed', file: stored, download: false }
  if (unlocked.some((item) => canDownload(item, viewer, viewOnly))) return { status: 'allowed', file: stored, download: true }
  return viewOnly ? { status: 'view-only' } : { status: 'missing' }
}
