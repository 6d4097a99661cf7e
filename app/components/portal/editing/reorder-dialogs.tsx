import type { PortalView } from '../types'

// Re-order items, cards and sections (sortablejs with single-click alternatives). Being built.
export function ReorderItemsDialog(_props: { view: PortalView; kind: string }) {
  return null
}
export function ReorderCardsDialog(_props: { view: PortalView }) {
  return null
}
export function ReorderSectionsDialog(_props: { view: PortalView }) {
  return null
}
