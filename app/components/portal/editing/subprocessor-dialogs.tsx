import type { PortalView } from '../types'

// Add, edit and delete subprocessors. Being built.
export function SubprocessorDialogs(_props: { view: PortalView; name: string; target: string | null }) {
  return null
}
