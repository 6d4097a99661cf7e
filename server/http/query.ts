/**
 * A whole number from the query string, clamped to [min, max]; `fallback` when absent or not a number.
 * `page=99999999999999999999`, `-1`, `1e400` and `NaN` all land inside the range, never in a query.
 */
export function integerParam(search: URLSearchParams, name: string, range: { min: number; max: number; fallback: number }) {
  const raw = search.get(name)
  if (raw === null || !/^-?\d{1,30}$/.test(raw.trim())) return range.fallback
  const value = Number(raw.trim())
  return Math.min(range.max, Math.max(range.min, value))
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An id from a URL or a form that can name a row: anything else is unknown, never a database error. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value)
