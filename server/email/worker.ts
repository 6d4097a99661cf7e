import type { Database } from '../../db/index'
import { startBackgroundLoop } from '../background-loop'
import type { Env } from '../env'
import { expandUpdateSends } from '../updates/fanout'
import { claimDueBatches, holdEmail, markAllSent, markFailedAttempts, releaseEmails, SEND_GROUP_SIZE, type ClaimedEmail } from './outbox'
import { createTransport, type BatchOutcome, type EmailTransport, type OutgoingEmail, type TransportEnv } from './transports'

// One send group per claim: a provider batch request. Larger claims sent no faster (bench:fanout) and
// held more mail in memory at once.
const CLAIM_LIMIT = SEND_GROUP_SIZE
// Covers a whole claim at the transports' timeouts (transports.ts); a worker killed mid-claim leaves its
// rows to be claimed again once this runs out.
const LOCK_SECONDS = 300
const KICK_DELAY_MS = 50
// No send starts later than this into the claim: one slow send or batch request (up to ~90 s) must still end inside it.
const START_SENDS_WITHIN_MS = (LOCK_SECONDS - 120) * 1000
// Expanding update sends into outbox rows gets this long per round before the round sends what is due,
// so a 100,000-recipient send neither waits behind sending nor holds up other mail for long.
const EXPAND_BUDGET_MS = 3000

export interface OutboxRunResult {
  claimed: number
  sent: number
  /** Failed this time, retried later with backoff. */
  retrying: number
  /** Failed for the last time (MAX_ATTEMPTS reached). */
  failed: number
  held: number
  /** Claimed but given back unsent because the claim ran out of time. */
  released: number
}

/**
 * Sends one claim of due mails and records each outcome. A send group goes out as one batch where the
 * transport has one (Resend's batch API, pooled SMTP), under a key that is the same for the same rows;
 * other mails one by one under their row id. Safe to run concurrently with other workers.
 */
export async function processOutbox(db: Database, env: TransportEnv, transport: EmailTransport = createTransport(env)): Promise<OutboxRunResult> {
  const result: OutboxRunResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, held: 0, released: 0 }
  const startBy = Date.now() + START_SENDS_WITHIN_MS
  const batches = await claimDueBatches(db, CLAIM_LIMIT, LOCK_SECONDS)
  for (const batch of batches) {
    result.claimed += batch.emails.length
    const messages = batch.emails.map((email) => outgoing(email, env))
    const outcomes =
      messages.length > 1 && transport.sendBatch ? await transport.sendBatch(messages, { idempotencyKey: batch.key, startBy }) : await sendOneByOne(transport, messages, startBy)
    await record(db, transport, batch.emails, outcomes, result)
  }
  return result
}

function outgoing(email: ClaimedEmail, env: TransportEnv): OutgoingEmail {
  return { id: email.id, from: env.EMAIL_FROM, to: email.to, subject: email.subject, text: email.text, html: email.html ?? undefined, headers: email.headers }
}

// Sequential: providers rate-limit single sends.
async function sendOneByOne(transport: EmailTransport, messages: OutgoingEmail[], startBy: number) {
  const outcomes: BatchOutcome[] = []
  for (const message of messages) {
    if (Date.now() > startBy) {
      outcomes.push({ status: 'not-started' })
      continue
    }
    try {
      outcomes.push({ status: 'sent', ...(await transport.send(message)) })
    } catch (error) {
      outcomes.push({ status: 'failed', error })
    }
  }
  return outcomes
}

/** Writes a batch's outcomes: one statement for the sent, one for the failed, one for those not started. */
async function record(db: Database, transport: EmailTransport, emails: ClaimedEmail[], outcomes: BatchOutcome[], result: OutboxRunResult) {
  const sent: { id: string; providerMessageId?: string }[] = []
  const failures: { id: string; error: unknown; secrets: string[] }[] = []
  const notStarted: string[] = []
  emails.forEach((email, index) => {
    const outcome = outcomes[index] ?? { status: 'failed', error: new Error('The transport gave no outcome') }
    if (outcome.status === 'sent') sent.push({ id: email.id, providerMessageId: outcome.providerMessageId })
    else if (outcome.status === 'failed') failures.push({ id: email.id, error: outcome.error, secrets: email.secrets })
    else notStarted.push(email.id)
  })
  if (transport.name === 'log') {
    for (const { id } of sent) await holdEmail(db, id)
    result.held += sent.length
  } else {
    await markAllSent(db, sent)
    result.sent += sent.length
  }
  await releaseEmails(db, notStarted)
  result.released += notStarted.length
  if (!failures.length) return
  const statuses = await markFailedAttempts(db, failures)
  for (const failure of failures) {
    if (statuses.get(failure.id) === 'failed') result.failed++
    else result.retrying++
  }
  const first = failures[0]
  const lastTime = statuses.get(first.id) === 'failed'
  const message = first.error instanceof Error ? first.error.message : first.error
  const what = failures.length === 1 ? `${first.id} to ${emails.find((email) => email.id === first.id)?.to}` : `${failures.length} mails (first ${first.id})`
  console.error(`[email] sending ${what} failed${lastTime ? ' for the last time' : ', will retry'}:`, message)
}

export interface EmailWorker {
  /** Stops polling and resolves once the round in flight, if any, is done. */
  stop(): Promise<void>
  /** Runs a round soon (debounced), e.g. right after a mail was queued. */
  kick(): void
}

let current: EmailWorker | undefined

/**
 * Polls in the background: each round expands update sends into outbox rows (server/updates/fanout.ts),
 * then sends what is due, and goes on at once while either had work. Never throws: a failed round is
 * logged and retried next tick.
 */
export function startEmailWorker(db: Database, env: Env, options: { intervalMs?: number; transport?: EmailTransport } = {}): EmailWorker {
  const transport = options.transport ?? createTransport(env)

  async function expand() {
    try {
      return (await expandUpdateSends(db, env, { budgetMs: EXPAND_BUDGET_MS })).more
    } catch (error) {
      // A send that cannot be expanded must not hold up the rest of the mail.
      console.error('[email] expanding update sends failed:', error instanceof Error ? error.message : error)
      return false
    }
  }

  // A kick during a round runs one more right after it, so new mail does not wait a full interval.
  const loop = startBackgroundLoop(
    async (stopped) => {
      try {
        let more: boolean
        do {
          const expanding = await expand()
          const result = await processOutbox(db, env, transport)
          // Anything claimed means more may be due: keep going instead of waiting for the next interval.
          more = expanding || result.claimed > 0
        } while (!stopped() && more)
      } catch (error) {
        console.error('[email] outbox batch failed:', error instanceof Error ? error.message : error)
      }
    },
    { intervalMs: options.intervalMs ?? 2000, kickDelayMs: KICK_DELAY_MS },
  )

  const worker: EmailWorker = {
    async stop() {
      if (current === worker) current = undefined
      await loop.stop()
      if (!options.transport) await transport.close?.()
    },
    kick: loop.kick,
  }
  current = worker
  return worker
}

/** Asks the running worker, if any, to process the outbox soon; call it after the enqueueing transaction commits. */
export function kickEmailWorker() {
  current?.kick()
}
