import { Worker } from 'node:worker_threads'
import type { Database } from '../../db/index'
import { fileStore, StoreUnavailable, type StoreEnv } from '../files/store'
import { startBackgroundLoop } from '../background-loop'
import workerSource from './pdf-text-worker.js?raw'

// The text of uploaded PDFs, read once, in the background (issue 10): unpdf's build of pdf.js, with no
// native canvas, in a worker thread (issue 12), so a hostile or huge PDF cannot stall requests: each file
// gets a time and a memory limit, past which the worker is ended and the file marked failed. Each app
// server runs this loop; a file is claimed by its status, so two servers may read the same file at worst,
// and only one writes its pages.

const INTERVAL_MS = 5_000
/** Past this the worker is ended and the file marked failed; the next file gets a fresh worker. */
const TIME_LIMIT_MS = 60_000
const MEMORY_LIMIT_MB = 256
/** A worker takes ~200 ms to start (pdf.js): kept for the next file while the loop drains, ended once idle this long. */
const IDLE_MS = 2_000
/** Pages past this are not indexed: a 2,000-page PDF is an archive, not a document a reviewer searches. */
const MAX_PAGES = 2_000
const PAGE_TEXT_LIMIT = 50_000

let wake: (() => void) | undefined

/** Asks the loop of this process to look for new PDFs now (after an upload commits, it finds them). */
export function wakeTextExtraction() {
  wake?.()
}

export interface ExtractionOptions {
  timeLimitMs?: number
  memoryLimitMb?: number
  /** Aborted on shutdown: the worker is ended at once and the file stays pending for the next start. */
  signal?: AbortSignal
}

class ExtractionStopped extends Error {}

let workerUrl: URL | undefined
let unpdfUrl: string | undefined
/** The worker between files, unreferenced (it keeps no process alive) until the next one. */
let idle: { worker: Worker; memoryLimitMb: number; timer: NodeJS.Timeout } | undefined
/** One file at a time in this process: a worker reads one, and a second would double the memory. */
let queue: Promise<unknown> = Promise.resolve()

function startWorker(memoryLimitMb: number) {
  // Resolved from this module, in the sources or the bundle: unpdf is an ordinary dependency in node_modules.
  unpdfUrl ??= import.meta.resolve('unpdf')
  workerUrl ??= new URL(`data:text/javascript,${encodeURIComponent(workerSource)}`)
  const worker = new Worker(workerUrl, { workerData: { unpdf: unpdfUrl }, resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb } })
  // Each file listens for its own failure; this keeps a failure between files from throwing in this thread.
  worker.on('error', () => {})
  worker.on('exit', () => {
    if (idle?.worker === worker) endIdleWorker()
  })
  return worker
}

function endIdleWorker() {
  if (!idle) return
  clearTimeout(idle.timer)
  void idle.worker.terminate()
  idle = undefined
}

/**
 * The text of each page (trimmed, whitespace collapsed), in order, read by a worker thread that is given
 * the bytes (transferred, not copied); throws when the file is not a readable PDF, when the worker runs
 * out of time or memory, and (ExtractionStopped) when `signal` is aborted.
 */
function pdfPages(bytes: ArrayBuffer, options: ExtractionOptions): Promise<string[]> {
  const read = queue.then(() => readInWorker(bytes, options))
  queue = read.catch(() => {})
  return read
}

function readInWorker(bytes: ArrayBuffer, options: ExtractionOptions): Promise<string[]> {
  if (options.signal?.aborted) return Promise.reject(new ExtractionStopped())
  const timeLimitMs = options.timeLimitMs ?? TIME_LIMIT_MS
  const memoryLimitMb = options.memoryLimitMb ?? MEMORY_LIMIT_MB
  if (idle && idle.memoryLimitMb !== memoryLimitMb) endIdleWorker()
  const worker = idle?.worker ?? startWorker(memoryLimitMb)
  if (idle) {
    clearTimeout(idle.timer)
    idle = undefined
  }
  worker.ref()
  return new Promise<string[]>((resolve, reject) => {
    let settled = false
    const onMessage = (answer: { pages: string[] } | { error: string }) =>
      finish(() => ('pages' in answer ? resolve(answer.pages) : reject(new Error(answer.error))), { keep: true })
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or anything the worker did not catch.
    const onError = (error: Error) => finish(() => reject(error))
    const onExit = (code: number) => finish(() => reject(new Error(`the worker exited with code ${code}`)))
    const onAbort = () => finish(() => reject(new ExtractionStopped()))
    const timer = setTimeout(() => finish(() => reject(new Error(`took longer than ${timeLimitMs / 1000} s`))), timeLimitMs)
    worker.on('message', onMessage).on('error', onError).on('exit', onExit)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    worker.postMessage({ bytes, maxPages: MAX_PAGES, pageTextLimit: PAGE_TEXT_LIMIT }, [bytes])

    // A worker that answered is kept for the next file; any other is ended before this settles, so stop()
    // leaves no thread running.
    function finish(settle: () => void, { keep = false } = {}) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      worker.off('message', onMessage).off('error', onError).off('exit', onExit)
      if (!keep) return void worker.terminate().then(settle, settle)
      worker.unref()
      idle = { worker, memoryLimitMb, timer: setTimeout(endIdleWorker, IDLE_MS).unref() }
      settle()
    }
  })
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).arrayBuffer()
}

/** Extracts the next pending PDF; false when none is left, or when `signal` was aborted (the file stays pending). */
export async function extractNext(db: Database, env: StoreEnv, options: ExtractionOptions = {}): Promise<boolean> {
  if (options.signal?.aborted) return false
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
    if (stream) pages = await pdfPages(await readAll(stream), options)
  } catch (error) {
    if (error instanceof ExtractionStopped) return false
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
export function startTextExtraction(
  db: Database,
  env: StoreEnv,
  options: { intervalMs?: number; timeLimitMs?: number; memoryLimitMb?: number } = {},
): TextExtraction {
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
      endIdleWorker()
    },
  }
}
