/** The cookie names a Cookie header carries, read the way readCookie reads them (trimmed). */
export function cookieNames(header: string | null | undefined): Set<string> {
  const names = new Set<string>()
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index >= 0) names.add(part.slice(0, index).trim())
  }
  return names
}

/** Reads one cookie from a request's Cookie header. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie')
  if (!header) return undefined
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/** An httpOnly, SameSite=Lax cookie; Secure when the deployment is served over https. */
export function serializeCookie(name: string, value: string, options: { maxAgeSeconds?: number; secure: boolean }) {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax']
  if (options.secure) parts.push('Secure')
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`)
  return parts.join('; ')
}
