import { Worker } from 'node:worker_threads'
import workerSource from './inspection-worker.js?raw'
import svgSource from './svg.js?raw'
import brandImageSource from './brand-image.js?raw'
import type { BrandRequest } from './brand-image.js'

// Every content check of an uploaded file that parses it (an Office document's parts, a PDF's text, an
// SVG icon, a text file's UTF-8) runs here: in a worker thread, never on the main thread, so no file can hold the event loop (issues 12, 21).
// Each check gets a time limit and two memory limits, past which its worker is ended and the check fails:
// the worker's JS heap (V8's resourceLimits) and, because that does not count ArrayBuffers (a PDF stream
// that inflates to gigabytes lives in one), the growth of the process's resident memory, watched from here.

export type InspectionRequest =
  | { check: 'pdf-pages'; bytes: ArrayBuffer; maxPages: number; pageTextLimit: number }
  | { check: 'office-parts'; bytes: ArrayBuffer; xmlLimit: number }
  | { check: 'svg-icon'; bytes: ArrayBuffer; size: number }
  | { check: 'svg-logo'; bytes: ArrayBuffer; height: number; maxWidth: number }
  | { check: 'plain-text'; bytes: ArrayBuffer }
  | ({ check: 'brand-image' } & BrandRequest)

interface Answers {
  'pdf-pages': string[]
  'office-parts': string[] | null
  /** The icon's drawing rebuilt from the allow-list (server/files/svg.js); null when it is no well-formed SVG. */
  'svg-icon': string | null
  /** A company logo's drawing rebuilt the same way, as wide as its proportions make it. */
  'svg-logo': string | null
  /** Valid UTF-8 without binary control characters, and not markup. */
  'plain-text': boolean
  /** An org's share image or favicon, a PNG (server/files/brand-image.js). */
  'brand-image': Uint8Array
}

export interface InspectionOptions {
  timeLimitMs?: number
  /** The worker's JS heap; the process may grow by twice this (buffers, the thread itself) while the check runs. */
  memoryLimitMb?: number
  /** Bytes past this are refused before any worker sees them. */
  maxBytes?: number
  /** Aborted on shutdown: the worker is ended at once. */
  signal?: AbortSignal
}

/** The check was abandoned because `signal` was aborted, not because of the file. */
export class InspectionStopped extends Error {}

const TIME_LIMIT_MS = 60_000
const MEMORY_LIMIT_MB = 256
/** A worker takes ~200 ms to start with pdf.js: kept for the next check a while, ended once idle this long. */
const IDLE_MS = 2_000
/** Checks at once in this process: each may hold its memory limit; the rest wait their turn. */
const MAX_WORKERS = 2
/** How often the process's memory is read while a check runs (a read of /proc/self/statm). */
const WATCH_MS = 20

/** Inter (SIL OFL) for the share image's text, bold and regular, in the subsets most company names need. */
const BRAND_FONTS: [string, number][] = [
  ['inter-latin-700-normal.woff', 700],
  ['inter-latin-ext-700-normal.woff', 700],
  ['inter-cyrillic-700-normal.woff', 700],
  ['inter-greek-700-normal.woff', 700],
]

let workerUrl: URL | undefined
let libraries: { unpdf: string; jszip: string; svg: string; satori: string; resvg: string; brandImage: string; fonts: { url: string; weight: number }[] } | undefined
const idle: { worker: Worker; memoryLimitMb: number; timer: NodeJS.Timeout }[] = []
let running = 0
const waiting: (() => void)[] = []

function startWorker(memoryLimitMb: number) {
  // Resolved from this module, in the sources or the bundle: ordinary dependencies in node_modules.
  // The SVG check is a source of this project's own, inlined like the worker's.
  libraries ??= {
    unpdf: import.meta.resolve('unpdf'),
    jszip: import.meta.resolve('jszip'),
    svg: `data:text/javascript,${encodeURIComponent(svgSource)}`,
    satori: import.meta.resolve('satori'),
    resvg: import.meta.resolve('@resvg/resvg-js'),
    brandImage: `data:text/javascript,${encodeURIComponent(brandImageSource)}`,
    fonts: BRAND_FONTS.map(([file, weight]) => ({ url: import.meta.resolve(`@fontsource/inter/files/${file}`), weight })),
  }
  workerUrl ??= new URL(`data:text/javascript,${encodeURIComponent(workerSource)}`)
  const worker = new Worker(workerUrl, { workerData: libraries, resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb } })
  // Each check listens for its own failure; this keeps a failure between checks from throwing in this thread.
  worker.on('error', () => {})
  worker.on('exit', () => endIdle(worker))
  return worker
}

function endIdle(worker?: Worker) {
  for (const entry of [...idle]) {
    if (worker && entry.worker !== worker) continue
    idle.splice(idle.indexOf(entry), 1)
    clearTimeout(entry.timer)
    void entry.worker.terminate()
  }
}

/** Ends the workers kept between checks (a check running is ended by its own signal). */
export function endIdleInspections() {
  endIdle()
}

/**
 * Runs one check in a worker thread (an idle one, or a new one when none is); the request's bytes are
 * transferred, not copied. Rejects when the check fails, runs out of time or memory, or (InspectionStopped)
 * when `signal` is aborted.
 */
export async function inspect<C extends keyof Answers>(request: Extract<InspectionRequest, { check: C }>, options: InspectionOptions = {}): Promise<Answers[C]> {
  if (options.maxBytes !== undefined && (requestBytes(request)?.byteLength ?? 0) > options.maxBytes) throw new Error(`is larger than ${options.maxBytes} bytes`)
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    return (await runInWorker(request, options)) as Answers[C]
  } finally {
    running--
    waiting.shift()?.()
  }
}

/** The file a request carries (a share image's: its logo, if any): transferred, and counted against the limits. */
function requestBytes(request: InspectionRequest): ArrayBuffer | undefined {
  return request.check === 'brand-image' ? request.logo?.bytes : request.bytes
}

function runInWorker(request: InspectionRequest, options: InspectionOptions): Promise<unknown> {
  if (options.signal?.aborted) return Promise.reject(new InspectionStopped())
  const timeLimitMs = options.timeLimitMs ?? TIME_LIMIT_MS
  const memoryLimitMb = options.memoryLimitMb ?? MEMORY_LIMIT_MB
  const kept = idle.find((entry) => entry.memoryLimitMb === memoryLimitMb)
  if (kept) {
    idle.splice(idle.indexOf(kept), 1)
    clearTimeout(kept.timer)
  }
  const rssAtStart = process.memoryUsage.rss()
  const worker = kept?.worker ?? startWorker(memoryLimitMb)
  worker.ref()
  return new Promise((resolve, reject) => {
    let settled = false
    const onMessage = (answer: { value: unknown } | { error: string }) =>
      finish(() => ('value' in answer ? resolve(answer.value) : reject(new Error(answer.error))), { keep: true })
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY) or anything the worker did not catch.
    const onError = (error: Error) => finish(() => reject(error))
    const onExit = (code: number) => finish(() => reject(new Error(`the worker exited with code ${code}`)))
    const onAbort = () => finish(() => reject(new InspectionStopped()))
    const timer = setTimeout(() => finish(() => reject(new Error(`took longer than ${timeLimitMs / 1000} s`))), timeLimitMs)
    const bytes = requestBytes(request)
    const growthLimit = 2 * memoryLimitMb * 1024 * 1024 + (bytes?.byteLength ?? 0)
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - rssAtStart > growthLimit) finish(() => reject(new Error(`went past its memory limit (${2 * memoryLimitMb} MB)`)))
    }, WATCH_MS)
    worker.on('message', onMessage).on('error', onError).on('exit', onExit)
    options.signal?.addEventListener('abort', onAbort, { once: true })
    worker.postMessage(request, bytes ? [bytes] : [])

    // A worker that answered is kept for the next check; any other is ended before this settles, so a
    // stopped caller leaves no thread running.
    function finish(settle: () => void, { keep = false } = {}) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(watch)
      options.signal?.removeEventListener('abort', onAbort)
      worker.off('message', onMessage).off('error', onError).off('exit', onExit)
      if (!keep) return void worker.terminate().then(settle, settle)
      worker.unref()
      idle.push({ worker, memoryLimitMb, timer: setTimeout(() => endIdle(worker), IDLE_MS).unref() })
      settle()
    }
  })
}
