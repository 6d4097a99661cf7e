import type { Database } from '../../db/index'
import { csvDownload, csvStream, CsvSyntaxError, parseCsv, unguardedField } from '../csv'
import { FAQ_CSV_COLUMNS, FAQ_IMPORT_MAX_BYTES, FAQ_IMPORT_MAX_ROWS, FAQ_MESSAGES, faqFieldsSchema, type FaqFields } from '../../app/lib/schemas/faqs'

// A product's knowledge base as CSV: the export (question, answer, comment in display order) and the
// reading of an import, which takes the whole file or nothing.

const EXPORT_PAGE = 1_000

/** A product's entries as a CSV download, a keyset page at a time, in the order the portal shows them. */
export function faqsCsvDownload(db: Database, product: { id: string; slug: string }) {
  const stream = csvStream<{ position: number; id: string }>(FAQ_CSV_COLUMNS, EXPORT_PAGE, async (after) => {
    const rows = await db
      .selectFrom('faqs')
      .select(['id', 'position', 'question', 'answer', 'comment'])
      .where('product_id', '=', product.id)
      .$if(after !== null, (query) => query.where((eb) => eb.or([eb('position', '>', after!.position), eb.and([eb('position', '=', after!.position), eb('id', '>', after!.id)])])))
      .orderBy('position')
      .orderBy('id')
      .limit(EXPORT_PAGE)
      .execute()
    const last = rows.at(-1)
    return { rows: rows.length, records: rows.map((row) => [row.question, row.answer, row.comment]), next: last ? { position: last.position, id: last.id } : null }
  })
  return csvDownload(stream, `knowledge-base-${product.slug}.csv`)
}

export type FaqCsv = { ok: true; entries: FaqFields[] } | { ok: false; message: string }

const headerMessage = (line: number) => `Line ${line}: the first row must name the columns question and answer (and comment, if you have comments)`

/**
 * An import file's entries, every row checked with the form's rules: a file that is too large, not UTF-8,
 * not well-formed CSV, without the header row, with more than FAQ_IMPORT_MAX_ROWS rows, or with one row
 * that is invalid is refused whole, with the line to look at. Blank lines are skipped.
 */
export function readFaqCsv(bytes: Uint8Array): FaqCsv {
  if (bytes.byteLength > FAQ_IMPORT_MAX_BYTES) return { ok: false, message: FAQ_MESSAGES.fileTooLarge }
  let text: string
  try {
    // The decoder drops a UTF-8 byte-order mark, as spreadsheets write one.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { ok: false, message: 'The file is not UTF-8 text: save it as "CSV UTF-8" and import it again' }
  }
  // Valid UTF-8, but PostgreSQL cannot store it: refused here rather than failing the insert as a 500.
  if (text.includes('\u0000')) return { ok: false, message: 'The file holds a NUL character: save it as "CSV UTF-8" and import it again' }
  let records
  try {
    records = parseCsv(text).filter((record) => record.fields.some((field) => field.trim() !== ''))
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, message: error.message }
    throw error
  }
  const [header, ...rows] = records
  if (!header) return { ok: false, message: 'The file is empty' }
  const columns = header.fields.map((field) => field.trim().toLowerCase())
  const known = (column: string): column is (typeof FAQ_CSV_COLUMNS)[number] => (FAQ_CSV_COLUMNS as readonly string[]).includes(column)
  if (!columns.includes('question') || !columns.includes('answer') || !columns.every(known) || new Set(columns).size !== columns.length) {
    return { ok: false, message: headerMessage(header.line) }
  }
  if (!rows.length) return { ok: false, message: 'The file has no questions below its header row' }
  if (rows.length > FAQ_IMPORT_MAX_ROWS) return { ok: false, message: FAQ_MESSAGES.tooManyRows }

  const entries: FaqFields[] = []
  for (const row of rows) {
    if (row.fields.length !== columns.length) {
      return { ok: false, message: `Line ${row.line}: expected ${columns.length} fields, found ${row.fields.length}; put a field with commas or line breaks in double quotes` }
    }
    const values = Object.fromEntries(columns.map((column, index) => [column, unguardedField(row.fields[index])]))
    const parsed = faqFieldsSchema.safeParse(values)
    if (!parsed.success) return { ok: false, message: `Line ${row.line}: ${parsed.error.issues[0].message}` }
    entries.push(parsed.data)
  }
  return { ok: true, entries }
}
