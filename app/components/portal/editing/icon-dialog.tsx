import type { PortalView } from '../types'

// Change card icon (default or custom png / jpeg / svg, 20 x 20, at most 1 MB). Being built.
export function ChangeIconDialog(_props: { view: PortalView; kind: string }) {
  return null
}
