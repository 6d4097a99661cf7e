// Shared helper for the catalogue files: each file lists a kind's items, highest priority first.

import type { CardKind } from '../card-kinds'
import type { CatalogueItem } from './types'

/** An item as written in a catalogue file; its kind comes from the list it appears in. */
export interface ItemSpec extends Omit<CatalogueItem, 'kind' | 'guidance'> {
  /** One sentence for staff, shown under the title in the editor. */
  short: string
  /** Two to four sentences: what reviewers look for and what to say or attach. */
  long: string
}

/** Turns one kind's specs, listed highest priority first, into catalogue items. */
export function defineItems(kind: CardKind, specs: readonly ItemSpec[]): CatalogueItem[] {
  return specs.map(({ short, long, ...rest }) => ({ ...rest, kind, guidance: { short, long } }))
}
