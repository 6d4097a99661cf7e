import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes, URL-safe: sessions, login links and invitations. */
export const newToken = () => randomBytes(32).toString('base64url')

/** What the database keeps of a token: its SHA-256, so a copy of the table signs nobody in. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A token as newToken makes it; anything else is refused before a query. */
export const looksLikeToken = (value: string | undefined | null): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)
