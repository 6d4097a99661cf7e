import { createCookie, type Cookie } from 'react-router'
import type { Env } from '../env'
import { safeRedirectPath } from '../redirect-path'

// A one-time message carried across a redirect (post/redirect/get) in a short-lived cookie, signed with
// SESSION_SECRET: the page shows its text, so nobody else may write it.
export const FLASH_COOKIE = 'tc_flash'

type CookieEnv = Pick<Env, 'SESSION_SECRET' | 'APP_URL'>

const cookies = new Map<string, Cookie>()

/** A cookie of ours signed with SESSION_SECRET, httpOnly and SameSite=Lax, secure on https; made once per env. */
export function signedCookie(env: CookieEnv, name: string, maxAge: number) {
  const secure = env.APP_URL.startsWith('https:')
  const key = `${name}:${maxAge}:${secure}:${env.SESSION_SECRET}`
  let cookie = cookies.get(key)
  if (!cookie) {
    cookie = createCookie(name, { secrets: [env.SESSION_SECRET], httpOnly: true, sameSite: 'lax', path: '/', maxAge, secure })
    cookies.set(key, cookie)
  }
  return cookie
}

const flashCookie = (env: CookieEnv) => signedCookie(env, FLASH_COOKIE, 60)

/** A link the toast offers beside its message ("View account" after approving a request): a path on this site. */
export interface FlashAction {
  label: string
  href: string
}

/** A path on this site, as the redirect check has it (server/redirect-path.ts). */
const isLocalPath = (href: string) => safeRedirectPath(href, '') === href

export async function withFlash(env: CookieEnv, response: Response, message: string, action?: FlashAction) {
  const text = message.slice(0, 300)
  const value = action && isLocalPath(action.href) ? { message: text, action: { label: action.label.slice(0, 40), href: action.href.slice(0, 300) } } : text
  response.headers.append('Set-Cookie', await flashCookie(env).serialize(value))
  return response
}

/** The message and its action, if any and genuinely ours, and the header that clears it. */
export async function readFlash(env: CookieEnv, request: Request): Promise<{ message: string | null; action: FlashAction | null; headers: HeadersInit }> {
  const header = request.headers.get('cookie')
  if (!header?.includes(`${FLASH_COOKIE}=`)) return { message: null, action: null, headers: {} }
  const cookie = flashCookie(env)
  const value: unknown = await cookie.parse(header)
  const { message, action } = flashOf(value)
  return { message, action, headers: { 'Set-Cookie': await cookie.serialize('', { maxAge: 0 }) } }
}

function flashOf(value: unknown): { message: string | null; action: FlashAction | null } {
  if (typeof value === 'string') return { message: value || null, action: null }
  if (!value || typeof value !== 'object') return { message: null, action: null }
  const { message, action } = value as { message?: unknown; action?: { label?: unknown; href?: unknown } }
  if (typeof message !== 'string' || !message) return { message: null, action: null }
  const valid = action && typeof action.label === 'string' && action.label && typeof action.href === 'string' && isLocalPath(action.href)
  return { message, action: valid ? { label: action.label as string, href: action.href as string } : null }
}
