import type { IncomingMessage, ServerResponse } from 'node:http'

// One JSON line per request in production, for whatever collects stdout: method, path, status and
// duration. Never the query string (search words, unsubscribe addresses), cookies, or the tokens of links
// sent by e-mail (sign-in, subscription, invitation): those path segments are replaced.

const TOKEN_BEFORE = new Set(['access', 'subscribe', 'invite'])

/**
 * The path as logged, here and in error lines: as sent, without the query; the segment after
 * `access`, `subscribe` or `invite` replaced by `:token`, however that word is spelt (the router also
 * matches `/ACCESS/` and `/%61ccess/`); control characters as `?` (no forged lines); bounded in length.
 */
export function loggedPath(url: string | undefined) {
  const segments = (url ?? '/').split('?')[0].split('/')
  const pathname = segments
    .map((segment, index) => (index > 0 && TOKEN_BEFORE.has(decodedSegment(segments[index - 1]).toLowerCase()) ? ':token' : segment))
    .join('/')
    .replace(/[\u0000-\u001f\u007f]/g, '?')
  return pathname.length > 300 ? `${pathname.slice(0, 300)}...` : pathname
}

function decodedSegment(segment: string) {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
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
