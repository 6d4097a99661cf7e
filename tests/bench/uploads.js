// npm run bench:uploads — uploads built to be expensive to check (issue 21), sent to the real server
// (build/, server/start.js, NODE_ENV=production, embedded PGlite) while a client asks /healthz one request
// after another. Prints, per upload, its answer and the /healthz latency meanwhile (count, p50, p99, max)
// and the server's RSS peak, against the target (/healthz <= 100 ms). The uploads: a member's
// questionnaire and a staff document of 400,000 empty parts (refused by their directory), a staff .docx of
// 9,000 parts (within the bounds: opened in the inspection worker), a 1 MB PDF whose page inflates to
// 1 GB (accepted; its text is read in the background, in the worker, and given up at the memory limit), a
// card icon SVG of 60,000 attributes (1.3 s on the main thread before decision 026) and one nested 5,000
// groups deep, and a 40 MB .txt of multi-byte UTF-8 (each judged in the inspection worker). These are the
// figures the unit and integration tests no longer time (issue 22): they prove the order of events instead.
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inflatingPdf, manyPartsDocx } from './hostile-files.js'
import { memory, signInMember, startServer } from './support.js'

const TARGET_MS = 100
const port = Number(process.env.BENCH_PORT ?? 3297)
const origin = `http://localhost:${port}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'tc-bench-uploads-'))
const env = { ...process.env, PORT: String(port), APP_URL: origin, DATA_DIR: dataDir, NODE_ENV: 'production' }
delete env.DATABASE_URL
delete env.RESEND_API_KEY
delete env.SMTP_URL
const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/** /healthz, one request after another, until `done` settles: each answer's latency in ms. */
async function healthWhile(done, pid) {
  const latencies = []
  let settled = false
  let peakRss = 0
  done.finally(() => (settled = true))
  while (!settled) {
    const started = performance.now()
    const response = await fetch(`${origin}/healthz`)
    await response.arrayBuffer()
    latencies.push(performance.now() - started)
    peakRss = Math.max(peakRss, memory(pid).rss)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { latencies, peakRss }
}

function figures(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 }
}

/** A multipart body encoded ahead, so sending it costs this process (which times /healthz) nothing. */
async function formOf(fields, file, name, type, field = 'file') {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  form.set(field, new File([file], name, { type }))
  const encoded = new Request('http://multipart.invalid/', { method: 'POST', body: form })
  return { type: encoded.headers.get('content-type'), body: Buffer.from(await encoded.arrayBuffer()) }
}

function post(pathname, { type, body }, cookie) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        agent: false,
        headers: { host: `localhost:${port}`, origin, cookie, 'content-type': type, 'content-length': String(body.length) },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

let server
const rows = []
try {
  console.log('Building the files...')
  const huge = manyPartsDocx(400_000)
  const large = manyPartsDocx(9_000)
  const bomb = await inflatingPdf(1024)
  const svgOpen = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
  const attributesSvg = `${svgOpen}<rect ${Array.from({ length: 60_000 }, (_, index) => `a${index}="1"`).join(' ')}/></svg>`
  const deepSvg = `${svgOpen}${'<g>'.repeat(5_000)}${'</g>'.repeat(5_000)}</svg>`
  const text = Buffer.from('Zürich, São Paulo, 東京, Kraków: every line of it valid UTF-8.\n'.repeat(600_000))
  console.log('Migrating and seeding the demo on a first start...')
  server = await startServer(env)
  await server.stop()
  server = await startServer(env)
  const signedIn = await fetch(`${origin}/login`, {
    method: 'POST',
    headers: { origin },
    body: new URLSearchParams({ email: 'admin@northwind.test', password: 'northwind-demo' }),
    redirect: 'manual',
  })
  const staff = signedIn.headers
    .getSetCookie()
    .find((value) => value.startsWith('tc_staff='))
    .split(';')[0]
  const member = await signInMember(origin, 'visitor@contoso.test', server.output)
  const documentFields = { intent: 'upload', documentAccessType: 'view-and-download' }
  const iconFields = { intent: 'card.icon', returnTo: '/portal/northwind', kind: 'DataSecurity', mode: 'custom' }
  const uploads = [
    {
      what: `questionnaire, ${(huge.length / 1048576).toFixed(1)} MB .docx of 400,000 parts`,
      path: '/?questionnaire=file',
      cookie: member,
      form: () => formOf({}, huge, 'answers.docx', WORD),
    },
    {
      what: `document, ${(huge.length / 1048576).toFixed(1)} MB .docx of 400,000 parts`,
      path: '/documents',
      cookie: staff,
      form: () => formOf(documentFields, huge, 'Policies.docx', WORD),
    },
    {
      what: `document, ${(large.length / 1048576).toFixed(1)} MB .docx of 9,000 parts`,
      path: '/documents',
      cookie: staff,
      form: () => formOf(documentFields, large, 'Large.docx', WORD),
    },
    { what: 'card icon, SVG of 60,000 attributes', path: '/portal/northwind', cookie: staff, form: () => formOf(iconFields, attributesSvg, 'icon.svg', 'image/svg+xml', 'icon') },
    { what: 'card icon, SVG nested 5,000 groups deep', path: '/portal/northwind', cookie: staff, form: () => formOf(iconFields, deepSvg, 'icon.svg', 'image/svg+xml', 'icon') },
    {
      what: `document, ${(text.length / 1048576).toFixed(1)} MB .txt of multi-byte UTF-8`,
      path: '/documents',
      cookie: staff,
      form: () => formOf(documentFields, text, 'Notes.txt', 'text/plain'),
    },
    {
      what: `document, ${(bomb.length / 1048576).toFixed(1)} MB PDF inflating to 1 GB`,
      path: '/documents',
      cookie: staff,
      form: () => formOf(documentFields, bomb, 'Inflating.pdf', 'application/pdf'),
      background: /could not read the text of file/,
    },
  ]
  for (const upload of uploads) {
    const before = server.output().length
    const form = await upload.form()
    const started = performance.now()
    const answered = post(upload.path, form, upload.cookie).then((status) => ({ status, ms: performance.now() - started }))
    // A PDF's text is read after the upload: watched until the server logs the end of its reading.
    const done = upload.background
      ? answered.then(async (answer) => {
          while (!upload.background.test(server.output().slice(before))) await new Promise((resolve) => setTimeout(resolve, 50))
          return answer
        })
      : answered
    const health = await healthWhile(done, server.pid)
    const answer = await done
    const seen = figures(health.latencies)
    const line = /\[(files|search)\][^\n]*/.exec(server.output().slice(before))?.[0] ?? ''
    rows.push({
      upload: upload.what,
      status: answer.status,
      'answer ms': Math.round(answer.ms),
      '/healthz n': seen.count,
      'p50 ms': seen.p50.toFixed(1),
      'p99 ms': seen.p99.toFixed(1),
      'max ms': seen.max.toFixed(1),
      'RSS peak MB': Math.round(health.peakRss),
      ok: seen.max <= TARGET_MS ? 'yes' : 'NO',
    })
    if (line) console.log(`  server: ${line}`)
  }
  console.table(rows)
  console.log(`Target: every /healthz answer <= ${TARGET_MS} ms while an upload is checked.`)
} finally {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
