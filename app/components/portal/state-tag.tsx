import type { ItemState } from '~/lib/portal-view'

const TAG_CLASS: Record<ItemState, string> = {
  Public: 'tag tag--state tag--public',
  Restricted: 'tag tag--state',
  Hidden: 'tag tag--state tag--hidden',
  'Not enabled': 'tag tag--state tag--hidden',
}

/** Main mode: an item's state as a small tag, so staff see what the public sees (decision 060); nothing for visitors. */
export function StateTag({ state }: { state: ItemState | undefined }) {
  return state ? <span className={TAG_CLASS[state]}>{state}</span> : null
}

/** A row's class with the dimmed look of an item the public does not see. */
export function stateClass(base: string, state: ItemState | undefined) {
  return state === 'Hidden' || state === 'Not enabled' ? `${base} ${base}--dimmed` : base
}
