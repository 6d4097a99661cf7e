// Content-coding negotiation (RFC 9110 section 12.5.3): which of the codings we have the client accepts,
// best first. Shared by the built assets (precompressed at build time), the page cache (compressed once
// per entry) and personal pages (compressed on the fly); with what they share: the compression at the
// highest levels, validators per representation and the refusal when nothing is acceptable.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

export type Coding = 'br' | 'gzip' | 'identity'

/** Smaller bodies are sent as they are: a coding's overhead would eat the gain. */
export const MIN_COMPRESS_BYTES = 1024

/** The body of a 406: the client accepts none of the codings we have. */
export const NOT_ACCEPTABLE = 'None of the content codings this request accepts is available.'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** The level for a body compressed for one response: a few milliseconds for a page. */
export const FAST_LEVEL = 4

/** Compressed at a level: 'best' once for bytes served many times (on the thread pool), 'fast' for one response. */
export function compress(bytes: Uint8Array, coding: 'br' | 'gzip', level: 'best' | 'fast') {
  if (coding === 'gzip') return gzipped(bytes, { level: level === 'best' ? constants.Z_BEST_COMPRESSION : FAST_LEVEL })
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level === 'best' ? constants.BROTLI_MAX_QUALITY : FAST_LEVEL,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  })
}

/** The opaque part of a strong validator for these bytes. */
export const contentTag = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url').slice(0, 27)

const TAG_SUFFIX: Record<Coding, string> = { br: '-br', gzip: '-gz', identity: '' }

/** The ETag of one representation: the content's tag, and the coding's suffix (each coding is other bytes). */
export const representationTag = (tag: string, coding: Coding) => `"${tag}${TAG_SUFFIX[coding]}"`

/** Whether an If-None-Match value names one of these ETags (weak comparison, RFC 9110 section 13.1.2). */
export function ifNoneMatchHas(header: string | null | undefined, etags: readonly string[]) {
  if (!header) return false
  for (const entry of header.slice(0, 8192).split(',')) {
    const tag = entry.trim().replace(/^W\//, '')
    if (tag === '*' || etags.includes(tag)) return true
  }
  return false
}

/** Our preference when the client weighs several the same: the smallest first. */
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity']

/** Headers longer than this are read up to it: a list of codings is a few dozen bytes. */
const MAX_HEADER = 4096

/**
 * The coding to answer with, of `available` (identity is always available unless excluded), or null when
 * the client accepts none of them (`identity;q=0` or `*;q=0` and nothing else we have): a 406.
 * No header: identity (RFC 9110: any coding is acceptable, but a client that says nothing may not decode).
 */
export function negotiateEncoding(header: string | string[] | undefined | null, available: readonly Coding[] = PREFERENCE): Coding | null {
  const value = Array.isArray(header) ? header.join(',') : header
  if (value === undefined || value === null) return 'identity'
  const weights = new Map<string, number>()
  // A longer header is read up to its last whole entry: `gzip;q=0` cut to `gzip` would read as acceptable.
  const entries = value.length > MAX_HEADER ? value.slice(0, MAX_HEADER).split(',').slice(0, -1) : value.split(',')
  for (const entry of entries) {
    const [name, ...params] = entry.split(';')
    const coding = name.trim().toLowerCase()
    if (!coding) continue
    let q = 1
    for (const param of params) {
      const [key, raw] = param.split('=').map((part) => part.trim().toLowerCase())
      if (key !== 'q') continue
      // A q-value is 0 to 1 with up to three decimals; anything else reads as 0 (not acceptable), never as 1.
      q = raw !== undefined && /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(raw) ? Number(raw) : 0
    }
    // "x-gzip" is gzip (RFC 9110 section 8.4.1.3); the first mention of a coding counts.
    const key = coding === 'x-gzip' ? 'gzip' : coding
    if (!weights.has(key)) weights.set(key, q)
  }
  const star = weights.get('*')
  const weightOf = (coding: Coding) => {
    const own = weights.get(coding)
    if (own !== undefined) return own
    if (star !== undefined) return star
    // Not listed: identity is acceptable, but after every coding the client listed; other codings are not.
    return coding === 'identity' ? Number.MIN_VALUE : 0
  }
  let best: Coding | null = null
  let bestWeight = 0
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.includes(coding)) continue
    const weight = weightOf(coding)
    if (weight > bestWeight) {
      best = coding
      bestWeight = weight
    }
  }
  return best
}

/** Content types worth compressing: text, and the structured formats that are text (SVG, JSON, JavaScript). */
export function isCompressible(contentType: string | null | undefined) {
  if (!contentType) return false
  const type = contentType.split(';')[0].trim().toLowerCase()
  // A stream of events is written as it happens: compression would hold it back.
  if (type === 'text/event-stream') return false
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/manifest+json' ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'image/svg+xml'
  )
}
