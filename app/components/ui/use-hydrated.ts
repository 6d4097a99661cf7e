import { useSyncExternalStore } from 'react'

const subscribeNever = () => () => {}

/**
 * False on the server and while React hydrates the server's HTML (which must match); true from then on,
 * and at once for a component first rendered in the browser, so script-only controls never flicker in.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}
