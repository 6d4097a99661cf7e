// What the benchmarks share: the real server started as `npm start` runs it, its memory, the embedded
// database opened while no server has it, and a member signed in the way the visitor journey does.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

/** server/start.js with `env`; resolves once /healthz answers. `output()` is everything it printed. */
export async function startServer(env, { echo = false } = {}) {
  const child = spawn(process.execPath, ['server/start.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
    if (echo) process.stdout.write(chunk)
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
    process.stderr.write(chunk)
  })
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`)
    try {
      if ((await fetch(`${env.APP_URL}/healthz`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 180_000) throw new Error(`The server did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { child, pid: child.pid, output: () => output, stop: () => stopProcess(child) }
}

/** SIGTERM, then waits for the exit. */
export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** VmRSS and VmHWM of a process, in MB. */
export function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024
  return { rss: field('VmRSS'), hwm: field('VmHWM') }
}

/** Runs `work` with a query function on DATA_DIR's embedded database while no server has it open. */
export async function withPglite(dataDir, work) {
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create(path.join(dataDir, 'pglite'))
  try {
    return await work(async (text, params) => (await db.query(text, params)).rows)
  } finally {
    await db.close()
  }
}

/**
 * The visitor journey's own way in: ask for a login link, read it from the server's mail log (no
 * transport configured: each mail is logged whole), POST its Continue. Returns the `cookie` header.
 */
export async function signInMember(origin, email, output) {
  const before = output().length
  const form = new URLSearchParams({ intent: 'login', email })
  const asked = await fetch(`${origin}/?loginRequest=true`, { method: 'POST', body: form, headers: { origin } })
  if (!asked.ok) throw new Error(`Asking for a login link answered ${asked.status}`)
  const deadline = Date.now() + 10_000
  let link
  while (!link && Date.now() < deadline) {
    link = /(http:\/\/localhost:\d+\/[^\s"]*\/access\/[A-Za-z0-9_-]{43})/.exec(output().slice(before))?.[1]
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!link) throw new Error('No login link was logged')
  const signedIn = await fetch(link, { method: 'POST', body: new URLSearchParams(), headers: { origin }, redirect: 'manual' })
  const session = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('tc_visitor='))
  if (!session) throw new Error(`The login link did not sign in (${signedIn.status})`)
  return session.split(';')[0]
}

/** Staff sign in through the login form, as a browser posts it. Returns the `cookie` header. */
export async function signInStaff(origin, email, password) {
  const form = new URLSearchParams({ email, password })
  const answer = await fetch(`${origin}/login`, { method: 'POST', body: form, headers: { origin }, redirect: 'manual' })
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('tc_staff='))
  if (!session) throw new Error(`Signing in as ${email} did not sign in (${answer.status})`)
  return session.split(';')[0]
}
