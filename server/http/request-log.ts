import type { IncomingMessage, ServerResponse } from 'node:http'

// One JSON line per request in production, for whatever collects stdout: method, path, status and
// duration. Never the query string (search words, unsubscribe addresses), cookies, or the tokens of links
// sent by e-mail (sign-in, subscription, invitation): those path segments are replaced.

const TOKEN_SEGMENT = /\/(access|subscribe|invite)\/[^/]+/g

/** The path as logged: no query, link tokens replaced, bounded in length. */
export function loggedPath(url: string) {
  const pathname = url.split('?')[0].replace(TOKEN_SEGMENT, '/$1/:token')
  return pathname.length > 300 ? `${pathname.slice(0, 300)}...` : pathname
}

export function logRequests(write: (line: string) => void = (line) => process.stdout.write(line)) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now()
    const path = loggedPath(req.url ?? '/')
    res.once('close', () => {
      const line = {
        time: new Date().toISOString(),
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        // A response cut off before its end (the client left, or the server failed midway).
        ...(res.writableFinished ? {} : { aborted: true }),
      }
      write(`${JSON.stringify(line)}\n`)
    })
  }
}
