// The database side of a backup: what it holds (tables and their rows, its schema version, the files it
// names), and PostgreSQL's own tools, pg_dump and pg_restore, found and run as child processes.
import { execFile, spawn } from 'node:child_process'
import { readdir, realpath } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/index'
import type { DB } from '../../db/types'
import { BackupError } from './manifest'

type Reader = Database | Transaction<DB>

/** Every column holding a key of the file store, with the size beside it (tests/integration/backup.test.ts checks none is missing). */
export const BLOB_COLUMNS = [
  { table: 'files', sha256: 'sha256', size: 'size_bytes' },
  { table: 'questionnaires', sha256: 'file_sha256', size: 'file_size_bytes' },
] as const

export async function tableNames(db: Reader) {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db)
  return rows.map((row) => row.name)
}

export async function rowCounts(db: Reader) {
  const counts: Record<string, number> = {}
  for (const table of await tableNames(db)) {
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}`.execute(db)
    counts[table] = rows[0].count
  }
  return counts
}

/** The newest migration the database has run, or null when it has none (an empty database). */
export async function schemaVersion(db: Reader) {
  if (!(await tableNames(db)).includes('kysely_migration')) return null
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db)
  return rows[0]?.name ?? null
}

/** Every stored file the database names, once each, by key. */
export async function storedFiles(db: Reader) {
  const files = new Map<string, number>()
  for (const column of BLOB_COLUMNS) {
    const { rows } = await sql<{ sha256: string; size: number }>`
      select distinct ${sql.ref(column.sha256)} as sha256, ${sql.ref(column.size)}::bigint as size
      from ${sql.table(column.table)} where ${sql.ref(column.sha256)} is not null`.execute(db)
    for (const row of rows) files.set(row.sha256, Number(row.size))
  }
  return [...files].sort(([a], [b]) => a.localeCompare(b)).map(([sha256, size]) => ({ sha256, size }))
}

const run = promisify(execFile)

/**
 * pg_dump or pg_restore for a server of `serverMajor`: the oldest installed that is not older than the
 * server (an older one refuses), from PATH or Debian's /usr/lib/postgresql/<major>/bin.
 */
export async function findPostgresTool(name: 'pg_dump' | 'pg_restore', serverMajor: number) {
  const versions = await Promise.all(
    (await candidates(name)).map(async (file) => {
      try {
        const { stdout } = await run(file, ['--version'])
        const major = Number(/\(PostgreSQL\)\s+(\d+)/.exec(stdout)?.[1])
        return Number.isInteger(major) ? { file, major } : null
      } catch {
        return null
      }
    }),
  )
  const found = versions.filter((version) => version !== null)
  const usable = found.filter((version) => version.major >= serverMajor).sort((a, b) => a.major - b.major)
  if (usable.length) return usable[0].file
  const seen = found.length ? `found only ${found.map((version) => `${version.file} (${version.major})`).join(', ')}` : 'none found on PATH or under /usr/lib/postgresql/*/bin'
  throw new BackupError(
    `${name} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server: ${seen}. ` +
      `Install the PostgreSQL client tools of that version (Debian and Ubuntu: apt-get install postgresql-client-${serverMajor}, from apt.postgresql.org when the distribution's is older).`,
  )
}

async function candidates(name: string) {
  const files: string[] = []
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) files.push(path.join(dir, name))
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[])
  for (const version of versions) files.push(path.join('/usr/lib/postgresql', version, 'bin', name))
  // One entry per program: /bin is often /usr/bin.
  const programs = await Promise.all(files.map((file) => realpath(file).catch(() => null)))
  return [...new Set(programs.filter((file) => file !== null))]
}

export async function serverMajorVersion(db: Reader) {
  const { rows } = await sql<{ version: string }>`select current_setting('server_version_num') as version`.execute(db)
  return Math.floor(Number(rows[0].version) / 10000)
}

/**
 * Runs pg_dump or pg_restore on the database at `url`; the password goes in PGPASSWORD, not in the
 * arguments other local users can read (ps). Throws a BackupError with what the tool printed.
 */
export async function runPostgresTool(file: string, url: string, args: string[]) {
  const target = new URL(url)
  const password = decodeURIComponent(target.password)
  target.password = ''
  const child = spawn(file, [...args, '--dbname', target.toString()], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => {
    if (errors.length < 64 * 1024) errors += chunk.toString()
  })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', resolve)
  })
  if (code !== 0) throw new BackupError(`${path.basename(file)} failed (exit ${code}):\n${errors.trim()}`)
}
