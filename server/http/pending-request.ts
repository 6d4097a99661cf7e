import type { Env } from '../env'
import { signedCookie } from './flash'

// The portal remembers that this browser sent a request for access (issue 24 item 3, decision 057): a cookie
// signed with SESSION_SECRET, httpOnly, holding the org, the product and the address typed. It is set on every
// "Request sent" answer, whether or not a new request was filed (an address with an account or an earlier
// request gets the same answer, decision 013), so what the banner says next tells nothing more than the
// dialog did. It makes the page personal (never stored or served from the shared store, PERSONAL_COOKIES).
export const REQUEST_COOKIE = 'tc_request'

/** How long the banner says a request is pending: long enough for a review, short enough to offer it again. */
export const PENDING_REQUEST_DAYS = 30

export interface PendingRequest {
  orgId: string
  productId: string
  email: string
  /** When it was sent (ms since the epoch). */
  sentAt: number
}

type CookieEnv = Pick<Env, 'SESSION_SECRET' | 'APP_URL'>

const requestCookie = (env: CookieEnv) => signedCookie(env, REQUEST_COOKIE, PENDING_REQUEST_DAYS * 86_400)

/** The `Set-Cookie` value that remembers a request just sent. */
export function pendingRequestCookie(env: CookieEnv, request: Omit<PendingRequest, 'sentAt'>, now = Date.now()) {
  const value: PendingRequest = { ...request, email: request.email.slice(0, 254), sentAt: now }
  return requestCookie(env).serialize(value)
}

/** The `Set-Cookie` value that forgets it: the visitor signed in or out, their own access says where they stand. */
export function forgetPendingRequest(env: CookieEnv) {
  return requestCookie(env).serialize('', { maxAge: 0 })
}

/** The request this browser sent to this org's product, when the cookie is ours, its own and recent; else null. */
export async function readPendingRequest(env: CookieEnv, request: Request, where?: { orgId: string; productId: string }, now = Date.now()): Promise<PendingRequest | null> {
  const header = request.headers.get('cookie')
  if (!header?.includes(`${REQUEST_COOKIE}=`)) return null
  const value: unknown = await requestCookie(env).parse(header)
  if (!isPendingRequest(value)) return null
  if (now - value.sentAt > PENDING_REQUEST_DAYS * 86_400_000 || value.sentAt > now + 60_000) return null
  if (where && (value.orgId !== where.orgId || value.productId !== where.productId)) return null
  return value
}

function isPendingRequest(value: unknown): value is PendingRequest {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return typeof entry.orgId === 'string' && typeof entry.productId === 'string' && typeof entry.email === 'string' && typeof entry.sentAt === 'number'
}
