// `npm run setup` and `npm run org:delete` (issue 23 item 2): spawned as an operator runs them, on a fresh
// embedded database and on a fresh PostgreSQL one; and what a deletion removes (rows, blobs) and keeps.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_PERMISSIONS } from '../../app/lib/permissions'
import { SETUP_MESSAGES } from '../../app/lib/schemas/setup'
import { openDatabase, type Database } from '../../db/index'
import { createFile as storeFile, fileStore } from '../../server/files/store'
import { deleteOrg } from '../../server/orgs/delete'
import { BACKENDS, describeEachDatabase } from '../setup/database'
import { createFile, createOrg } from '../setup/factories'
import { adminQuery, withDatabase } from '../setup/global-setup'

const PASSWORD = 'a-very-long-password'

/** Runs one of the commands as `npm run` does (the built bundle); resolves with its exit code and output. */
function runCommand(script: 'setup' | 'org-delete', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [`server/${script}.js`, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', SKIP_BUILD: 'true', APP_URL: 'http://localhost:3000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on('close', (code) => resolve({ code, output })))
}

const acmeArgs = (passwordFile: string) => [
  '--org',
  'Acme Security',
  '--slug',
  'acme',
  '--website',
  'https://acme.example',
  '--owner-email',
  'Owner@Acme.example',
  '--owner-name',
  'Ada Owner',
  '--password-file',
  passwordFile,
]

for (const backend of BACKENDS) {
  describe(`npm run setup and org:delete as commands (${backend})`, () => {
    let dir: string
    let env: Record<string, string>
    let database: string | undefined
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'tc-commands-'))
      env = { DATA_DIR: path.join(dir, 'data') }
      if (backend === 'postgres') {
        // An empty database, as a new deployment's.
        database = `tc_commands_${randomUUID().replaceAll('-', '').slice(0, 16)}`
        await adminQuery(process.env.TEST_DATABASE_URL!, `create database ${database}`)
        env.DATABASE_URL = withDatabase(process.env.TEST_DATABASE_URL!, database)
        env.SESSION_SECRET = 'commands-test-'.repeat(3)
      }
      await writeFile(path.join(dir, 'password'), `${PASSWORD}\n`)
    })
    afterAll(async () => {
      if (database) await adminQuery(process.env.TEST_DATABASE_URL!, `drop database if exists ${database} with (force)`)
      await rm(dir, { recursive: true, force: true })
    })

    async function inspect<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
      const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
      try {
        return await read(handle.db)
      } finally {
        await handle.close()
      }
    }

    it('creates the org and its owner once per slug, refuses a password argument, and deletes it again', async () => {
      const created = await runCommand('setup', acmeArgs(path.join(dir, 'password')), env)
      expect(created.output).toContain('Created the trust center "Acme Security" (acme)')
      expect(created.code).toBe(0)
      const owner = await inspect((db) =>
        db
          .selectFrom('staff_members')
          .innerJoin('orgs', 'orgs.id', 'staff_members.org_id')
          .select(['orgs.name', 'staff_members.email', 'staff_members.permissions'])
          .where('orgs.slug', '=', 'acme')
          .executeTakeFirstOrThrow(),
      )
      expect(owner).toEqual({ name: 'Acme Security', email: 'owner@acme.example', permissions: [...STAFF_PERMISSIONS] })

      const again = await runCommand('setup', acmeArgs(path.join(dir, 'password')), env)
      expect(again.code).toBe(0)
      expect(again.output).toContain('exists already')

      const argument = await runCommand(
        'setup',
        ['--org', 'Other', '--website', 'https://other.example', '--owner-email', 'o@other.example', '--owner-name', 'Owen', '--password', PASSWORD],
        env,
      )
      expect(argument.code).toBe(1)
      expect(argument.output).toContain('never an argument')

      const bad = await runCommand(
        'setup',
        ['--org', 'Other', '--website', 'http://other.example', '--owner-email', 'nope', '--owner-name', 'Owen', '--password-file', path.join(dir, 'password')],
        env,
      )
      expect(bad.code).toBe(1)
      expect(bad.output).toMatch(/--website: Use an https:\/\/ address/)

      if (backend === 'pglite') {
        // A server holding the embedded database (its lock names a live process): the command says to stop it first.
        await writeFile(path.join(env.DATA_DIR, 'server.lock'), String(process.pid))
        const held = await runCommand('org-delete', ['acme', '--yes'], env)
        await rm(path.join(env.DATA_DIR, 'server.lock'))
        expect(held.code).toBe(1)
        expect(held.output).toContain('serves one process: stop the server')
      }

      // An address Acme had before still redirects to it: another org cannot take it (and with it Acme's shared links).
      await inspect(async (db) => {
        const acme = await db.selectFrom('orgs').select('id').where('slug', '=', 'acme').executeTakeFirstOrThrow()
        await db.insertInto('org_slug_redirects').values({ slug: 'acme-old', org_id: acme.id }).execute()
      })
      const retired = await runCommand(
        'setup',
        [
          '--org',
          'Other',
          '--slug',
          'acme-old',
          '--website',
          'https://other.example',
          '--owner-email',
          'o@other.example',
          '--owner-name',
          'Owen',
          '--password-file',
          path.join(dir, 'password'),
        ],
        env,
      )
      expect(retired.code).toBe(1)
      expect(retired.output).toContain(SETUP_MESSAGES.slugTaken)
      expect(await inspect((db) => db.selectFrom('orgs').select('slug').orderBy('slug').execute())).toEqual([{ slug: 'acme' }])

      const unknown = await runCommand('org-delete', ['nowhere', '--yes'], env)
      expect(unknown.code).toBe(1)
      expect(unknown.output).toContain('No org has the slug "nowhere"')

      const deleted = await runCommand('org-delete', ['acme', '--yes'], env)
      expect(deleted.output).toContain('Deleted "Acme Security" (acme)')
      expect(deleted.code).toBe(0)
      expect(await inspect((db) => db.selectFrom('orgs').select('slug').execute())).toEqual([])
    }, 120_000)
  })
}

/** Rows of the org in every table that has an org_id column. */
async function orgRowCount(db: Database, orgId: string) {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'org_id'`.execute(db)
  let count = 0
  for (const { table_name } of rows) {
    const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(table_name)} where org_id = ${orgId}`.execute(db)
    count += Number(result.rows[0].n)
  }
  return count
}

describeEachDatabase('deleting an org', (database) => {
  const db = () => database().handle.db
  const store = () => fileStore(database().env)

  const rowsOf = (orgId: string) => orgRowCount(db(), orgId)

  it('removes the org with all its rows and the blobs only it used; another org and a shared blob stay', async () => {
    const northwind = await db().selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
    const northwindRows = await rowsOf(northwind.id)
    const northwindFile = await db().selectFrom('files').select('sha256').where('org_id', '=', northwind.id).executeTakeFirstOrThrow()

    const org = await createOrg(database())
    const own = await createFile(database(), org)
    // The same bytes as one of Northwind's documents: one blob for both.
    const bytes = new Uint8Array(await new Response(await store().get(northwindFile.sha256)).arrayBuffer())
    const shared = await storeFile(db(), store(), { orgId: org.id, originalName: 'copy.pdf', contentType: 'application/pdf', bytes })
    expect(shared.sha256).toBe(northwindFile.sha256)
    expect(await rowsOf(org.id)).toBeGreaterThan(0)

    const deleted = await deleteOrg(db(), store(), org.slug)
    expect(deleted).toEqual({ name: org.name, slug: org.slug, blobsRemoved: 1, blobsShared: 1 })
    expect(await rowsOf(org.id)).toBe(0)
    expect(await db().selectFrom('products').select('id').where('org_id', '=', org.id).execute()).toEqual([])
    expect(await store().has(own.sha256)).toBe(false)
    expect(await store().has(northwindFile.sha256)).toBe(true)
    expect(await rowsOf(northwind.id)).toBe(northwindRows)
    expect(await deleteOrg(db(), store(), org.slug)).toBeNull()
  })
})

// Its own copy of the demo: tests run shuffled, and the one above reads Northwind.
describeEachDatabase('deleting the demo org', (database) => {
  const db = () => database().handle.db
  const store = () => fileStore(database().env)
  const rowsOf = (orgId: string) => orgRowCount(db(), orgId)

  it('deletes the seeded demo whole (accounts, profiles, signatures, analytics), leaving the other orgs', async () => {
    const other = await createOrg(database())
    const otherRows = await rowsOf(other.id)
    const northwind = await db().selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
    const blobs = await db().selectFrom('files').select('sha256').distinct().where('org_id', '=', northwind.id).execute()
    expect(blobs.length).toBeGreaterThan(0)
    await db()
      .insertInto('public_document_fetches')
      .values({ org_id: northwind.id, day: '2026-01-01', action: 'file.view', document: 'x', name: 'x', count: 1, last_fetched_at: new Date(), crawler: false })
      .execute()

    const deleted = await deleteOrg(db(), store(), 'northwind')
    expect(deleted?.blobsRemoved).toBe(blobs.length)
    expect(await rowsOf(northwind.id)).toBe(0)
    for (const { sha256 } of blobs) expect(await store().has(sha256)).toBe(false)
    expect(await rowsOf(other.id)).toBe(otherRows)
  })
})
