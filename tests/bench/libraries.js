// npm run bench:libraries — each piece we wrote by hand where a library exists (issue 22 item 6), against
// that library on the same input in the same run: the SVG reader (server/files/images.ts) against
// fast-xml-parser and saxes, the on-demand loader (app/components/on-demand.ts) against React.lazy, the
// static files and content coding (server/http/static-files.ts, encoding.ts) against compressing each
// response as it goes (what the `compression` middleware does) and against negotiator's choice of coding,
// and the ZIP writer (server/files/zip.ts) against archiver. A library that is not installed is left out
// and said so. The figures are in docs/decisions/028 to 031. Needs build/ (npx react-router build) for
// the static files. BENCH_PORT (3480) and the port after it serve them; BENCH_SECONDS (5) is each load's length.
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, createReadStream, createWriteStream } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Writable, Readable } from 'node:stream'
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { constants, createBrotliCompress, createGzip } from 'node:zlib'
import autocannon from 'autocannon'
import { build } from 'esbuild'
import { createElement, lazy, Suspense } from 'react'
import { renderToString } from 'react-dom/server'

const root = path.resolve(import.meta.dirname, '../..')
const port = Number(process.env.BENCH_PORT ?? 3480)
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
// Under the project, so the bundles' imports of packages resolve to its node_modules.
mkdirSync(path.join(root, 'build'), { recursive: true })
const work = mkdtempSync(path.join(root, 'build', 'bench-libraries-'))

/** A library if it is installed (several come only with other packages), else null. */
async function optional(name) {
  try {
    const module = await import(name)
    const version = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version
    return { module: module.default ?? module, named: module, version }
  } catch {
    return null
  }
}

/** Our TypeScript modules, bundled for Node as the app's build would (packages stay imports). */
async function ours(entry) {
  const outfile = path.join(work, path.basename(entry).replace(/\.tsx?$/, '.mjs'))
  await build({ entryPoints: [path.join(root, entry)], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' })
  return import(pathToFileURL(outfile).href)
}

/** Mean milliseconds per call of `fn` over at least `minMs`, after a warm-up. */
function timed(fn, minMs = 500) {
  for (let i = 0; i < 3; i++) fn()
  let runs = 0
  const started = performance.now()
  while (performance.now() - started < minMs) {
    fn()
    runs++
  }
  return (performance.now() - started) / runs
}

/** One call's milliseconds and what it gave (or threw). */
function measureOnce(fn) {
  const started = performance.now()
  let outcome
  try {
    outcome = fn()
  } catch (error) {
    outcome = {
      threw: String(error?.message ?? error)
        .split('\n')[0]
        .slice(0, 60),
    }
  }
  return { ms: performance.now() - started, outcome }
}

const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(1)} ms`)

try {
  await svgReader()
  await onDemandLoader()
  await staticFiles()
  await zipWriter()
} finally {
  rmSync(work, { recursive: true, force: true })
}

async function svgReader() {
  console.log('\n== SVG reader: ours (parse, allow-list and serialise) against parsers alone')
  const { sanitiseSvg } = await ours('server/files/images.ts')
  const fxp = await optional('fast-xml-parser')
  const saxes = await optional('saxes')
  const parsers = {
    ours: (text) => sanitiseSvg(text, 128) ?? { refused: true },
    ...(fxp && { [`fast-xml-parser ${fxp.version}`]: (text) => fxp.named.parse(text, { ignoreAttributes: false }, true) }),
    ...(saxes && {
      [`saxes ${saxes.version}`]: (text) => {
        const parser = new saxes.named.SaxesParser()
        let elements = 0
        parser.on('opentag', () => elements++)
        parser.on('error', (error) => {
          throw error
        })
        parser.write(text).close()
        return elements
      },
    }),
  }
  if (!fxp) console.log('(fast-xml-parser is not installed: left out)')
  if (!saxes) console.log('(saxes is not installed: left out)')

  const iconDir = path.join(root, 'public/images/certifications')
  const icons = readdirSync(iconDir)
    .filter((file) => file.endsWith('.svg'))
    .map((file) => readFileSync(path.join(iconDir, file), 'utf8'))
  const kb = (icons.reduce((sum, icon) => sum + icon.length, 0) / 1024).toFixed(0)
  for (const [name, parse] of Object.entries(parsers)) {
    const ms = timed(() => icons.forEach((icon) => parse(icon)))
    console.log(`${name.padEnd(24)} the ${icons.length} catalogue icons (${kb} KB): ${fmt(ms)} (${fmt(ms / icons.length)} an icon)`)
  }

  // Hostile uploads at the icon's cap (1 MB): each must be refused or read in time linear in its size.
  const MB = 1024 * 1024
  const repeat = (unit, bytes) => unit.repeat(Math.floor(bytes / unit.length))
  const laughs = ['<!DOCTYPE svg [<!ENTITY a0 "lol">']
  for (let i = 1; i < 10; i++) laughs.push(`<!ENTITY a${i} "${`&a${i - 1};`.repeat(10)}">`)
  const hostile = {
    'nested 100,000 deep': `<svg viewBox="0 0 1 1">${'<g>'.repeat(100_000)}${'</g>'.repeat(100_000)}</svg>`,
    'one element, 1 MB of attributes': `<svg viewBox="0 0 1 1" ${Array.from({ length: MB / 12 }, (_, index) => `a${index}="1"`).join(' ')}/>`,
    '1 MB of unclosed comments': `<svg viewBox="0 0 1 1">${repeat('<!--', MB)}`,
    '1 MB of unclosed tags': `<svg viewBox="0 0 1 1">${repeat('<g ', MB)}`,
    'billion laughs (10^9 lol)': `${laughs.join('')}]><svg viewBox="0 0 1 1"><text>&a9;</text></svg>`,
    'external entity': '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg viewBox="0 0 1 1"><text>&x;</text></svg>',
  }
  for (const [name, parse] of Object.entries(parsers)) {
    const rows = Object.entries(hostile).map(([label, text]) => {
      const { ms, outcome } = measureOnce(() => parse(text))
      const said = outcome?.threw ? `threw "${outcome.threw}"` : outcome?.refused ? 'refused' : typeof outcome === 'string' ? `kept ${outcome.length} chars` : 'parsed'
      const leaked = JSON.stringify(outcome ?? '').includes('root:') ? ' (READ THE FILE)' : JSON.stringify(outcome ?? '').length > 10 * MB ? ' (EXPANDED)' : ''
      return `  ${label.padEnd(34)} ${fmt(ms).padStart(9)}  ${said}${leaked}`
    })
    console.log(`${name}:\n${rows.join('\n')}`)
  }
}

async function onDemandLoader() {
  console.log('\n== On-demand components: onDemand against React.lazy, the chunk already loaded (prefetched)')
  // A module of the page's dialogs, stood in for by a module with two named components.
  const dialogs = path.join(work, 'dialogs.mjs')
  await build({
    stdin: {
      contents:
        "import { createElement } from 'react'\nexport const Dialog = () => createElement('p', null, 'the dialog')\nexport const Menu = () => createElement('p', null, 'the menu')",
      loader: 'js',
      resolveDir: root,
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: dialogs,
    logLevel: 'error',
  })
  const { onDemand } = await ours('app/components/on-demand.ts')
  const importer = () => import(pathToFileURL(dialogs).href)
  const page = (Component) => createElement(Suspense, { fallback: createElement('p', null, 'loading') }, createElement(Component))

  const ondemand = onDemand(importer)
  await ondemand.load() // the prefetch (search box: on hover or focus; the portal's loader on the server)
  const OnDemandDialog = ondemand.component('Dialog')
  const LazyDialog = lazy(() => importer().then((module) => ({ default: module.Dialog })))
  await importer() // the same prefetch for React.lazy: the chunk is in the module cache
  const first = { onDemand: renderToString(page(OnDemandDialog)), lazy: renderToString(page(LazyDialog)) }
  await new Promise((resolve) => setImmediate(resolve))
  const second = { lazy: renderToString(page(LazyDialog)) }
  const shows = (html) => (html.includes('the dialog') ? 'the dialog' : html.includes('loading') ? 'the fallback' : html)
  console.log(`first render after the prefetch: onDemand shows ${shows(first.onDemand)}; React.lazy shows ${shows(first.lazy)}`)
  console.log(`React.lazy's second render (a tick later): ${shows(second.lazy)}`)
  const minified = await build({
    entryPoints: [path.join(root, 'app/components/on-demand.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    packages: 'external',
    write: false,
    logLevel: 'error',
  })
  console.log(`onDemand's code in the client bundle: ${minified.outputFiles[0].contents.byteLength} bytes minified (React.lazy: in react already)`)
}

async function staticFiles() {
  console.log('\n== Static files: precompressed at build time, from memory (ours), against compressing each response')
  const assets = path.join(root, 'build/client/assets')
  let files
  try {
    files = readdirSync(assets).filter((file) => file.endsWith('.js') || file.endsWith('.css'))
  } catch {
    console.log('build/client is missing: run `npx react-router build` first; left out')
    return
  }
  const largest = files.map((file) => ({ file, size: statSync(path.join(assets, file)).size })).sort((a, b) => b.size - a.size)[0]
  const { createStaticFiles } = await ours('server/http/static-files.ts')
  const { negotiateEncoding } = await ours('server/http/encoding.ts')
  const ourHandler = createStaticFiles(assets, { immutable: true, maxAgeSeconds: 31536000 })
  // What `compression` (zlib's default levels: gzip 6, brotli 4 as compression 1.8 sets it) over a file server does per request.
  const onTheFly = (req, res) => {
    const file = path.join(assets, decodeURIComponent(req.url.slice(1)))
    const coding = negotiateEncoding(req.headers['accept-encoding'])
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8')
    res.setHeader('Vary', 'Accept-Encoding')
    if (coding === 'identity') return void pipeline(createReadStream(file), res).catch(() => {})
    res.setHeader('Content-Encoding', coding)
    const encoder = coding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip({ level: 6 })
    pipeline(createReadStream(file), encoder, res).catch(() => {})
  }
  const servers = [
    ['ours (precompressed, in memory)', http.createServer((req, res) => ourHandler(req, res, () => res.writeHead(404).end()))],
    ['compressed per response', http.createServer(onTheFly)],
  ]
  console.log(`the largest built asset: ${largest.file}, ${(largest.size / 1024).toFixed(0)} KB; ${seconds} s of 10 connections each`)
  for (const [index, [label, server]] of servers.entries()) {
    server.listen(port + index, '127.0.0.1')
    await once(server, 'listening')
    for (const coding of ['br', 'gzip']) {
      const url = `http://127.0.0.1:${port + index}/${largest.file}`
      // fetch decodes what it receives; node:http counts the bytes as sent.
      const decoded = (await (await fetch(url, { headers: { 'accept-encoding': coding } })).arrayBuffer()).byteLength
      const coded = await codedSize(url, coding)
      const result = await autocannon({ url, connections: 10, duration: seconds, headers: { 'accept-encoding': coding } })
      console.log(
        `${label.padEnd(32)} ${coding.padEnd(4)} ${String(Math.round(result.requests.average)).padStart(6)} req/s, p99 ${result.latency.p99} ms, ${(coded / 1024).toFixed(1)} KB on the wire (${(decoded / 1024).toFixed(0)} KB decoded)`,
      )
    }
    server.close()
  }

  const negotiator = await optional('negotiator')
  if (!negotiator) return console.log('(negotiator is not installed: left out)')
  console.log(`\nThe coding chosen (ours, RFC 9110 12.5.3; negotiator ${negotiator.version}, which compression and koa use through accepts):`)
  const headers = ['gzip, deflate, br', 'br;q=0, gzip', 'gzip;q=0.5, br;q=0.1', 'identity;q=0', '*;q=0', '*;q=0, identity', 'gzip;q=1.5', 'x-gzip', 'br;q=0']
  for (const header of headers) {
    const theirs = new negotiator.module({ headers: { 'accept-encoding': header } }).encoding(['br', 'gzip', 'identity']) ?? 'none: 406'
    const mine = negotiateEncoding(header) ?? 'none: 406'
    console.log(`  ${JSON.stringify(header).padEnd(28)} ours ${mine.padEnd(10)} negotiator ${theirs}`)
  }
}

/** The bytes of a response as sent, before any decoding. */
function codedSize(url, coding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': coding } }, (response) => {
        let size = 0
        response.on('data', (chunk) => (size += chunk.length))
        response.on('end', () => resolve(size))
      })
      .on('error', reject)
  })
}

async function zipWriter() {
  console.log('\n== ZIP writer: ours against archiver (stored, as ours; and its default deflate)')
  const archiverLib = await optional('archiver')
  const { zipStream } = await ours('server/files/zip.ts')
  const discard = () => {
    const sink = new Writable({ write: (chunk, _encoding, done) => ((sink.bytes += chunk.length), done()) })
    sink.bytes = 0
    return sink
  }
  // 100 files of 2 MB of noise (PDFs are compressed already), from memory: the writers' own cost.
  const files = Array.from({ length: 100 }, (_, index) => ({ name: `Report ${index + 1}.pdf`, bytes: randomBytes(2 * 1024 * 1024) }))
  const total = files.reduce((sum, file) => sum + file.bytes.length, 0)
  const entriesOf = (list) => list.map((file) => ({ name: file.name, modified: new Date(0), open: async () => Readable.from([file.bytes]) }))
  const runs = {
    ours: async (list, sink) => pipeline(Readable.from(zipStream(entriesOf(list))), sink),
  }
  if (archiverLib) {
    const { ZipArchive } = archiverLib.named
    const viaArchiver = (options) => async (list, sink) => {
      const archive = new ZipArchive(options)
      const done = pipeline(archive, sink)
      for (const file of list) archive.append(file.bytes, { name: file.name, date: new Date(0) })
      await archive.finalize()
      await done
    }
    runs[`archiver ${archiverLib.version} stored`] = viaArchiver({ store: true })
    runs[`archiver ${archiverLib.version} deflate`] = viaArchiver({})
  } else console.log('(archiver is not installed: left out)')
  for (const [label, run] of Object.entries(runs)) {
    let best = Infinity
    // Deflate is slow on noise: one run says enough.
    for (let i = 0; i < (label.endsWith('deflate') ? 1 : 3); i++) {
      const started = performance.now()
      await run(files, discard())
      best = Math.min(best, performance.now() - started)
    }
    console.log(`${label.padEnd(26)} ${(total / 1024 / 1024).toFixed(0)} MB in ${files.length} files: ${Math.round(total / 1024 / 1024 / (best / 1000))} MB/s (best run)`)
  }
  // ZIP64 by count: 70,000 small entries, checked by Info-ZIP's unzip.
  const many = Array.from({ length: 70_000 }, (_, index) => ({ name: `n${index}.txt`, bytes: Buffer.from(`entry ${index}\n`) }))
  for (const [label, run] of Object.entries(runs).filter(([label]) => !label.endsWith('deflate'))) {
    const file = path.join(work, 'many.zip')
    const started = performance.now()
    await run(many, createWriteStream(file))
    const ms = performance.now() - started
    let check
    try {
      const out = execFileSync('unzip', ['-tqq', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      check = out.trim() ? out.trim().split('\n')[0] : 'unzip -t: no errors'
    } catch (error) {
      check = `unzip -t failed: ${
        String(error.stdout ?? error.message)
          .trim()
          .split('\n')[0]
      }`
    }
    console.log(`${label.padEnd(26)} 70,000 entries (ZIP64 by count): ${Math.round(ms)} ms, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB; ${check}`)
  }
}
