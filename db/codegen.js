// Regenerates db/types.ts from the migrated schema: a fresh PostgreSQL database, every migration,
// then kysely-codegen. `node db/codegen.js --check` fails when the checked-in file is stale.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { createServer } from 'vite'

const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const name = `codegen_${process.pid}`
const admin = new pg.Client({ connectionString: base })
await admin.connect()
await admin.query(`create database ${name}`)
const url = new URL(base)
url.pathname = `/${name}`
const check = process.argv.includes('--check')
const before = readFileSync('db/types.ts', 'utf8')
const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom', logLevel: 'error', configFile: false })
try {
  const { openDatabase } = await vite.ssrLoadModule('/db/index.ts')
  const { migrateToLatest } = await vite.ssrLoadModule('/db/migrate.ts')
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '.' })
  await migrateToLatest(handle.db)
  await handle.close()
  execFileSync(
    'npx',
    ['kysely-codegen', '--dialect', 'postgres', '--url', url.toString(), '--out-file', 'db/types.ts', '--exclude-pattern', 'kysely_migration*', '--date-parser', 'string'],
    { stdio: 'inherit' },
  )
} finally {
  await vite.close()
  await admin.query(`drop database ${name}`)
  await admin.end()
}
if (check && readFileSync('db/types.ts', 'utf8') !== before) {
  console.error('db/types.ts was stale: run `node db/codegen.js` and commit the result.')
  process.exit(1)
}
