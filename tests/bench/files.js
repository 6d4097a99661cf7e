// npm run bench:files — a public document (the smallest public PDF of the demo portal) fetched anonymously
// under load (autocannon, 50 connections, 20 s), beside the same bytes and headers from a bare Node http
// server in the same run (as bench:portal compares pages). Each anonymous view is counted in memory and
// written in batches (server/files/public-fetches.ts), not an audit entry each: after a clean stop the
// bench reads the database and prints how many views were counted against how many were answered.
// Targets (issue 21): requests/s >= 0.5 of the bare server's, p99 <= 50 ms.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startServer, withPglite } from './support.js'

const duration = Number(process.env.BENCH_SECONDS ?? 20)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const port = Number(process.env.BENCH_PORT ?? 3297)
const bare = port + 1
const origin = `http://localhost:${port}`
const TARGETS = { ratio: 0.5, p99: 50 }
const BARE_SERVER = `
const http = require('node:http')
const body = require('node:fs').readFileSync(process.argv[1])
const headers = JSON.parse(process.argv[2])
http.createServer((_req, res) => { res.writeHead(200, headers); res.end(body) }).listen(Number(process.argv[3]), () => console.log('ready'))
`
// What a client acts on: the bare server answers with the same.
const COPIED_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'x-content-type-options', 'content-security-policy']
const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-bench-files-'))

const server = await startServer({ ...process.env, PORT: String(port), APP_URL: origin, DATA_DIR: dataDir, NODE_ENV: 'production' })
let stopped = false
try {
  const html = await (await fetch(`${origin}/`)).text()
  const paths = [...new Set(Array.from(html.matchAll(/href="(\/files\/[0-9a-f-]{36}\/[^"?]+)"/g), (match) => match[1]))]
  // The smallest public PDF the portal links to anonymously.
  const files = []
  for (const file of paths) {
    const response = await fetch(`${origin}${file}`)
    const body = Buffer.from(await response.arrayBuffer())
    if (response.ok && response.headers.get('content-type') === 'application/pdf') files.push({ path: file, body, headers: response.headers })
  }
  if (!files.length) throw new Error('The demo portal links no public PDF')
  const file = files.sort((a, b) => a.body.byteLength - b.body.byteLength)[0]
  const url = `${origin}${file.path}`

  const warm = await run(url, 3)
  const app = await run(url, duration)

  const copied = Object.fromEntries(COPIED_HEADERS.filter((name) => file.headers.has(name)).map((name) => [name, file.headers.get(name)]))
  const bodyFile = path.join(dataDir, 'bare-body')
  writeFileSync(bodyFile, file.body)
  const plain = spawn(process.execPath, ['-e', BARE_SERVER, bodyFile, JSON.stringify({ ...copied, 'content-length': file.body.byteLength }), String(bare)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await once(plain.stdout, 'data')
  await run(`http://localhost:${bare}/`, 3)
  const baseline = await run(`http://localhost:${bare}/`, duration)
  plain.kill()

  // A clean stop writes the views counted since the last batch.
  await server.stop()
  stopped = true
  const fileId = file.path.split('/')[2]
  const [counted] = await withPglite(dataDir, (query) =>
    query(
      `select coalesce((select sum(count) from public_document_fetches where file_id = $1), 0)::int as views,
              (select count(*) from audit_entries where file_id = $1)::int as entries`,
      [fileId],
    ),
  )
  // The discovery fetch, the warm-up and the measured run.
  const answered = 1 + (warm.statusCodeStats['200']?.count ?? 0) + (app.statusCodeStats['200']?.count ?? 0)

  const ratio = app.requests.average / baseline.requests.average
  const row = (name, result) =>
    `${name.padEnd(20)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms   errors ${result.errors + result.non2xx}`
  const met = (ok) => (ok ? 'met' : 'NOT met')
  console.log(`\nPublic document, anonymous: ${file.path} (${file.body.byteLength} bytes), ${connections} connections, ${duration} s each`)
  console.log(row('public file (app)', app))
  console.log(row('bare node http', baseline))
  console.log(`ratio app/bare      ${ratio.toFixed(3)} of the bare server's requests/s (the same ${file.body.byteLength} bytes and headers)`)
  console.log(
    `views counted       ${counted.views} in the database after a clean stop (${answered} answered with 200, warm-up included); audit entries for the file: ${counted.entries}`,
  )
  console.log(`targets             ratio >= ${TARGETS.ratio}: ${met(ratio >= TARGETS.ratio)}; p99 <= ${TARGETS.p99} ms: ${met(app.latency.p99 <= TARGETS.p99)}`)
} finally {
  if (!stopped) await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

function run(url, seconds) {
  return autocannon({ url, connections, duration: seconds })
}
