const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** "MMMM d, yyyy" in UTC, so the server and the browser print the same day. */
export function formatDate(value: string | Date) {
  return LONG_DATE.format(typeof value === 'string' ? new Date(value) : value)
}

/** A URL for the current page with some query parameters changed (null removes one). */
export function withQuery(pathname: string, search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key)
    else params.set(key, value)
  }
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** A date and time in UTC ("Nov 22, 2026, 4:13 PM"), the same on the server and in the browser. */
export function formatDateTime(value: string | Date) {
  return `${DATE_TIME.format(typeof value === 'string' ? new Date(value) : value)} UTC`
}
