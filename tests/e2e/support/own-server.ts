// A built server a spec starts itself (setup.spec.ts, own-org.spec.ts), beside the config's: on a data directory
// of its own (fresh unless given), on a free port, with the environment the spec names. Ready once it prints
// "Trust center ready"; its output is kept, so a spec reads what the server said (the setup link).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../../setup/free-port'

export interface OwnServer {
  url: string
  dataDir: string
  /** What this start of the server printed, stdout and stderr. */
  output(): string
  /** The one-time setup link it printed (an empty database), else undefined. */
  setupLink(): string | undefined
  /** Stops it (SIGTERM) and waits for its exit; the data directory stays. */
  stop(): Promise<void>
  /** Starts it again on the same port and data directory, with `env` over the first start's. */
  restart(options?: StartOptions): Promise<void>
  /** Stops it and removes its data directory. */
  dispose(): Promise<void>
}

/** The environment of a spawned server or command: nothing of the runner's but PATH and HOME. */
export function ownEnv(dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', SKIP_BUILD: 'true', DATA_DIR: dataDir, ...env }
}

interface StartOptions {
  env?: Record<string, string>
  /** Ready only once the setup link is printed too (an empty database with SEED_DEMO=false). */
  awaitSetupLink?: boolean
}

export async function startOwnServer({ name, ...options }: StartOptions & { name: string }): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tc-e2e-${name}-`))
  // A port of its own, beside the config's servers (E2E_PORT and the five after it).
  const port = await freePort()
  const url = `http://localhost:${port}`
  let current: Record<string, string> = {}
  let child: ChildProcess | undefined
  let output = ''

  async function start({ env = {}, awaitSetupLink = false }: StartOptions) {
    current = { ...current, ...env }
    output = ''
    const process_ = spawn(process.execPath, ['server/start.js'], {
      env: ownEnv(dataDir, { PORT: String(port), APP_URL: url, SESSION_SECRET: `e2e-${name}-`.padEnd(40, '-'), ...current }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = process_
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk
        // The setup link is printed just after the ready line: wait for it when there is one to come.
        if (output.includes('Trust center ready') && (!awaitSetupLink || /Set up your trust center: \S+\n/.test(output))) resolve()
      }
      process_.stdout!.on('data', read)
      process_.stderr!.on('data', read)
      process_.once('exit', (code) => reject(new Error(`The server (${name}) exited (${code}) before it was ready:\n${output}`)))
    })
  }

  async function stop() {
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }

  try {
    await start(options)
  } catch (error) {
    await stop()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    url,
    dataDir,
    output: () => output,
    setupLink: () => /Set up your trust center: (\S+)/.exec(output)?.[1],
    stop,
    async restart(options = {}) {
      await stop()
      await start(options)
    },
    async dispose() {
      await stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
