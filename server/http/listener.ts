import { validateHeaderName, validateHeaderValue, type IncomingMessage, type ServerResponse } from 'node:http'
import { BodyTooLargeError } from './forms'
import { loggedPath } from './request-log'

// The bridge between Node's HTTP server and the Fetch API the app speaks, and the guard that keeps the
// process up: nothing a handler throws or returns, and nothing a client sends or drops, may escape as an
// exception. A response whose status or headers Node would refuse (a control character in a Location)
// becomes a 500 before a byte is written; an error after the headers are out ends that response alone.

export type FetchHandler = (request: Request, req: IncomingMessage) => Promise<Response>

export interface ListenerOptions {
  /** The base for the request's URL: the origin the request was sent to, once its host is known to be ours. */
  origin: (req: IncomingMessage) => string
  /** The most bytes this request's body may have; a longer body errors its stream with BodyTooLargeError. */
  bodyLimit: (req: IncomingMessage) => number
  onError?: (error: unknown, req: IncomingMessage) => void
}

export function createFetchListener(handler: FetchHandler, options: ListenerOptions) {
  const report = options.onError ?? logFailure
  return (req: IncomingMessage, res: ServerResponse) => {
    serve(req, res).catch((error) => answerFailure(req, res, error, report))
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const target = req.url ?? '/'
    // Only origin-form targets ("/path?query"): an absolute-form target must not choose the URL's host.
    // A NUL anywhere in it could only reach PostgreSQL, which refuses it.
    if (!target.startsWith('/') || target.startsWith('//') || /%00/.test(target)) return writePlain(res, 400, 'Bad request target.')
    const controller = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) controller.abort()
    })
    // Methods the Fetch API refuses to carry (TRACE, TRACK, CONNECT) are refused here, not as a 500.
    if (FORBIDDEN_METHODS.has((req.method ?? 'GET').toUpperCase())) return writePlain(res, 405, 'Method not allowed.')
    const body = SAFE_BODYLESS.has(req.method ?? 'GET') ? null : cappedBody(req, options.bodyLimit(req))
    let request: Request
    try {
      request = toRequest(req, `${options.origin(req)}${target}`, controller.signal, body?.stream)
    } catch {
      body?.abandon()
      return writePlain(res, 400, 'Bad request.')
    }
    // A body the app left unread (an early refusal) is read and dropped after the answer, so the client sees
    // the answer and a kept-alive socket does not wait behind it; requestTimeout bounds how long that takes.
    res.on('finish', () => body?.abandon())
    let response: Response
    try {
      response = await handler(request, req)
    } catch (error) {
      report(error, req)
      response = new Response('Sorry, an error has occurred.', { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    }
    await writeResponse(req, res, response, report)
  }
}

const SAFE_BODYLESS = new Set(['GET', 'HEAD'])
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

function toRequest(req: IncomingMessage, url: string, signal: AbortSignal, body: ReadableStream<Uint8Array> | undefined) {
  const headers = new Headers()
  for (let index = 0; index < req.rawHeaders.length; index += 2) {
    try {
      headers.append(req.rawHeaders[index], req.rawHeaders[index + 1])
    } catch {
      // A header the Fetch API cannot hold is dropped; Node has already accepted the request line.
    }
  }
  const method = req.method ?? 'GET'
  if (!body) return new Request(url, { method, headers, signal })
  return new Request(url, { method, headers, signal, body, duplex: 'half' } as RequestInit)
}

/**
 * The request body as a web stream: read only as fast as it is consumed, and never past `limit` bytes.
 * `abandon` stops feeding the stream and lets Node drop the rest.
 */
function cappedBody(req: IncomingMessage, limit: number) {
  let received = 0
  let done = false
  const abandon = () => {
    if (req.complete) return
    done = true
    req.resume()
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (error: Error) => {
          if (done) return
          done = true
          controller.error(error)
          req.resume()
        }
        req.on('data', (chunk: Buffer) => {
          if (done) return
          received += chunk.byteLength
          if (received > limit) return fail(new BodyTooLargeError())
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 0) <= 0) req.pause()
        })
        req.on('end', () => {
          if (done) return
          done = true
          controller.close()
        })
        req.on('error', (error) => fail(error))
        req.on('aborted', () => fail(new Error('The client closed the request.')))
        req.on('close', () => fail(new Error('The client closed the request.')))
      },
      pull() {
        req.resume()
      },
      cancel() {
        done = true
        req.resume()
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
  return { stream, abandon }
}

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response, report: (error: unknown, req: IncomingMessage) => void) {
  // Each Set-Cookie comes as an entry of its own, so the pairs go to Node as they are.
  const rawHeaders: string[] = []
  let invalid: string | null = null
  for (const [name, value] of response.headers) {
    try {
      validateHeaderName(name)
      validateHeaderValue(name, value)
    } catch {
      invalid = name
      break
    }
    rawHeaders.push(name, value)
  }
  if (invalid || response.status < 200 || response.status > 599) {
    report(new Error(`Refused to send a response with an invalid ${invalid ? `${invalid} header` : `status ${response.status}`}`), req)
    await response.body?.cancel().catch(() => {})
    return writePlain(res, 500, 'Sorry, an error has occurred.')
  }
  // Node's writeHead(status, array) overwrites repeated names when headers were set before (the base
  // security headers are), keeping only the last Set-Cookie: append them one by one instead.
  for (let index = 0; index < rawHeaders.length; index += 2) res.removeHeader(rawHeaders[index])
  for (let index = 0; index < rawHeaders.length; index += 2) res.appendHeader(rawHeaders[index], rawHeaders[index + 1])
  res.writeHead(response.status)
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel().catch(() => {})
    res.end()
    return
  }
  const reader = response.body.getReader()
  // A client that goes away releases the body's source (an open file, an archive being built) at once,
  // whether we were reading it, writing to the socket or waiting for the socket to drain.
  const release = () => void reader.cancel().catch(() => {})
  if (res.destroyed) release()
  else res.once('close', release)
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done || res.destroyed) break
      if (!res.write(value)) await drained(res)
    }
    res.end()
  } catch (error) {
    report(error, req)
    await reader.cancel().catch(() => {})
    res.destroy()
  }
}

function drained(res: ServerResponse) {
  return new Promise<void>((resolve) => {
    // 'close' may have come already (while the body was read): it will not come again.
    if (res.destroyed) return resolve()
    const finish = () => {
      res.off('drain', finish)
      res.off('close', finish)
      resolve()
    }
    res.on('drain', finish)
    res.on('close', finish)
  })
}

/** The last resort for an error nothing else caught: logged, then a 500 if nothing was sent yet, else the socket closes. */
export function answerFailure(req: IncomingMessage, res: ServerResponse, error: unknown, report = logFailure) {
  report(error, req)
  if (!res.headersSent) {
    try {
      return writePlain(res, 500, 'Sorry, an error has occurred.')
    } catch {
      // Fall through: the socket is beyond repair.
    }
  }
  res.destroy()
}

const logFailure = (error: unknown, req: IncomingMessage) => console.error(`[http] ${req.method} ${loggedPath(req.url)}:`, error)

/** A short plain-text answer written straight to Node, for refusals that never reach the app. */
export function writePlain(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.statusCode = status
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Content-Length', Buffer.byteLength(message))
  res.end(message)
}
