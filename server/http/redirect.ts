import { redirect as routerRedirect } from 'react-router'
import type { Env } from '../env'
import { withFlash } from './flash'

// The one place that builds redirects. Every target, fixed or taken from the request (`redirectTo`,
// `returnTo`), is resolved against this deployment and must stay on it: a normalised same-origin path,
// never a control character, tab, backslash or protocol-relative `//host`. A target that fails falls back.

const BASE = 'http://deployment.invalid'
// C0 controls (tab, CR, LF included), DEL, and the backslash browsers read as a slash.
const UNSAFE = /[\u0000-\u001f\u007f\\]/

/** `target` as a path on this site (path, query and fragment), or `fallback` when it could leave it. */
export function safeRedirectPath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return fallback
  if (!target.startsWith('/') || target.startsWith('//') || UNSAFE.test(target)) return fallback
  let url: URL
  try {
    url = new URL(target, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE) return fallback
  const path = url.pathname + url.search + url.hash
  // Dot segments can collapse into a protocol-relative path (`/..//evil.example` becomes `//evil.example`).
  if (path.startsWith('//') || UNSAFE.test(path)) return fallback
  return path
}

/** A redirect to a path on this site; an unsafe target goes to `fallback` instead. */
export function redirectTo(target: unknown, init: { fallback?: string; headers?: HeadersInit; status?: number } = {}) {
  const headers = new Headers(init.headers)
  return routerRedirect(safeRedirectPath(target, init.fallback ?? '/'), { status: init.status ?? 302, headers })
}

/** A redirect that shows `message` as a toast on the page it lands on (post/redirect/get). */
export function redirectWithToast(env: Pick<Env, 'SESSION_SECRET' | 'APP_URL'>, target: unknown, message: string, init: { fallback?: string; headers?: HeadersInit } = {}) {
  return withFlash(env, redirectTo(target, init), message)
}
