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
