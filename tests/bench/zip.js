// npm run bench:zip — a bulk download of 1 GB of generated PDFs through the real route (build/,
// server/start.js, NODE_ENV=production, embedded PGlite), by the demo's account member signed in through
// a real login link, to a client that discards the bytes. Prints the throughput beside archiver's
// (stored, as ours is, and its default deflate) on the same files in the same run, the time to the
// first byte, and the server's RSS rise while it streams, against the targets (>= 0.8 x archiver's
// stored throughput, RSS rise <= 100 MB). BENCH_ZIP_MB and BENCH_ZIP_FILES change the size.
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ZipArchive } from 'archiver'
import { memory, signInMember, startServer, withPglite } from './support.js'

const TOTAL_MB = Number(process.env.BENCH_ZIP_MB ?? 1024)
const FILES = Number(process.env.BENCH_ZIP_FILES ?? 100)
const TARGETS = { ratio: 0.8, rssRiseMb: 100 }
const port = 3296
const origin = `http://localhost:${port}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-bench-zip-'))
const env = { ...process.env, PORT: String(port), APP_URL: origin, DATA_DIR: dataDir, NODE_ENV: 'production' }
delete env.DATABASE_URL
delete env.RESEND_API_KEY
delete env.SMTP_URL

let server
try {
  console.log('Migrating and seeding the demo on a first start...')
  server = await startServer(env)
  await server.stop()

  // The files, written into the store as an upload would (content-addressed), on a public Documents item.
  const perFile = Math.floor((TOTAL_MB * 1024 * 1024) / FILES)
  const paths = []
  const rows = []
  for (let index = 0; index < FILES; index++) {
    const bytes = Buffer.concat([Buffer.from(`%PDF-1.7\n% bench ${index}\n`), randomBytes(perFile - 40), Buffer.from('\n%%EOF\n')])
    const sha = createHash('sha256').update(bytes).digest('hex')
    const file = path.join(dataDir, 'files', sha.slice(0, 2), sha)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, bytes)
    paths.push(file)
    rows.push({ sha, name: `Bench report ${String(index + 1).padStart(3, '0')}.pdf`, size: bytes.byteLength })
  }
  const totalBytes = rows.reduce((sum, row) => sum + row.size, 0)
  const fileIds = await withPglite(dataDir, async (query) => {
    const [product] = await query(`select p.id, p.org_id from products p join orgs o on o.id = p.org_id order by o.created_at, p.position limit 1`)
    const [item] = await query(
      `insert into items (product_id, uid, slug, card_kind, custom, title, enabled_state, public_access, hidden)
       values ($1, 'bench-archive', 'bench-archive', 'Documents', true, 'Bench archive', 'Enabled', true, false) returning id`,
      [product.id],
    )
    const ids = []
    for (const [position, row] of rows.entries()) {
      const [file] = await query(
        `insert into files (org_id, sha256, original_name, content_type, size_bytes) values ($1, $2, $3, 'application/pdf', $4) returning id`,
        [product.org_id, row.sha, row.name, row.size],
      )
      await query('insert into item_files (item_id, file_id, position) values ($1, $2, $3)', [item.id, file.id, position])
      ids.push(file.id)
    }
    return ids
  })
  const mb = totalBytes / 1024 / 1024
  console.log(`${FILES} generated PDFs, ${mb.toFixed(0)} MB in all`)

  server = await startServer(env)
  const cookie = await signInMember(origin, 'visitor@contoso.test', server.output)
  const form = new URLSearchParams(fileIds.map((id) => ['fileId', id]))
  const download = async () => {
    const started = performance.now()
    const response = await fetch(`${origin}/bulk-download`, { method: 'POST', body: form, headers: { cookie, origin } })
    if (!response.ok) throw new Error(`The bulk download answered ${response.status}: ${await response.text()}`)
    let firstByte = 0
    let received = 0
    for await (const chunk of response.body) {
      if (!received) firstByte = performance.now() - started
      received += chunk.byteLength
    }
    return { seconds: (performance.now() - started) / 1000, firstByte, received, included: response.headers.get('x-bulk-included') }
  }
  // A first, smaller pass warms the server; then the measured one, its RSS sampled as it streams.
  await download()
  const before = memory(server.pid).rss
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, memory(server.pid).rss)), 20)
  const ours = await download()
  clearInterval(sampler)
  peak = Math.max(peak, memory(server.pid).rss)

  const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() })
  async function archiverRun(options) {
    const started = performance.now()
    const archive = new ZipArchive(options)
    const done = pipeline(archive, sink())
    for (const [index, file] of paths.entries()) archive.append(createReadStream(file), { name: rows[index].name })
    await archive.finalize()
    await done
    return (performance.now() - started) / 1000
  }
  const stored = await archiverRun({ store: true })
  const deflated = await archiverRun({})

  const rate = (seconds) => mb / seconds
  const ratio = rate(ours.seconds) / rate(stored)
  const rise = peak - before
  console.log(`\nBulk download: ${FILES} PDFs, ${mb.toFixed(0)} MB, through POST /bulk-download as an account member (PGlite)`)
  console.log(`ours                ${rate(ours.seconds).toFixed(0)} MB/s (${ours.seconds.toFixed(1)} s, ${(ours.received / 1024 / 1024).toFixed(0)} MB received, ${ours.included} files); first byte after ${ours.firstByte.toFixed(0)} ms`)
  console.log(`archiver (stored)   ${rate(stored).toFixed(0)} MB/s (${stored.toFixed(1)} s, in-process, no HTTP); ratio ${ratio.toFixed(2)}`)
  console.log(`archiver (deflate)  ${rate(deflated).toFixed(0)} MB/s (${deflated.toFixed(1)} s)`)
  console.log(`server RSS          ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most while streaming: rise ${rise.toFixed(0)} MB`)
  console.log(
    `targets             throughput >= ${TARGETS.ratio} x archiver's: ${ratio >= TARGETS.ratio ? 'met' : 'NOT met'}; RSS rise <= ${TARGETS.rssRiseMb} MB: ${rise <= TARGETS.rssRiseMb ? 'met' : 'NOT met'}`,
  )
} finally {
  if (server) await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
