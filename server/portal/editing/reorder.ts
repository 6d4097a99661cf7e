import { parseForm } from '../../http/forms'
import { itemTitle } from '../../../app/lib/catalogue/index'
import { DEFAULT_CARD_TITLES, GRID_KINDS, isCardKind, type CardKind, type EnabledState } from '../../../app/lib/card-kinds'
import { itemOrder, sortByItemOrder } from '../view-helpers'
import { isPermutationOf, isValidSectionOrder, reorderCardsSchema, reorderItemsSchema, reorderSectionsSchema } from '../../../app/lib/reorder'
import { normaliseSectionOrder } from '../../../app/lib/sections'
import type { Redirect } from '../../reply'
import { badRequest, failedRedirect, saveEdit, savedRedirect, type EditContext, type EditHandler } from './context'

// Re-order items of a card, the grid's cards and the portal's sections (cards-and-items "Reorder
// dialogs" and section 8; search-ai-and-widgets 2.5 and section 8). Each posts a whole order.

const itemsFailure = (card: string) => `Failed to update ${card} card item's order`
const cardsFailure = (product: string) => `Failed to update cards order for ${product} product`
const SECTIONS_FAILURE = 'Failed to update section order'

/** A write that failed for a reason other than the input: reported, and the spec's failure toast. */
async function reported(edit: EditContext, failure: string, work: () => Promise<Redirect>) {
  try {
    return await work()
  } catch (error) {
    console.error(failure, error)
    return failedRedirect(edit, failure)
  }
}

export const reorderHandlers: Record<string, EditHandler> = {
  async 'reorder.items'(edit, formData) {
    const submission = parseForm(formData, reorderItemsSchema)
    const kind = formData.get('kind')
    const card = isCardKind(kind)
      ? await edit.db.selectFrom('cards').select(['kind', 'title']).where('product_id', '=', edit.product.id).where('kind', '=', kind).executeTakeFirst()
      : undefined
    const title = card ? card.title || DEFAULT_CARD_TITLES[card.kind as CardKind] : typeof kind === 'string' && kind ? kind.slice(0, 100) : 'the'
    const failure = itemsFailure(title)
    if (submission.status !== 'success' || !card) return badRequest({ intent: 'reorder.items', result: submission.reply({ formErrors: [failure] }) })

    const rows = await edit.db
      .selectFrom('items')
      .select(['id', 'uid', 'title', 'enabled_state', 'position', 'catalogue_uid', 'featured'])
      .where('product_id', '=', edit.product.id)
      .where('card_kind', '=', card.kind)
      .execute()
    const before = sortByItemOrder([...rows], (row) => itemOrder(row, { enabledState: row.enabled_state as EnabledState, title: itemTitle(row) })).map((row) => row.uid)
    const { order } = submission.value
    const documents = card.kind === 'Documents'
    const featured = documents ? (submission.value.featured ?? []) : []
    const featuredKnown = new Set(order)
    if (!isPermutationOf(order, before) || new Set(featured).size !== featured.length || !featured.every((uid) => featuredKnown.has(uid))) {
      return badRequest({ intent: 'reorder.items', result: submission.reply({ formErrors: [failure] }) })
    }
    // Featured documents come first in the card's order, whatever order the two lists were posted in.
    const isFeatured = new Set(featured)
    const next = documents ? [...order.filter((uid) => isFeatured.has(uid)), ...order.filter((uid) => !isFeatured.has(uid))] : order
    const idOf = new Map(rows.map((row) => [row.uid, row.id]))

    return reported(edit, failure, async () => {
      await saveEdit(
        edit,
        {
          action: 'reorder.items',
          target: card.kind,
          before: { order: before, ...(documents ? { featured: rows.filter((row) => row.featured).map((row) => row.uid) } : {}) },
          after: { order: next, ...(documents ? { featured } : {}) },
        },
        async (trx) => {
          // Documents: the featured flags are saved first, then the whole order (cards-and-items section 4).
          if (documents) {
            await trx.updateTable('items').set({ featured: false }).where('product_id', '=', edit.product.id).where('card_kind', '=', card.kind).execute()
            if (featured.length) {
              await trx
                .updateTable('items')
                .set({ featured: true })
                .where('product_id', '=', edit.product.id)
                .where('card_kind', '=', card.kind)
                .where('uid', 'in', featured)
                .execute()
            }
          }
          for (const [position, uid] of next.entries()) {
            await trx.updateTable('items').set({ position }).where('id', '=', idOf.get(uid)!).execute()
          }
        },
      )
      return savedRedirect(edit, `Updated ${title} card item's order`)
    })
  },

  async 'reorder.cards'(edit, formData) {
    const failure = cardsFailure(edit.product.name)
    const submission = parseForm(formData, reorderCardsSchema)
    if (submission.status !== 'success') return badRequest({ intent: 'reorder.cards', result: submission.reply({ formErrors: [failure] }) })
    const rows = await edit.db
      .selectFrom('cards')
      .select(['id', 'kind', 'position'])
      .where('product_id', '=', edit.product.id)
      .where('kind', 'in', GRID_KINDS)
      .orderBy('position')
      .execute()
    const before = rows.map((row) => row.kind)
    const { order } = submission.value
    if (!isPermutationOf(order, before)) return badRequest({ intent: 'reorder.cards', result: submission.reply({ formErrors: [failure] }) })
    // The grid keeps the positions it had, handed out in the new order; section kinds keep theirs.
    const positions = rows.map((row) => row.position)
    const idOf = new Map(rows.map((row) => [row.kind, row.id]))

    return reported(edit, failure, async () => {
      await saveEdit(edit, { action: 'reorder.cards', target: edit.product.slug, before: { order: before }, after: { order } }, async (trx) => {
        for (const [index, kind] of order.entries()) {
          await trx.updateTable('cards').set({ position: positions[index] }).where('id', '=', idOf.get(kind)!).execute()
        }
      })
      return savedRedirect(edit, `Updated card order for ${edit.product.name} product`)
    })
  },

  async 'reorder.sections'(edit, formData) {
    const submission = parseForm(formData, reorderSectionsSchema)
    if (submission.status !== 'success' || !isValidSectionOrder(submission.value.order)) {
      return badRequest({ intent: 'reorder.sections', result: submission.reply({ formErrors: [SECTIONS_FAILURE] }) })
    }
    const order = submission.value.order
    const product = await edit.db.selectFrom('products').select('section_order').where('id', '=', edit.product.id).executeTakeFirstOrThrow()

    return reported(edit, SECTIONS_FAILURE, async () => {
      await saveEdit(
        edit,
        { action: 'reorder.sections', target: edit.product.slug, before: { order: normaliseSectionOrder(product.section_order) }, after: { order } },
        // pg sends JS arrays as PostgreSQL arrays, so the jsonb value goes over the wire as text.
        (trx) =>
          trx
            .updateTable('products')
            .set({ section_order: JSON.stringify(order) })
            .where('id', '=', edit.product.id)
            .execute(),
      )
      return savedRedirect(edit, 'Updated section order')
    })
  },
}
