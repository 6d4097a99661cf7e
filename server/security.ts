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

/**
 * The document policy. A page rendered for one response trusts its inline scripts by a fresh nonce; a
 * stored public page, the same bytes for everyone, by the sha256 of each inline script (docs/decisions/024).
 * Either way 'strict-dynamic' lets only those scripts load the rest, and no inline script runs otherwise.
 */
export function contentSecurityPolicy(trust: string | { hashes: readonly string[] }) {
  const sources = typeof trust === 'string' ? `'nonce-${trust}'` : trust.hashes.map((hash) => `'sha256-${hash}'`).join(' ')
  return [
    "default-src 'self'",
    `script-src 'self' ${sources} 'strict-dynamic'`,
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

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

// The raw path exactly, before any normalisation: slug characters only, so no backslash or dot segment
// can turn it into another route's path once the URL is parsed (security review of issue 8).
const ONE_CLICK_UNSUBSCRIBE = /^\/(portal\/[A-Za-z0-9_-]+\/)?unsubscribe(\?[^#]*)?$/

/**
 * A state-changing request must come from a page of this very origin: the Origin header (or, when a
 * browser leaves it out, the Referer's origin) has to equal `expected` exactly: scheme, host and port.
 * `Origin: null` (sandboxed frames, some redirects) is refused like any other origin.
 */
export function crossOriginRejection(req: IncomingMessage, expected: string): string | null {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return null
  // RFC 8058: a mail provider POSTs a one-click unsubscribe with no cookie and no Origin of ours; the
  // signed token in the URL is its only credential, and it can do nothing else.
  if (req.method === 'POST' && ONE_CLICK_UNSUBSCRIBE.test(req.url ?? '')) return null
  const origin = req.headers.origin ?? refererOrigin(req.headers.referer)
  if (!origin) return 'This request is missing its Origin header.'
  return origin === expected ? null : 'Cross-origin requests are not allowed.'
}

function refererOrigin(referer: string | undefined) {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return 'null'
  }
}
