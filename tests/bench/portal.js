// npm run bench:portal — the demo portal page in Public mode under load (autocannon, 50 connections,
// 20 s), against the same HTML bytes from a bare Node http server. Prints requests/s, p50 and p99
// for both, their ratio, the page's HTML bytes and its JavaScript bytes (gzip). Then the same page for
// a signed-in account member (the demo's visitor@contoso.test, signed in through a real login link),
// which can never be the cached public page: it is answered from the member's own stored page, checked
// against their access (server/page-cache.ts); the time to render one afresh is printed beside it.
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { signInMember, startServer } from './support.js'

const duration = Number(process.env.BENCH_SECONDS ?? 20)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const port = 3299
const bare = 3298
const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-bench-'))

// Without a mail transport the server logs each mail whole: signInMember reads the login link there.
const server = await startServer({ ...process.env, PORT: String(port), APP_URL: `http://localhost:${port}`, DATA_DIR: dataDir, NODE_ENV: 'production' }, { echo: true })
try {
  const pageUrl = `http://localhost:${port}/`
  const html = await (await fetch(pageUrl)).text()
  const htmlBytes = Buffer.byteLength(html)
  const scripts = [...new Set(Array.from(html.matchAll(/(?:src=|href=|from |import\()"(\/assets\/[^"]+\.js)"/g), (match) => match[1]))]
  let jsGzip = 0
  for (const script of scripts) jsGzip += gzipSync(Buffer.from(await (await fetch(`http://localhost:${port}${script}`)).arrayBuffer())).byteLength

  // Warm up, then measure.
  await run(pageUrl, 3)
  const app = await run(pageUrl, duration)

  const body = Buffer.from(html)
  const plain = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.byteLength })
    res.end(body)
  })
  await new Promise((resolve) => plain.listen(bare, resolve))
  await run(`http://localhost:${bare}/`, 3)
  const baseline = await run(`http://localhost:${bare}/`, duration)
  plain.close()

  const cookie = await signInMember(`http://localhost:${port}`, 'visitor@contoso.test', server.output)
  const memberUrl = `http://localhost:${port}/`
  const memberHtml = await (await fetch(memberUrl, { headers: { cookie } })).text()
  if (!memberHtml.includes('Log Out')) throw new Error('The member page did not render signed in')
  await run(memberUrl, 3, { cookie })
  const member = await run(memberUrl, duration, { cookie })
  // A page not stored yet (each URL once, one at a time): what a member's first view of a page costs.
  const fresh = []
  for (let index = 0; index < 40; index++) {
    const started = performance.now()
    await (await fetch(`${memberUrl}?view=${index}`, { headers: { cookie } })).text()
    fresh.push(performance.now() - started)
  }
  fresh.sort((a, b) => a - b)

  const row = (name, result) =>
    `${name.padEnd(18)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.non2xx}`
  console.log(`\nPortal page, Public mode: ${connections} connections, ${duration} s each`)
  console.log(row('portal (app)', app))
  console.log(row('bare node http', baseline))
  console.log(`ratio app/bare      ${(app.requests.average / baseline.requests.average).toFixed(3)} of the bare server's requests/s`)
  console.log(`HTML bytes          ${htmlBytes} (${gzipSync(body).byteLength} gzip)`)
  console.log(`JavaScript (gzip)   ${jsGzip} bytes in ${scripts.length} files`)
  console.log(`targets             p99 < 100 ms: ${app.latency.p99 < 100 ? 'met' : 'NOT met'}; JavaScript < 150 KB gzip: ${jsGzip < 150 * 1024 ? 'met' : 'NOT met'}`)
  console.log(`\nPortal page, signed-in account member (AccountExternal, the member's own stored page): ${connections} connections, ${duration} s`)
  console.log(row('member page', member))
  console.log(row('public page', app))
  console.log(`first view          p50 ${fresh[20].toFixed(0).padStart(5)} ms   max ${fresh.at(-1).toFixed(0).padStart(5)} ms   (a page rendered afresh, one request at a time)`)
  console.log(`HTML bytes          ${Buffer.byteLength(memberHtml)} (${gzipSync(Buffer.from(memberHtml)).byteLength} gzip)`)
  console.log(`target              member p99 <= 100 ms: ${member.latency.p99 <= 100 ? 'met' : 'NOT met'}`)
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

function run(url, seconds, headers = {}) {
  return autocannon({ url, connections, duration: seconds, headers })
}
