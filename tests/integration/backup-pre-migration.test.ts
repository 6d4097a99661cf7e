// The server copies an embedded database before it migrates it (issue 23 item 9, decision 043), and npm run backup
// waits for a running server to stop: PGlite only (left out of the PostgreSQL pass, vitest.config.ts), since it
// starts from the PGlite template.
import { existsSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/index'
import { latestMigrationName } from '../../db/migrate'
import { readBackup, runCommand } from '../setup/backup'
import { startServer, type RunningServer } from '../setup/server'

describe('an embedded database: the backup before a migration, and a running server', () => {
  let server: RunningServer
  afterAll(() => server?.stop())

  it('is written to DATA_DIR/backups, and restores the database as it was', { timeout: 180_000 }, async () => {
    const latest = await latestMigrationName()
    // The demo as the build before the newest migration left it.
    server = await startServer('pglite', {}, async (db) => {
      const migration = (await import(`../../migrations/${latest}.ts`)) as { down(db: unknown): Promise<void> }
      await migration.down(db)
      await sql`delete from kysely_migration where name = ${latest}`.execute(db)
    })
    expect(server.output()).toContain('[backup] the database before its migration:')
    // npm run backup waits for the server to stop: the embedded database serves one process.
    const refused = await runCommand('server/backup.js', [path.join(server.dataDir, 'refused.tar')], server)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain(`A server (pid ${server.process.pid}) is running on DATA_DIR`)
    expect(existsSync(path.join(server.dataDir, 'refused.tar'))).toBe(false)
    const dir = path.join(server.dataDir, 'backups')
    const [file] = await readdir(dir)
    expect(file).toMatch(new RegExp(`^pre-migration-\\d{8}-\\d{6}-${latest}\\.tar$`))
    const { names, manifest } = await readBackup(path.join(dir, file))
    expect(manifest).toMatchObject({ reason: 'pre-migration', filesIncluded: false, database: { kind: 'pglite' } })
    expect(manifest.schemaVersion < latest).toBe(true)
    expect(names).toEqual(['manifest.json', manifest.database.entry])

    // Restored beside the migrated one (whose files the store keeps): the database of before the migration.
    await server.halt()
    await rm(path.join(server.dataDir, 'pglite'), { recursive: true })
    const run = await runCommand('server/restore.js', [path.join(dir, file)], server)
    expect(run.code, run.output).toBe(0)
    const handle = await openDatabase({ dataDir: server.dataDir })
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(handle.db)
      expect(rows[0].name).toBe(manifest.schemaVersion)
    } finally {
      await handle.close()
    }
  })
})
