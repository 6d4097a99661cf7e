import { createHash } from 'node:crypto'
import { contentSecurityPolicy } from '../security'
import { compress, contentTag, ifNoneMatchHas, negotiateEncoding, NOT_ACCEPTABLE, representationTag } from './encoding'

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
  /** Starts that compression (once): when the page is served again, not on its first render. */
  warm: () => void
  /** Until a variant is ready: the body compressed at a fast level, once for all the requests that wait for it. */
  quick: Quick
}

export type Quick = Partial<Record<'br' | 'gzip', Promise<Buffer>>>

export type Variants = Partial<Record<'br' | 'gzip', Buffer>>

/** A body's compressed variants, as the page cache keeps them for all the pages with these bytes. */
export interface Compressed {
  variants: Variants
  warm: () => void
  quick: Quick
}

/**
 * The variants of a body, compressed at the highest levels off the main thread (about 100 ms of a pool
 * thread for 120 KB) once `warm` is called; each is set when ready. Until then requests get the page
 * compressed at a fast level, once (`quick`): a page rendered once (any junk query makes a new one) never
 * pays for brotli 11.
 */
export function lazilyCompressed(body: Buffer, failed: () => void): Compressed {
  const variants: Variants = {}
  const quick: Quick = {}
  let started = false
  const warm = () => {
    if (started) return
    started = true
    slowly(async () => {
      variants.br = await compress(body, 'br', 'best')
      delete quick.br
      variants.gzip = await compress(body, 'gzip', 'best')
      delete quick.gzip
    }).catch(failed)
  }
  return { variants, warm, quick }
}

let compressing: Promise<unknown> = Promise.resolve()

/**
 * Runs the highest-level compressions one at a time: the pool's other threads stay free for what requests
 * wait on (a page compressed for one at a fast level, file reads, hashing). Pages stored together (after a
 * start or an edit) otherwise fill the pool with brotli 11 and every compressed answer waits behind them.
 */
function slowly(work: () => Promise<void>) {
  const done = compressing.then(work)
  compressing = done.catch(() => {})
  return done
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
 * shared caches; a personal one keeps its `private, no-store`. `compressed` gives the variants of its body
 * (those of the same bytes rendered before, when there are).
 */
export function storedPage(
  html: string,
  nonce: string,
  rendered: { status: number; headers: Headers },
  compressed: (etag: string, body: Buffer) => Compressed,
  options: { personal: boolean },
): StoredBody {
  const text = html.replaceAll(` nonce="${nonce}"`, '').replaceAll(`nonce="${nonce}"`, '')
  const body = Buffer.from(text)
  const etag = contentTag(body)
  const headers = new Headers(rendered.headers)
  for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified']) headers.delete(name)
  headers.set('Content-Security-Policy', contentSecurityPolicy({ hashes: inlineScriptHashes(text) }))
  if (options.personal) headers.set('Vary', 'Accept-Encoding')
  else {
    headers.set('Cache-Control', PUBLIC_CACHE_CONTROL)
    // Compressed or not by what the client accepts; a request with cookies may be someone's own page; and
    // what the route varies on besides (trust data: Authorization, a TPRM token's own answer).
    const vary = (rendered.headers.get('vary') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    headers.set('Vary', [...new Set(['Accept-Encoding', 'Cookie', ...vary])].join(', '))
  }
  return { personal: options.personal, body, status: rendered.status, headers: [...headers], etag, ...compressed(etag, body) }
}

export interface Answer {
  status: number
  headers: [string, string][]
  body: Buffer | null
}

/** The answer to a GET or HEAD of a stored page: 304 (public ones), 406, or the page in the best coding the client takes. */
export async function answerStoredPage(
  page: StoredBody,
  request: { method: string; acceptEncoding: string | string[] | null | undefined; ifNoneMatch: string | null | undefined },
  /** Served from the store (not the request that rendered it): the page is in use, worth compressing well. */
  hit: boolean,
): Promise<Answer> {
  if (hit) page.warm()
  const coding = negotiateEncoding(request.acceptEncoding)
  if (!coding) {
    return {
      status: 406,
      headers: [
        ['Content-Type', 'text/plain; charset=utf-8'],
        ['Cache-Control', 'no-store'],
        ['Vary', 'Accept-Encoding'],
      ],
      body: Buffer.from(NOT_ACCEPTABLE),
    }
  }
  const etag = representationTag(page.etag, coding)
  const caching = page.headers.filter(([name]) => name === 'cache-control' || name === 'vary')
  // The same content in any coding: the client's copy is current.
  const current = (['identity', 'br', 'gzip'] as const).map((each) => representationTag(page.etag, each))
  // Preconditions apply to a success only (RFC 9110 13.2.1): a stored not-found page is sent again.
  if (!page.personal && page.status < 300 && ifNoneMatchHas(request.ifNoneMatch, current)) return { status: 304, headers: [...caching, ['ETag', etag]], body: null }
  const stored = coding === 'identity' ? page.body : page.variants[coding]
  // Until its variant is ready, the page compressed at a fast level (a few milliseconds, once for all).
  const body = stored ?? (await quickly(page, coding as 'br' | 'gzip'))
  const headers: [string, string][] = [...page.headers, ['Content-Length', String(body.byteLength)]]
  // Bytes compressed for this request are the same content, not the same bytes as the stored variant: a weak validator.
  if (!page.personal) headers.push(['ETag', stored ? etag : `W/${etag}`])
  if (coding !== 'identity') headers.push(['Content-Encoding', coding])
  return { status: page.status, headers, body: request.method === 'HEAD' ? null : body }
}

/** The body compressed at a fast level: once, whoever asks meanwhile; asked again after a failure. */
function quickly(page: StoredBody, coding: 'br' | 'gzip') {
  const known = page.quick[coding]
  if (known) return known
  const bytes = compress(page.body, coding, 'fast')
  page.quick[coding] = bytes
  bytes.catch(() => {
    if (page.quick[coding] === bytes) delete page.quick[coding]
  })
  return bytes
}
