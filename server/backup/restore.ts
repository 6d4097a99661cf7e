// `npm run restore -- FILE`: a backup (server/backup/backup.ts) loaded into an empty DATA_DIR (PGlite) or
// an empty PostgreSQL database, every file checked against the manifest as it is written (decision 043).
import { existsSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { openDatabase, type DatabaseHandle } from '../../db/index'
import { latestMigrationName } from '../../db/migrate'
import { removeSpool, sha256Hex, spoolDirectory, SpoolTooLarge, spoolStream, type FileStore } from '../files/store'
import { BackupError, fileEntry, MANIFEST_ENTRY, MANIFEST_MAX_BYTES, manifestSchema, SESSION_SECRET_ENTRY, type Manifest } from './manifest'
import { findPostgresTool, rowCounts, runPostgresTool, serverMajorVersion, tableNames } from './database'
import { readTar, readWhole, type TarEntry } from './tar'

export interface RestoreTarget {
  kind: 'pglite' | 'postgres'
  dataDir: string
  databaseUrl?: string
  store: FileStore
  /** Where DATA_DIR's session secret goes, when the deployment signs with the one kept there (no SESSION_SECRET). */
  sessionSecretFile?: string
}

const KIND_NAME = { pglite: 'an embedded (PGlite) database', postgres: 'a PostgreSQL database' }

/** Restores `file` into `target`, which must hold no database yet; returns the manifest. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}.`)
  const entries = readTar(file)
  const first = await entries.next()
  if (first.done || first.value.name !== MANIFEST_ENTRY) throw new BackupError(`${file} is not a trust center backup: it does not start with ${MANIFEST_ENTRY}.`)
  const parsed = manifestSchema.safeParse(safeJson(await readWhole(first.value, MANIFEST_MAX_BYTES)))
  if (!parsed.success) throw new BackupError(`${file} is not a trust center backup this version reads: its manifest is not one (${parsed.error.issues[0]?.message}).`)
  const manifest = parsed.data
  const latest = await latestMigrationName()
  if (manifest.schemaVersion > latest) {
    throw new BackupError(
      `This backup's database is at migration ${manifest.schemaVersion}, newer than this build's ${latest}: restore it with version ${manifest.appVersion} of the trust center or later.`,
    )
  }
  if (manifest.database.kind !== target.kind) {
    throw new BackupError(
      `This backup holds ${KIND_NAME[manifest.database.kind]}, and the target is ${KIND_NAME[target.kind]}: ` +
        (manifest.database.kind === 'pglite' ? 'restore it with DATABASE_URL unset (into DATA_DIR).' : 'restore it with DATABASE_URL set to an empty PostgreSQL database.'),
    )
  }
  // The target is checked before anything is written; the PostgreSQL tools are found before the files are copied.
  const pgRestore = target.kind === 'postgres' ? await emptyPostgres(target.databaseUrl!) : undefined
  if (target.kind === 'pglite' && existsSync(path.join(target.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new BackupError(`DATA_DIR ${target.dataDir} holds a database already: restore into an empty DATA_DIR (move this one aside first, or set DATA_DIR to a new directory).`)
  }
  await target.store.check({ write: true })
  if (!manifest.filesIncluded) {
    // A pre-migration backup: its files are the store's already.
    const missing = (await Promise.all(manifest.files.map(async (stored) => ((await target.store.has(stored.sha256)) ? null : stored.sha256)))).filter(Boolean)
    if (missing.length)
      throw new BackupError(
        `This backup holds the database only (it was written before a migration), and the ${target.store.kind} store lacks ${missing.length} of its files, e.g. ${missing[0]}.`,
      )
  }

  const expected = new Map(manifest.files.map((stored) => [fileEntry(stored.sha256), stored]))
  const written = new Set<string>()
  let handle: DatabaseHandle | undefined
  let secret: Buffer | undefined
  try {
    for await (const entry of entries) {
      const stored = expected.get(entry.name)
      if (stored && manifest.filesIncluded && !written.has(entry.name) && !handle) {
        await restoreFile(entry, stored, target)
        written.add(entry.name)
      } else if (entry.name === manifest.database.entry && !handle) {
        if (manifest.filesIncluded && written.size !== expected.size) {
          throw new BackupError(`The backup lacks ${expected.size - written.size} of the files its manifest lists: it is not whole. Nothing was loaded into the database.`)
        }
        handle = await restoreDatabase(entry, manifest, target, pgRestore)
      } else if (entry.name === SESSION_SECRET_ENTRY && manifest.sessionSecret && handle && !secret) {
        secret = await readWhole(entry, 1024)
      } else {
        throw new BackupError(`Unexpected entry in the backup: ${entry.name}. It was not written by npm run backup, or it was altered.`)
      }
    }
    if (!handle) throw new BackupError('The backup holds no database: it is not whole.')
    const counts = await rowCounts(handle.db)
    const differing = Object.keys({ ...counts, ...manifest.rowCounts }).filter((table) => counts[table] !== manifest.rowCounts[table])
    if (differing.length) throw new BackupError(`The restored database's rows differ from the manifest's in ${differing.join(', ')}.`)
    if (secret && target.sessionSecretFile) await writeFile(target.sessionSecretFile, secret, { mode: 0o600 })
    return manifest
  } catch (error) {
    // An embedded database half loaded is removed, so the restore can be run again; PostgreSQL's was one transaction.
    if (target.kind === 'pglite' && handle) {
      await handle.close()
      handle = undefined
      await rm(path.join(target.dataDir, 'pglite'), { recursive: true, force: true })
    }
    throw error
  } finally {
    await handle?.close()
  }
}

/** Copies one file into the store, its bytes hashed as they are written; a mismatch writes nothing. */
async function restoreFile(entry: TarEntry, stored: Manifest['files'][number], target: RestoreTarget) {
  const damaged = () =>
    new BackupError(
      `The file ${stored.sha256} in the backup does not match its SHA-256 and size in the manifest: the backup is damaged or was altered. Nothing was loaded into the database.`,
    )
  if (entry.size !== stored.size) throw damaged()
  const spooled = await spoolStream(entry.body, spoolDirectory(target.dataDir), stored.size).catch((error) => {
    throw error instanceof SpoolTooLarge ? damaged() : error
  })
  try {
    if (spooled.sha256 !== stored.sha256 || spooled.size !== stored.size) throw damaged()
    await target.store.putFile(spooled)
  } finally {
    await removeSpool(spooled)
  }
}

async function restoreDatabase(entry: TarEntry, manifest: Manifest, target: RestoreTarget, pgRestore: string | undefined) {
  const damaged = new BackupError('The database in the backup does not match its SHA-256 in the manifest: the backup is damaged or was altered. Nothing was loaded.')
  if (entry.size !== manifest.database.size) throw damaged
  if (target.kind === 'pglite') {
    const bytes = await readWhole(entry, manifest.database.size)
    if (sha256Hex(bytes) !== manifest.database.sha256) throw damaged
    return openDatabase({ dataDir: target.dataDir, loadDataDir: new Blob([bytes]) })
  }
  const spooled = await spoolStream(entry.body, spoolDirectory(target.dataDir))
  try {
    if (spooled.sha256 !== manifest.database.sha256) throw damaged
    // One transaction: a failure leaves the database as empty as it was.
    await runPostgresTool(pgRestore!, target.databaseUrl!, ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', spooled.path])
  } finally {
    await removeSpool(spooled)
  }
  return openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
}

/** Refuses a PostgreSQL database that has tables; returns the pg_restore to load it with. */
async function emptyPostgres(databaseUrl: string) {
  const handle = await openDatabase({ databaseUrl, dataDir: '' })
  try {
    const tables = await tableNames(handle.db)
    if (tables.length) {
      throw new BackupError(
        `The database DATABASE_URL names is not empty (${tables.length} tables, e.g. ${tables[0]}): restore into a new, empty database (createdb, or CREATE DATABASE).`,
      )
    }
    return await findPostgresTool('pg_restore', await serverMajorVersion(handle.db))
  } finally {
    await handle.close()
  }
}

function safeJson(bytes: Buffer) {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown
  } catch {
    return null
  }
}
