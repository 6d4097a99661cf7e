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
