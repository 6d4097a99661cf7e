// Re-ordering items, cards and portal sections (cards-and-items "Reorder dialogs", search-ai-and-widgets 2.5):
// pure moves shared by the dialogs' links (no JavaScript), their menus and drag and drop, and the
// schemas the server checks a posted order with.
import { z } from './zod'
import { CARD_KINDS } from './card-kinds'
import { SECTION_IDS, type SectionId } from './sections'

export type Move = 'top' | 'up' | 'down' | 'bottom'
export type DocumentsMove = Move | 'other'
export type SectionMove = Move | 'separate' | 'combine'

export const COMBINED_SECTION: SectionId = 'overview_and_certifications'
const COMBINABLE: readonly SectionId[] = ['overview', 'certifications']

/** `list` with the entry at `from` moved to `to` (a drag and drop); out-of-range indexes change nothing. */
export function moveIndex<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list]
  const next = [...list]
  const [entry] = next.splice(from, 1)
  next.splice(to, 0, entry)
  return next
}

export function moveToTop<T>(list: readonly T[], id: T) {
  return moveIndex(list, list.indexOf(id), 0)
}

export function moveUp<T>(list: readonly T[], id: T) {
  const index = list.indexOf(id)
  return moveIndex(list, index, index - 1)
}

export function moveDown<T>(list: readonly T[], id: T) {
  const index = list.indexOf(id)
  return moveIndex(list, index, index + 1)
}

export function moveToBottom<T>(list: readonly T[], id: T) {
  return moveIndex(list, list.indexOf(id), list.length - 1)
}

const MOVES: Record<Move, <T>(list: readonly T[], id: T) => T[]> = { top: moveToTop, up: moveUp, down: moveDown, bottom: moveToBottom }

export function applyMove<T>(list: readonly T[], id: T, move: Move) {
  return MOVES[move](list, id)
}

/** Boundary moves are disabled: nothing goes up from the first row or down from the last. */
export function canMove<T>(list: readonly T[], id: T, move: Move) {
  const index = list.indexOf(id)
  if (index < 0) return false
  return move === 'top' || move === 'up' ? index > 0 : index < list.length - 1
}

/** The Documents dialog's two columns: featured documents and the rest. */
export interface DocumentColumns {
  featured: string[]
  other: string[]
}

export function columnsOf(order: readonly string[], featured: readonly string[]): DocumentColumns {
  const isFeatured = new Set(featured)
  return { featured: order.filter((id) => isFeatured.has(id)), other: order.filter((id) => !isFeatured.has(id)) }
}

/** Featured documents come first in the card's order (cards-and-items section 4). */
export function orderOf(columns: DocumentColumns) {
  return [...columns.featured, ...columns.other]
}

/** Across the boundary between the columns: a featured document becomes the first of the rest, and back. */
export function moveToOtherColumn(columns: DocumentColumns, id: string): DocumentColumns {
  if (columns.featured.includes(id)) return { featured: columns.featured.filter((entry) => entry !== id), other: [id, ...columns.other] }
  if (columns.other.includes(id)) return { featured: [...columns.featured, id], other: columns.other.filter((entry) => entry !== id) }
  return columns
}

export type DocumentColumn = keyof DocumentColumns

/** A document dragged within its column or across to the other one (indexes within the columns). */
export function dropDocument(columns: DocumentColumns, from: DocumentColumn, to: DocumentColumn, oldIndex: number, newIndex: number): DocumentColumns {
  if (from === to) return { ...columns, [from]: moveIndex(columns[from], oldIndex, newIndex) }
  const id = columns[from][oldIndex]
  if (id === undefined) return columns
  const target = [...columns[to]]
  target.splice(Math.min(Math.max(newIndex, 0), target.length), 0, id)
  return { ...columns, [from]: columns[from].filter((_, index) => index !== oldIndex), [to]: target } as DocumentColumns
}

export function applyDocumentsMove(columns: DocumentColumns, id: string, move: DocumentsMove): DocumentColumns {
  if (move === 'other') return moveToOtherColumn(columns, id)
  if (columns.featured.includes(id)) return { ...columns, featured: applyMove(columns.featured, id, move) }
  return { ...columns, other: applyMove(columns.other, id, move) }
}

/** Overview and Certifications as two rows, where the combined row stood. */
export function separateSections(order: readonly SectionId[]): SectionId[] {
  return order.flatMap((id): SectionId[] => (id === COMBINED_SECTION ? ['overview', 'certifications'] : [id]))
}

/** Overview and Certifications as one row, where the first of the two stood. */
export function combineSections(order: readonly SectionId[]): SectionId[] {
  const first = order.findIndex((id) => COMBINABLE.includes(id))
  if (first < 0) return [...order]
  return order.flatMap((id, index): SectionId[] => (index === first ? [COMBINED_SECTION] : COMBINABLE.includes(id) ? [] : [id]))
}

export function canSeparate(order: readonly SectionId[], id: SectionId) {
  return id === COMBINED_SECTION && order.includes(COMBINED_SECTION)
}

export function canCombine(order: readonly SectionId[], id: SectionId) {
  return COMBINABLE.includes(id) && COMBINABLE.every((entry) => order.includes(entry))
}

export function applySectionMove(order: readonly SectionId[], id: SectionId, move: SectionMove): SectionId[] {
  if (move === 'separate') return canSeparate(order, id) ? separateSections(order) : [...order]
  if (move === 'combine') return canCombine(order, id) ? combineSections(order) : [...order]
  return applyMove(order, id, move)
}

/**
 * A whole section order: every section once, with Overview and Certifications either as two rows or
 * as the combined one, never both.
 */
export function isValidSectionOrder(order: readonly string[]): order is SectionId[] {
  if (new Set(order).size !== order.length) return false
  if (!order.every((id) => (SECTION_IDS as readonly string[]).includes(id))) return false
  const combined = order.includes(COMBINED_SECTION)
  const separate = COMBINABLE.filter((id) => order.includes(id)).length
  if (combined ? separate !== 0 : separate !== COMBINABLE.length) return false
  return SECTION_IDS.filter((id) => id !== COMBINED_SECTION && !COMBINABLE.includes(id)).every((id) => order.includes(id))
}

/** The same entries, each once (a re-ordering of `reference`, not an edit of it). */
export function isPermutationOf(list: readonly string[], reference: readonly string[]) {
  if (list.length !== reference.length || new Set(list).size !== list.length) return false
  const known = new Set(reference)
  return list.every((id) => known.has(id))
}

export function sameOrder(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((id, index) => id === b[index])
}

/** Ids as the dialogs carry them in a URL or a form field: comma-separated. */
export function parseIdList(value: string | null | undefined): string[] {
  if (!value) return []
  return value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
}

export function formatIdList(ids: readonly string[]) {
  return ids.join(',')
}

// A generous cap: a card holds a few dozen items, each uid well under 200 characters.
const idList = z.string({ error: 'Order is required' }).max(50_000).transform(parseIdList)

export const reorderItemsSchema = z.object({
  intent: z.literal('reorder.items'),
  kind: z.enum(CARD_KINDS, { error: 'Unknown card' }),
  order: idList,
  /** Documents only: the ids of the featured column. */
  featured: idList.optional(),
})

export const reorderCardsSchema = z.object({
  intent: z.literal('reorder.cards'),
  order: idList,
})

export const reorderSectionsSchema = z.object({
  intent: z.literal('reorder.sections'),
  order: idList,
})
