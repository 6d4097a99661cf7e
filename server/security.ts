import type { IncomingMessage, ServerResponse } from 'node:http'

/** Headers every response carries; the document CSP (with its nonce) is added in entry.server. */
export function setBaseSecurityHeaders(res: ServerResponse, secure: boolean) {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'SAMEORIGIN')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
  if (secure) res.setHeader('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
}

export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * A state-changing request must come from a page of the same host: the Origin header (or, when a
 * browser leaves it out, the Referer) has to name the host the request was sent to.
 * One-click unsubscribe is the one exception, marked by the route itself.
 */
export function crossOriginRejection(req: IncomingMessage): string | null {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return null
  const host = req.headers.host
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer)
  if (!origin) return 'This request is missing its Origin header.'
  try {
    if (new URL(origin).host === host) return null
  } catch {
    return 'This request has a malformed Origin header.'
  }
  return 'Cross-origin requests are not allowed.'
}

function refererOrigin(referer: string | undefined) {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return 'null'
  }
}

/** Form posts are small; uploads get MAX_UPLOAD_MB. Anything larger is refused before it is read. */
export function bodyTooLarge(req: IncomingMessage, maxUploadBytes: number): boolean {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false
  const type = req.headers['content-type'] ?? ''
  // Multipart bodies carry a little more than the file; the upload route then says how large is too large.
  const limit = type.startsWith('multipart/form-data') ? maxUploadBytes + 1024 * 1024 : 1024 * 1024
  const length = Number(req.headers['content-length'] ?? 0)
  return Number.isFinite(length) && length > limit
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** Every state-changing route here takes a form; any other body (JSON, XML, binary) is refused up front. */
export function unsupportedBody(req: IncomingMessage) {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false
  const length = Number(req.headers['content-length'] ?? 0)
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
  return length > 0 && !FORM_TYPES.includes(type)
}
