// CSV exports (subscribers, document analytics, knowledge base): RFC 4180 records, safe to open in a
// spreadsheet, and streamed a keyset page at a time so a hundred thousand rows never sit in memory at once;
// and the reading of imports. Plain text work: the download's HTTP answer is server/http/responses.ts'.
import { download } from './reply'

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

/** A CSV download (the route answers it, never cached: server/http/responses.ts). */
export const csvDownload = (body: ReadableStream<Uint8Array>, fileName: string) => download(body, fileName, 'text/csv; charset=utf-8')

// ---------------------------------------------------------------------------------------------------
// Reading CSV (imports): RFC 4180 records in one forward pass, so a hostile file costs its length and no more.

/** A file that is not well-formed CSV; `line` is where the reader stopped (1-based). */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`Line ${line}: ${reason}`)
    this.name = 'CsvSyntaxError'
  }
}

export interface CsvRecord {
  /** The line of the file the record starts on (1-based): a quoted field may run over several. */
  line: number
  fields: string[]
}

/**
 * The records of a CSV text (RFC 4180): fields separated by commas, records by CRLF (LF or CR alone too),
 * a field in double quotes may hold commas, line breaks and doubled quotes. A leading byte-order mark is
 * dropped. A quote inside an unquoted field, text after a closing quote or an unclosed quote is refused
 * with its line; a final line break ends the last record rather than starting an empty one.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = []
  const length = text.length
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let line = 1
  let fields: string[] = []
  let recordLine = 1
  while (index < length) {
    // One field: quoted or not.
    let field: string
    if (text[index] === '"') {
      const openedOn = line
      index++
      let value = ''
      for (;;) {
        const quote = text.indexOf('"', index)
        if (quote === -1) throw new CsvSyntaxError(openedOn, 'a quoted field is never closed')
        const chunk = text.slice(index, quote)
        value += chunk
        line += countLineBreaks(chunk)
        if (text[quote + 1] === '"') {
          value += '"'
          index = quote + 2
          continue
        }
        index = quote + 1
        break
      }
      field = value
      const next = text[index]
      if (index < length && next !== ',' && next !== '\r' && next !== '\n') throw new CsvSyntaxError(line, 'text follows a closing quote; double the quotes inside a quoted field')
    } else {
      let end = index
      while (end < length) {
        const char = text[end]
        if (char === ',' || char === '\r' || char === '\n') break
        if (char === '"') throw new CsvSyntaxError(line, 'a quote in a field that does not start with one; put the field in quotes and double the quote')
        end++
      }
      field = text.slice(index, end)
      index = end
    }
    fields.push(field)
    // What ends the field: a comma (another field follows, maybe empty), a line break or the end.
    if (text[index] === ',') {
      index++
      if (index === length) fields.push('')
      continue
    }
    if (text[index] === '\r') index += text[index + 1] === '\n' ? 2 : 1
    else if (text[index] === '\n') index++
    records.push({ line: recordLine, fields })
    fields = []
    line++
    recordLine = line
  }
  if (fields.length) records.push({ line: recordLine, fields })
  return records
}

function countLineBreaks(text: string) {
  let count = 0
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '\n') count++
    else if (char === '\r' && text[index + 1] !== '\n') count++
  }
  return count
}

/**
 * A field as it was before `csvField` guarded it against spreadsheets: our own exports put a quote before
 * a would-be formula, and reading that export back gives the text that was written out.
 */
export function unguardedField(value: string) {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value
}
