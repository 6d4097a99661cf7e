// The one place that builds redirects, to targets `safeRedirectPath` (server/redirect-path.ts) keeps on
// this site. Route modules and server/http/responses.ts (a domain `Redirect`) call these.
import { redirect as routerRedirect } from 'react-router'
import type { Env } from '../env'
import { safeRedirectPath } from '../redirect-path'
import { withFlash, type FlashAction } from './flash'

/** A redirect to a path on this site; an unsafe target goes to `fallback` instead. */
export function redirectTo(target: unknown, init: { fallback?: string; headers?: HeadersInit; status?: number } = {}) {
  const headers = new Headers(init.headers)
  return routerRedirect(safeRedirectPath(target, init.fallback ?? '/'), { status: init.status ?? 302, headers })
}

/** A redirect that shows `message` as a toast on the page it lands on (post/redirect/get), with `action` a link in it. */
export function redirectWithToast(
  env: Pick<Env, 'SESSION_SECRET' | 'APP_URL'>,
  target: unknown,
  message: string,
  init: { fallback?: string; headers?: HeadersInit; action?: FlashAction } = {},
) {
  return withFlash(env, redirectTo(target, init), message, init.action)
}
