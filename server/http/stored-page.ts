import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { contentSecurityPolicy } from '../security'
import { negotiateEncoding, type Coding } from './encoding'

// A page as the page cache keeps it (docs/decisions/024-public-pages-on-the-wire.md): the same bytes on
// every response, so it is compressed once. A public page carries a strong ETag and may sit in a shared
// cache; an account member's own page neither. Their inline scripts are trusted by their hashes instead of
// a per-response nonce, which keeps the policy as strict without rewriting the page for each response.

/** A shared cache may keep it for a minute and serve it stale for five while it asks again; browsers ask every time. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300'

export interface StoredBody {
  /** A member's own page: no validator, never revalidated, never shared (its headers say private, no-store). */
  personal: boolean
  /** The page without any nonce, as served with no content coding. */
  body: Buffer
  status: number
  /** Headers of the page (its policy, caching and validator included), without length or coding. */
  headers: [string, string][]
  /** The strong validator's opaque part: a hash of the body. Each coding adds its suffix. */
  etag: string
  /** The body compressed once at the highest levels, on the thread pool: each coding once it is ready. */
  variants: Variants
}

export type Variants = Partial<Record<'br' | 'gzip', Buffer>>

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Compresses a page at the highest levels, off the main thread (about 100 ms of a pool thread for 120 KB);
 * each variant is set on the returned object when ready, and `done` settles when both are.
 */
export function compressOnce(body: Buffer): { variants: Variants; done: Promise<unknown> } {
  const variants: Variants = {}
  const done = Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }).then((bytes) => (variants.br = bytes)),
    gzipped(body, { level: 9 }).then((bytes) => (variants.gzip = bytes)),
  ])
  return { variants, done }
}

/** Until its variant is ready, a page is compressed for the request at a fast level: a few milliseconds. */
function compressFast(body: Buffer, coding: 'br' | 'gzip') {
  return coding === 'br' ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }) : gzipped(body, { level: 4 })
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/** The sha256 (base64) of each inline script's text, as a policy's hash source names it. */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>()
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'))
  }
  return [...hashes]
}

/**
 * A rendered page made the same bytes for every response: its nonce taken out, a policy with the hashes of
 * its inline scripts, and a validator from its bytes. A public page gets caching headers for browsers and
 * shared caches; a personal one keeps its `private, no-store`. `compressed` gives the variants of a body
 * already compressed (the same page rendered again).
 */
export function storedPage(html: string, nonce: string, rendered: { status: number; headers: Headers }, compressed: (etag: string, body: Buffer) => Variants, options: { personal: boolean }): StoredBody {
  const text = html.replaceAll(` nonce="${nonce}"`, '').replaceAll(`nonce="${nonce}"`, '')
  const body = Buffer.from(text)
  const etag = createHash('sha256').update(body).digest('base64url').slice(0, 27)
  const headers = new Headers(rendered.headers)
  for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified']) headers.delete(name)
  headers.set('Content-Security-Policy', contentSecurityPolicy({ hashes: inlineScriptHashes(text) }))
  if (options.personal) headers.set('Vary', 'Accept-Encoding')
  else {
    headers.set('Cache-Control', PUBLIC_CACHE_CONTROL)
    // Compressed or not by what the client accepts; and a request with cookies may be someone's own page.
    headers.set('Vary', 'Accept-Encoding, Cookie')
  }
  return { personal: options.personal, body, status: rendered.status, headers: [...headers], etag, variants: compressed(etag, body) }
}

const SUFFIX: Record<Coding, string> = { br: '-br', gzip: '-gz', identity: '' }

/** Whether an If-None-Match value names this page in any coding (weak comparison, RFC 9110 section 13.1.2). */
export function matchesEtag(header: string | null | undefined, etag: string) {
  if (!header) return false
  for (const entry of header.slice(0, 8192).split(',')) {
    const tag = entry.trim().replace(/^W\//, '')
    if (tag === '*') return true
    if (tag === `"${etag}"` || tag === `"${etag}-br"` || tag === `"${etag}-gz"`) return true
  }
  return false
}

export interface Answer {
  status: number
  headers: [string, string][]
  body: Buffer | null
}

/** The answer to a GET or HEAD of a stored page: 304 (public ones), 406, or the page in the best coding the client takes. */
export async function answerStoredPage(page: StoredBody, request: { method: string; acceptEncoding: string | string[] | null | undefined; ifNoneMatch: string | null | undefined }): Promise<Answer> {
  const coding = negotiateEncoding(request.acceptEncoding)
  if (!coding) {
    return {
      status: 406,
      headers: [['Content-Type', 'text/plain; charset=utf-8'], ['Cache-Control', 'no-store'], ['Vary', 'Accept-Encoding']],
      body: Buffer.from('None of the content codings this request accepts is available.'),
    }
  }
  const etag = `"${page.etag}${SUFFIX[coding]}"`
  const caching = page.headers.filter(([name]) => name === 'cache-control' || name === 'vary')
  if (!page.personal && matchesEtag(request.ifNoneMatch, page.etag)) return { status: 304, headers: [...caching, ['ETag', etag]], body: null }
  const stored = coding === 'identity' ? page.body : page.variants[coding]
  const body = stored ?? (await compressFast(page.body, coding as 'br' | 'gzip'))
  const headers: [string, string][] = [...page.headers, ['Content-Length', String(body.byteLength)]]
  // Bytes compressed for this request are the same content, not the same bytes as the stored variant: a weak validator.
  if (!page.personal) headers.push(['ETag', stored ? etag : `W/${etag}`])
  if (coding !== 'identity') headers.push(['Content-Encoding', coding])
  return { status: page.status, headers, body: request.method === 'HEAD' ? null : body }
}
