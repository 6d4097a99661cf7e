import { sql } from 'kysely'
import type { Database } from '../../db/index'

/**
 * Items with what the access policy reads of them (accessChecked: their card's hidden flag included), the
 * one query every path builds that row with; narrowed and widened by the caller.
 */
export function accessCheckedItems(db: Database) {
  return db
    .selectFrom('items')
    .leftJoin('cards', (join) => join.onRef('cards.product_id', '=', 'items.product_id').onRef('cards.kind', '=', 'items.card_kind'))
    .select([
      'items.id',
      'items.product_id',
      'items.uid',
      'items.card_kind',
      'items.enabled_state',
      'items.public_access',
      'items.hidden',
      sql<boolean>`coalesce(cards.hidden, false)`.as('card_hidden'),
    ])
}
