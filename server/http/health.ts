import type { ServerResponse } from 'node:http'
import { sql } from 'kysely'
import type { Database } from '../../db/index'
import type { FileStore } from '../files/store'

// Probes for load balancers and orchestrators, answered for any host (they probe by address) and never
// cached. /healthz is liveness: the process answers (a database outage is not cured by a restart).
// /readyz is readiness: this server can serve now, so it fails while the database or the file store
// cannot be reached, and once a SIGTERM has started the shutdown (the balancer stops sending first).

export const HEALTH_PATHS = new Set(['/healthz', '/readyz'])

const PROBE_TIMEOUT_MS = 3_000
/**
 * The database and the store are asked at most this often, together, and one probe is shared by every
 * request meanwhile: an anonymous GET does bounded work whatever the rate (a balancer probing every
 * second, or anyone looping on the URL). A probe that is slower is shared until it ends.
 */
const PROBE_EVERY_MS = 2_000

interface Readiness {
  database: { problem: string | null; latencyMs: number | null }
  files: string | null
}

export interface HealthOptions {
  probeEveryMs?: number
  /** The clock the interval is measured on (tests pass their own). */
  now?: () => number
}

export function createHealth(db: Database, store: FileStore, stopping: () => boolean, options: HealthOptions = {}) {
  const probeEveryMs = options.probeEveryMs ?? PROBE_EVERY_MS
  const now = options.now ?? Date.now
  let last: { at: number; settled: boolean; readiness: Promise<Readiness> } | undefined
  let lastReasons = ''

  function readiness() {
    if (!last || (last.settled && now() - last.at >= probeEveryMs)) {
      const probe = { at: now(), settled: false, readiness: probeBoth() }
      void probe.readiness.finally(() => (probe.settled = true))
      last = probe
    }
    return last.readiness
  }

  async function probeBoth(): Promise<Readiness> {
    const [database, files] = await Promise.all([databaseProblem(), storeProblem()])
    // The reasons go to the log, once per change, not to whoever asks: they name internal hosts and the bucket.
    const reasons = [database.problem && `database: ${database.problem}`, files && `file store: ${files}`].filter(Boolean).join('; ')
    if (reasons !== lastReasons) console.error(reasons ? `[readyz] not ready: ${reasons}` : '[readyz] ready again')
    lastReasons = reasons
    return { database, files }
  }

  function storeProblem() {
    return within(store.check(), 'the file store did not answer').then(
      () => null,
      (error: Error) => error.message,
    )
  }

  async function databaseProblem() {
    const started = performance.now()
    try {
      await within(sql`select 1`.execute(db), 'the database did not answer')
      return { problem: null, latencyMs: Math.round((performance.now() - started) * 10) / 10 }
    } catch (error) {
      return { problem: (error as Error).message, latencyMs: null }
    }
  }

  return async function answer(pathname: string, res: ServerResponse) {
    if (pathname === '/healthz') return write(res, 200, { status: 'ok' })
    if (stopping()) return write(res, 503, { status: 'stopping' })
    const { database, files } = await readiness()
    const ready = !database.problem && !files
    write(res, ready ? 200 : 503, {
      status: ready ? 'ready' : 'unavailable',
      database: database.problem ? { status: 'down' } : { status: 'up', latencyMs: database.latencyMs },
      files: { status: files ? 'down' : 'up', store: store.kind },
    })
  }
}

function write(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(JSON.stringify(body))
}

function within<T>(promise: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), PROBE_TIMEOUT_MS)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
