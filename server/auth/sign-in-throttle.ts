import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { throttledAddress } from '../http/client-address'
import { clearRateLimit, hitRateLimit } from './rate-limit'

// Staff sign-in throttling (docs/decisions/009). Every attempt is counted before its password is checked,
// in one transaction over three counters: parallel attempts queue on the same rows, so they cannot all pass,
// and an attempt one counter refuses is rolled back from the others.

export const SIGN_IN_LIMITS = {
  /** Attempts per (e-mail, address) that wait for nothing. */
  freeAttempts: 5,
  /** The wait after the last free attempt, doubled after each further one up to the maximum. */
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  /** A pair's count restarts a day after its first attempt, and on the correct password. */
  pairWindowSeconds: 24 * 60 * 60,
  /** Attempts per address over all e-mails (password spraying) and per e-mail over all addresses. */
  perAddress: 50,
  perEmail: 20,
  windowSeconds: 15 * 60,
  /** An address an e-mail signed in from is trusted for it this long: neither cap locks the owner out there. */
  trustedSeconds: 30 * 24 * 60 * 60,
} as const

export type SignInAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number }

class Refusal {
  constructor(readonly retryAfterSeconds: number) {}
}

/** Counts a sign-in attempt, or refuses it with how long to wait. Call before checking the password. */
export async function admitSignInAttempt(db: Database, email: string, clientAddress: string): Promise<SignInAdmission> {
  const keys = signInKeys(email, clientAddress)
  const { perAddress, perEmail, windowSeconds } = SIGN_IN_LIMITS
  try {
    await db.transaction().execute(async (trx) => {
      // Where this e-mail signed in before, the shared caps cannot lock its owner out: only the pair's own delay applies.
      const trusted = await isTrustedPair(trx, keys.trusted)
      const pair = await countPairAttempt(trx, keys.pair)
      if (!pair.allowed) throw new Refusal(pair.retryAfterSeconds)
      const byAddress = await hitRateLimit(trx, keys.address, perAddress, windowSeconds)
      if (!byAddress.allowed && !trusted) throw new Refusal(byAddress.retryAfterSeconds)
      const byEmail = await hitRateLimit(trx, keys.email, perEmail, windowSeconds)
      // Over the e-mail's cap, an address without a failure on it may still try: the owner gets in, guessers wait.
      if (!byEmail.allowed && pair.attempts > 1 && !trusted) throw new Refusal(byEmail.retryAfterSeconds)
    })
  } catch (error) {
    if (error instanceof Refusal) return { allowed: false, retryAfterSeconds: error.retryAfterSeconds }
    throw error
  }
  await sweepSignInCounters(db)
  return { allowed: true }
}

/** The correct password: this pair and the e-mail start afresh, and the address is trusted for the e-mail; the address keeps its count. */
export async function clearSignInThrottle(db: Database, email: string, clientAddress: string) {
  const keys = signInKeys(email, clientAddress)
  // One row at a time, in the order attempts take them: a single delete of both could deadlock with one.
  await clearRateLimit(db, keys.pair)
  await clearRateLimit(db, keys.email)
  await sql`
    insert into rate_limits (key, hits, window_started_at) values (${keys.trusted}, 1, now())
    on conflict (key) do update set window_started_at = now()`.execute(db)
}

async function isTrustedPair(db: Database, key: string) {
  const row = await db
    .selectFrom('rate_limits')
    .select('key')
    .where('key', '=', key)
    .where('window_started_at', '>', sql<Date>`now() - make_interval(secs => ${sql.lit(SIGN_IN_LIMITS.trustedSeconds)})`)
    .executeTakeFirst()
  return row !== undefined
}

function signInKeys(email: string, clientAddress: string) {
  const address = throttledAddress(clientAddress)
  return {
    pair: `sign-in:pair:${email} ${address}`,
    address: `sign-in:address:${address}`,
    email: `sign-in:email:${email}`,
    trusted: `sign-in-trusted:${email} ${address}`,
  }
}

/** One statement counts the pair's attempt, or refuses it while the pair's delay runs. */
async function countPairAttempt(db: Database, key: string) {
  const { freeAttempts, firstDelaySeconds, maxDelaySeconds, pairWindowSeconds } = SIGN_IN_LIMITS
  const stale = sql`rate_limits.window_started_at < now() - make_interval(secs => ${sql.lit(pairWindowSeconds)})`
  const attempts = sql`case when ${stale} then 1 else rate_limits.hits + 1 end`
  const delay = sql`case when ${attempts} < ${sql.lit(freeAttempts)} then 0
    else least(${sql.lit(maxDelaySeconds)}, ${sql.lit(firstDelaySeconds)} * power(2, least(${attempts} - ${sql.lit(freeAttempts)}, 30))) end`
  const { rows } = await sql<{ hits: number }>`
    insert into rate_limits (key, hits, window_started_at, next_attempt_at) values (${key}, 1, now(), now())
    on conflict (key) do update set
      hits = ${attempts},
      window_started_at = case when ${stale} then now() else rate_limits.window_started_at end,
      next_attempt_at = now() + make_interval(secs => ${delay})
    where ${stale} or rate_limits.next_attempt_at <= now()
    returning hits`.execute(db)
  if (rows[0]) return { allowed: true, attempts: rows[0].hits } as const
  const { wait } = await db
    .selectFrom('rate_limits')
    .select(sql<number>`ceil(extract(epoch from next_attempt_at - now()))::int`.as('wait'))
    .where('key', '=', key)
    .executeTakeFirstOrThrow()
  return { allowed: false, retryAfterSeconds: Math.max(1, wait) } as const
}

/** Counters of e-mails nobody uses would pile up; rows a running attempt holds are left for the next sweep. */
async function sweepSignInCounters(db: Database) {
  await sql`
    delete from rate_limits where key in (
      select key from rate_limits
      where (key like 'sign-in:%' and window_started_at < now() - make_interval(secs => ${sql.lit(SIGN_IN_LIMITS.pairWindowSeconds)}))
        or (key like 'sign-in-trusted:%' and window_started_at < now() - make_interval(secs => ${sql.lit(SIGN_IN_LIMITS.trustedSeconds)}))
      for update skip locked
    )`.execute(db)
}
