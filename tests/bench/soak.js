// npm run bench:soak — steady mixed load on the built server over the embedded database (issue 21): portal
// pages, item permalinks, the second product (/product/mobile), a public file, subprocessor searches,
// /healthz and a 404, at 200 requests/s (autocannon's overall rate, 20 connections) for 90 s. Prints the
// errors (failed requests, and any answer but the one each URL gives: 200, or 404 for the missing page),
// p50 and p99, and the server's RSS at the start, the middle and the end. Targets: 0 errors, p99 <= 100 ms,
// RSS flat. BENCH_SOAK_SECONDS (e.g. 15) makes a quick run; BENCH_SOAK_RATE changes the rate.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { memory, startServer } from './support.js'

const duration = Number(process.env.BENCH_SOAK_SECONDS ?? 90)
const rate = Number(process.env.BENCH_SOAK_RATE ?? 200)
const port = Number(process.env.BENCH_PORT ?? 3295)
const origin = `http://localhost:${port}`
const TARGETS = { p99: 100, rssGrowthMb: 30 }
const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-bench-soak-'))

const server = await startServer({ ...process.env, PORT: String(port), APP_URL: origin, DATA_DIR: dataDir, NODE_ENV: 'production' })
try {
  const html = await (await fetch(`${origin}/`)).text()
  const links = (pattern) => [...new Set(Array.from(html.matchAll(pattern), (match) => match[1]))]
  const permalinks = links(/href="(\/item\/[^"?#]+)"/g).slice(0, 3)
  const [file] = links(/href="(\/files\/[0-9a-f-]{36}\/[^"?]+)"/g)
  if (!permalinks.length || !file) throw new Error('The demo portal links no item or no public file')
  // A visitor's searches of the subprocessor list: a few words, each its own page.
  const searches = ['amazon', 'email', 'eu', 'analytics', 'support'].map((word) => `/?card=Subprocessors&subprocessorSearch=${word}`)
  const targets = [
    ['/', 200],
    ['/?faqs=true', 200],
    ...permalinks.map((link) => [link, 200]),
    ['/product/mobile', 200],
    [file, 200],
    ...searches.map((search) => [search, 200]),
    ['/healthz', 200],
    ['/no/such/page', 404],
  ]
  const unexpected = new Map()
  const requests = targets.map(([target, status]) => ({
    method: 'GET',
    path: target,
    headers: { 'accept-encoding': 'br, gzip' },
    onResponse: (answered) => {
      if (answered !== status) unexpected.set(`${target} ${answered}`, (unexpected.get(`${target} ${answered}`) ?? 0) + 1)
    },
  }))
  // Each URL once, so the run measures the steady state (a first render is bench:portal's subject).
  for (const [target] of targets) await (await fetch(`${origin}${target}`)).arrayBuffer()

  const rss = [{ at: 0, ...memory(server.pid) }]
  const started = performance.now()
  const sampled = setInterval(() => rss.push({ at: Math.round((performance.now() - started) / 1000), ...memory(server.pid) }), 1000)
  const result = await autocannon({ url: origin, connections: 20, overallRate: rate, duration, requests })
  clearInterval(sampled)
  rss.push({ at: duration, ...memory(server.pid) })

  const middle = rss.reduce((best, sample) => (Math.abs(sample.at - duration / 2) < Math.abs(best.at - duration / 2) ? sample : best))
  const errors = result.errors + result.timeouts + [...unexpected.values()].reduce((sum, count) => sum + count, 0)
  const growth = rss.at(-1).rss - rss[0].rss
  const met = (ok) => (ok ? 'met' : 'NOT met')
  console.log(`\nSoak: ${targets.length} URLs in turn at ${rate} req/s for ${duration} s (embedded database, built server)`)
  console.log(`requests            ${result.requests.total} (${result.requests.average.toFixed(0)} req/s)`)
  console.log(`errors              ${errors}${unexpected.size ? ` (${[...unexpected].map(([what, count]) => `${what}: ${count}`).join('; ')})` : ''}; timeouts ${result.timeouts}`)
  console.log(`latency             p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms`)
  console.log(
    `RSS                 start ${rss[0].rss.toFixed(0)} MB   middle ${middle.rss.toFixed(0)} MB   end ${rss.at(-1).rss.toFixed(0)} MB   (peak ${rss.at(-1).hwm.toFixed(0)} MB)`,
  )
  console.log(
    `targets             0 errors: ${met(errors === 0)}; p99 <= ${TARGETS.p99} ms: ${met(result.latency.p99 <= TARGETS.p99)}; RSS flat (end - start <= ${TARGETS.rssGrowthMb} MB): ${met(growth <= TARGETS.rssGrowthMb)}`,
  )
} finally {
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
