// One real database per test file, copied from the seeded template: PGlite always, PostgreSQL too
// when TEST_DATABASE_URL is set. Nothing is mocked.
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, inject } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../db/index'
import { stopPublicFetches } from '../../server/files/public-fetches'
import { parseEnv, type Env } from '../../server/env'
import { adminQuery, testBackends, withDatabase } from './global-setup'
import { copyTemplate } from './copy-template'

export interface TestDatabase {
  handle: DatabaseHandle
  env: Env
}

/** PGlite, PostgreSQL too when TEST_DATABASE_URL is set; TEST_BACKENDS=postgres narrows a run to one. */
export const BACKENDS = testBackends()

/** Runs the same tests once per database backend, each on a fresh copy of the seeded demo. */
export function describeEachDatabase(name: string, tests: (get: () => TestDatabase, backend: (typeof BACKENDS)[number]) => void) {
  for (const backend of BACKENDS) {
    describe(`${name} (${backend})`, () => {
      let current: TestDatabase | undefined
      let cleanup: () => Promise<void> = async () => {}
      beforeAll(async () => {
        const opened = await openTestDatabase(backend)
        current = opened.database
        cleanup = opened.cleanup
      })
      afterAll(() => cleanup())
      tests(() => {
        if (!current) throw new Error('The test database is not open yet')
        return current
      }, backend)
    })
  }
}

async function openTestDatabase(backend: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-test-'))
  // Files live in the data directory for both backends; PGlite's database does too.
  await copyTemplate(inject('templateRoot'), dataDir)
  const env = parseEnv({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', SESSION_SECRET: 'x'.repeat(32) })
  if (backend === 'pglite') {
    const handle = await openDatabase({ dataDir })
    return {
      database: { handle, env },
      cleanup: async () => {
        await closeAsTheAppDoes(handle)
        await rm(dataDir, { recursive: true, force: true })
      },
    }
  }
  const url = process.env.TEST_DATABASE_URL!
  const name = `tc_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  await adminQuery(url, `create database ${name} template ${inject('postgresTemplate')}`)
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir })
  return {
    database: { handle, env: { ...env, DATABASE_URL: withDatabase(url, name) } },
    cleanup: async () => {
      await closeAsTheAppDoes(handle)
      await adminQuery(url, `drop database if exists ${name} with (force)`)
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Closes a test's database as the app's close does (server/http/app.ts): the anonymous views counted in memory are
 * written and their timer stopped first, so no batch of a closed database is tried later in the same worker.
 */
async function closeAsTheAppDoes(handle: DatabaseHandle) {
  await stopPublicFetches(handle.db)
  await handle.close()
}
