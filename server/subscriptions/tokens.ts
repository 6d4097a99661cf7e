import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Env } from '../env'

// Unsubscribe tokens (PRODUCT.md section 4): signed, carrying the org and the e-mail as subject, so a link
// works for as long as the subscription does and reveals nobody else. `{payload}.{signature}`, both
// base64url: URL-safe, so the same token reads alike in a link, a header and the outbox's secrets.

const PURPOSE = 'unsubscribe:v1'

export interface UnsubscribeSubject {
  orgId: string
  email: string
}

export function unsubscribeToken(env: Pick<Env, 'SESSION_SECRET'>, subject: UnsubscribeSubject) {
  const payload = Buffer.from(JSON.stringify({ o: subject.orgId, s: subject.email })).toString('base64url')
  return `${payload}.${sign(env, payload)}`
}

/** The subject of a token this server signed, or null for anything else (forged, truncated, malformed). */
export function readUnsubscribeToken(env: Pick<Env, 'SESSION_SECRET'>, token: unknown): UnsubscribeSubject | null {
  if (typeof token !== 'string' || token.length > 1024) return null
  const match = /^([A-Za-z0-9_-]{10,900})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const expected = Buffer.from(sign(env, match[1]))
  const given = Buffer.from(match[2])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const { o, s } = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8'))
    return typeof o === 'string' && typeof s === 'string' && s.includes('@') ? { orgId: o, email: s } : null
  } catch {
    return null
  }
}

function sign(env: Pick<Env, 'SESSION_SECRET'>, payload: string) {
  return createHmac('sha256', env.SESSION_SECRET).update(`${PURPOSE}:${payload}`).digest('base64url')
}
