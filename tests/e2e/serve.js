// Starts the built server for the browser journeys on a throwaway database: a fresh PGlite
// directory, or a fresh PostgreSQL database when TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startFakeAnthropic } from '../fakes/anthropic.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-e2e-'))
const env = { ...process.env, DATA_DIR: dataDir, SKIP_BUILD: 'true', NODE_ENV: 'production', SESSION_SECRET: 'e2e-'.repeat(10) }
let database
if (process.env.TEST_DATABASE_URL) {
  // A journey server's name is fixed (support/journey.ts reaches into it); one left by a killed run goes first.
  database = process.env.E2E_DATABASE ?? `tc_e2e_${process.pid}`
  await admin(`drop database if exists ${database} with (force)`)
  await admin(`create database ${database}`)
  const url = new URL(process.env.TEST_DATABASE_URL)
  url.pathname = `/${database}`
  env.DATABASE_URL = url.toString()
}

// E2E_ORGS (set by playwright.config.ts for the demo servers): a JSON list of { slug, adminEmail }, the orgs of
// their own the specs that change org-wide settings get, each a copy of the demo's content (decision 035).
// Seeded with the demo before the server starts: PGlite lets one process at a time open the data directory.
if (process.env.E2E_ORGS) {
  const { seedDemoCopies } = await import('../../build/server/org-commands.js')
  await seedDemoCopies(JSON.parse(process.env.E2E_ORGS), env)
}

// AI answers come from a fake Anthropic API beside the server; it answers from the first source it is given.
const anthropic = await startFakeAnthropic()
anthropic.reply = (request) => {
  const prompt = request.body.messages.map((message) => message.content).join('\n')
  const first = /<source id="1"[^>]*>\n([^\n]*)/.exec(prompt)
  return first ? `According to ${first[1]} [1], yes.` : 'The sources do not cover this.'
}
env.ANTHROPIC_API_KEY = 'sk-e2e'
env.ANTHROPIC_BASE_URL = anthropic.url

const server = spawn(process.execPath, ['server/start.js'], { env, stdio: 'inherit' })
let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  await anthropic.close()
  if (database) await admin(`drop database if exists ${database} with (force)`)
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
server.on('exit', (code) => {
  if (!stopping) process.exit(code ?? 1)
})

async function admin(statement) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  await client.query(statement)
  await client.end()
}
