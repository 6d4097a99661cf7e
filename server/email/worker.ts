import type { Database } from '../../db/index'
import { claimDueEmails, holdEmail, markFailedAttempt, markSent, releaseEmail } from './outbox'
import { createTransport, type EmailTransport, type TransportEnv } from './transports'

const BATCH_SIZE = 20
// Covers a whole batch at the transports' timeouts (transports.ts); a worker killed mid-batch leaves its
// rows to be claimed again once this runs out.
const LOCK_SECONDS = 300
const KICK_DELAY_MS = 50
// No send starts later than this into the claim: one slow send (up to ~90 s) must still end inside it.
const START_SENDS_WITHIN_MS = (LOCK_SECONDS - 120) * 1000

export interface OutboxRunResult {
  claimed: number
  sent: number
  /** Failed this time, retried later with backoff. */
  retrying: number
  /** Failed for the last time (MAX_ATTEMPTS reached). */
  failed: number
  held: number
  /** Claimed but given back unsent because the batch ran out of claim time. */
  released: number
}

/** Sends one batch of due mails and records each outcome. Safe to run concurrently with other workers. */
export async function processOutbox(db: Database, env: TransportEnv, transport: EmailTransport = createTransport(env)): Promise<OutboxRunResult> {
  const result: OutboxRunResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, held: 0, released: 0 }
  const claimedAt = Date.now()
  const emails = await claimDueEmails(db, BATCH_SIZE, LOCK_SECONDS)
  result.claimed = emails.length
  for (const email of emails) {
    if (Date.now() - claimedAt > START_SENDS_WITHIN_MS) {
      // Sends are sequential (providers rate-limit); once slow ones ate the claim, hand the rest back.
      await releaseEmail(db, email.id)
      result.released++
      continue
    }
    try {
      const { providerMessageId } = await transport.send({
        id: email.id,
        from: env.EMAIL_FROM,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html ?? undefined,
        headers: email.headers,
      })
      if (transport.name === 'log') {
        await holdEmail(db, email.id)
        result.held++
      } else {
        await markSent(db, email.id, providerMessageId)
        result.sent++
      }
    } catch (error) {
      const status = await markFailedAttempt(db, email.id, error, email.secrets)
      if (status === 'failed') result.failed++
      else result.retrying++
      console.error(`[email] sending ${email.id} to ${email.to} failed${status === 'failed' ? ' for the last time' : ', will retry'}:`, error instanceof Error ? error.message : error)
    }
  }
  return result
}

export interface EmailWorker {
  /** Stops polling and resolves once the batch in flight, if any, is done. */
  stop(): Promise<void>
  /** Runs a batch soon (debounced), e.g. right after a mail was queued. */
  kick(): void
}

let current: EmailWorker | undefined

/** Polls the outbox in the background. Never throws: a failed batch is logged and retried next tick. */
export function startEmailWorker(db: Database, env: TransportEnv, options: { intervalMs?: number; transport?: EmailTransport } = {}): EmailWorker {
  const intervalMs = options.intervalMs ?? 2000
  const transport = options.transport ?? createTransport(env)
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false

  function schedule(delay: number) {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(tick, delay)
    // The worker must not keep the process alive on its own (tests, CLI scripts, graceful shutdown).
    timer.unref()
  }

  function tick() {
    timer = undefined
    if (running) {
      // A kick during a batch: run once more right after it, so the new mail does not wait a full interval.
      again = true
      return
    }
    running = (async () => {
      try {
        let result: OutboxRunResult
        // A full batch means more may be due: keep going instead of waiting for the next interval.
        do result = await processOutbox(db, env, transport)
        while (!stopped && result.claimed === BATCH_SIZE)
      } catch (error) {
        console.error('[email] outbox batch failed:', error instanceof Error ? error.message : error)
      }
    })().finally(() => {
      running = undefined
      const soon = again
      again = false
      schedule(soon ? 0 : intervalMs)
    })
  }

  const worker: EmailWorker = {
    async stop() {
      stopped = true
      clearTimeout(timer)
      timer = undefined
      if (current === worker) current = undefined
      await running
    },
    kick() {
      if (stopped) return
      if (running) again = true
      else schedule(KICK_DELAY_MS)
    },
  }
  current = worker
  schedule(0)
  return worker
}

/** Asks the running worker, if any, to process the outbox soon; call it after the enqueueing transaction commits. */
export function kickEmailWorker() {
  current?.kick()
}
