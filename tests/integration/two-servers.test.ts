// Several app servers as one (issue 12): two built servers on two ports over one PostgreSQL database and one
// S3-compatible bucket (s3rver on localhost), each with a DATA_DIR of its own whose files/ is removed, so
// nothing can pass through local disk. Requests alternate between them: sessions, uploads, the page cache's
// invalidation, sign-in throttling and the outbox must all agree. On PGlite there is one server per
// DATA_DIR, and a second one is refused.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../../db/index'
import { SIGN_IN_LIMITS } from '../../server/auth/sign-in-throttle'
import { enqueueEmail } from '../../server/email/outbox'
import { VERSION_CHECK_EVERY_MS } from '../../server/page-cache'
import { startFakeResend, type FakeResend } from '../fakes/resend'
import { BACKENDS } from '../setup/database'
import { startLocalS3, type LocalS3 } from '../setup/s3'
import { freePort, startServer, type RunningServer } from '../setup/server'

const FROM = 'Northwind Trust <trust@northwind.test>'
const ADMIN = { email: 'admin@northwind.test', password: 'northwind-demo' }

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** Runs one of the project's commands on the built bundle; resolves with its exit code and output. */
function runCommand(command: string[], env: Record<string, string>, timeoutMs = 60_000) {
  const [executable, ...args] = command
  const child = spawn(executable, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', SKIP_BUILD: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const timeout = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timeout)
      resolve({ code, output })
    }),
  )
}

/** Every file name under `dir` (recursively). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

if (BACKENDS.includes('postgres')) {
  describe('two app servers over one PostgreSQL database and one bucket', () => {
    let s3: LocalS3
    let fake: FakeResend
    let a: RunningServer
    let b: RunningServer
    let handle: DatabaseHandle
    let appHost = ''
    const migrations: { code: number | null; output: string; keys: string[] }[] = []

    /**
     * A request to one server as a load balancer passes it on: to that server's own port, with the Host of
     * the deployment. Both servers have the same APP_URL (A's address) because the app answers only its own
     * host and checks Origin against it (server/http/hosts.ts, server/security.ts); node:http, since fetch
     * cannot set Host. Always to 127.0.0.1, so both servers see one client address (sign-in throttling).
     */
    function send(server: RunningServer, pathname: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}) {
      const body = init.body === undefined ? undefined : Buffer.from(init.body)
      return new Promise<Answer>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port: Number(new URL(server.url).port),
            path: pathname,
            method: init.method ?? (body ? 'POST' : 'GET'),
            agent: false,
            headers: { host: appHost, ...(body ? { 'content-length': String(body.byteLength) } : {}), ...init.headers },
          },
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
            response.on('error', reject)
          },
        )
        request.on('error', reject)
        request.end(body)
      })
    }

    /** A form post as the browser sends it from a page of the deployment. */
    const post = (server: RunningServer, pathname: string, fields: Record<string, string>, cookie?: string) =>
      send(server, pathname, {
        headers: { origin: a.url, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams(fields).toString(),
      })

    async function signIn(server: RunningServer) {
      const response = await post(server, '/login', ADMIN)
      const cookie = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('tc_staff='))
      if (response.status !== 302 || !cookie) throw new Error(`Sign-in failed: ${response.status} ${response.body.toString().slice(0, 300)}`)
      return cookie.split(';')[0]
    }

    beforeAll(async () => {
      s3 = await startLocalS3()
      // A little time per mail, so a worker's claim takes a while and the other worker's polls find work.
      fake = await startFakeResend({ delayPerMessageMs: 5 })
      const shared = { ...s3.env, EMAIL_FROM: FROM, RESEND_BASE_URL: fake.url }
      // The demo's seeded files are copied into the bucket by the command an operator runs, then removed
      // from disk: from here on every file must come from the bucket.
      a = await startServer('postgres', { ...shared, RESEND_API_KEY: 're_server_a' }, async (_db, { dataDir }) => {
        // Twice: the second run must find everything there already.
        for (let run = 0; run < 2; run++) {
          const migrated = await runCommand(['npm', 'run', '--silent', 'files:migrate-to-s3'], { DATA_DIR: dataDir, ...s3.env })
          if (migrated.code !== 0) throw new Error(`npm run files:migrate-to-s3 failed (${migrated.code}):\n${migrated.output}`)
          migrations.push({ ...migrated, keys: (await bucketKeys()).sort() })
        }
        await rm(path.join(dataDir, 'files'), { recursive: true, force: true })
      })
      appHost = new URL(a.url).host
      // Each server has its own Resend key, so the fake tells which server sent a mail.
      b = await startServer(
        'postgres',
        { ...shared, RESEND_API_KEY: 're_server_b', APP_URL: a.url },
        async (_db, { dataDir }) => rm(path.join(dataDir, 'files'), { recursive: true, force: true }),
        { shareDatabaseOf: a },
      )
      handle = await openDatabase({ dataDir: a.dataDir, databaseUrl: a.databaseUrl })
    }, 120_000)

    afterAll(async () => {
      await handle?.close()
      await b?.stop()
      await a?.stop()
      await fake?.close()
      await s3?.close()
    })

    it('uses the bucket on both servers and copied the seeded files into it', async () => {
      for (const server of [a, b]) {
        const ready = await send(server, '/readyz')
        expect({ status: ready.status, body: JSON.parse(ready.body.toString()) }).toMatchObject({ status: 200, body: { files: { status: 'up', store: 's3' } } })
      }
      // Every seeded file is in the bucket.
      const seeded = await handle.db.selectFrom('files').select('sha256').distinct().execute()
      const keys = await bucketKeys()
      const missing = seeded.filter(({ sha256 }) => !keys.some((key) => key.includes(sha256)))
      expect(missing).toEqual([])
      // And a seeded public document, linked from B's page, comes from there (no disk holds it).
      const link = /href="(\/files\/[^"?]+)"/.exec((await send(b, '/')).body.toString())?.[1]
      expect(link).toBeDefined()
      const pdf = await send(b, link!)
      expect(pdf.status).toBe(200)
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-')
      // Idempotent: the second run of the command left the bucket as the first did.
      const [first, second] = migrations
      console.log(`[two servers] files:migrate-to-s3 put ${first.keys.length} objects; its output:\n${first.output.trim()}\nand on the second run:\n${second.output.trim()}`)
      expect(first.keys.length).toBeGreaterThan(0)
      expect(second.keys).toEqual(first.keys)
      expect(second.output).toContain('Copied 0,')
    })

    it('signs a staff member in on A and on B; signing out on B signs out on A', async () => {
      const cookie = await signIn(a)
      for (const server of [b, a, b]) {
        const page = await send(server, '/documents', { headers: { cookie } })
        expect({ server: server.url, status: page.status }).toEqual({ server: server.url, status: 200 })
        expect(page.body.toString()).toContain('<h1>Documents</h1>')
      }
      const out = await post(b, '/logout', {}, cookie)
      expect(out.status).toBe(302)
      for (const server of [a, b]) {
        const page = await send(server, '/documents', { headers: { cookie } })
        expect({ server: server.url, status: page.status, location: page.headers.location }).toEqual({
          server: server.url,
          status: 302,
          location: '/login?redirectTo=%2Fdocuments',
        })
      }
    })

    it('downloads on B what was uploaded on A, from the bucket and from neither disk', async () => {
      const cookie = await signIn(a)
      // A real PDF made unique by a trailing comment, so no seeded blob has its hash.
      const bytes = Buffer.concat([await readFile('tests/fixtures/sample.pdf'), Buffer.from(`\n% two servers ${randomUUID()}\n`)])
      const name = `Two servers ${randomUUID().slice(0, 8)}.pdf`
      const form = new FormData()
      form.set('intent', 'upload')
      form.set('documentAccessType', 'view-and-download')
      form.set('file', new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }))
      // The multipart body and its boundary, as a browser would encode them.
      const encoded = new Request('http://multipart.invalid/', { method: 'POST', body: form })
      const uploaded = await send(a, '/documents', {
        headers: { origin: a.url, cookie, 'content-type': encoded.headers.get('content-type')! },
        body: Buffer.from(await encoded.arrayBuffer()),
      })
      expect(uploaded.status, uploaded.body.toString().slice(0, 500)).toBe(302)
      const file = await handle.db.selectFrom('files').select(['id', 'sha256']).where('original_name', '=', name).executeTakeFirstOrThrow()

      const downloaded = await send(b, `/portal/northwind/files/${file.id}/${encodeURIComponent(name)}?download`, { headers: { cookie } })
      expect(downloaded.status).toBe(200)
      expect(downloaded.body.equals(bytes)).toBe(true)

      expect((await bucketKeys()).filter((key) => key.includes(file.sha256))).toHaveLength(1)
      for (const server of [a, b]) {
        const onDisk = (await filesUnder(server.dataDir)).filter((found) => found.includes(file.sha256))
        expect({ server: server.url, onDisk }).toEqual({ server: server.url, onDisk: [] })
      }
    })

    it("shows an edit made on A on B's public page within the cache's check interval", async () => {
      const cookie = await signIn(a)
      const product = await handle.db
        .selectFrom('products')
        .innerJoin('orgs', 'orgs.id', 'products.org_id')
        .select('products.id')
        .where('orgs.slug', '=', 'northwind')
        .where('products.is_default', '=', true)
        .executeTakeFirstOrThrow()
      const token = `rotate two-server keys ${randomUUID().slice(0, 8)}`
      const faqs = '/?faqs=true'
      // B's cache holds the page before the edit (the second request is answered from it).
      for (let i = 0; i < 2; i++) {
        const before = await send(b, faqs)
        expect(before.status).toBe(200)
        expect(before.body.toString()).not.toContain(token)
      }

      const saved = await post(a, '/knowledge-base', { intent: 'faq.create', productId: product.id, question: `Do you ${token}?`, answer: 'Yes, every year.' }, cookie)
      expect(saved.status).toBe(302)
      expect((await send(a, faqs)).body.toString()).toContain(token)

      // B last read the content version before the save; once its check interval has passed since then, the
      // next request B answers shows the edit (the interval is the bound, waited for, not a measured delay).
      await new Promise((resolve) => setTimeout(resolve, VERSION_CHECK_EVERY_MS + 1))
      const after = await send(b, faqs)
      expect(after.status).toBe(200)
      expect(after.body.toString()).toContain(token)
    })

    it('counts sign-in attempts made on A and on B together', async () => {
      // Attempts are counted per e-mail and address before the password is checked, whether the account exists or not.
      const email = `guesser-${randomUUID().slice(0, 8)}@northwind.test`
      const attempts: { server: 'A' | 'B'; status: number }[] = []
      for (let i = 0; i < 4 * SIGN_IN_LIMITS.freeAttempts; i++) {
        const server = i % 2 === 0 ? a : b
        const response = await post(server, '/login', { email, password: `wrong-${i}` })
        attempts.push({ server: server === a ? 'A' : 'B', status: response.status })
        if (response.status === 429) {
          expect(response.body.toString()).toContain('Too many sign-in attempts')
          break
        }
      }
      const counted = attempts.filter((attempt) => attempt.status === 400)
      expect(attempts.at(-1)?.status).toBe(429)
      // One shared count: the limit in all, not the limit on each server.
      expect(counted).toHaveLength(SIGN_IN_LIMITS.freeAttempts)
      expect(new Set(counted.map((attempt) => attempt.server))).toEqual(new Set(['A', 'B']))
    })

    it('sends 500 queued e-mails exactly once with the two workers together', { timeout: 90_000 }, async () => {
      const domain = `${randomUUID().slice(0, 8)}.two-servers.test`
      const started = performance.now()
      // One transaction: every row is due at once, for whichever worker polls first.
      const ids = await handle.db.transaction().execute(async (trx) => {
        const queued: string[] = []
        for (let i = 0; i < 500; i++) queued.push(await enqueueEmail(trx, { to: `reader-${i}@${domain}`, subject: `Mail ${i}`, text: `Mail ${i} of 500.` }))
        return queued
      })

      const unsent = () =>
        handle.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('id', 'in', ids)
          .where('status', '!=', 'sent')
          .executeTakeFirstOrThrow()
      while (Number((await unsent()).count) > 0) {
        if (performance.now() - started > 60_000) throw new Error(`Not all sent within 60 s: ${(await unsent()).count} left`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      const seconds = (performance.now() - started) / 1000

      const ours = fake.messages.filter((message) => String(message.body.to).endsWith(`@${domain}`))
      expect(ours).toHaveLength(500)
      expect(new Set(ours.map((message) => message.idempotencyKey))).toEqual(new Set(ids))
      expect(new Set(ours.map((message) => message.body.to)).size).toBe(500)
      expect({ replays: fake.replays, conflicts: fake.conflicts }).toEqual({ replays: 0, conflicts: 0 })
      const statuses = await handle.db.selectFrom('outbox').select('status').distinct().where('id', 'in', ids).execute()
      expect(statuses).toEqual([{ status: 'sent' }])
      const bySender = { A: 0, B: 0 }
      for (const message of ours) bySender[message.authorization === 'Bearer re_server_a' ? 'A' : 'B']++
      console.log(`[two servers] 500 e-mails sent in ${seconds.toFixed(1)} s: ${bySender.A} by A, ${bySender.B} by B`)
      expect(bySender.A).toBeGreaterThan(0)
      expect(bySender.B).toBeGreaterThan(0)
      expect(ours.every((message) => message.authorization === 'Bearer re_server_a' || message.authorization === 'Bearer re_server_b')).toBe(true)
    })

    /** The bucket's keys, read with an S3 client of our own. */
    async function bucketKeys() {
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: s3.env.S3_REGION,
        forcePathStyle: true,
        credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
      })
      const keys: string[] = []
      try {
        let token: string | undefined
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }))
          keys.push(...(page.Contents ?? []).map((object) => object.Key!))
          token = page.NextContinuationToken
        } while (token)
      } finally {
        client.destroy()
      }
      return keys
    }
  })
}

if (BACKENDS.includes('pglite')) {
  describe('a second server on one PGlite DATA_DIR', () => {
    let server: RunningServer | undefined
    afterAll(() => server?.stop())

    it('is refused at once with a message naming DATABASE_URL, and the first keeps serving', { timeout: 90_000 }, async () => {
      server = await startServer('pglite')
      const started = performance.now()
      const second = await runCommand(
        [process.execPath, 'server/start.js'],
        { PORT: String(await freePort()), APP_URL: server.url, DATA_DIR: server.dataDir, SESSION_SECRET: 'server-test-'.repeat(4) },
        30_000,
      )
      const seconds = (performance.now() - started) / 1000
      console.log(`[one PGlite] the second server exited with ${second.code} after ${seconds.toFixed(1)} s: ${second.output.trim()}`)
      expect(second.code, second.output).toBe(1)
      expect(second.output).toContain('DATABASE_URL')
      expect(server.alive()).toBe(true)
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      expect((await fetch(`${server.url}/`)).status).toBe(200)
    })
  })
}
