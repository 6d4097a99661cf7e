import { Migrator, type Migration, type MigrationProvider } from 'kysely'
import type { Database } from './index'

// Bundled with the app (no file-system lookup at run time), so the same files serve PGlite,
// PostgreSQL, the built server and the tests.
const modules = import.meta.glob<Migration>('../migrations/*.ts', { eager: true })

const provider: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {}
    for (const [file, module] of Object.entries(modules)) {
      migrations[file.replace(/^.*\//, '').replace(/\.ts$/, '')] = module
    }
    return migrations
  },
}

export async function migrateToLatest(db: Database) {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  return results?.map((result) => result.migrationName) ?? []
}

/** The migrations this build has that the database has not run yet, oldest first. */
export async function pendingMigrations(db: Database) {
  const migrations = await new Migrator({ db, provider }).getMigrations()
  return migrations.filter((migration) => !migration.executedAt).map((migration) => migration.name)
}

/** The name of this build's newest migration: the schema version a backup records. */
export async function latestMigrationName() {
  const names = Object.keys(await provider.getMigrations()).sort()
  return names[names.length - 1]
}
