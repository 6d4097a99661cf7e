// Builds the migrated, seeded databases every integration test copies: a PGlite directory, and a
// PostgreSQL template database when TEST_DATABASE_URL is set. Built once per run, not per test.
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../db/index'
import { migrateToLatest } from '../../db/migrate'
import { seedDemoIfEmpty } from '../../server/demo/seed'

// One template per run, so runs side by side never share (or delete) each other's files.
export const TEMPLATE_ROOT = path.resolve(`.tmp/test-template-${process.pid}`)

/**
 * The backends the integration tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set;
 * TEST_BACKENDS=postgres narrows a run to one (CI's PostgreSQL pass, after PGlite already passed).
 */
export function testBackends() {
  const available = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as ('pglite' | 'postgres')[]
  const wanted = process.env.TEST_BACKENDS
  return wanted ? available.filter((backend) => wanted.split(',').includes(backend)) : available
}

export default async function setup(project: TestProject) {
  await rm(TEMPLATE_ROOT, { recursive: true, force: true })
  await mkdir(TEMPLATE_ROOT, { recursive: true })
  const env = { DATA_DIR: TEMPLATE_ROOT, DEMO_ADMIN_PASSWORD: 'northwind-demo' }
  const backends = testBackends()
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)

  // The files' blobs land in TEMPLATE_ROOT from whichever seed runs (content-addressed, the same bytes); a
  // PostgreSQL-only run needs no PGlite database, which saves creating one (about 4 s and 700 MiB) and its seed.
  if (backends.includes('pglite')) {
    const started = performance.now()
    const pglite = await openDatabase({ dataDir: TEMPLATE_ROOT })
    await migrateToLatest(pglite.db)
    await seedDemoIfEmpty(pglite.db, env)
    await pglite.close()
    console.log(`[global-setup] seeded PGlite template in ${seconds(started)} s`)
  }

  let postgresTemplate: string | null = null
  const url = process.env.TEST_DATABASE_URL
  if (url && backends.includes('postgres')) {
    const started = performance.now()
    postgresTemplate = `tc_template_${process.pid}`
    await adminQuery(url, `create database ${postgresTemplate}`)
    const postgres = await openDatabase({ databaseUrl: withDatabase(url, postgresTemplate), dataDir: TEMPLATE_ROOT })
    await migrateToLatest(postgres.db)
    await seedDemoIfEmpty(postgres.db, env)
    await postgres.close()
    console.log(`[global-setup] seeded PostgreSQL template in ${seconds(started)} s`)
  }
  project.provide('templateRoot', TEMPLATE_ROOT)
  project.provide('postgresTemplate', postgresTemplate)

  return async () => {
    if (url && postgresTemplate) await adminQuery(url, `drop database if exists ${postgresTemplate} with (force)`)
    await rm(TEMPLATE_ROOT, { recursive: true, force: true })
  }
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateRoot: string
    postgresTemplate: string | null
  }
}
