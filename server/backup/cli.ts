// `npm run backup` and `npm run restore -- FILE` (server/backup.js and server/restore.js run these, bundled
// as build/server/backup.js). They open the database as the server does: DATABASE_URL, or PGlite under
// DATA_DIR, which serves one process, so a running server's DATA_DIR is refused (decision 043).
import path from 'node:path'
import { openDatabase } from '../../db/index'
import { DataDirInUse, lockDataDir, prepareDataDir } from '../data-dir'
import { EnvError, parseEnv, type Env } from '../env'
import { fileStore, StoreUnavailable } from '../files/store'
import { timestamp, writeBackup } from './backup'
import { BackupError } from './manifest'
import { restoreBackup } from './restore'
import { existsSync } from 'node:fs'

type Output = Pick<Console, 'log' | 'error'>

const BACKUP_USAGE = 'Usage: npm run backup [-- FILE]   (default: ./trust-center-backup-<date>-<time>.tar)'
const RESTORE_USAGE = 'Usage: npm run restore -- FILE'

/** `npm run backup [-- FILE]`; returns the exit code. */
export async function runBackup(args: string[], source: NodeJS.ProcessEnv = process.env, output: Output = console): Promise<number> {
  return command(output, async () => {
    if (args.length > 1 || args[0]?.startsWith('-')) throw new BackupError(BACKUP_USAGE)
    const env = commandEnv(source)
    const file = path.resolve(args[0] ?? `trust-center-backup-${timestamp(new Date())}.tar`)
    if (existsSync(file)) throw new BackupError(`${file} exists already: name a new file.`)
    if (!env.DATABASE_URL && !existsSync(path.join(env.DATA_DIR, 'pglite', 'PG_VERSION'))) {
      throw new BackupError(`No embedded database under DATA_DIR ${env.DATA_DIR}: set DATA_DIR to the server's (or DATABASE_URL for PostgreSQL).`)
    }
    await withDatabase(env, 'npm run backup', async (handle) => {
      const store = fileStore(env)
      await store.check()
      output.log(`Backing up the ${handle.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL database'} and the ${store.kind} file store...`)
      const manifest = await writeBackup({ handle, databaseUrl: env.DATABASE_URL, store, sessionSecretFile: keptSecretFile(env, source) }, file, {
        reason: 'manual',
        includeFiles: true,
      })
      const rows = Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0)
      const bytes = manifest.files.reduce((sum, stored) => sum + stored.size, 0)
      output.log(
        `Backup written to ${file}: database at ${manifest.schemaVersion} (${rows} rows in ${Object.keys(manifest.rowCounts).length} tables), ${manifest.files.length} files (${megabytes(bytes)}).`,
      )
      output.log('It holds every document and password hash: keep it as private as the server. Test a restore now and then (README, Backups).')
    })
  })
}

/** `npm run restore -- FILE`; returns the exit code. */
export async function runRestore(args: string[], source: NodeJS.ProcessEnv = process.env, output: Output = console): Promise<number> {
  return command(output, async () => {
    if (args.length !== 1 || args[0].startsWith('-')) throw new BackupError(RESTORE_USAGE)
    const env = commandEnv(source)
    const file = path.resolve(args[0])
    await prepareDataDir(env.DATA_DIR)
    const unlock = env.DATABASE_URL ? async () => {} : await lock(env.DATA_DIR, 'npm run restore')
    try {
      const store = fileStore(env)
      output.log(`Restoring ${file} into ${env.DATABASE_URL ? 'the PostgreSQL database DATABASE_URL names' : `DATA_DIR ${env.DATA_DIR}`} and the ${store.kind} file store...`)
      const manifest = await restoreBackup(file, {
        kind: env.DATABASE_URL ? 'postgres' : 'pglite',
        dataDir: env.DATA_DIR,
        databaseUrl: env.DATABASE_URL,
        store,
        sessionSecretFile: keptSecretFile(env, source),
      })
      output.log(
        `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, database at ${manifest.schemaVersion}): ` +
          `${Object.values(manifest.rowCounts).reduce((sum, count) => sum + count, 0)} rows, ${manifest.filesIncluded ? `${manifest.files.length} files, every one checked` : 'the files already in the store'}. ` +
          'Start the server (npm start): it runs any newer migration.',
      )
    } finally {
      await unlock()
    }
  })
}

async function command(output: Output, work: () => Promise<void>) {
  // What the commands create (the backup, pg_dump's temporary archive, restored files) is the server user's alone.
  process.umask(0o077)
  try {
    await work()
    return 0
  } catch (error) {
    // What the operator must fix: the message, without a stack.
    if (error instanceof BackupError || error instanceof EnvError || error instanceof StoreUnavailable || error instanceof DataDirInUse) {
      output.error(error.message)
      return 1
    }
    throw error
  }
}

/** parseEnv would keep a generated session secret in DATA_DIR: the commands sign nothing, and a backup carries the kept one. */
function commandEnv(source: NodeJS.ProcessEnv) {
  return parseEnv({ ...source, SESSION_SECRET: source.SESSION_SECRET || 'the-backup-commands-sign-no-sessions' })
}

function keptSecretFile(env: Env, source: NodeJS.ProcessEnv) {
  return source.SESSION_SECRET || env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, 'session-secret')
}

async function lock(dataDir: string, command: string) {
  try {
    return await lockDataDir(dataDir)
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error
    throw new BackupError(
      `A server (pid ${error.holder}) is running on DATA_DIR ${dataDir}: the embedded database serves one process, so stop the server, run ${command} again, then start the server.`,
    )
  }
}

async function withDatabase(env: Env, command: string, work: (handle: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>) {
  const unlock = env.DATABASE_URL ? async () => {} : await lock(env.DATA_DIR, command)
  try {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
    try {
      await work(handle)
    } finally {
      await handle.close()
    }
  } finally {
    await unlock()
  }
}

function megabytes(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
