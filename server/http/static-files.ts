// Built assets and public files, answered from an index made once at start: only the files found then
// are served (an exact lookup, so no path reaches outside the directory), each in the best of the
// variants precompressed beside it at build time (server/precompress.ts) that the client accepts.
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream'
import { contentTag, ifNoneMatchHas, isCompressible, negotiateEncoding, NOT_ACCEPTABLE, representationTag, type Coding } from './encoding.ts' // with its extension: vite.config.ts loads this file too

/** Below this, every file is kept in memory and a hit is one write; above it, files stream from disk. */
const MEMORY_LIMIT = 20 * 1024 * 1024

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
}

/** The Content-Type a file is served with, by its extension; text in UTF-8, as Vite writes it. */
export function contentTypeOf(fileName: string) {
  const type = TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream'
  return isCompressible(type) ? `${type}; charset=utf-8` : type
}

/** The variants written beside a file, by the suffix of their name. */
const VARIANTS = { br: '.br', gzip: '.gz' } as const

interface Representation {
  file: string
  size: number
  etag: string
  body: Buffer | null
}

interface StaticFile {
  type: string
  /** The codings we hold besides identity, for negotiateEncoding. */
  codings: Coding[]
  representations: Partial<Record<Coding, Representation>>
}

export type StaticFilesHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void

/**
 * A handler for the files under `dir` (sirv's call shape): GET and HEAD of a file found at start, anything
 * else goes to `next`. Files named `*.br` and `*.gz` are variants of the file beside them, never served as such.
 */
export function createStaticFiles(dir: string, options: { immutable: boolean; maxAgeSeconds: number }): StaticFilesHandler {
  const index = indexFiles(dir)
  const cacheControl = options.immutable ? 'public, max-age=31536000, immutable' : `public, max-age=${options.maxAgeSeconds}`

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const pathname = decodedPathname(req.url)
    const file = pathname === null ? undefined : index.get(pathname)
    if (!file) return next()
    const coding = negotiateEncoding(req.headers['accept-encoding'], file.codings)
    // Any answer for a file with variants depends on Accept-Encoding, a 304 too: shared caches must key on it.
    if (file.codings.length > 0 || coding === null) res.setHeader('Vary', 'Accept-Encoding')
    if (coding === null) {
      const body = NOT_ACCEPTABLE
      res.statusCode = 406
      res.setHeader('Content-Type', 'text/plain; charset=utf-8')
      res.setHeader('Content-Length', Buffer.byteLength(body))
      res.setHeader('Cache-Control', 'no-store')
      res.end(req.method === 'HEAD' ? undefined : body)
      return
    }
    const representation = file.representations[coding]!
    res.setHeader('Cache-Control', cacheControl)
    res.setHeader('ETag', representation.etag)
    if (ifNoneMatchHas(req.headers['if-none-match'], [representation.etag])) {
      res.statusCode = 304
      res.end()
      return
    }
    res.statusCode = 200
    res.setHeader('Content-Type', file.type)
    res.setHeader('Content-Length', representation.size)
    if (coding !== 'identity') res.setHeader('Content-Encoding', coding)
    if (req.method === 'HEAD' || representation.size === 0) res.end()
    else if (representation.body) res.end(representation.body)
    // The length was sent from the index: read no more than it, even if the file grew since.
    else pipeline(createReadStream(representation.file, { end: representation.size - 1 }), res, () => {})
  }
}

/** The request's path, percent-decoded, or null when it cannot be decoded. */
function decodedPathname(url: string | undefined) {
  const raw = (url ?? '/').split('?')[0]
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}

/** Every file under `dir` by its URL path, with its variants; an absent directory serves nothing. */
function indexFiles(dir: string) {
  const found = existsSync(dir) ? walk(dir) : []
  const sizes = new Map(found.map((file) => [file, statSync(file).size]))
  let total = 0
  for (const size of sizes.values()) total += size
  const inMemory = total < MEMORY_LIMIT

  const index = new Map<string, StaticFile>()
  for (const file of found) {
    if (file.endsWith(VARIANTS.br) || file.endsWith(VARIANTS.gzip)) continue
    const bytes = readFileSync(file)
    const hash = contentTag(bytes)
    const type = contentTypeOf(file)
    const representations: StaticFile['representations'] = {
      identity: { file, size: bytes.byteLength, etag: representationTag(hash, 'identity'), body: inMemory ? bytes : null },
    }
    const codings: Coding[] = []
    // A variant of a file not worth compressing (an image, a font) is left out: nothing should decode it.
    for (const coding of isCompressible(type) ? (['br', 'gzip'] as const) : []) {
      const variant = file + VARIANTS[coding]
      const size = sizes.get(variant)
      if (size === undefined) continue
      codings.push(coding)
      representations[coding] = { file: variant, size, etag: representationTag(hash, coding), body: inMemory ? readFileSync(variant) : null }
    }
    const urlPath = '/' + path.relative(dir, file).split(path.sep).join('/')
    index.set(urlPath, { type, codings, representations })
  }
  return index
}

/** The regular files under `dir`, leaving out dot-files and dot-directories (a build's .vite manifest). */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return []
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return walk(full)
    return entry.isFile() ? [full] : []
  })
}
