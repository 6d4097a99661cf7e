import { createCookie, type Cookie } from 'react-router'
import type { Env } from '../env'

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

export async function withFlash(env: CookieEnv, response: Response, message: string) {
  response.headers.append('Set-Cookie', await flashCookie(env).serialize(message.slice(0, 300)))
  return response
}

/** The message, if any and genuinely ours, and the header that clears it. */
export async function readFlash(env: CookieEnv, request: Request): Promise<{ message: string | null; headers: HeadersInit }> {
  const header = request.headers.get('cookie')
  if (!header?.includes(`${FLASH_COOKIE}=`)) return { message: null, headers: {} }
  const cookie = flashCookie(env)
  const value: unknown = await cookie.parse(header)
  return { message: typeof value === 'string' && value ? value : null, headers: { 'Set-Cookie': await cookie.serialize('', { maxAge: 0 }) } }
}
