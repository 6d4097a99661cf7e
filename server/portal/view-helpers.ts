// What the visitor's view and the editor's view of the portal page share.
import { CATALOGUE_WEIGHT } from '../../app/lib/catalogue/index'
import type { EnabledState } from '../../app/lib/card-kinds'
import { compareItems, type Orderable } from '../../app/lib/ordering'

/** An item's place in its card (app/lib/ordering.ts): its state and title as shown, its custom position, its catalogue priority. */
export function itemOrder(row: { position: number | null; catalogue_uid: string | null }, shown: { enabledState: EnabledState; title: string }): Orderable {
  return { enabledState: shown.enabledState, position: row.position, weight: row.catalogue_uid ? (CATALOGUE_WEIGHT.get(row.catalogue_uid) ?? 0) : 0, title: shown.title }
}

/** Sorts `entries` in place into item order, each entry's key worked out once rather than at every comparison. */
export function sortByItemOrder<T>(entries: T[], orderOf: (entry: T) => Orderable): T[] {
  const keys = new Map(entries.map((entry) => [entry, orderOf(entry)]))
  return entries.sort((a, b) => compareItems(keys.get(a)!, keys.get(b)!))
}

/** A grade item's stored entries, each with its label; anything malformed is left out. */
export function gradeEntries(value: unknown) {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return []
    const { label, description, url, grade } = entry as Record<string, unknown>
    if (typeof label !== 'string') return []
    return [{ label, description: str(description), url: str(url), grade: str(grade) }]
  })
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : null)
