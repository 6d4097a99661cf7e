// The one translator from what the domain says to React Router's answers (decision 034). Server modules
// throw the errors of server/errors.ts and return a `Reply` (server/reply.ts) where an action's data
// carries a status; every route module's loader and action passes through `answerDomainErrors` (the app
// wraps the server build once, `withDomainErrors`), and routes hand a `Reply` to `respond`.
import { data, type ServerBuild } from 'react-router'
import { isThrownByDomain, type ThrownByDomain, DomainError, CompanyNotFound, PortalMoved, TooManyRequests } from '../errors'
import { Reply } from '../reply'
import { redirectTo } from './redirect'

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

type Responded<T> = T extends Reply<infer D> ? ReturnType<typeof data<D>> : T

/** An action's `Reply` as React Router's `data()`; a Response (a redirect) or plain data passes unchanged. */
export function respond<T>(value: T): Responded<T> {
  return (value instanceof Reply ? data(value.data, value.init) : value) as Responded<T>
}
