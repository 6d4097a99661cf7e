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
