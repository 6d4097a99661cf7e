// npm run bench:zip — a bulk download of 1 GB of generated PDFs through the real route (build/,
// server/start.js, NODE_ENV=production, embedded PGlite), by the demo's account member signed in through
// a real login link, to a client that discards the bytes. Prints the throughput beside archiver's
// (stored, as ours is, and its default deflate) on the same files in the same run, the time to the
// first byte, and the server's RSS rise while it streams, against the targets (>= 0.8 x archiver's
// stored throughput, RSS rise <= 100 MB). BENCH_ZIP_MB and BENCH_ZIP_FILES change the size. Then a
// watermarked download: a 50 MB restricted PDF (BENCH_STAMP_MB) fetched five at a time, first and cached.
import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { ZipArchive } from 'archiver'
import { PDFDocument } from 'pdf-lib'
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
      const [file] = await query(`insert into files (org_id, sha256, original_name, content_type, size_bytes) values ($1, $2, $3, 'application/pdf', $4) returning id`, [
        product.org_id,
        row.sha,
        row.name,
        row.size,
      ])
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
  console.log(
    `ours                ${rate(ours.seconds).toFixed(0)} MB/s (${ours.seconds.toFixed(1)} s, ${(ours.received / 1024 / 1024).toFixed(0)} MB received, ${ours.included} files); first byte after ${ours.firstByte.toFixed(0)} ms`,
  )
  console.log(`archiver (stored)   ${rate(stored).toFixed(0)} MB/s (${stored.toFixed(1)} s, in-process, no HTTP); ratio ${ratio.toFixed(2)}`)
  console.log(`archiver (deflate)  ${rate(deflated).toFixed(0)} MB/s (${deflated.toFixed(1)} s)`)
  console.log(`server RSS          ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most while streaming: rise ${rise.toFixed(0)} MB`)
  console.log(
    `targets             throughput >= ${TARGETS.ratio} x archiver's: ${ratio >= TARGETS.ratio ? 'met' : 'NOT met'}; RSS rise <= ${TARGETS.rssRiseMb} MB: ${rise <= TARGETS.rssRiseMb ? 'met' : 'NOT met'}`,
  )

  // Watermarking: a 50 MB restricted PDF opened by the member in five tabs at once. The first request
  // stamps it once (the others wait for that copy); later ones stream the day's copy from disk.
  await server.stop()
  const stampMb = Number(process.env.BENCH_STAMP_MB ?? 50)
  const doc = await PDFDocument.create()
  for (let page = 0; page < 40; page++) doc.addPage([612, 792]).drawText(`Bench report page ${page + 1}`, { x: 72, y: 700, size: 14 })
  // Bulk the document up with data streams, as scanned pages or embedded images would.
  for (let index = 0; index < stampMb; index++) doc.context.register(doc.context.stream(randomBytes(1024 * 1024)))
  const big = Buffer.from(await doc.save())
  const bigSha = createHash('sha256').update(big).digest('hex')
  const bigPath = path.join(dataDir, 'files', bigSha.slice(0, 2), bigSha)
  mkdirSync(path.dirname(bigPath), { recursive: true })
  writeFileSync(bigPath, big)
  const bigId = await withPglite(dataDir, async (query) => {
    const [report] = await query(`select i.id, p.org_id from items i join products p on p.id = i.product_id where i.uid = 'soc-2-type-2-report' and p.is_default limit 1`)
    const [file] = await query(
      `insert into files (org_id, sha256, original_name, content_type, size_bytes) values ($1, $2, 'Bench big report.pdf', 'application/pdf', $3) returning id`,
      [report.org_id, bigSha, big.byteLength],
    )
    await query('insert into item_files (item_id, file_id, position) values ($1, $2, 99)', [report.id, file.id])
    return file.id
  })
  server = await startServer(env)
  const member = await signInMember(origin, 'visitor@contoso.test', server.output)
  const fetchBig = async () => {
    const response = await fetch(`${origin}/files/${bigId}/report.pdf?download=1`, { headers: { cookie: member } })
    if (!response.ok) throw new Error(`The stamped download answered ${response.status}: ${await response.text()}`)
    let received = 0
    for await (const chunk of response.body) received += chunk.byteLength
    return received
  }
  async function stampRound() {
    const rest = memory(server.pid).rss
    let top = rest
    const sampling = setInterval(() => (top = Math.max(top, memory(server.pid).rss)), 20)
    const started = performance.now()
    const sizes = await Promise.all(Array.from({ length: 5 }, fetchBig))
    clearInterval(sampling)
    return { seconds: (performance.now() - started) / 1000, rise: Math.max(top, memory(server.pid).rss) - rest, size: sizes[0] }
  }
  const first = await stampRound()
  const cached = await stampRound()
  const bigMb = big.byteLength / 1024 / 1024
  console.log(`\nWatermark: a ${bigMb.toFixed(0)} MB restricted PDF (40 pages), 5 downloads at once by one member`)
  console.log(
    `first round         ${first.seconds.toFixed(1)} s (one stamping shared by all five), server RSS rise ${first.rise.toFixed(0)} MB; stamped copy ${(first.size / 1024 / 1024).toFixed(0)} MB`,
  )
  console.log(`cached round        ${cached.seconds.toFixed(1)} s, server RSS rise ${cached.rise.toFixed(0)} MB (the day's copy streamed from disk)`)
} finally {
  if (server) await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
