import type { PortalView } from '../types'

// Custom items, move item, custom URL. Being built.
export function ItemDialogs(_props: { view: PortalView; name: string; target: string | null }) {
  return null
}
