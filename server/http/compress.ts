import { once } from 'node:events'
import { Readable } from 'node:stream'
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib'
import { FAST_LEVEL, isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding, NOT_ACCEPTABLE } from './encoding'

// Responses made for one request (a staff or member page, a page not stored, its .data, JSON) compressed
// as they stream, at a fast level: a page costs a few milliseconds more. What the source writes in one go
// is compressed together and flushed once it pauses, so a streamed page or answer still arrives piece by
// piece (flushing after every small piece React writes made a page several times slower to compress).

/** The response in the coding the client accepts best, when its type is worth compressing. */
export function compressResponse(response: Response, acceptEncoding: string | null, method: string): Response {
  const type = response.headers.get('content-type')
  if (!response.body || method === 'HEAD' || !isCompressible(type) || response.status === 204 || response.status === 304) return response
  // Bytes a route chose to send as they are: already coded, ranges of a file, or marked not to be transformed.
  if (response.headers.has('content-encoding') || response.headers.has('content-range') || response.headers.has('accept-ranges')) return response
  if (/\bno-transform\b/i.test(response.headers.get('cache-control') ?? '')) return response
  const length = Number(response.headers.get('content-length') ?? Number.NaN)
  const headers = new Headers(response.headers)
  headers.append('Vary', 'Accept-Encoding')
  const coding = negotiateEncoding(acceptEncoding)
  if (coding === null) {
    void response.body.cancel().catch(() => {})
    return new Response(NOT_ACCEPTABLE, { status: 406, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' } })
  }
  if (coding === 'identity' || length < MIN_COMPRESS_BYTES) return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  const encoder =
    coding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: FAST_LEVEL, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
      : createGzip({ level: FAST_LEVEL })
  pump(response.body, encoder, coding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH)
  headers.delete('content-length')
  headers.set('Content-Encoding', coding)
  // A strong validator names one representation's bytes; the coded bytes are another representation.
  const etag = headers.get('etag')
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`)
  return new Response(Readable.toWeb(encoder) as ReadableStream<Uint8Array>, { status: response.status, statusText: response.statusText, headers })
}

/** Feeds the body to the encoder, flushing when the body pauses; a client that goes away cancels the body. */
function pump(body: ReadableStream<Uint8Array>, encoder: BrotliCompress | Gzip, flushKind: number) {
  const reader = body.getReader()
  let flush: NodeJS.Immediate | undefined
  encoder.once('close', () => {
    if (flush) clearImmediate(flush)
    void reader.cancel().catch(() => {})
  })
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done || encoder.destroyed) break
        if (!encoder.write(value)) await once(encoder, 'drain')
        flush ??= setImmediate(() => {
          flush = undefined
          if (!encoder.destroyed) encoder.flush(flushKind)
        })
      }
      if (flush) clearImmediate(flush)
      encoder.end()
    } catch (error) {
      encoder.destroy(error instanceof Error ? error : new Error(String(error)))
    }
  })()
}
