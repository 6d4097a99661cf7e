const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

/** "MMMM d, yyyy" in UTC, so the server and the browser print the same day. */
export function formatDate(value: string | Date) {
  return LONG_DATE.format(typeof value === 'string' ? new Date(value) : value)
}

/** A document's date as listed (issue 24 item 5): "Valid until May 1, 2027" or "Updated March 3, 2026". */
export function documentDateText(date: { kind: 'validUntil' | 'updated'; on: string }) {
  return `${date.kind === 'validUntil' ? 'Valid until' : 'Updated'} ${formatDate(date.on)}`
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

/** A count of bytes as people read it: 512 B, 14.2 KB, 3.5 MB. */
export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(1)} ${units[unit]}`
}
