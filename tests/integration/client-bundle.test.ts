// Server modules never reach the browser: a component that calls server code (a form reader, the
// throttle, the database) would ship it, and its secrets' shape, to every visitor.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { HOSTILE_FORM } from '../../server/http/forms'

const ASSETS = path.resolve('build/client/assets')

it('keeps server-only code out of the client bundle', () => {
  if (!existsSync(ASSETS)) throw new Error('The app is not built: run `npx react-router build` (npm test does it first).')
  const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'))
  expect(scripts.length).toBeGreaterThan(0)
  const markers = [HOSTILE_FORM, 'sign-in:pair:', 'insert into rate_limits', 'createPageCache', 'Refused to send a response']
  const found = scripts.flatMap((name) => {
    const text = readFileSync(path.join(ASSETS, name), 'utf8')
    return markers.filter((marker) => text.includes(marker)).map((marker) => `${name}: ${marker}`)
  })
  expect(found).toEqual([])
})

// The public page's first load carries only what visitors use (our own JavaScript there stays under 20 KB
// gzip, `npm run bench:portal`): validation schemas (zod, 25 KB gzip) load with the staff's and visitors'
// dialogs, on demand. A constant a public component needs lives outside the schema modules (e.g. card-kinds.ts).
it('keeps zod out of the public portal page’s first load', () => {
  const manifestFile = readdirSync(ASSETS).find((name) => /^manifest-[\w-]+\.js$/.test(name))
  if (!manifestFile) throw new Error('The app is not built: run `npx react-router build` (npm test does it first).')
  const manifest = JSON.parse(
    readFileSync(path.join(ASSETS, manifestFile), 'utf8')
      .replace(/^window\.__reactRouterManifest=/, '')
      .replace(/;\s*$/, ''),
  ) as {
    routes: Record<string, { module: string; imports?: string[] }>
  }
  const firstLoad = ['root', 'portal-home'].flatMap((id) => [manifest.routes[id].module, ...(manifest.routes[id].imports ?? [])])
  expect(firstLoad.length).toBeGreaterThan(2)
  expect(firstLoad.filter((file) => /\/zod-[\w-]+\.js$/.test(file))).toEqual([])
})
