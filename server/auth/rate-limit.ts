import { sql } from 'kysely'
import type { Database } from '../../db/index'

/**
 * Counts `cost` hits (one request, or one per recipient) against a key in PostgreSQL, so every app
 * server shares the count; one statement,
 * so concurrent hits cannot both slip under the limit.
 */
export async function hitRateLimit(db: Database, key: string, limit: number, windowSeconds: number, cost = 1) {
  const { rows } = await sql<{ hits: number; window_started_at: Date }>`
    insert into rate_limits (key, hits, window_started_at) values (${key}, ${cost}, now())
    on conflict (key) do update set
      hits = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds}) then ${cost} else rate_limits.hits + ${cost} end,
      window_started_at = case when rate_limits.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_started_at end
    returning hits, window_started_at`.execute(db)
  const { hits, window_started_at } = rows[0]
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(window_started_at).getTime() + windowSeconds * 1000 - Date.now()) / 1000))
  return { allowed: hits <= limit, retryAfterSeconds }
}

export async function clearRateLimit(db: Database, key: string) {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

const HOUR = 60 * 60

/**
 * The mails one inbox gets at most of each kind, whoever asks, from wherever, for whichever org of the
 * deployment (issue 21: 8 addresses sent 40 login mails to one member in 10 s). Over the cap the mail is
 * skipped and the answer on screen stays the same.
 */
export const RECIPIENT_CAPS = {
  /** Login links and the notes answering the Login and Request Access tabs. */
  access: { limit: 5, windowSeconds: HOUR },
  /** Subscription confirmations (each org also sends one an hour at most: server/subscriptions). */
  subscription: { limit: 3, windowSeconds: HOUR },
  /** Colleague invitations, valid for 14 days: a few a day is plenty. */
  invitation: { limit: 3, windowSeconds: 24 * HOUR },
  /** A reviewer's notices of new requests and extensions: past it, the queue at /access-requests still has them. */
  review: { limit: 30, windowSeconds: HOUR },
} as const

/** Domains of one mailbox that ignores dots in its local part: j.ohn@googlemail.com is john@gmail.com. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/** One inbox: case, a "+tag" and (at Gmail, which subscriptions accept) dots do not make another one. */
export function inboxOf(email: string) {
  const at = email.lastIndexOf('@')
  const domain = email.slice(at + 1).toLowerCase()
  const local = email.slice(0, at).replace(/\+.*$/, '').toLowerCase()
  return DOTLESS_DOMAINS.has(domain) ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`
}

/** Counts one mail of `kind` to `email`; false when the inbox has had its share. */
export async function recipientCapAllows(db: Database, kind: keyof typeof RECIPIENT_CAPS, email: string) {
  const { limit, windowSeconds } = RECIPIENT_CAPS[kind]
  const { allowed } = await hitRateLimit(db, `mail:${kind}:${inboxOf(email)}`, limit, windowSeconds)
  return allowed
}
