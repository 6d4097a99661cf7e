import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, it, vi } from 'vitest'
import { loggedPath, logRequests } from './request-log'

it('logs no query string and no e-mailed link token', () => {
  expect(loggedPath('/portal/northwind/access/3q2-7Fh_token?email=casey%40contoso.test')).toBe('/portal/northwind/access/:token')
  expect(loggedPath('/subscribe/abc.data?x=1')).toBe('/subscribe/:token')
  expect(loggedPath('/invite/tok3n')).toBe('/invite/:token')
  // The router matches these too.
  expect(loggedPath('/portal/northwind/ACCESS/tok3n')).toBe('/portal/northwind/ACCESS/:token')
  expect(loggedPath('/portal/northwind/%61ccess/tok3n%ZZ')).toBe('/portal/northwind/%61ccess/:token')
  expect(loggedPath('/portal/x/Subscribe/tok3n')).toBe('/portal/x/Subscribe/:token')
  // The URL parser normalises these to the same route: dot segments, encoded dots, double slashes, backslashes.
  expect(loggedPath('/access/./tok3n')).toBe('/access/./:token')
  expect(loggedPath('/portal/x/Access/%2e/tok3n')).toBe('/portal/x/Access/%2e/:token')
  expect(loggedPath('/portal/x/access/%2E%2e/access/tok3n')).toBe('/portal/x/access/%2E%2e/access/:token')
  expect(loggedPath('/portal/x/access/other/../tok3n')).toBe('/portal/x/access/:token/../:token')
  expect(loggedPath('/portal/x/invite//tok3n')).toBe('/portal/x/invite//:token')
  expect(loggedPath('/portal/x\\subscribe\\tok3n')).toBe('/portal/x\\subscribe\\:token')
  expect(loggedPath('/portal/x/%41CCESS/.%2E/access/%2e/tok3n')).toBe('/portal/x/%41CCESS/.%2E/access/%2e/:token')
  expect(loggedPath('/access/..')).toBe('/access/..')
  // No forged lines.
  expect(loggedPath('/a%0d%0aGET /forged\u0000')).toBe('/a%0d%0aGET /forged?')
  expect(loggedPath('/search?q=who+is+casey%40contoso.test')).toBe('/search')
  expect(loggedPath(`/${'a'.repeat(400)}`)).toHaveLength(303)
})

it('writes one JSON line per request with method, path, status and duration', async () => {
  const lines: string[] = []
  const log = logRequests((line) => lines.push(line))
  const server = createServer((req, res) => {
    log(req, res)
    res.statusCode = 404
    res.end('no')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await (await fetch(`http://127.0.0.1:${port}/portal/x/access/secret-token?email=a%40b.c`, { headers: { cookie: 'tc_session=s3cr3t' } })).text()
  server.close()
  // The line is written when the response closes, just after the client read the body: wait for it, not a timer.
  await vi.waitFor(() => expect(lines).toHaveLength(1))
  expect(lines[0].endsWith('\n')).toBe(true)
  const entry = JSON.parse(lines[0])
  expect(entry).toMatchObject({ method: 'GET', path: '/portal/x/access/:token', status: 404 })
  expect(typeof entry.ms).toBe('number')
  expect(Number.isNaN(Date.parse(entry.time))).toBe(false)
  expect(lines[0]).not.toMatch(/secret|a%40b|s3cr3t/)
})
