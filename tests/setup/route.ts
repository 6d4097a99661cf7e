// The one way integration tests call a route's loader or action: a real Request, the real context
// (database, env), and whatever the route returns or throws normalised to status, data and headers.
import type { AppLoadContext } from 'react-router'
import { FLASH_COOKIE, readFlash } from '../../server/http/flash'
import { answerDomainErrors } from '../../server/http/responses'
import type { TestDatabase } from './database'

export interface RouteCall {
  /** Query string included; the host is localhost:3000 unless `host` says otherwise. */
  path: string
  params?: Record<string, string>
  cookie?: string
  /** A form body: the request becomes a POST (multipart, as a browser with a file input sends it). */
  form?: Record<string, string | File | (string | File)[]> | FormData
  method?: string
  host?: string
  headers?: Record<string, string>
  clientAddress?: string
  /** Overrides of the test database's env (e.g. a smaller MAX_UPLOAD_MB). */
  env?: Partial<TestDatabase['env']>
}

export interface RouteResult<T = any> {
  status: number
  /** The loader's or action's data; null for a plain Response (redirects, files). */
  data: T
  headers: Headers
  /** The Response when the route answered with one (a file, a redirect). */
  response: Response | null
  /** Where a redirect points, if it is one. */
  location: string | null
  /** The message a redirect carries in the flash cookie, for the next page's toast. */
  toast: string | null
  /** Whether the route threw its answer (React Router then renders the error boundary) rather than returned it. */
  thrown: boolean
}

export function routeRequest(call: RouteCall) {
  const host = call.host ?? 'localhost:3000'
  let body: FormData | undefined
  if (call.form instanceof FormData) body = call.form
  else if (call.form) {
    body = new FormData()
    for (const [name, value] of Object.entries(call.form)) for (const entry of [value].flat()) body.append(name, entry)
  }
  return new Request(`http://${host}${call.path}`, {
    method: call.method ?? (body ? 'POST' : 'GET'),
    body,
    headers: { host, origin: `http://${host}`, ...(call.cookie ? { cookie: call.cookie } : {}), ...call.headers },
  })
}

export function routeContext(database: TestDatabase, call: Pick<RouteCall, 'clientAddress' | 'env'> = {}): AppLoadContext {
  return {
    db: database.handle.db,
    env: { ...database.env, ...call.env },
    nonce: 'test',
    clientAddress: call.clientAddress ?? '127.0.0.1',
  } as AppLoadContext
}

/**
 * Calls `fn` (a loader or action) as React Router would, through the translation of the domain's errors the app
 * wraps every loader and action in (server/http/responses.ts), and normalises what it returns or throws.
 */
export async function callRoute<T = any>(fn: (args: never) => unknown, database: TestDatabase, call: RouteCall): Promise<RouteResult<T>> {
  const request = routeRequest(call)
  let value: unknown
  let thrown = false
  try {
    value = await answerDomainErrors(fn)({ request, params: call.params ?? {}, context: routeContext(database, call) } as never)
  } catch (error) {
    value = error
    thrown = true
  }
  const result = normaliseResult<T>(value, thrown)
  return { ...result, toast: await toastOf(result.headers, routeContext(database, call).env) }
}

/** A Response, a data() result or plain loader data, as status, data and headers. Anything else is rethrown. */
export function normaliseResult<T = any>(value: unknown, thrown = false): RouteResult<T> {
  if (value instanceof Response) {
    return { status: value.status, data: null as T, headers: value.headers, response: value, location: value.headers.get('location'), toast: null, thrown }
  }
  if (value instanceof Error) throw value
  const result = value as { type?: string; init?: { status?: number; headers?: HeadersInit } | null; data?: unknown }
  if (result && typeof result === 'object' && result.type === 'DataWithResponseInit') {
    const headers = new Headers(result.init?.headers)
    return { status: result.init?.status ?? 200, data: result.data as T, headers, response: null, location: headers.get('location'), toast: null, thrown }
  }
  return { status: 200, data: value as T, headers: new Headers(), response: null, location: null, toast: null, thrown }
}

/** The flash message a response sets, read back the way the next page's root loader reads it (signature checked). */
async function toastOf(headers: Headers, env: AppLoadContext['env']) {
  const cookie = headers.getSetCookie().find((value) => value.startsWith(`${FLASH_COOKIE}=`))
  if (!cookie) return null
  return (await readFlash(env, new Request('http://localhost/', { headers: { cookie: cookie.split(';')[0] } }))).message
}
