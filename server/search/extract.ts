import type { Database } from '../../db/index'
import { fileStore, StoreUnavailable, type StoreEnv } from '../files/store'
import { endIdleInspections, inspect, InspectionStopped, type InspectionOptions } from '../files/inspection'
import { startBackgroundLoop } from '../background-loop'

// The text of uploaded PDFs, read once, in the background (issue 10): unpdf's build of pdf.js, with no
// native canvas, in an inspection worker (server/files/inspection.ts), so a hostile or huge PDF cannot
// stall requests: past its time or memory limit the file is marked failed. Each app server runs this
// loop; a file is claimed by its status, so two servers may read the same file at worst, and only one
// writes its pages.

const INTERVAL_MS = 5_000
/** Pages past this are not indexed: a 2,000-page PDF is an archive, not a document a reviewer searches. */
const MAX_PAGES = 2_000
const PAGE_TEXT_LIMIT = 50_000

let wake: (() => void) | undefined

/** Asks the loop of this process to look for new PDFs now (after an upload commits, it finds them). */
export function wakeTextExtraction() {
  wake?.()
}

export type ExtractionOptions = InspectionOptions

/** One file at a time in this process: the other inspection worker stays free for uploads. */
let queue: Promise<unknown> = Promise.resolve()

/**
 * The text of each page (trimmed, whitespace collapsed), in order; throws when the file is not a readable
 * PDF, when its check runs out of time or memory, and (InspectionStopped) when `signal` is aborted.
 */
function pdfPages(bytes: ArrayBuffer, options: ExtractionOptions): Promise<string[]> {
  const read = queue.then(() => inspect({ check: 'pdf-pages', bytes, maxPages: MAX_PAGES, pageTextLimit: PAGE_TEXT_LIMIT }, options))
  queue = read.catch(() => {})
  return read
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).arrayBuffer()
}

/** Extracts the next pending PDF; false when none is left, or when `signal` was aborted (the file stays pending). */
export async function extractNext(db: Database, env: StoreEnv, options: ExtractionOptions = {}): Promise<boolean> {
  if (options.signal?.aborted) return false
  const file = await db.selectFrom('files').select(['id', 'org_id', 'sha256']).where('text_status', '=', 'pending').orderBy('created_at').limit(1).executeTakeFirst()
  if (!file) return false
  let pages: string[] | null = null
  try {
    const stream = await fileStore(env).get(file.sha256)
    if (stream) pages = await pdfPages(await readAll(stream), options)
  } catch (error) {
    if (error instanceof InspectionStopped) return false
    // The store is down (S3 unreachable): the file stays pending for a later round, not failed for good.
    if (error instanceof StoreUnavailable) {
      console.error(`[search] the text of file ${file.id} waits for the file store: ${error.message}`)
      return false
    }
    console.error(`[search] could not read the text of file ${file.id}:`, error instanceof Error ? error.message : error)
  }
  await db.transaction().execute(async (trx) => {
    const still = await trx.selectFrom('files').select('id').where('id', '=', file.id).where('text_status', '=', 'pending').forUpdate().executeTakeFirst()
    if (!still) return
    const rows = (pages ?? []).map((body, index) => ({ org_id: file.org_id, kind: 'document', file_id: file.id, page: index + 1, title: '', body })).filter((row) => row.body)
    for (let start = 0; start < rows.length; start += 200) {
      await trx
        .insertInto('search_entries')
        .values(rows.slice(start, start + 200))
        .onConflict((conflict) => conflict.columns(['file_id', 'page']).where('file_id', 'is not', null).doNothing())
        .execute()
    }
    await trx
      .updateTable('files')
      .set({ text_status: pages ? 'done' : 'failed' })
      .where('id', '=', file.id)
      .execute()
  })
  return true
}

export interface TextExtraction {
  stop(): Promise<void>
}

/** The background loop: every few seconds, or when woken, reads pending PDFs one after another. */
export function startTextExtraction(db: Database, env: StoreEnv, options: { intervalMs?: number; timeLimitMs?: number; memoryLimitMb?: number } = {}): TextExtraction {
  const stopping = new AbortController()
  const extraction = { timeLimitMs: options.timeLimitMs, memoryLimitMb: options.memoryLimitMb, signal: stopping.signal }
  const loop = startBackgroundLoop(
    async (stopped) => {
      try {
        while (!stopped() && (await extractNext(db, env, extraction)));
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
      // Ends a worker mid-file at once: graceful shutdown does not wait out a long PDF.
      stopping.abort()
      await loop.stop()
      endIdleInspections()
    },
  }
}
