// Shared by `npm start` and `npm run worker`: build when the bundle is missing or older than the sources.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))
const serverBundle = path.join(root, 'build/server/index.js')

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : statSync(file).mtimeMs)
  }
  return newest
}

function buildIsStale() {
  if (!existsSync(serverBundle)) return true
  const built = statSync(serverBundle).mtimeMs
  return ['app', 'server', 'db', 'migrations', 'public'].some((dir) => newestMtime(path.join(root, dir)) > built)
}

/** Builds the app unless SKIP_BUILD=true or the build is current; returns the path of a server bundle entry. */
export function ensureBuilt(entry = 'index.js') {
  if (process.env.SKIP_BUILD !== 'true' && buildIsStale()) {
    console.log('Building the app (first start, or sources changed)...')
    execSync('npx react-router build', { cwd: root, stdio: 'inherit' })
  }
  return path.join(root, 'build/server', entry)
}
