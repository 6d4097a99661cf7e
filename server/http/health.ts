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
/** The store is asked at most this often: a balancer probing every second must not cost a request each time. */
const STORE_CHECK_EVERY_MS = 2_000

export function createHealth(db: Database, store: FileStore, stopping: () => boolean) {
  let storeChecked: { at: number; result: Promise<string | null> } | undefined
  let lastReasons = ''

  function storeProblem() {
    if (!storeChecked || Date.now() - storeChecked.at > STORE_CHECK_EVERY_MS) {
      storeChecked = { at: Date.now(), result: within(store.check(), 'the file store did not answer').then(() => null, (error: Error) => error.message) }
    }
    return storeChecked.result
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
    const [database, files] = await Promise.all([databaseProblem(), storeProblem()])
    const ready = !database.problem && !files
    // The reasons go to the log, not to whoever asks: they name internal hosts and the bucket.
    const reasons = [database.problem && `database: ${database.problem}`, files && `file store: ${files}`].filter(Boolean).join('; ')
    if (reasons !== lastReasons) console.error(reasons ? `[readyz] not ready: ${reasons}` : '[readyz] ready again')
    lastReasons = reasons
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
