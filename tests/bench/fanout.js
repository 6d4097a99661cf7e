// npm run bench:fanout — one update e-mailed to 100,000 confirmed subscribers by the real e-mail worker
// (build/, NODE_ENV=production), delivered to a local fake of Resend's batch API. Prints the time to
// enqueue (the fan-out writing all outbox rows), the delivery rate (e-mails/s the fake accepted), and the
// worker's peak RSS (VmHWM), each against its target.
//
// The database is embedded PGlite in a fresh DATA_DIR, or PostgreSQL when BENCH_DATABASE_URL names a
// server the bench may create (and drops) a database on. On PostgreSQL the worker is its own process
// (`npm run worker`, beside an app server started with EMAIL_WORKER=false), as a deployment that sends
// a lot runs it. On PGlite the app server is the worker and the database lives in its process, so its
// memory counts in that RSS; the RSS of the same process at rest is printed beside it.
// BENCH_RECIPIENTS changes the count.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { ensureBuilt } from '../../server/build.js'
import { memory, startServer as startApp, stopProcess as stopServer, withPglite } from './support.js'

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000)
const TARGETS = { enqueueSeconds: 10, perSecond: 1000, rssMb: 200 }
const DOMAIN = 'bench.test'
const port = 3297
const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-bench-fanout-'))
const adminUrl = process.env.BENCH_DATABASE_URL
const databaseName = `tc_bench_fanout_${process.pid}`
const databaseUrl = adminUrl ? databaseUrlFor(adminUrl, databaseName) : undefined

ensureBuilt()

// The provider: Resend's batch endpoint (and the single one for other mail), counting what it accepts.
// Like Resend it answers a repeated idempotency key from its record instead of sending again.
const provider = { accepted: 0, ours: 0, firstAt: 0, lastAt: 0, lastWallAt: 0, replays: 0, requests: 0, acceptedAt: [] }
const keys = new Set()
const fake = http.createServer(async (request, response) => {
  const chunks = []
  for await (const chunk of request) chunks.push(chunk)
  provider.requests++
  const key = request.headers['idempotency-key']
  const batch = request.url === '/emails/batch'
  const mails = batch ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : [JSON.parse(Buffer.concat(chunks).toString('utf8'))]
  const ids = mails.map(() => randomUUID())
  if (key && keys.has(key)) provider.replays++
  else {
    if (key) keys.add(key)
    const now = performance.now()
    for (const mail of mails) {
      provider.accepted++
      if (String(mail.to).endsWith(`@${DOMAIN}`)) {
        if (!provider.ours) provider.firstAt = now
        provider.ours++
        provider.lastAt = now
        provider.lastWallAt = Date.now()
        provider.acceptedAt.push(provider.lastWallAt)
      }
    }
  }
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify(batch ? { data: ids.map((id) => ({ id })) } : { id: ids[0] }))
})
// Longer than the worker's pauses between sends (an expansion round, PGlite busy): Node's 5 s default would
// close the idle connection just as the worker reuses it, a fetch failure the worker retries 30 s later.
fake.keepAliveTimeout = 65_000
await new Promise((resolve) => fake.listen(0, '127.0.0.1', resolve))
const providerUrl = `http://127.0.0.1:${fake.address().port}`

const serverEnv = {
  ...process.env,
  PORT: String(port),
  APP_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  SKIP_BUILD: 'true',
  EMAIL_FROM: 'Bench Trust <trust@bench.test>',
  RESEND_API_KEY: 're_bench_key',
  RESEND_BASE_URL: providerUrl,
  // PostgreSQL needs a shared secret (server/env.ts): every app server signs sessions with it.
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, SESSION_SECRET: 'bench-'.repeat(8) } : {}),
}
delete serverEnv.SMTP_URL
// On PostgreSQL the sending is `npm run worker`'s; the app server only publishes.
const appEnv = databaseUrl ? { ...serverEnv, EMAIL_WORKER: 'false' } : serverEnv

let server
let worker
try {
  if (adminUrl) await adminQuery(adminUrl, `create database ${databaseName}`)
  const backend = adminUrl ? 'PostgreSQL' : 'PGlite (embedded)'
  console.log(`Database: ${backend}. Migrating and seeding the demo on a first start...`)
  server = await startServer()
  await stopServer(server)

  let seeding = performance.now()
  const sendId = await withDatabase(async (query) => {
    const [org] = await query(`insert into orgs (slug, name) values ('bench-cloud', 'Bench Cloud') returning id`)
    await query('insert into portal_customizations (org_id) values ($1)', [org.id])
    await query(
      `insert into subscribers (org_id, email, source, status, confirmed_at)
       select $1, 'reader-' || lpad(n::text, 6, '0') || '@${DOMAIN}', 'direct_link', 'confirmed', now() from generate_series(1, $2::int) as n`,
      [org.id, RECIPIENTS],
    )
    const [topic] = await query(`insert into update_topics (org_id, subject, category) values ($1, 'SOC 2 Type II report renewed', 'compliance') returning id`, [org.id])
    const [update] = await query(`insert into updates (topic_id, title, message, audience, channel_email) values ($1, $2, $3, 'public', true) returning id`, [
      topic.id,
      'SOC 2 Type II report renewed',
      'Our SOC 2 Type II report has been renewed for another year.\nThe new report is available on the Trust Center for accounts under NDA.',
    ])
    // As staff publishing does (server/updates/sends.ts createUpdateSend): the fan-out expands it.
    const [send] = await query(`insert into update_sends (org_id, update_id, audience, created_by) values ($1, $2, 'subscribers', 'bench') returning id`, [org.id, update.id])
    return send.id
  })
  seeding = performance.now() - seeding
  console.log(`Seeded ${RECIPIENTS.toLocaleString('en-US')} confirmed subscribers and one update send in ${(seeding / 1000).toFixed(1)} s`)

  // The worker at rest on this data, before any send (with PGlite: what the database alone costs in its
  // RSS). The send is paused for it: the worker only expands 'expanding' sends.
  await withDatabase((query) => query(`update update_sends set status = 'queued' where id = $1`, [sendId]))
  server = await startServer()
  worker = databaseUrl ? await startWorker() : server
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const restMb = memory(worker.pid).hwm
  if (worker !== server) await stopServer(worker)
  await stopServer(server)
  await withDatabase((query) => query(`update update_sends set status = 'expanding' where id = $1`, [sendId]))

  console.log(`Sending to ${RECIPIENTS.toLocaleString('en-US')} recipients...`)
  const started = performance.now()
  server = await startServer()
  worker = databaseUrl ? await startWorker() : server
  const ready = performance.now()
  let peakRss = 0
  for (;;) {
    peakRss = Math.max(peakRss, memory(worker.pid).rss)
    if (provider.ours >= RECIPIENTS) break
    if (performance.now() - started > 15 * 60_000) throw new Error(`Timed out with ${provider.ours} of ${RECIPIENTS} delivered`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const delivered = performance.now()
  const { hwm } = memory(worker.pid)
  const appHwm = memory(server.pid).hwm
  if (worker !== server) await stopServer(worker)
  await stopServer(server)

  const [timing] = await withDatabase((query) =>
    query(
      `select extract(epoch from s.expanded_at - min(o.created_at))::float8 as seconds, extract(epoch from s.expanded_at)::float8 * 1000 as expanded_at, s.status, s.recipients,
              count(*) filter (where o.status = 'sent')::int as sent, count(*)::int as rows
       from update_sends s join outbox o on o.update_send_id = s.id where s.id = $1 group by s.id`,
      [sendId],
    ),
  )
  const deliverySeconds = (provider.lastAt - provider.firstAt) / 1000
  const perSecond = RECIPIENTS / deliverySeconds
  const endToEnd = (delivered - ready) / 1000
  // While the fan-out runs, the worker mostly expands (a round sends one batch between 3 s of expanding).
  const afterEnqueue = provider.acceptedAt.filter((at) => at > timing.expanded_at).length
  const afterEnqueueRate = afterEnqueue / ((provider.lastWallAt - timing.expanded_at) / 1000)
  const mb = (value) => `${value.toFixed(0)} MB`
  const verdict = (ok) => (ok ? 'met' : 'NOT met')

  console.log(`\nUpdate fan-out: ${RECIPIENTS.toLocaleString('en-US')} confirmed subscribers, one update, Resend batch API fake, ${backend}`)
  console.log(
    `enqueue             ${timing.seconds.toFixed(2)} s to write ${timing.rows.toLocaleString('en-US')} outbox rows (send ${timing.status}, ${timing.recipients.toLocaleString('en-US')} recipients)`,
  )
  console.log(
    `delivery            ${perSecond.toFixed(0)} e-mails/s accepted (${RECIPIENTS.toLocaleString('en-US')} in ${deliverySeconds.toFixed(1)} s, first to last); ${endToEnd.toFixed(1)} s from server ready to the last`,
  )
  console.log(`                    ${afterEnqueueRate.toFixed(0)} e-mails/s once the enqueue was done (${afterEnqueue.toLocaleString('en-US')} e-mails)`)
  console.log(`provider            ${provider.requests} requests, ${provider.replays} answered from an idempotency key; outbox rows sent: ${timing.sent.toLocaleString('en-US')}`)
  const who = worker === server ? 'server peak RSS' : 'worker peak RSS'
  console.log(`${who.padEnd(20)}${mb(Math.max(hwm, peakRss))} (VmHWM); the same process at rest before the send: ${mb(restMb)}`)
  if (worker !== server) console.log(`app server          ${mb(appHwm)} peak RSS (EMAIL_WORKER=false: it only published)`)
  console.log(
    `targets             enqueue <= ${TARGETS.enqueueSeconds} s: ${verdict(timing.seconds <= TARGETS.enqueueSeconds)}; delivery >= ${TARGETS.perSecond}/s: ${verdict(perSecond >= TARGETS.perSecond)}; peak RSS <= ${TARGETS.rssMb} MB: ${verdict(Math.max(hwm, peakRss) <= TARGETS.rssMb)}`,
  )
  if (!adminUrl && hwm > TARGETS.rssMb) {
    console.log(`                    (PGlite is the database inside this process: ${mb(restMb)} at rest; with BENCH_DATABASE_URL the worker runs alone)`)
  }
} finally {
  if (worker && worker !== server && worker.exitCode === null) await stopServer(worker)
  if (server && server.exitCode === null) await stopServer(server)
  fake.close()
  if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`).catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
}

/** `npm run worker`, ready once it says so. */
async function startWorker() {
  const child = spawn(process.execPath, ['server/worker.js'], { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stderr.on('data', (chunk) => process.stderr.write(chunk))
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      if (output.includes('E-mail worker running')) resolve()
    })
    child.once('exit', () => reject(new Error(`The worker exited:\n${output}`)))
  })
  return child
}

/** The app server as `npm start` runs it (its process). */
async function startServer() {
  return (await startApp(appEnv)).child
}

/** Runs `work` with a query function on the bench's database while no server has it open. */
async function withDatabase(work) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      return await work(async (text, params) => (await client.query(text, params)).rows)
    } finally {
      await client.end()
    }
  }
  return withPglite(dataDir, work)
}

async function adminQuery(url, statement) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

function databaseUrlFor(url, name) {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}
