// The backup commands as an operator runs them, for the backup tests (tests/integration/backup*.test.ts).
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { extract } from 'tar-stream'
import { manifestSchema } from '../../server/backup/manifest'

/** `npm run backup` / `npm run restore` as a process; resolves with its exit code and everything it printed. */
export function runCommand(script: 'server/backup.js' | 'server/restore.js', args: string[], target: { dataDir: string; databaseUrl?: string }) {
  const child = spawn(process.execPath, [script, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      SKIP_BUILD: 'true',
      DATA_DIR: target.dataDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl, SESSION_SECRET: 'server-test-'.repeat(4) } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

/** The manifest and the entry names of a backup, read as restore reads it. */
export async function readBackup(file: string) {
  const names: string[] = []
  let manifest: unknown
  const entries = extract()
  const done = (async () => {
    for await (const entry of entries) {
      names.push(entry.header.name)
      const chunks: Buffer[] = []
      for await (const chunk of entry) chunks.push(chunk as Buffer)
      if (entry.header.name === 'manifest.json') manifest = JSON.parse(Buffer.concat(chunks).toString())
    }
  })()
  entries.end(await readFile(file))
  await done
  return { names, manifest: manifestSchema.parse(manifest) }
}
