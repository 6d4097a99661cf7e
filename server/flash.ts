import { readCookie } from './auth/cookies'

// A one-time message carried across a redirect (post/redirect/get) in a short-lived cookie.
export const FLASH_COOKIE = 'tc_flash'

export function withFlash(response: Response, message: string) {
  response.headers.append('Set-Cookie', `${FLASH_COOKIE}=${encodeURIComponent(message.slice(0, 300))}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`)
  return response
}

/** The message, if any, and the header that clears it. */
export function readFlash(request: Request): { message: string | null; headers: HeadersInit } {
  const message = readCookie(request, FLASH_COOKIE) ?? null
  return message ? { message, headers: { 'Set-Cookie': `${FLASH_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` } } : { message: null, headers: {} }
}
