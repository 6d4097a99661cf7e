// `npm run backup` (server/backup.js runs this, bundled as build/server/backup.js): one tar holding the
// manifest, every stored file and the database (decision 043). Also the copy of an embedded database the
// server writes before it migrates one.
import { createReadStream, existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { sql } from 'kysely'
import type { DatabaseHandle } from '../../db/index'
import { pendingMigrations } from '../../db/migrate'
import packageJson from '../../package.json'
import { hashFile, sha256Hex, type FileStore } from '../files/store'
import { DATABASE_ENTRY, fileEntry, MANIFEST_ENTRY, SESSION_SECRET_ENTRY, BackupError, type Manifest } from './manifest'
import { findPostgresTool, rowCounts, runPostgresTool, schemaVersion, serverMajorVersion, storedFiles } from './database'
import { writeTar } from './tar'

export interface BackupSource {
  handle: DatabaseHandle
  /** PostgreSQL's address, for pg_dump. */
  databaseUrl?: string
  store: FileStore
  /** DATA_DIR/session-secret, when the deployment signs with the secret kept there (no SESSION_SECRET). */
  sessionSecretFile?: string
}

/** Writes the backup to `file` (through a temporary file beside it: a failed backup leaves nothing); returns its manifest. */
export async function writeBackup(source: BackupSource, file: string, options: { reason: Manifest['reason']; includeFiles: boolean }): Promise<Manifest> {
  const partial = `${file}.partial-${process.pid}`
  const dumpFile = `${file}.database-${process.pid}`
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  try {
    const { database, dump } = await dumpDatabase(source, dumpFile)
    const secret = source.sessionSecretFile && existsSync(source.sessionSecretFile) ? await readFile(source.sessionSecretFile) : undefined
    const manifest: Manifest = {
      format: 'trust-center-backup',
      formatVersion: 1,
      appVersion: packageJson.version,
      schemaVersion: database.schemaVersion,
      createdAt: new Date().toISOString(),
      reason: options.reason,
      database: { kind: source.handle.kind, entry: DATABASE_ENTRY[source.handle.kind], sha256: database.sha256, size: database.size },
      rowCounts: database.rowCounts,
      filesIncluded: options.includeFiles,
      files: database.files,
      sessionSecret: secret !== undefined,
    }
    const tar = writeTar(partial)
    try {
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2))
      await tar.add(MANIFEST_ENTRY, manifestBytes.byteLength, [manifestBytes])
      // Files before the database: a restore that meets a damaged one stops before it has loaded anything.
      for (const stored of options.includeFiles ? manifest.files : []) {
        const body = await source.store.get(stored.sha256)
        if (!body) throw new BackupError(`The file ${stored.sha256} the database names is missing from the ${source.store.kind} store: the store is damaged.`)
        await tar.add(fileEntry(stored.sha256), stored.size, Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>), stored.sha256)
      }
      await tar.add(manifest.database.entry, database.size, dump(), database.sha256)
      if (secret) await tar.add(SESSION_SECRET_ENTRY, secret.byteLength, [secret])
      await tar.finish()
    } catch (error) {
      await tar.abort(error as Error)
      throw error
    }
    await rename(partial, file)
    return manifest
  } finally {
    await rm(partial, { force: true })
    await rm(dumpFile, { force: true })
  }
}

/** The database's dump (PGlite's data directory in memory; pg_dump's archive in `dumpFile`) and what it holds, read at one instant. */
async function dumpDatabase(source: BackupSource, dumpFile: string) {
  const { db } = source.handle
  if (source.handle.kind === 'pglite') {
    // The embedded database is this process's alone (the caller holds DATA_DIR's lock or is the server before
    // it serves): nothing changes between the counts and the dump.
    const contents = await describe(db)
    const bytes = new Uint8Array(await (await source.handle.dumpDataDir!()).arrayBuffer())
    return { database: { ...contents, sha256: sha256Hex(bytes), size: bytes.byteLength }, dump: () => [bytes] }
  }
  // PostgreSQL keeps serving while pg_dump runs: the counts and the file list come from the snapshot it dumps.
  const pgDump = await findPostgresTool('pg_dump', await serverMajorVersion(db))
  const contents = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(trx)
      const described = await describe(trx)
      await runPostgresTool(pgDump, source.databaseUrl!, ['--format=custom', '--no-owner', '--no-acl', `--snapshot=${rows[0].snapshot}`, '--file', dumpFile])
      return described
    })
  return {
    database: { ...contents, sha256: await hashFile(dumpFile), size: (await stat(dumpFile)).size },
    dump: () => createReadStream(dumpFile),
  }
}

async function describe(db: Parameters<typeof rowCounts>[0]) {
  const version = await schemaVersion(db)
  if (!version) throw new BackupError('The database is empty (no migration has run): there is nothing to back up. Is DATA_DIR or DATABASE_URL the server’s?')
  return { schemaVersion: version, rowCounts: await rowCounts(db), files: await storedFiles(db) }
}

/** How many pre-migration backups DATA_DIR/backups keeps: the newest, older ones are removed. */
export const PRE_MIGRATION_KEPT = 5
const PRE_MIGRATION = /^pre-migration-.*\.tar$/

/**
 * Before the server migrates an embedded database that holds rows, a copy of it goes to
 * DATA_DIR/backups/pre-migration-<time>-<first pending migration>.tar: its database and manifest; the files
 * stay in the store, which no migration rewrites. Returns the file, or null when there was nothing to do.
 */
export async function backupBeforeMigrating(handle: DatabaseHandle, dataDir: string, store: FileStore): Promise<string | null> {
  if (handle.kind !== 'pglite') return null
  const pending = await pendingMigrations(handle.db)
  if (!pending.length || !(await schemaVersion(handle.db))) return null
  const counts = await rowCounts(handle.db)
  const rows = Object.entries(counts).filter(([table]) => !table.startsWith('kysely_migration'))
  if (!rows.some(([, count]) => count > 0)) return null
  const dir = path.join(dataDir, 'backups')
  const file = path.join(dir, `pre-migration-${timestamp(new Date())}-${pending[0]}.tar`)
  await writeBackup({ handle, store }, file, { reason: 'pre-migration', includeFiles: false })
  const kept = (await readdir(dir)).filter((name) => PRE_MIGRATION.test(name)).sort()
  for (const old of kept.slice(0, -PRE_MIGRATION_KEPT)) await rm(path.join(dir, old), { force: true })
  return file
}

/** 2026-11-29T08:05:03.123Z as 20261129-080503: sorts as it was written. */
export function timestamp(date: Date) {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-')
}
