// Hostile bodies against every route that has an action, found from the route config (a new route is
// covered without touching this file), anonymously and as staff, on the real built server over HTTP.
// Whatever is sent: never a 5xx, never slower than 1 s, never an answer out of proportion, and the
// process stays up with /healthz fine afterwards. fast-check shrinks a failing input and prints its seed
// (replay with FUZZ_SEED=<seed>; FUZZ_LOG=1 prints every request, FUZZ_RUNS=<n> sets the count).
import { Buffer } from 'node:buffer'
import http from 'node:http'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import routes from '../../app/routes'
import { EDIT_INTENTS } from '../../server/portal/editing/index'
import { VISITOR_INTENTS } from '../../server/visitors/portal-actions'
import { FORM_BODY_LIMIT } from '../../server/http/limits'
import { BACKENDS } from '../setup/database'
import { startServer, type RunningServer } from '../setup/server'

const MAX_MS = 1000
const MAX_BYTES = 100 * 1024
const RUNS = Number(process.env.FUZZ_RUNS ?? 250)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined

interface RouteEntry {
  path?: string
  file: string
  index?: boolean
  children?: RouteEntry[]
}

const ROUTE_MODULES = import.meta.glob('../../app/routes/**/*.{ts,tsx}')

/** Every URL pattern whose module exports an action, with its parameters filled in. */
async function actionPaths(): Promise<string[]> {
  const found: string[] = []
  const walk = async (entries: RouteEntry[], prefix: string) => {
    for (const entry of entries) {
      const pattern = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, '/')
      if (entry.children) await walk(entry.children, pattern)
      if (entry.path === undefined || entry.path === '*') continue
      const load = ROUTE_MODULES[`../../app/${entry.file}`]
      if (!load) throw new Error(`No module for route file ${entry.file}`)
      const module = (await load()) as Record<string, unknown>
      if (typeof module.action === 'function') found.push(fillParams(pattern))
    }
  }
  await walk(routes as RouteEntry[], '')
  return [...new Set(found)]
}

const PARAMS: Record<string, string> = {
  orgSlug: 'northwind',
  productSlug: 'mobile',
  itemSlug: 'soc-2-type-2',
  token: 'A'.repeat(43),
  fileId: '00000000-0000-4000-8000-000000000000',
}

function fillParams(pattern: string) {
  const filled = pattern.replace(/:(\w+)(\?)?/g, (_, name: string, optional?: string) => (optional ? '' : (PARAMS[name] ?? 'x')))
  return filled.replace(/\/+$/, '') || '/'
}

/** React Router's single-fetch URL of a page: what its own client posts to with JavaScript on. */
const dataUrl = (path: string) => (path === '/' ? '/_root.data' : `${path}.data`)

// ---------------------------------------------------------------------------------------------------
// What a hostile client sends.

const KNOWN_NAMES = [
  'email',
  'password',
  'intent',
  'redirectTo',
  'returnTo',
  'name',
  'confirm',
  'permissions',
  'memberId',
  'inviteId',
  'kind',
  'uid',
  'title',
  'order',
  'file',
  'documentAccessType',
  'fileId',
  'company',
  'target',
  'firstName',
  'lastName',
  'companyName',
  'agree',
  'productId',
  'emails',
  'message',
  'signerName',
  'accept',
  'content',
  'itemUid',
  'accountId',
  'inviteToken',
  'website',
  'status',
  'requestId',
  'profileId',
  'expiresOn',
  'ndaRequired',
  'host',
  // The setup page's (issue 23); its own hostile-input property is in setup.test.ts, on an empty database.
  'slug',
  'ownerName',
  'ownerEmail',
]

const fieldName = fc.oneof(
  fc.constantFrom(...KNOWN_NAMES),
  fc.integer({ min: 0, max: 2 ** 31 }).map((index) => `x[${index}]`),
  fc.integer({ min: 2, max: 10_000 }).map((depth) => Array.from({ length: depth }, () => 'a').join('.')),
  fc.integer({ min: 1, max: 20_000 }).map((length) => 'n'.repeat(length)),
  fc.constantFrom('__proto__.polluted', 'constructor.prototype.x', 'a[]', 'a[', ']', '__intent__', '__state__', 'order[999999999999]', 'a.b[3].c.d.e.f.g'),
  fc.string({ unit: 'binary', maxLength: 30 }),
)

const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '/\u000b',
    '/\u0001',
    '/\u001b',
    '/\u007f',
    '/\t/evil.example',
    '/..//evil.example',
    '//evil.example',
    '/\\evil.example',
    '\r\nSet-Cookie: x=1',
    'a\u0000b',
    'javascript:alert(1)',
    '99999999999999999999',
    '-1',
    '1e400',
    'NaN',
    '{"type":"validate"}',
  ),
  fc.constantFrom(
    ...EDIT_INTENTS,
    ...VISITOR_INTENTS,
    'invite',
    'permissions',
    'remove',
    'revoke',
    'upload',
    'delete',
    'accessType',
    'approve',
    'decline',
    'portal',
    'nda',
    'add',
    'check',
    'primary',
    'primary-off',
  ),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.integer({ min: 1_000, max: 150_000 }).map((length) => 'v'.repeat(length)),
)

const fields = fc.oneof(
  fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 8 }),
  // The same name many times over.
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...KNOWN_NAMES),
        fc.integer({ min: 0, max: 2 ** 31 }).map((index) => `x[${index}]`),
      ),
      fc.string({ maxLength: 12 }),
      fc.integer({ min: 2, max: 3_000 }),
    )
    .map(([name, value, times]) => Array.from({ length: times }, () => [name, value] as [string, string])),
)

// Mostly POST, as forms send; the other methods an action can be reached with, and ones it never should.
const methods = fc.constantFrom('POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'OPTIONS')

const encoding = fc.constantFrom('urlencoded', 'multipart', 'multipart-broken', 'invalid-utf8', 'json', 'text', 'none', 'oversized')

interface Body {
  headers: Record<string, string>
  bytes: Buffer
}

function encode(kind: string, entries: [string, string][]): Body {
  const urlencoded = () => Buffer.from(new URLSearchParams(entries).toString())
  switch (kind) {
    case 'urlencoded':
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, bytes: urlencoded() }
    case 'invalid-utf8':
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        bytes: Buffer.concat([urlencoded(), Buffer.from('&bad=%FF%FE&'), Buffer.from([0xff, 0xfe, 0x3d, 0xc0, 0x80])]),
      }
    case 'multipart':
    case 'multipart-broken': {
      const boundary = 'fuzzboundary'
      const parts = entries.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`)
      const text = kind === 'multipart' ? `${parts.join('')}--${boundary}--\r\n` : `--${boundary}\r\nContent-Disposition: form-data; name=\r\n${parts.join('').slice(0, 200)}`
      return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, bytes: Buffer.from(text) }
    }
    case 'json':
      return { headers: { 'content-type': 'application/json' }, bytes: Buffer.from(JSON.stringify(Object.fromEntries(entries))) }
    case 'text':
      return { headers: { 'content-type': 'text/plain' }, bytes: urlencoded() }
    case 'none':
      return { headers: {}, bytes: urlencoded() }
    default:
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, bytes: Buffer.concat([Buffer.from('a='), Buffer.alloc(FORM_BODY_LIMIT + 1024, 'x')]) }
  }
}

/** A failure names its seed and its shrunk input, each value cut short so the report stays readable. */
const fuzzOptions: fc.Parameters<unknown[]> = {
  numRuns: RUNS,
  seed: SEED,
  interruptAfterTimeLimit: 150_000,
  reporter(details) {
    if (!details.failed) return
    const shown = JSON.stringify(details.counterexample, (_, value) => (typeof value === 'string' && value.length > 120 ? `${value.slice(0, 60)}…(${value.length} chars)` : value))
    throw new Error(
      `Failed with seed ${details.seed} after ${details.numRuns} runs (${details.numShrinks} shrinks). Input: ${shown?.slice(0, 3000)}\n${String(details.errorInstance).slice(0, 3000)}`,
    )
  },
}

// ---------------------------------------------------------------------------------------------------

for (const backend of BACKENDS) {
  describe(`hostile requests against every action (${backend})`, () => {
    let server: RunningServer
    let paths: string[]
    const baselines = new Map<string, number>()
    let attempt = 0

    // Each request comes from an address of its own (TRUST_PROXY=1), so the fuzz never throttles the sign-ins below.
    const fuzzAddress = () => `203.0.113.${(attempt++ % 250) + 1}`

    async function signIn() {
      const response = await fetch(`${server.url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.1' },
        body: 'email=admin%40northwind.test&password=northwind-demo',
      })
      const cookie = response.headers.getSetCookie().find((value) => value.startsWith('tc_staff='))
      if (!cookie) throw new Error(`Sign-in failed with ${response.status}`)
      return cookie.split(';')[0]
    }

    /** One request; an answer the server gives before reading the whole body (413, then close) still counts. */
    function send(path: string, body: Body | null, cookie: string | undefined, method = body ? 'POST' : 'GET') {
      const started = performance.now()
      return new Promise<{ status: number; size: number; ms: number }>((resolve, reject) => {
        const request = http.request(`${server.url}${path}`, {
          method,
          headers: {
            origin: server.url,
            'x-forwarded-for': fuzzAddress(),
            ...(cookie ? { cookie } : {}),
            ...body?.headers,
            ...(body ? { 'content-length': String(body.bytes.byteLength) } : {}),
          },
          timeout: 10_000,
        })
        request.on('response', (response) => {
          let size = 0
          response.on('data', (chunk: Buffer) => (size += chunk.byteLength))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, size, ms: performance.now() - started }))
          response.on('error', reject)
        })
        request.on('timeout', () => request.destroy(new Error('No answer within 10 s')))
        // Writing the rest of a refused body fails once the server has answered and closed: not an error here.
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
        })
        request.end(body?.bytes)
      })
    }

    beforeAll(async () => {
      server = await startServer(backend, { TRUST_PROXY: '1' })
      paths = await actionPaths()
      const staff = await signIn()
      // A staff page is as large as the page itself: the bound is on what a hostile form adds to it.
      for (const path of paths) baselines.set(path, (await send(path, null, staff)).size)
    }, 120_000)

    afterAll(() => server?.stop())

    it('finds the actions from the route config', () => {
      expect(paths).toEqual(
        expect.arrayContaining([
          '/login',
          '/logout',
          '/members',
          '/documents',
          '/portal/northwind',
          '/portal/northwind/item/soc-2-type-2',
          `/invite/${PARAMS.token}`,
          `/setup/${PARAMS.token}`,
          '/settings/getting-started',
          '/',
        ]),
      )
    })

    it('never answers a 5xx, slowly, or out of proportion, and stays up', async () => {
      const staff = await signIn()
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...paths),
          fc.boolean(),
          fc.constantFrom('anonymous', 'staff'),
          encoding,
          fields,
          methods,
          async (path, viaData, who, kind, entries, method) => {
            // Signing out would end the shared session: /logout gets a session of its own.
            const cookie = who === 'staff' ? (path === '/logout' ? await signIn() : staff) : undefined
            const target = viaData ? dataUrl(path) : path
            const result = await send(target, encode(kind, entries), cookie, method).catch((error: Error) => {
              throw new Error(`${method} ${target} as ${who} (${kind}): ${error.message}\n${server.output().slice(-2000)}`)
            })
            if (process.env.FUZZ_LOG)
              console.log(
                `${result.status} ${Math.round(result.ms)}ms ${result.size}B ${method} ${target} ${who} ${kind} ${JSON.stringify(entries.map(([n, v]) => [n.slice(0, 30), v.slice(0, 30)]).slice(0, 4))}`,
              )
            const allowance = viaData ? MAX_BYTES : (baselines.get(path) ?? 0) + MAX_BYTES
            const problems = [
              result.status >= 500 && `status ${result.status}`,
              result.ms > MAX_MS && `${Math.round(result.ms)} ms`,
              result.size > allowance && `${result.size} bytes`,
              !server.alive() && 'the server exited',
            ].filter(Boolean)
            if (problems.length) throw new Error(`${method} ${target} as ${who} (${kind}): ${problems.join(', ')}\n${server.output().slice(-2000)}`)
          },
        ),
        fuzzOptions,
      )
      expect(server.alive()).toBe(true)
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    }, 300_000)

    it('never crashes or leaves the site on hostile query values, signed in or not', async () => {
      const staff = await signIn()
      const names = ['redirectTo', 'returnTo', 'page', 'updatesPage', 'card', 'itemUid', 'dialog', 'target', 'q', 'docs', 'subprocessorSearch']
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths, '/audit', '/settings/outbox'), fc.constantFrom(...names), fieldValue, fc.boolean(), async (path, name, value, signedIn) => {
          const url = `${path}?${new URLSearchParams({ [name]: value.slice(0, 4000) })}`
          const started = performance.now()
          const response = await fetch(`${server.url}${url}`, { redirect: 'manual', headers: { 'x-forwarded-for': fuzzAddress(), ...(signedIn ? { cookie: staff } : {}) } })
          await response.arrayBuffer()
          const location = response.headers.get('location')
          const problems = [
            response.status >= 500 && `status ${response.status}`,
            performance.now() - started > MAX_MS && 'slow',
            location && !location.startsWith('/') && !location.startsWith(server.url) && `Location ${location}`,
            location?.startsWith('//') && `Location ${location}`,
            !server.alive() && 'the server exited',
          ].filter(Boolean)
          if (problems.length) throw new Error(`GET ${url} (${signedIn ? 'staff' : 'anonymous'}): ${problems.join(', ')}\n${server.output().slice(-2000)}`)
        }),
        fuzzOptions,
      )
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    }, 300_000)
  })
}
