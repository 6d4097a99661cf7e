import { getDocumentProxy } from 'unpdf'
import type { Database } from '../../db/index'
import { fileStore } from '../files/store'
import { startBackgroundLoop } from '../background-loop'

// The text of uploaded PDFs, read once, in the background, page by page (issue 10): unpdf's build of
// pdf.js, with no worker thread and no native canvas. Each app server runs this loop; a file is claimed by
// its status, so two servers may read the same file at worst, and only one writes its pages.

const INTERVAL_MS = 5_000
/** Pages past this are not indexed: a 2,000-page PDF is an archive, not a document a reviewer searches. */
const MAX_PAGES = 2_000
const PAGE_TEXT_LIMIT = 50_000

let wake: (() => void) | undefined

/** Asks the loop of this process to look for new PDFs now (after an upload commits, it finds them). */
export function wakeTextExtraction() {
  wake?.()
}

/** The text of each page (trimmed, whitespace collapsed), in order; throws when the file is not a readable PDF. */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 })
  try {
    const pages: string[] = []
    const count = Math.min(pdf.numPages, MAX_PAGES)
    for (let number = 1; number <= count; number++) {
      const page = await pdf.getPage(number)
      const content = await page.getTextContent()
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('')
        .replace(/[ \t\f\v\r]+/g, ' ')
        .replace(/\s*\n\s*/g, '\n')
        .trim()
      pages.push(text.slice(0, PAGE_TEXT_LIMIT))
      page.cleanup()
      // Let requests through between pages: this runs beside the web server.
      await new Promise((resolve) => setImmediate(resolve))
    }
    return pages
  } finally {
    await pdf.destroy()
  }
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** Extracts the next pending PDF; false when none is left. */
export async function extractNext(db: Database, env: { DATA_DIR: string }): Promise<boolean> {
  const file = await db
    .selectFrom('files')
    .select(['id', 'org_id', 'sha256'])
    .where('text_status', '=', 'pending')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst()
  if (!file) return false
  let pages: string[] | null = null
  try {
    const stream = await fileStore(env).get(file.sha256)
    if (stream) pages = await pdfPages(await readAll(stream))
  } catch (error) {
    console.error(`[search] could not read the text of file ${file.id}:`, error instanceof Error ? error.message : error)
  }
  await db.transaction().execute(async (trx) => {
    const still = await trx.selectFrom('files').select('id').where('id', '=', file.id).where('text_status', '=', 'pending').forUpdate().executeTakeFirst()
    if (!still) return
    const rows = (pages ?? [])
      .map((body, index) => ({ org_id: file.org_id, kind: 'document', file_id: file.id, page: index + 1, title: '', body }))
      .filter((row) => row.body)
    for (let start = 0; start < rows.length; start += 200) {
      await trx
        .insertInto('search_entries')
        .values(rows.slice(start, start + 200))
        .onConflict((conflict) => conflict.columns(['file_id', 'page']).where('file_id', 'is not', null).doNothing())
        .execute()
    }
    await trx.updateTable('files').set({ text_status: pages ? 'done' : 'failed' }).where('id', '=', file.id).execute()
  })
  return true
}

export interface TextExtraction {
  stop(): Promise<void>
}

/** The background loop: every few seconds, or when woken, reads pending PDFs one after another. */
export function startTextExtraction(db: Database, env: { DATA_DIR: string }, options: { intervalMs?: number } = {}): TextExtraction {
  const loop = startBackgroundLoop(
    async (stopped) => {
      try {
        while (!stopped() && (await extractNext(db, env)));
      } catch (error) {
        console.error('[search] text extraction failed:', error instanceof Error ? error.message : error)
      }
    },
    // Woken inside an upload's transaction: a moment later the new row is committed and visible.
    { intervalMs: options.intervalMs ?? INTERVAL_MS, kickDelayMs: 100 },
  )
  wake = loop.kick
  return {
    async stop() {
      if (wake === loop.kick) wake = undefined
      await loop.stop()
    },
  }
}
