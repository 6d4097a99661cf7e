// Backups (issue 23 item 9, decision 043): `npm run backup` and `npm run restore`, run as spawned processes
// on the built bundle as an operator runs them. The seeded demo is backed up from a built server's data,
// restored into a fresh DATA_DIR (PGlite) or a fresh PostgreSQL database, and a built server on the
// restored data answers the same pages, holds the same files, and lets staff and members sign in. A
// non-empty target, a tampered file and a backup of the other database kind are refused; the server copies
// an embedded database before it migrates it.
import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/index'
import { latestMigrationName } from '../../db/migrate'
import { hashToken, newToken } from '../../server/auth/tokens'
import { BLOB_COLUMNS } from '../../server/backup/database'
import { BACKENDS } from '../setup/database'
import { adminQuery, withDatabase } from '../setup/global-setup'
import { readBackup, runCommand } from '../setup/backup'
import { startServer, type RunningServer } from '../setup/server'

const ADMIN = { email: 'admin@northwind.test', password: 'northwind-demo' }
const MEMBER_EMAIL = 'visitor@contoso.test'

/** SHA-256 of every blob of a local store, by its key. */
async function storedHashes(dataDir: string) {
  const hashes = new Map<string, string>()
  const root = path.join(dataDir, 'files')
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile() || !/^[0-9a-f]{64}$/.test(entry.name)) continue
    hashes.set(
      entry.name,
      createHash('sha256')
        .update(await readFile(path.join(entry.parentPath, entry.name)))
        .digest('hex'),
    )
  }
  return hashes
}

/** Where two pages first differ, with some of each around it; null when they are the same. */
function difference(actual: string, expected: string) {
  if (actual === expected) return null
  let at = 0
  while (actual[at] === expected[at]) at++
  return { at, actual: actual.slice(Math.max(0, at - 80), at + 120), expected: expected.slice(Math.max(0, at - 80), at + 120) }
}

/** A target nothing is in yet: a new DATA_DIR, and on PostgreSQL a new database. */
async function emptyTarget(backend: 'pglite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-restore-'))
  if (backend === 'pglite') return { dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) }
  const admin = process.env.TEST_DATABASE_URL!
  const name = `tc_restore_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  await adminQuery(admin, `create database ${name}`)
  return {
    dataDir,
    databaseUrl: withDatabase(admin, name),
    async drop() {
      await adminQuery(admin, `drop database if exists ${name} with (force)`)
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Whether the target holds a database now. */
async function holdsDatabase(target: { dataDir: string; databaseUrl?: string }) {
  if (!target.databaseUrl) return existsSync(path.join(target.dataDir, 'pglite', 'PG_VERSION'))
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir })
  try {
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from information_schema.tables where table_schema = 'public'`.execute(handle.db)
    return rows[0].count > 0
  } finally {
    await handle.close()
  }
}

for (const backend of BACKENDS) {
  describe(`backup and restore of the seeded demo (${backend})`, () => {
    let source: RunningServer
    let restored: RunningServer
    let work: string
    let backupFile: string
    let backup: { code: number | null; output: string }
    const session = newToken()
    const loginLink = newToken()
    const pages = new Map<string, string>()
    let address = 0

    const get = (server: RunningServer, pathname: string, cookie?: string) =>
      fetch(`${server.url}${pathname}`, {
        headers: { 'x-forwarded-for': `198.51.100.${(address++ % 250) + 1}`, ...(cookie ? { cookie } : {}) },
        redirect: 'manual',
      })
    const post = (server: RunningServer, pathname: string, form: Record<string, string>) =>
      fetch(`${server.url}${pathname}`, {
        method: 'POST',
        body: new URLSearchParams(form),
        headers: { origin: server.url, 'x-forwarded-for': `198.51.100.${(address++ % 250) + 1}` },
        redirect: 'manual',
      })
    /** A page's HTML as any server of this data would write it: no per-response nonce, no port of its own. */
    async function html(server: RunningServer, pathname: string, cookie?: string) {
      const response = await get(server, pathname, cookie)
      expect(response.status).toBe(200)
      return (await response.text())
        .replaceAll(/nonce="[^"]*"/g, 'nonce=""')
        .replaceAll(server.url, 'http://server')
        .replaceAll(encodeURIComponent(server.url), encodeURIComponent('http://server'))
    }
    const memberCookie = `tc_visitor=${session}`

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'tc-backup-'))
      backupFile = path.join(work, 'backup.tar')
      source = await startServer(backend, { TRUST_PROXY: '1' }, async (db) => {
        // A member's session and an unused sign-in link: both must work on the restored data.
        const member = await db.selectFrom('account_members').select(['id', 'org_id']).where('email', '=', MEMBER_EMAIL).executeTakeFirstOrThrow()
        await db.updateTable('account_members').set({ welcomed_at: new Date() }).where('id', '=', member.id).execute()
        const expires = new Date(Date.now() + 86_400_000)
        await db
          .insertInto('visitor_sessions')
          .values({ id: hashToken(session), org_id: member.org_id, member_id: member.id, expires_at: expires, ip: null, user_agent: null })
          .execute()
        await db
          .insertInto('visitor_login_links')
          .values({ token_hash: hashToken(loginLink), org_id: member.org_id, member_id: member.id, expires_at: expires })
          .execute()
      })
      const home = await html(source, '/')
      const item = /href="(\/item\/[^"?#]+)"/.exec(home)?.[1]
      expect(item).toBeDefined()
      for (const pathname of ['/', item!]) pages.set(pathname, await html(source, pathname))
      pages.set('member /', await html(source, '/', memberCookie))
      expect(pages.get('member /')).toContain(MEMBER_EMAIL)
      // PostgreSQL is backed up while its server runs; the embedded database once its server has stopped.
      if (backend === 'pglite') await source.halt()
      backup = await runCommand('server/backup.js', [backupFile], source)
    }, 180_000)
    afterAll(async () => {
      await source?.stop()
      await restored?.stop()
      if (work) await rm(work, { recursive: true, force: true })
    })

    it('writes one file: the manifest, every stored file, the database', async () => {
      expect(backup.output).toContain(`Backup written to ${backupFile}`)
      expect(backup.code).toBe(0)
      const { names, manifest } = await readBackup(backupFile)
      expect(manifest).toMatchObject({ reason: 'manual', filesIncluded: true, schemaVersion: await latestMigrationName(), database: { kind: backend } })
      expect(manifest.rowCounts.orgs).toBeGreaterThan(0)
      expect(manifest.rowCounts.visitor_sessions).toBeGreaterThan(0)
      const stored = await storedHashes(source.dataDir)
      expect(manifest.files.length).toBeGreaterThan(0)
      for (const file of manifest.files) expect(stored.get(file.sha256)).toBe(file.sha256)
      expect(names[0]).toBe('manifest.json')
      expect(names.slice(1, 1 + manifest.files.length)).toEqual(manifest.files.map((file) => `files/${file.sha256}`))
      expect(names[1 + manifest.files.length]).toBe(manifest.database.entry)
    })

    it('restores into an empty target: the same pages, files and sign-ins', { timeout: 180_000 }, async () => {
      let restoreOutput = ''
      restored = await startServer(backend, { TRUST_PROXY: '1' }, undefined, {
        async fill(target) {
          const run = await runCommand('server/restore.js', [backupFile], target)
          restoreOutput = run.output
          expect(run.code, run.output).toBe(0)
        },
      })
      expect(restoreOutput).toContain('every one checked')
      for (const [key, page] of pages) {
        const [cookie, pathname] = key.startsWith('member ') ? [memberCookie, key.slice('member '.length)] : [undefined, key]
        expect(difference(await html(restored, pathname, cookie), page), key).toBeNull()
      }
      // Every stored file, byte for byte.
      const { manifest } = await readBackup(backupFile)
      const files = await storedHashes(restored.dataDir)
      for (const file of manifest.files) expect(files.get(file.sha256)).toBe(file.sha256)

      // Staff sign in with their password.
      const login = await post(restored, '/login', ADMIN)
      expect(login.status).toBe(302)
      const staff = login.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('tc_staff='))!
        .split(';')[0]
      expect((await get(restored, '/documents', staff)).status).toBe(200)
      // A member signs in with the link e-mailed before the backup.
      const access = await post(restored, `/access/${loginLink}`, {})
      expect(access.status).toBe(302)
      const visitor = access.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('tc_visitor='))!
        .split(';')[0]
      expect(await html(restored, '/', visitor)).toContain(MEMBER_EMAIL)
    })

    it('refuses a target that holds a database', { timeout: 60_000 }, async () => {
      // The source's data: its server stopped on PGlite (before its backup), running on PostgreSQL.
      const run = await runCommand('server/restore.js', [backupFile], source)
      expect(run.code).toBe(1)
      expect(run.output).toMatch(backend === 'pglite' ? /DATA_DIR .* holds a database already/ : /is not empty \(\d+ tables/)
    })

    it('refuses a tampered file and loads nothing', { timeout: 60_000 }, async () => {
      const bytes = await readFile(backupFile)
      // The first stored file's content starts one 512-byte header after its name.
      const header = bytes.indexOf('files/')
      bytes[header + 512 + 10] ^= 0xff
      const tampered = path.join(work, 'tampered.tar')
      await writeFile(tampered, bytes)
      const target = await emptyTarget(backend)
      try {
        const run = await runCommand('server/restore.js', [tampered], target)
        expect(run.code).toBe(1)
        expect(run.output).toContain('does not match its SHA-256 and size in the manifest')
        expect(await holdsDatabase(target)).toBe(false)
      } finally {
        await target.drop()
      }
    })

    if (BACKENDS.length > 1) {
      it('refuses a backup of the other database kind, with what to do instead', { timeout: 60_000 }, async () => {
        const target = await emptyTarget(backend === 'pglite' ? 'postgres' : 'pglite')
        try {
          const run = await runCommand('server/restore.js', [backupFile], target)
          expect(run.code).toBe(1)
          expect(run.output).toMatch(backend === 'pglite' ? /restore it with DATABASE_URL unset/ : /restore it with DATABASE_URL set to an empty PostgreSQL database/)
          expect(await holdsDatabase(target)).toBe(false)
        } finally {
          await target.drop()
        }
      })
    }

    it('knows every column that holds a stored file', async () => {
      // The source's server stopped before its backup on PGlite, whose database is one process's.
      const handle = await openDatabase({ dataDir: source.dataDir, databaseUrl: source.databaseUrl })
      try {
        const { rows } = await sql<{ table: string; column: string }>`
          select table_name as table, column_name as column from information_schema.columns
          where table_schema = 'public' and column_name like '%sha256' order by 1, 2`.execute(handle.db)
        expect(rows).toEqual(BLOB_COLUMNS.map((column) => ({ table: column.table, column: column.sha256 })))
      } finally {
        await handle.close()
      }
    })
  })
}
