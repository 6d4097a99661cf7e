// Built files served precompressed: the coding negotiated from Accept-Encoding, a validator per
// representation, and hostile paths and headers answered without a throw. No database: a temp directory.
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { negotiateEncoding } from '../../server/http/encoding'
import { createStaticFiles } from '../../server/http/static-files'
import { rawRequest } from '../setup/raw-http'

const SCRIPT = Buffer.from(Array.from({ length: 200 }, (_, n) => `export const line${n} = 'the same words again and again ${n}'\n`).join(''))
const STYLES = Buffer.from('body { margin: 0 }\n')
const IMAGE = randomBytes(4096)
const DATA = Buffer.from(JSON.stringify({ items: Array.from({ length: 100 }, (_, n) => ({ n, name: `item ${n}` })) }))

let root: string
const servers: http.Server[] = []
let assetsBase: string
let publicBase: string
let largeBase: string
let large: Buffer

/** A plain Node server around the handler, `next` answering 404 as server/http/app.ts does. */
async function serve(handler: ReturnType<typeof createStaticFiles>) {
  const server = http.createServer((req, res) => {
    handler(req, res, () => {
      res.statusCode = 404
      res.end('Not found')
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const request = rawRequest

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'static-files-'))
  const assets = path.join(root, 'client', 'assets')
  await mkdir(path.join(assets, 'sub'), { recursive: true })
  await writeFile(path.join(root, 'client', 'secret.txt'), 'not an asset')
  await writeFile(path.join(root, 'secret'), 'outside')
  await writeFile(path.join(assets, 'app.js'), SCRIPT)
  await writeFile(path.join(assets, 'app.js.br'), brotliCompressSync(SCRIPT))
  await writeFile(path.join(assets, 'app.js.gz'), gzipSync(SCRIPT))
  await writeFile(path.join(assets, 'styles.css'), STYLES)
  await writeFile(path.join(assets, 'logo.png'), IMAGE)
  // A stray variant of an image: nothing should be asked to decode it.
  await writeFile(path.join(assets, 'logo.png.gz'), gzipSync(IMAGE))
  await writeFile(path.join(assets, 'sub', 'data.json'), DATA)
  await writeFile(path.join(assets, 'sub', 'data.json.gz'), gzipSync(DATA))
  await writeFile(path.join(assets, '.hidden.js'), 'dot-files are not served')
  assetsBase = await serve(createStaticFiles(assets, { immutable: true, maxAgeSeconds: 31536000 }))
  publicBase = await serve(createStaticFiles(path.join(root, 'client'), { immutable: false, maxAgeSeconds: 3600 }))

  // Over the in-memory limit: these files stream from disk.
  const big = path.join(root, 'big')
  await mkdir(big)
  large = randomBytes(21 * 1024 * 1024)
  await writeFile(path.join(big, 'large.png'), large)
  await writeFile(path.join(big, 'app.js'), SCRIPT)
  await writeFile(path.join(big, 'app.js.br'), brotliCompressSync(SCRIPT))
  largeBase = await serve(createStaticFiles(big, { immutable: true, maxAgeSeconds: 0 }))
})

afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
  if (root) await rm(root, { recursive: true, force: true })
})

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    [null, 'identity'],
    ['', 'identity'],
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.8, br;q=0.9, identity;q=0.5', 'br'],
    // Identity not listed is acceptable (RFC 9110) but comes after every coding the client listed.
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['gzip;q=0.001', 'gzip'],
    ['br;q=1.0, gzip', 'br'],
    ['br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0.1', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['GZip;Q=0.5, IDENTITY;Q=0.1', 'gzip'],
    ['compress, zstd', 'identity'],
    // An unreadable q-value reads as 0, never as 1.
    ['br;q=abc', 'identity'],
    ['br;q=1.5', 'identity'],
    ['br;q=0.0001', 'identity'],
    [';;;,,q=abc', 'identity'],
    [',,,', 'identity'],
    ['identity;q=0', null],
    ['*;q=0', null],
    ['br;q=0, gzip;q=0, identity;q=0', null],
    ['br, identity;q=0', 'br'],
  ] as const)('%j -> %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected)
  })

  it('chooses among the codings available, identity always among them', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip')
    expect(negotiateEncoding('br', [])).toBe('identity')
    expect(negotiateEncoding('br, identity;q=0', ['gzip'])).toBeNull()
  })

  it('reads a header sent several times as one list', () => {
    expect(negotiateEncoding(['gzip;q=0.5', 'br'])).toBe('br')
  })

  it('reads a long header up to its last whole entry', () => {
    expect(negotiateEncoding(`br, ${'x, '.repeat(5000)}`)).toBe('br')
    // Cut after 4096 characters, `gzip;q=0` would read as `gzip`.
    const header = `${'x'.repeat(4090)}, gzip;q=0`
    expect(header.slice(0, 4096).endsWith(', gzip')).toBe(true)
    expect(negotiateEncoding(header)).toBe('identity')
  })
})

describe('static files', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['br, identity;q=0', 'br'],
    ['br;q=0', 'identity'],
    ['compress, zstd', 'identity'],
    [undefined, 'identity'],
    [`${'unknown-coding;q=0.5, '.repeat(500)}br`, 'identity'],
    [`br, ${'unknown-coding;q=0.5, '.repeat(500)}`, 'br'],
  ])('answers Accept-Encoding %j in %s, the bytes decoding to the file', async (acceptEncoding, coding) => {
    const response = await request(assetsBase, '/app.js', acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding })
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding)
    expect(response.headers['content-length']).toBe(String(response.body.byteLength))
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(response.headers.vary).toBe('Accept-Encoding')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers.etag).toMatch(coding === 'br' ? /^"[\w-]+-br"$/ : coding === 'gzip' ? /^"[\w-]+-gz"$/ : /^"[\w-]+"$/)
    const decoded = coding === 'br' ? brotliDecompressSync(response.body) : coding === 'gzip' ? gunzipSync(response.body) : response.body
    expect(decoded.equals(SCRIPT)).toBe(true)
  })

  it('gives each representation its own ETag, from the content', async () => {
    const tags = await Promise.all(['br', 'gzip', 'identity'].map(async (coding) => (await request(assetsBase, '/app.js', { 'accept-encoding': coding })).headers.etag))
    expect(new Set(tags).size).toBe(3)
    const [br, gzip, identity] = tags
    expect(br).toBe(identity!.replace(/"$/, '-br"'))
    expect(gzip).toBe(identity!.replace(/"$/, '-gz"'))
    // The same bytes under another name have the same validator.
    expect((await request(publicBase, '/assets/app.js')).headers.etag).toBe(identity)
  })

  it('answers 406 when the client accepts none of the codings held', async () => {
    for (const [pathname, acceptEncoding] of [
      ['/styles.css', 'identity;q=0'],
      ['/styles.css', '*;q=0'],
      ['/app.js', 'br;q=0, gzip;q=0, identity;q=0'],
      // Per RFC 9110 a coding not listed is not acceptable: this client takes nothing we have.
      ['/app.js', 'identity;q=0'],
    ]) {
      const response = await request(assetsBase, pathname, { 'accept-encoding': acceptEncoding })
      expect(response.status, `${pathname} ${acceptEncoding}`).toBe(406)
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.headers.vary).toBe('Accept-Encoding')
      expect(response.body.toString()).toMatch(/content codings/)
    }
  })

  it('serves a file without variants as it is, and says nothing varies', async () => {
    const response = await request(assetsBase, '/styles.css', { 'accept-encoding': 'br, gzip' })
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.headers.vary).toBeUndefined()
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(response.body.equals(STYLES)).toBe(true)
  })

  it('never codes an image, even with a variant beside it', async () => {
    const response = await request(assetsBase, '/logo.png', { 'accept-encoding': 'br, gzip' })
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.headers.vary).toBeUndefined()
    expect(response.body.equals(IMAGE)).toBe(true)
  })

  it('serves nested files, ignoring the query, with only the variants that exist', async () => {
    const response = await request(assetsBase, '/sub/data.json?v=2', { 'accept-encoding': 'br, gzip' })
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(gunzipSync(response.body).equals(DATA)).toBe(true)
  })

  it('answers If-None-Match with 304 for the representation it names', async () => {
    const headers = { 'accept-encoding': 'br, gzip' }
    const first = await request(assetsBase, '/app.js', headers)
    const etag = first.headers.etag!
    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*', `${'"x", '.repeat(1000)}${etag}`]) {
      const response = await request(assetsBase, '/app.js', { ...headers, 'if-none-match': ifNoneMatch })
      expect(response.status, ifNoneMatch.slice(0, 40)).toBe(304)
      expect(response.body.byteLength).toBe(0)
      expect(response.headers.etag).toBe(etag)
      expect(response.headers.vary).toBe('Accept-Encoding')
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    for (const ifNoneMatch of ['"other"', etag.replace(/"$/, 'x"'), 'x'.repeat(10_240)]) {
      expect((await request(assetsBase, '/app.js', { ...headers, 'if-none-match': ifNoneMatch })).status).toBe(200)
    }
    // The brotli bytes' validator does not stand for the gzip bytes.
    const gzip = await request(assetsBase, '/app.js', { 'accept-encoding': 'gzip', 'if-none-match': etag })
    expect(gzip.status).toBe(200)
    expect(gzip.headers['content-encoding']).toBe('gzip')
  })

  it('answers HEAD with the headers only', async () => {
    const response = await request(assetsBase, '/app.js', { 'accept-encoding': 'br' }, 'HEAD')
    expect(response.status).toBe(200)
    expect(response.body.byteLength).toBe(0)
    expect(response.headers['content-encoding']).toBe('br')
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).byteLength)
  })

  it('passes other methods on', async () => {
    expect((await request(assetsBase, '/app.js', {}, 'POST')).status).toBe(404)
    expect((await request(assetsBase, '/app.js', {}, 'DELETE')).status).toBe(404)
  })

  it.each([
    '/../secret',
    '/../../secret',
    '/%2e%2e/secret',
    '/%2e%2e/',
    '/..%2fsecret',
    '/%ZZ',
    '/app.js%',
    '/%E0%A4%A',
    '/app.js.br',
    '/app.js.gz',
    '/logo.png.gz',
    '/.hidden.js',
    '/',
    '/sub',
    '/sub/',
    '//app.js',
    '/app.js/',
    '/APP.JS',
    '*',
  ])('passes %j on to next', async (pathname) => {
    const response = await request(assetsBase, pathname, { 'accept-encoding': 'br, gzip' })
    expect(response.status).toBe(404)
    expect(response.body.toString()).toBe('Not found')
  })

  it('serves a public file with a short max-age, the percent-encoded path decoded', async () => {
    const response = await request(publicBase, '/secret%2etxt')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=3600')
    expect(response.body.toString()).toBe('not an asset')
    expect((await request(publicBase, '/assets/../../secret')).status).toBe(404)
  })

  it('streams files from disk when the directory is too large to hold', async () => {
    const image = await request(largeBase, '/large.png', { 'accept-encoding': 'br, gzip' })
    expect(image.status).toBe(200)
    expect(image.headers['content-length']).toBe(String(large.byteLength))
    expect(image.body.equals(large)).toBe(true)
    const script = await request(largeBase, '/app.js', { 'accept-encoding': 'br, gzip' })
    expect(script.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(script.body).equals(SCRIPT)).toBe(true)
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})
