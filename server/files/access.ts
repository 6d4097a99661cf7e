import { sql } from 'kysely'
import type { Database } from '../../db/index'
import type { CardKind, EnabledState } from '../../app/lib/card-kinds'
import { portalAccess } from '../access/portal-access'
import type { Viewer } from '../access/visibility'
import type { PortalOrg } from '../portal/resolve'

export type FileDecision =
  | { status: 'missing' }
  | { status: 'allowed'; file: { id: string; sha256: string; original_name: string; content_type: string; size_bytes: number }; download: boolean }
  | { status: 'view-only' }

/**
 * The one access check for a stored file: it reads the file's links (with their cards' hidden flags)
 * and lets the portal's access policy decide.
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

  const [links, icon] = await Promise.all([
    db
      .selectFrom('item_files')
      .innerJoin('items', 'items.id', 'item_files.item_id')
      .leftJoin('cards', (join) => join.onRef('cards.product_id', '=', 'items.product_id').onRef('cards.kind', '=', 'items.card_kind'))
      .select(['items.product_id', 'items.uid', 'items.card_kind', 'items.enabled_state', 'items.public_access', 'items.hidden', sql<boolean>`coalesce(cards.hidden, false)`.as('card_hidden')])
      .where('item_files.file_id', '=', file.id)
      .execute(),
    db.selectFrom('cards').select('id').where('icon_file_id', '=', file.id).executeTakeFirst(),
  ])
  const access = portalAccess(viewer, org).file(
    {
      links: links.map((link) => ({
        productId: link.product_id,
        uid: link.uid,
        cardKind: link.card_kind as CardKind,
        enabledState: link.enabled_state as EnabledState,
        publicAccess: link.public_access,
        hidden: link.hidden,
        cardHidden: link.card_hidden,
      })),
      cardIcon: icon !== undefined,
      viewOnly: (file.document_access_type ?? org.documentAccessType) === 'view-only',
    },
    wantsDownload,
  )
  const { document_access_type: _, ...stored } = file
  if (access === 'withheld') return { status: 'missing' }
  if (access === 'view-only') return { status: 'view-only' }
  return { status: 'allowed', file: stored, download: access === 'download' }
}
