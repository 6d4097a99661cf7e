import { withQuery } from '~/lib/format'

/** The current page with a staff dialog open (?dialog=name&target=...). */
export function dialogHref(location: { pathname: string; search: string }, name: string, target?: string | null) {
  return withQuery(location.pathname, location.search, { dialog: name, target: target ?? null })
}

/** The current page with any staff dialog closed. */
export function closeDialogHref(location: { pathname: string; search: string }) {
  return withQuery(location.pathname, location.search, { dialog: null, target: null })
}

/** Where a staff form returns after saving: this page without its dialog. */
export function returnToValue(location: { pathname: string; search: string }) {
  return closeDialogHref(location)
}
