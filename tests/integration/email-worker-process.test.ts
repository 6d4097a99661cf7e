// `npm run worker` (server/worker.js): the e-mail worker as its own process beside an app server started
// with EMAIL_WORKER=false, on PostgreSQL, sending to a local fake of Resend's API.
import { spawn } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../db/index'
import { enqueueEmail } from '../../server/email/outbox'
import { startFakeResend, type FakeResend } from '../fakes/resend'
import { BACKENDS } from '../setup/database'
import { startServer, type RunningServer } from '../setup/server'

const FROM = 'Northwind Trust <trust@northwind.test>'

/** Runs server/worker.js; resolves with its exit code and output once it exits or `until` holds (then SIGTERM). */
function runWorker(env: Record<string, string>, until?: () => boolean) {
  const child = spawn(process.execPath, ['server/worker.js'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', SKIP_BUILD: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const poll = until
    ? setInterval(() => {
        if (until()) {
          clearInterval(poll)
          child.kill('SIGTERM')
        }
      }, 20)
    : undefined
  const timeout = setTimeout(() => child.kill('SIGKILL'), 60_000)
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => {
      clearInterval(poll)
      clearTimeout(timeout)
      resolve({ code, output })
    }),
  )
}

describe('npm run worker', () => {
  it('refuses to start without PostgreSQL, naming DATABASE_URL', async () => {
    const { code, output } = await runWorker({ DATA_DIR: '/nonexistent/tc-worker' })
    expect(code).toBe(1)
    expect(output).toContain('DATABASE_URL: npm run worker needs PostgreSQL')
  })
})

if (BACKENDS.includes('postgres')) {
  describe('npm run worker on PostgreSQL', () => {
    let server: RunningServer | undefined
    let fake: FakeResend | undefined
    afterAll(async () => {
      await server?.stop()
      await fake?.close()
    })

    it('sends what an app server with EMAIL_WORKER=false queued, and stops cleanly on SIGTERM', { timeout: 120_000 }, async () => {
      fake = await startFakeResend()
      const transport = { RESEND_API_KEY: 're_worker_key', RESEND_BASE_URL: fake.url, EMAIL_FROM: FROM }
      let id = ''
      const appServer = { ...transport, EMAIL_WORKER: 'false' }
      server = await startServer('postgres', appServer, async (db) => {
        id = await enqueueEmail(db, { to: 'reader@worker.test', subject: 'Sent by the worker', text: 'Hello from the worker process.' })
      })
      // The app server does not send it: its worker is off. On, its first round (at boot) would have claimed
      // the mail queued before, and a graceful stop waits for the round in flight: stopped, it has had its turn.
      await server.halt()
      expect(fake.messages).toEqual([])
      // Started again on the same database, for the worker to run beside.
      server = await startServer('postgres', appServer, undefined, { reuse: server })
      const handle = await openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl })
      try {
        const sent = () => fake!.messages.some((message) => message.body.to === 'reader@worker.test')
        const { code, output } = await runWorker({ ...transport, DATABASE_URL: server.databaseUrl!, DATA_DIR: server.dataDir, SESSION_SECRET: 'server-test-'.repeat(4) }, sent)
        expect(output).toContain('E-mail worker running (database: postgres)')
        expect(code).toBe(0)
        expect(fake.messages.map((message) => [message.body.to, message.body.subject, message.idempotencyKey])).toEqual([['reader@worker.test', 'Sent by the worker', id]])
        const row = await handle.db.selectFrom('outbox').select(['status', 'secrets']).where('id', '=', id).executeTakeFirstOrThrow()
        expect(row).toEqual({ status: 'sent', secrets: [] })
      } finally {
        await handle.close()
      }
    })

    // Issue 22: a provider that holds the request in flight cannot keep the worker past SHUTDOWN_TIMEOUT_SECONDS.
    it('exits by SHUTDOWN_TIMEOUT_SECONDS while the provider holds the mail it is sending', { timeout: 120_000 }, async () => {
      const slow = await startFakeResend({ delayPerMessageMs: 30_000 })
      const transport = { RESEND_API_KEY: 're_worker_key', RESEND_BASE_URL: slow.url, EMAIL_FROM: FROM }
      const app = await startServer('postgres', { ...transport, EMAIL_WORKER: 'false' }, async (db) => {
        await enqueueEmail(db, { to: 'held@worker.test', subject: 'Held at the provider', text: 'The provider answers this after 30 s.' })
      })
      try {
        let signalledAt = 0
        const held = () => slow.inFlight > 0 && (signalledAt = performance.now()) > 0
        const { code, output } = await runWorker(
          { ...transport, DATABASE_URL: app.databaseUrl!, DATA_DIR: app.dataDir, SESSION_SECRET: 'server-test-'.repeat(4), SHUTDOWN_TIMEOUT_SECONDS: '2' },
          held,
        )
        const afterMs = Math.round(performance.now() - signalledAt)
        console.log(`[npm run worker] with the provider holding a mail and SHUTDOWN_TIMEOUT_SECONDS=2: exit ${code} after ${afterMs} ms`)
        expect({ code, held: slow.inFlight }).toEqual({ code: 1, held: 1 })
        // The timeout's own timer ends it, while the provider still holds the mail (held: 1; it answers only
        // after 30 s): the worker did not wait for the provider.
        expect(output).toContain('[shutdown] the round in flight is not done after 2 s')
      } finally {
        await app.stop()
        await slow.close()
      }
    })
  })
}
