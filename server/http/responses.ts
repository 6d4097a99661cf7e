// The one translator from what the domain says to React Router's answers (decision 034). Server modules
// throw the errors of server/errors.ts and return a `Reply`, `Redirect` or `Download` (server/reply.ts);
// every route module's loader and action passes through `answerDomainErrors` (the app wraps the server
// build once, `withDomainErrors`), and routes hand what a handler returned to `respond`.
import { data, type ServerBuild } from 'react-router'
import type { Env } from '../env'
import { isThrownByDomain, type ThrownByDomain, DomainError, CompanyNotFound, PortalMoved, TooManyRequests } from '../errors'
import { contentDisposition } from '../files/headers'
import { Download, Redirect, Reply } from '../reply'
import { redirectTo, redirectWithToast } from './redirect'

const STATUS: Record<DomainError['kind'], number> = { BadRequest: 400, NotSignedIn: 401, Forbidden: 403, NotFound: 404 }

/** What React Router answers for an error the domain threw: the same status, headers and body a route would throw. */
export function domainErrorResponse(error: ThrownByDomain) {
  if (error instanceof DomainError) return data(error.message, { status: STATUS[error.kind] })
  if (error instanceof CompanyNotFound) return data('Company not found', { status: 404, statusText: 'Company not found' })
  if (error instanceof TooManyRequests) return data(error.message, { status: 429, headers: { 'Retry-After': String(error.retryAfterSeconds) } })
  if (error instanceof PortalMoved) return redirectTo(error.location, { status: 301 })
  return redirectTo(`/login?redirectTo=${encodeURIComponent(error.returnTo)}`, { fallback: '/login' })
}

/** `handler` (a loader or action) with the domain's errors thrown as React Router's answers; anything else passes unchanged. */
export function answerDomainErrors<Args extends unknown[], Result>(handler: (...args: Args) => Result) {
  return async (...args: Args): Promise<Awaited<Result>> => {
    try {
      return await handler(...args)
    } catch (error) {
      throw isThrownByDomain(error) ? domainErrorResponse(error) : error
    }
  }
}

/** The server build with every route module's loader and action answering the domain's errors. */
export function withDomainErrors(build: ServerBuild): ServerBuild {
  const routes: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue
    const module = { ...route.module }
    if (module.loader) module.loader = answerDomainErrors(module.loader)
    if (module.action) module.action = answerDomainErrors(module.action)
    routes[id] = { ...route, module }
  }
  return { ...build, routes }
}

type Responded<T> = T extends Reply<infer D> ? ReturnType<typeof data<D>> : T extends Redirect | Download ? Response : T

/**
 * What a handler returned, as React Router's answer: a `Reply` as `data()`; a `Redirect` as the 302 to its
 * path (on this site, else `/`) with its cookies and its toast in the signed flash cookie (which is what
 * `env` is for); a `Download` as the attachment, never cached. A Response or plain data passes unchanged.
 */
export async function respond<T>(value: T, env: Pick<Env, 'SESSION_SECRET' | 'APP_URL'>): Promise<Responded<T>> {
  return (await answer(value, env)) as Responded<T>
}

async function answer(value: unknown, env: Pick<Env, 'SESSION_SECRET' | 'APP_URL'>) {
  if (value instanceof Reply) return data(value.data, value.init)
  if (value instanceof Redirect) {
    const headers = new Headers()
    for (const cookie of value.init.cookies ?? []) headers.append('Set-Cookie', cookie)
    return value.init.toast === undefined ? redirectTo(value.to, { headers }) : redirectWithToast(env, value.to, value.init.toast, { headers, action: value.init.toastAction })
  }
  if (value instanceof Download) {
    return new Response(value.body, {
      headers: {
        ...value.headers,
        'Content-Type': value.contentType,
        'Content-Disposition': contentDisposition('attachment', value.fileName),
        'Cache-Control': 'private, no-store',
      },
    })
  }
  return value
}
