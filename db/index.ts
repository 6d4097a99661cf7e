import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { makeTreePrivate } from './private-tree'
import type { DB } from './types'

export type Database = Kysely<DB>

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  /**
   * PGlite only: its data directory as a gzipped tar (PGlite's dumpDataDir), after a checkpoint, taken while no
   * query runs. Held in memory: an embedded trust center's database is tens of megabytes (decision 043).
   */
  dumpDataDir?(): Promise<Blob>
  close(): Promise<void>
}

// int8 (count(*), sums) as a JS number: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10))
// A date column is a calendar day, not an instant: keep it as 'YYYY-MM-DD'.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value)

/**
 * The one dialect switch: PostgreSQL when a URL is given, otherwise embedded PGlite under dataDir.
 * Both go through Kysely's PostgresDialect over a pg Pool, so results have the same types everywhere.
 */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
  /** PGlite only: a new database loaded from this dumpDataDir tarball (a restore); PGlite refuses an existing one. */
  loadDataDir?: Blob
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle connection the server drops (restart, proxy timeout) must not crash the process.
    pool.on('error', (error) => console.error('[db] idle connection error:', error.message))
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    return { db, kind: 'postgres', close: () => db.destroy() }
  }
  const directory = path.join(options.dataDir, 'pglite')
  // Private to the server's user, like everything under DATA_DIR (server/data-dir.ts).
  mkdirSync(directory, { recursive: true, mode: 0o700 })
  const { PGlite } = await import('@electric-sql/pglite')
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
  const pglite = await PGlite.create(directory, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
  // PGlite unpacks a new cluster with 0666 files whatever the umask: tighten them once it has.
  await makeTreePrivate(directory)
  const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig)
  pool.on('error', (error) => console.error('[db] idle connection error:', error.message))
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  return {
    db,
    kind: 'pglite',
    async dumpDataDir() {
      // What committed is in the data files, not only in the write-ahead log: a restore starts without replaying it.
      await pglite.exec('checkpoint')
      return pglite.dumpDataDir('gzip')
    },
    async close() {
      await db.destroy()
      await pglite.close()
    },
  }
}
