// /healthz and /readyz (server/http/health.ts) over a real database and file store: ready while both
// answer; not ready, with nothing internal in the answer, when either cannot be reached or once stopping.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import type { DB } from '../../db/types'
import { localFileStore, type FileStore } from '../../server/files/store'
import { createHealth } from '../../server/http/health'
import { describeEachDatabase } from '../setup/database'

const servers: Server[] = []
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))))

async function probe(db: Kysely<DB>, store: FileStore, stopping = false, options?: { probeEveryMs?: number; now?: () => number }) {
  const answer = createHealth(db, store, () => stopping, options)
  const server = createServer((req, res) => void answer(req.url!, res))
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return async (pathname: '/healthz' | '/readyz') => {
    const response = await fetch(base + pathname)
    return { status: response.status, cache: response.headers.get('cache-control'), body: await response.json() }
  }
}

describeEachDatabase('health and readiness', (database) => {
  it('is ready while the database and the file store answer', async () => {
    const get = await probe(database().handle.db, localFileStore(database().env.DATA_DIR))
    expect(await get('/healthz')).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } })
    const ready = await get('/readyz')
    expect(ready).toMatchObject({ status: 200, cache: 'no-store', body: { status: 'ready', database: { status: 'up' }, files: { status: 'up', store: 'local' } } })
  })

  it('probes the database and the store at most once per interval, however many ask and however often', async () => {
    let queries = 0
    let checks = 0
    // The real database and store, each use counted on its way through.
    const db = database().handle.db.withPlugin({
      transformQuery: (args) => {
        queries++
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    const real = localFileStore(database().env.DATA_DIR)
    const store: FileStore = { ...real, kind: real.kind, check: (options) => (checks++, real.check(options)) }
    // A clock of the test's own: the interval passes when the test says so.
    let clock = 0
    const get = await probe(db, store, false, { probeEveryMs: 1_000, now: () => clock })
    // A burst at once shares one probe of each.
    const burst = await Promise.all(Array.from({ length: 50 }, () => get('/readyz')))
    expect(burst.every((answer) => answer.status === 200 && answer.body.status === 'ready')).toBe(true)
    expect({ queries, checks }).toEqual({ queries: 1, checks: 1 })
    // One after another within the interval: the answer of the last probe.
    for (let index = 0; index < 20; index++) expect((await get('/readyz')).status).toBe(200)
    expect({ queries, checks }).toEqual({ queries: 1, checks: 1 })
    // Past it, one new probe for the next ones.
    clock = 999
    expect((await get('/readyz')).status).toBe(200)
    expect({ queries, checks }).toEqual({ queries: 1, checks: 1 })
    clock = 1_000
    await Promise.all(Array.from({ length: 10 }, () => get('/readyz')))
    expect({ queries, checks }).toEqual({ queries: 2, checks: 2 })
  })

  it('is not ready when the file store cannot be written, or once the shutdown began; alive all the while', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-ready-'))
    // Where the store's directory should be, a plain file: nothing can be stored.
    await writeFile(path.join(dataDir, 'files'), 'not a directory')
    const get = await probe(database().handle.db, localFileStore(dataDir))
    const errors: string[] = []
    const original = console.error
    console.error = (message: string) => errors.push(message)
    try {
      const answer = await get('/readyz')
      expect(answer).toEqual({
        status: 503,
        cache: 'no-store',
        body: { status: 'unavailable', database: { status: 'up', latencyMs: expect.any(Number) }, files: { status: 'down', store: 'local' } },
      })
      // The reason is logged for the operator, never answered to whoever asks.
      expect(JSON.stringify(answer.body)).not.toContain(dataDir)
      expect(errors.join('\n')).toMatch(/\[readyz\] not ready: file store: The file store under .* cannot be written/)
    } finally {
      console.error = original
      await rm(dataDir, { recursive: true, force: true })
    }
    expect((await get('/healthz')).status).toBe(200)
    const stopping = await probe(database().handle.db, localFileStore(database().env.DATA_DIR), true)
    expect(await stopping('/readyz')).toMatchObject({ status: 503, body: { status: 'stopping' } })
    expect((await stopping('/healthz')).status).toBe(200)
  })
})

it('is not ready while the database cannot be reached', async () => {
  // A PostgreSQL address where nothing listens (port 9 on this machine: discard, not served).
  const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:9/none', connectionTimeoutMillis: 1000 })
  pool.on('error', () => {})
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-ready-'))
  const errors: string[] = []
  const original = console.error
  console.error = (message: string) => errors.push(message)
  try {
    const get = await probe(db, localFileStore(dataDir))
    const answer = await get('/readyz')
    expect(answer).toEqual({ status: 503, cache: 'no-store', body: { status: 'unavailable', database: { status: 'down' }, files: { status: 'up', store: 'local' } } })
    // Answered by the refusal itself (nothing listens), not after the probe's timeout.
    expect(errors.join('\n')).toMatch(/\[readyz\] not ready: database: .*ECONNREFUSED/)
    expect(JSON.stringify(answer.body)).not.toContain('127.0.0.1')
  } finally {
    console.error = original
    await db.destroy()
    await rm(dataDir, { recursive: true, force: true })
  }
})
