// CSV exports (subscribers, document analytics): RFC 4180 records, safe to open in a spreadsheet, and
// streamed a keyset page at a time so a hundred thousand rows never sit in memory at once.

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/

/** One CSV field (RFC 4180): a would-be formula gets a leading quote; quotes, commas and line breaks are quoted. */
export function csvField(value: string | null | undefined) {
  let text = value ?? ''
  const formula = FORMULA_START.test(text)
  if (formula) text = `'${text}`
  return formula || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One CSV record, CRLF-terminated as RFC 4180 has it. */
export const csvRecord = (fields: readonly (string | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`

/**
 * The header, then one page of records per pull as the client reads: `page(after)` gives the rows after
 * the cursor (null for the first page), their records, and the next cursor; a short page is the last.
 */
export function csvStream<Cursor>(
  header: readonly string[],
  pageSize: number,
  page: (after: Cursor | null) => Promise<{ rows: number; records: readonly (readonly (string | null | undefined)[])[]; next: Cursor | null }>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let after: Cursor | null = null
  let started = false
  let cancelled = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(csvRecord(header)))
        return
      }
      const { rows, records, next } = await page(after)
      if (cancelled) return
      const text = records.map(csvRecord).join('')
      if (text) controller.enqueue(encoder.encode(text))
      if (rows < pageSize) controller.close()
      else after = next
    },
    cancel() {
      cancelled = true
    },
  })
}

/** A CSV download, never cached. */
export function csvResponse(body: ReadableStream<Uint8Array>, fileName: string) {
  return new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'private, no-store' },
  })
}
