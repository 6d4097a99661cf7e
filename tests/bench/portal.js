// npm run bench:portal — the demo portal page in Public mode under load (autocannon, 50 connections,
// 20 s), every request sending `Accept-Encoding: br, gzip` as a browser does (issue 11). Compared with the
// same bytes (the br answer's body and headers, as the app sent them) from a bare Node http server in the
// same run. Prints requests/s, p50 and p99 for both and their ratio; a 304 revalidation's throughput
// (If-None-Match: the page's ETag); the first visit's bytes on the wire (the HTML and the CSS and
// JavaScript a browser fetches for it, as transferred, before decoding); and the page's own JavaScript,
// gzip. Then the same page for a signed-in account member (the demo's visitor@contoso.test, signed in
// through a real login link), which can never be the cached public page: it is answered from the member's
// own stored page, checked against their access (server/page-cache.ts); the time to render one afresh is
// printed beside it. Each target is printed met or NOT met.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { signInMember, startServer } from './support.js'

const duration = Number(process.env.BENCH_SECONDS ?? 20)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const port = 3299
const bare = 3298
const origin = `http://localhost:${port}`
const ACCEPT_ENCODING = 'br, gzip'
// KB as the figures use it (and the earlier JavaScript budget here): 1024 bytes.
const KB = 1024
const TARGETS = { ratio: 0.8, p99: 50, firstVisit: 160 * KB, ownJs: 20 * KB, memberP99: 100 }
/** A bare Node http server answering every request with one body and its headers (argv: file, headers, port). */
const BARE_SERVER = `
const http = require('node:http')
const body = require('node:fs').readFileSync(process.argv[1])
const headers = JSON.parse(process.argv[2])
http.createServer((_req, res) => { res.writeHead(200, headers); res.end(body) }).listen(Number(process.argv[3]), () => console.log('ready'))
`

// The headers that make the bare server's answer the same answer: what a client or a CDN acts on.
const COPIED_HEADERS = ['content-encoding', 'content-type', 'vary', 'etag', 'cache-control']
const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-bench-'))

// Without a mail transport the server logs each mail whole: signInMember reads the login link there.
const server = await startServer({ ...process.env, PORT: String(port), APP_URL: origin, DATA_DIR: dataDir, NODE_ENV: 'production' }, { echo: true })
try {
  const pageUrl = `${origin}/`
  // The first request renders the page and stores it; its variants are compressed in the background (a weak
  // ETag until then): what every later visitor gets is the page once its ETag is strong.
  let page = await get(pageUrl)
  for (let attempt = 0; page.headers.etag?.startsWith('W/') && attempt < 100; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    page = await get(pageUrl)
  }
  if (page.status !== 200) throw new Error(`The portal page answered ${page.status}`)
  const html = page.body.toString('utf8')
  const etag = page.headers.etag
  const firstVisit = await firstVisitFiles(pageUrl, html)
  const ownJs = ownJavaScript(html, firstVisit)

  // Warm up, then measure.
  await run(pageUrl, 3)
  const app = await run(pageUrl, duration)

  let revalidation
  if (etag) {
    await run(pageUrl, 3, { 'if-none-match': etag })
    revalidation = await run(pageUrl, duration, { 'if-none-match': etag })
  }

  const copied = Object.fromEntries(COPIED_HEADERS.filter((name) => page.headers[name] !== undefined).map((name) => [name, page.headers[name]]))
  // The bare server runs in a process of its own, as the app does: in this one it would share a core with the load.
  const bodyFile = path.join(dataDir, 'bare-body')
  writeFileSync(bodyFile, page.raw)
  const plain = spawn(process.execPath, ['-e', BARE_SERVER, bodyFile, JSON.stringify({ ...copied, 'content-length': page.raw.byteLength }), String(bare)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await once(plain.stdout, 'data')
  await run(`http://localhost:${bare}/`, 3)
  const baseline = await run(`http://localhost:${bare}/`, duration)
  plain.kill()

  const cookie = await signInMember(origin, 'visitor@contoso.test', server.output)
  const memberUrl = `${origin}/`
  const memberPage = await get(memberUrl, { cookie })
  if (!memberPage.body.toString('utf8').includes('Log Out')) throw new Error('The member page did not render signed in')
  await run(memberUrl, 3, { cookie })
  const member = await run(memberUrl, duration, { cookie })
  // A page not stored yet (each URL once, one at a time): what a member's first view of a page costs.
  const fresh = []
  for (let index = 0; index < 40; index++) {
    const started = performance.now()
    await get(`${memberUrl}?view=${index}`, { cookie })
    fresh.push(performance.now() - started)
  }
  fresh.sort((a, b) => a - b)

  const ratio = app.requests.average / baseline.requests.average
  const row = (name, result, errors = result.errors + result.non2xx) =>
    `${name.padEnd(20)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${errors}`
  const met = (ok) => (ok ? 'met' : 'NOT met')

  console.log(`\nPortal page, Public mode, Accept-Encoding: ${ACCEPT_ENCODING}: ${connections} connections, ${duration} s each`)
  console.log(
    `response            ${encodingOf(page)}, ${page.raw.byteLength} bytes on the wire (${page.body.byteLength} decoded); ETag ${etag ?? 'none'}; Cache-Control ${page.headers['cache-control'] ?? 'none'}; Vary ${page.headers.vary ?? 'none'}`,
  )
  console.log(row('portal (app)', app))
  console.log(row('bare node http', baseline))
  console.log(`ratio app/bare      ${ratio.toFixed(3)} of the bare server's requests/s (the same ${page.raw.byteLength} bytes and headers)`)
  if (revalidation) {
    // Anything but a 304 (a 200 with the page, an error) is a failed revalidation.
    const notModified = revalidation.statusCodeStats['304']?.count ?? 0
    const answered = Object.values(revalidation.statusCodeStats).reduce((sum, { count }) => sum + count, 0)
    console.log(row('304 revalidation', revalidation, revalidation.errors + answered - notModified))
  } else {
    console.log('304 revalidation    skipped: no ETag on the page')
  }
  console.log(`\nFirst visit on the wire (each file fetched with Accept-Encoding: ${ACCEPT_ENCODING}, body bytes as transferred)`)
  const sum = (files) => files.reduce((total, file) => total + file.raw.byteLength, 0)
  const css = firstVisit.filter((file) => file.kind === 'css')
  const js = firstVisit.filter((file) => file.kind === 'js')
  const total = page.raw.byteLength + sum(css) + sum(js)
  console.log(`HTML                ${kb(page.raw.byteLength)} (${page.headers['content-encoding'] ?? 'identity'})`)
  console.log(`CSS                 ${kb(sum(css))} in ${css.length} files (${encodings(css)})`)
  console.log(`JavaScript          ${kb(sum(js))} in ${js.length} files (${encodings(js)})`)
  console.log(`total               ${kb(total)} (${kb(page.body.byteLength + firstVisit.reduce((all, file) => all + file.body.byteLength, 0))} decoded)`)
  console.log(
    `own JavaScript      ${kb(ownJs.gzip)} gzip in ${ownJs.own.length} files; framework (React, React DOM, React Router), not counted: ${ownJs.framework.map((file) => path.basename(file.path)).join(', ')} (${kb(ownJs.frameworkGzip)} gzip)`,
  )
  if (ownJs.marked.length)
    console.log(`                    framework code found outside React Router's entry, counted as framework: ${ownJs.marked.map((file) => path.basename(file.path)).join(', ')}`)
  console.log(
    `targets             ratio >= ${TARGETS.ratio}: ${met(ratio >= TARGETS.ratio)}; p99 <= ${TARGETS.p99} ms at ${connections} connections: ${met(app.latency.p99 <= TARGETS.p99)}`,
  )
  console.log(
    `                    first visit <= ${kb(TARGETS.firstVisit)}: ${met(total <= TARGETS.firstVisit)}; own JavaScript < ${kb(TARGETS.ownJs)} gzip: ${met(ownJs.gzip < TARGETS.ownJs)}`,
  )

  console.log(`\nPortal page, signed-in account member (AccountExternal, the member's own stored page): ${connections} connections, ${duration} s`)
  console.log(row('member page', member))
  console.log(row('public page', app))
  console.log(`first view          p50 ${fresh[20].toFixed(0).padStart(5)} ms   max ${fresh.at(-1).toFixed(0).padStart(5)} ms   (a page rendered afresh, one request at a time)`)
  console.log(
    `response            ${encodingOf(memberPage)}, ${memberPage.raw.byteLength} bytes on the wire (${memberPage.body.byteLength} decoded); Cache-Control ${memberPage.headers['cache-control'] ?? 'none'}`,
  )
  console.log(`target              member p99 <= ${TARGETS.memberP99} ms: ${met(member.latency.p99 <= TARGETS.memberP99)}`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

function run(url, seconds, headers = {}) {
  return autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } })
}

/**
 * A GET as a browser sends it, through node:http: fetch() decodes bodies transparently, so it cannot count
 * bytes on the wire. `raw` is the body as received, `body` the same decoded.
 */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } }, (res) => {
        const chunks = []
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const raw = Buffer.concat(chunks)
          try {
            resolve({ url, status: res.statusCode, headers: res.headers, raw, body: decode(raw, res.headers['content-encoding'], url) })
          } catch (error) {
            reject(error)
          }
        })
      })
      .on('error', reject)
  })
}

function decode(raw, encoding = 'identity', url) {
  switch (encoding.trim().toLowerCase()) {
    case 'br':
      return brotliDecompressSync(raw)
    case 'gzip':
      return gunzipSync(raw)
    case 'identity':
      return raw
    // Anything else is a coding the client did not ask for.
    default:
      throw new Error(`${url} answered Content-Encoding: ${encoding} to Accept-Encoding: ${ACCEPT_ENCODING}`)
  }
}

/**
 * The CSS and JavaScript a browser fetches on a first visit: the page's stylesheets, script src and
 * modulepreload links and the inline module script's imports, then every static import of those
 * scripts (a browser loads a module's whole static graph; dynamic import() chunks wait for a click).
 */
async function firstVisitFiles(pageUrl, html) {
  const wanted = new Map()
  const want = (href, base, kind) => {
    const url = new URL(href, base)
    if (url.origin === origin && !wanted.has(url.href)) wanted.set(url.href, kind)
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? []
    const href = attribute(tag, 'href')
    if (!href) continue
    if (rel.includes('stylesheet')) want(href, pageUrl, 'css')
    if (rel.includes('modulepreload')) want(href, pageUrl, 'js')
  }
  for (const [, tag, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const src = attribute(tag, 'src')
    if (src) want(src, pageUrl, 'js')
    for (const specifier of staticImports(body)) want(specifier, pageUrl, 'js')
  }
  const files = []
  // A Map's iteration reaches entries added while it runs: the imports found on the way are fetched too.
  for (const [href, kind] of wanted) {
    const file = await get(href)
    if (file.status !== 200) throw new Error(`${href} answered ${file.status}`)
    files.push({ ...file, path: new URL(href).pathname, kind })
    if (kind === 'js') for (const specifier of staticImports(file.body.toString('utf8'))) want(specifier, href, 'js')
  }
  return files
}

/** A tag's attribute value, quoted or not. */
function attribute(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  return match ? (match[1] ?? match[2] ?? match[3]).replace(/&amp;/g, '&') : undefined
}

/** `import … from "x"` and `import "x"` (minified too), never `import("x")`. */
function staticImports(code) {
  return Array.from(code.matchAll(/\b(?:from|import)\s*["'`]([^"'`]+\.js)["'`]/g), (match) => match[1])
}

/**
 * Our own JavaScript on the page, gzip (level 9, as build-time compression would be; per file, as sent).
 * The rule: the framework is what React Router's manifest (inline in every page, or in the manifest chunk)
 * names as the client entry, `entry.module` and `entry.imports`. The app has no entry.client of its own,
 * so that is React Router's default entry with React DOM, and the chunk it shares with the routes holding
 * React, the JSX runtime and React Router. The bundler groups a module with the entries that import it, so
 * no app module can land in those chunks (only route modules import app/), and everything else the page
 * loads, the route modules and their imports, is what our code adds, a library a route imports included.
 * The build keeps no module map to check this against (React Router deletes Vite's manifest unless the
 * config asks for one, and even that lists chunks, not their modules), so as a check any other chunk
 * carrying React's production error URL, which React and React DOM embed, is counted as framework and named.
 */
function ownJavaScript(html, files) {
  const js = files.filter((file) => file.kind === 'js')
  const sources = [html, ...js.map((file) => file.body.toString('utf8'))]
  let entry
  for (const source of sources) {
    entry = /"?entry"?\s*:\s*\{\s*"?module"?\s*:\s*"([^"]+)"\s*,\s*"?imports"?\s*:\s*\[([^\]]*)\]/.exec(source)
    if (entry) break
  }
  if (!entry) throw new Error("React Router's manifest (its client entry) was not found in the page or its scripts")
  const frameworkPaths = new Set([entry[1], ...Array.from(entry[2].matchAll(/"([^"]+)"/g), (match) => match[1])].map((href) => new URL(href, origin).pathname))
  const framework = js.filter((file) => frameworkPaths.has(file.path))
  const marked = js.filter((file) => !frameworkPaths.has(file.path) && file.body.includes('react.dev/errors/'))
  const own = js.filter((file) => !frameworkPaths.has(file.path) && !marked.includes(file))
  const gzip = (list) => list.reduce((total, file) => total + gzipSync(file.body, { level: constants.Z_BEST_COMPRESSION }).byteLength, 0)
  return { framework: [...framework, ...marked], marked, own, gzip: gzip(own), frameworkGzip: gzip([...framework, ...marked]) }
}

function encodingOf(response) {
  return response.headers['content-encoding'] ?? 'identity (not compressed)'
}

/** How many files came in each encoding. */
function encodings(files) {
  const counts = new Map()
  for (const file of files) counts.set(file.headers['content-encoding'] ?? 'identity', (counts.get(file.headers['content-encoding'] ?? 'identity') ?? 0) + 1)
  return [...counts].map(([name, count]) => `${name} ${count}`).join(', ') || 'none'
}

function kb(bytes) {
  return `${(bytes / KB).toFixed(1)} KB`
}
