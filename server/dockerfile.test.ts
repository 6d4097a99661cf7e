import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The image carries `build/` and the few plain scripts beside it (server/*.js) that the README tells operators
// to run in it (`node server/setup.js`, `node server/backup.js`, ...). No Docker engine runs where the tests do,
// so the list is checked here: every package.json script that runs a server/*.js, and every script those
// import, is copied into the image.

const root = path.resolve(__dirname, '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

function copiedServerScripts(dockerfile: string) {
  const copied = new Set<string>()
  for (const line of dockerfile.split('\n')) {
    if (!line.startsWith('COPY ')) continue
    for (const match of line.matchAll(/\/app\/(server\/[\w-]+\.js)/g)) copied.add(match[1]!)
  }
  return copied
}

/** A script and the local scripts it imports, transitively. */
function withImports(script: string, seen = new Set<string>()) {
  if (seen.has(script)) return seen
  seen.add(script)
  for (const match of read(script).matchAll(/from '\.\/([\w-]+\.js)'/g)) withImports(`server/${match[1]}`, seen)
  return seen
}

describe('the Docker image', () => {
  it('holds every server script package.json runs, and what they import', () => {
    const scripts = Object.values(JSON.parse(read('package.json')).scripts as Record<string, string>)
    const operatorScripts = scripts.flatMap((command) => Array.from(command.matchAll(/^node (server\/[\w-]+\.js)/g), (match) => match[1]!))
    expect(operatorScripts).toEqual(expect.arrayContaining(['server/start.js', 'server/setup.js', 'server/org-delete.js', 'server/backup.js']))
    const needed = new Set(operatorScripts.flatMap((script) => [...withImports(script)]))
    const copied = copiedServerScripts(read('Dockerfile'))
    expect([...needed].filter((script) => !copied.has(script)).sort()).toEqual([])
  })
})
