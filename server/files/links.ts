import { sql } from 'kysely'
import { isUuid } from '../http/query'
import type { Database } from '../../db/index'

/** A link the save cannot make: the item or a document is gone, or belongs to another org. Show `message`, answer 400. */
export class DocumentLinkError extends Error {
  readonly status = 400
  constructor(message: string) {
    super(message)
    this.name = 'DocumentLinkError'
  }
}

export interface DocumentLinkChanges {
  /** Documents newly linked, in the order they were appended. */
  linked: { id: string; name: string }[]
  /** Documents that were linked and no longer are. */
  unlinked: { id: string; name: string }[]
}

/**
 * The pending links and unlinks of an item, applied on save. Call it with the save's transaction, so a
 * failed save undoes them. Unlinks go first; a link already there and an unlink of a document not linked
 * are ignored; new links are appended after the item's last position. Every document must belong to the
 * item's org, else DocumentLinkError (and the caller's transaction should roll back).
 */
export async function applyDocumentLinks(trx: Database, changes: { itemId: string; link: readonly string[]; unlink: readonly string[] }): Promise<DocumentLinkChanges> {
  const link = [...new Set(changes.link)]
  const unlink = [...new Set(changes.unlink)]
  if (!isUuid(changes.itemId)) throw new DocumentLinkError('This item no longer exists')
  const item = await trx
    .selectFrom('items')
    .innerJoin('products', 'products.id', 'items.product_id')
    .select(['items.id', 'products.org_id'])
    .where('items.id', '=', changes.itemId)
    .executeTakeFirst()
  if (!item) throw new DocumentLinkError('This item no longer exists')
  if (!link.length && !unlink.length) return { linked: [], unlinked: [] }
  const ids = [...new Set([...link, ...unlink])]
  if (ids.some((id) => !isUuid(id))) throw new DocumentLinkError('A chosen document no longer exists')
  const files = await trx.selectFrom('files').select(['id', 'original_name']).where('org_id', '=', item.org_id).where('id', 'in', ids).execute()
  const names = new Map(files.map((file) => [file.id, file.original_name]))
  if (names.size !== ids.length) throw new DocumentLinkError('A chosen document no longer exists')

  const unlinked = unlink.length ? await trx.deleteFrom('item_files').where('item_id', '=', item.id).where('file_id', 'in', unlink).returning('file_id').execute() : []

  const linked: string[] = []
  if (link.length) {
    const { last } = await trx
      .selectFrom('item_files')
      .select(sql<number>`coalesce(max(position), -1)`.as('last'))
      .where('item_id', '=', item.id)
      .executeTakeFirstOrThrow()
    const existing = new Set((await trx.selectFrom('item_files').select('file_id').where('item_id', '=', item.id).where('file_id', 'in', link).execute()).map((row) => row.file_id))
    const fresh = link.filter((id) => !existing.has(id))
    if (fresh.length) {
      // A concurrent save that linked the same document first wins; this one skips it.
      const inserted = await trx
        .insertInto('item_files')
        .values(fresh.map((fileId, index) => ({ item_id: item.id, file_id: fileId, position: Number(last) + 1 + index })))
        .onConflict((conflict) => conflict.columns(['item_id', 'file_id']).doNothing())
        .returning('file_id')
        .execute()
      const done = new Set(inserted.map((row) => row.file_id))
      linked.push(...fresh.filter((id) => done.has(id)))
    }
  }
  const named = (id: string) => ({ id, name: names.get(id)! })
  return { linked: linked.map(named), unlinked: unlinked.map((row) => named(row.file_id)) }
}
