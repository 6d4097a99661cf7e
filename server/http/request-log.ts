import type { IncomingMessage, ServerResponse } from 'node:http'

// One JSON line per request in production, for whatever collects stdout: method, path, status and
// duration. Never the query string (search words, unsubscribe addresses), cookies, or the tokens of links
// sent by e-mail (sign-in, subscription, invitation): those path segments are replaced.

const TOKEN_BEFORE = new Set(['access', 'subscribe', 'invite'])

/**
 * The path as logged, here and in error lines: as sent, without the query; a segment the router would read
 * as the one after `access`, `subscribe` or `invite` replaced by `:token`. The word is found on the path as
 * the URL parser normalises it (dot segments `.`, `..`, `%2e`, empty segments, `\\` for `/`) and in any
 * case or percent-encoding (the router also matches `/ACCESS/` and `/access/./TOKEN`). Control characters
 * as `?` (no forged lines); bounded in length.
 */
export function loggedPath(url: string | undefined) {
  const segments = (url ?? '/').split('?')[0].split(/(?=[/\\])/)
  // The normalised path so far, to know which word the router would see before each segment.
  const normalised: string[] = []
  const pathname = segments
    .map((raw) => {
      const slash = /^[/\\]/.test(raw) ? raw[0] : ''
      // The URL parser drops tabs and line breaks before it reads the path.
      const segment = decodedSegment(raw.slice(slash.length).replace(/[\t\n\r]/g, '')).toLowerCase()
      if (segment === '' || segment === '.') return raw
      if (segment === '..') {
        normalised.pop()
        return raw
      }
      const afterTokenWord = TOKEN_BEFORE.has(normalised.at(-1) ?? '')
      normalised.push(segment)
      return afterTokenWord ? `${slash}:token` : raw
    })
    .join('')
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
