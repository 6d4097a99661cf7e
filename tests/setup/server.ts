// Starts the built server (`build/`, made by `npm test` before vitest runs) as a child process on a copy
// of the seeded test database, for tests that must talk HTTP to the real listener: PGlite in a copied data
// directory, or a PostgreSQL database copied from the template.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../../db/index'
import { adminQuery, withDatabase } from './global-setup'
import { freePort } from './free-port'
import { copyTemplate } from './copy-template'

export interface RunningServer {
  url: string
  process: ChildProcess
  /** Everything the server printed, for assertions and failure reports. */
  output: () => string
  alive: () => boolean
  /** The server's PostgreSQL database, for a test that writes as another app server would (PGlite allows none). */
  databaseUrl?: string
  /** DATA_DIR: PGlite's database and the files. */
  dataDir: string
  /** Ends the process with `signal` and waits for it, keeping the data for `startServer(..., { reuse })` or a look with openDatabase. */
  halt: (signal?: NodeJS.Signals) => Promise<void>
  /** Ends the process and deletes its data (unless a restart took the data over). */
  stop: () => Promise<void>
}

export interface StartOptions {
  /** Start on the data of this server (halted first), on the same port: a restart. The new server owns the data from then on. */
  reuse?: RunningServer
  /**
   * Another app server over this server's PostgreSQL database (its own DATA_DIR and port), as behind a load
   * balancer. The database stays the first server's: its stop drops it, this one's does not.
   */
  shareDatabaseOf?: RunningServer
  /** Start on an empty DATA_DIR (and on PostgreSQL an empty database) that `fill` fills first, as a restore does. */
  fill?: (target: { dataDir: string; databaseUrl?: string }) => Promise<void>
}

const SERVER_BUNDLE = path.resolve('build/server/index.js')

export async function startServer(
  backend: 'pglite' | 'postgres',
  extraEnv: Record<string, string> = {},
  /** Runs on the server's copy of the database before it starts (PGlite allows one process at a time); its DATA_DIR is ready by then. */
  prepare?: (db: Database, server: { dataDir: string; databaseUrl?: string }) => Promise<void>,
  options: StartOptions = {},
): Promise<RunningServer> {
  if (!existsSync(SERVER_BUNDLE)) throw new Error('The server is not built: run `npx react-router build` (npm test does it first).')
  if (options.reuse?.alive()) throw new Error('Halt the server before starting another on its data')
  if (options.shareDatabaseOf && (options.reuse || !options.shareDatabaseOf.databaseUrl)) throw new Error('Only a new server can share a database, and only a PostgreSQL one')
  const previous = options.reuse ? handOver(options.reuse) : undefined
  const dataDir = previous?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'tc-server-')))
  if (!previous && !options.fill) await copyTemplate(inject('templateRoot'), dataDir)
  const port = previous?.port ?? (await freePort())
  const url = `http://localhost:${port}`
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    SKIP_BUILD: 'true',
    PORT: String(port),
    APP_URL: url,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'server-test-'.repeat(4),
    ...extraEnv,
  }
  let database: string | undefined
  if (previous?.databaseUrl) {
    database = previous.database
    env.DATABASE_URL = previous.databaseUrl
  } else if (options.shareDatabaseOf) {
    env.DATABASE_URL = options.shareDatabaseOf.databaseUrl!
  } else if (backend === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL!
    database = `tc_server_${randomUUID().replaceAll('-', '').slice(0, 16)}`
    await adminQuery(admin, `create database ${database}${options.fill ? '' : ` template ${inject('postgresTemplate')}`}`)
    env.DATABASE_URL = withDatabase(admin, database)
  }

  // A server that fails to start leaves nothing behind: the test that asked has no handle to stop it with.
  let child: ChildProcess | undefined
  const discard = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    }
    // A restart's data was handed over to this start, so it goes too.
    if (database) await adminQuery(process.env.TEST_DATABASE_URL!, `drop database if exists ${database} with (force)`)
    await rm(dataDir, { recursive: true, force: true })
  }
  try {
    return await launch()
  } catch (error) {
    await discard()
    throw error
  }

  async function launch() {
    await options.fill?.({ dataDir, databaseUrl: env.DATABASE_URL })
    if (prepare) {
      const handle = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL })
      try {
        await prepare(handle.db, { dataDir, databaseUrl: env.DATABASE_URL })
      } finally {
        await handle.close()
      }
    }

    const spawned = spawn(process.execPath, ['server/start.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    child = spawned
    let output = ''
    spawned.stdout!.on('data', (chunk) => (output += chunk))
    spawned.stderr!.on('data', (chunk) => (output += chunk))
    const alive = () => spawned.exitCode === null && spawned.signalCode === null

    const started = Date.now()
    for (;;) {
      if (!alive()) throw new Error(`The server exited while starting:\n${output}`)
      try {
        if ((await fetch(`${url}/healthz`)).ok) break
      } catch {
        // Not listening yet.
      }
      if (Date.now() - started > 60_000) throw new Error(`The server did not start within 60 s:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }

    async function halt(signal: NodeJS.Signals = 'SIGTERM') {
      if (!alive()) return
      const exited = new Promise((resolve) => spawned.once('exit', resolve))
      spawned.kill(signal)
      await exited
    }
    const server: RunningServer = {
      url,
      process: spawned,
      output: () => output,
      alive,
      databaseUrl: env.DATABASE_URL,
      dataDir,
      halt,
      async stop() {
        await halt()
        if (handedOver.has(server)) return
        if (database) await adminQuery(process.env.TEST_DATABASE_URL!, `drop database if exists ${database} with (force)`)
        await rm(dataDir, { recursive: true, force: true })
      },
    }
    owned.set(server, { dataDir, databaseUrl: env.DATABASE_URL, database, port })
    return server
  }
}

// What each server started here owns, so a restart can take it over (and the old server's stop keeps it).
const owned = new WeakMap<RunningServer, { dataDir: string; databaseUrl?: string; database?: string; port: number }>()
const handedOver = new WeakSet<RunningServer>()

function handOver(server: RunningServer) {
  const data = owned.get(server)
  if (!data || handedOver.has(server)) throw new Error('This server was not started here, or was restarted already')
  handedOver.add(server)
  return data
}

export { freePort } from './free-port'
