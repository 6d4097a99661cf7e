import { RawNode, sql, type QueryId } from 'kysely'
import type { Database } from '../../db/index'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { claimDueEmails, enqueueEmail, markFailedAttempt } from '../../server/email/outbox'
import { createTransport } from '../../server/email/transports'
import { kickEmailWorker, processOutbox, startEmailWorker } from '../../server/email/worker'
import { startFakeMail, type FakeMail } from '../fakes/mail'
import type { FakeResend } from '../fakes/resend'
import type { FakeSmtp } from '../fakes/smtp'
import { describeEachDatabase } from '../setup/database'

const FROM = 'Northwind Trust <trust@northwind.test>'

describeEachDatabase('e-mail outbox', (database, backend) => {
  let resend: FakeResend
  let smtp: FakeSmtp
  let mail: FakeMail

  const db = () => database().handle.db
  // Each case picks its transport explicitly; the test env has neither key set.
  const resendEnv = () => ({ ...database().env, EMAIL_FROM: FROM, RESEND_API_KEY: 're_test_key', SMTP_URL: undefined })
  const smtpEnv = () => ({ ...database().env, EMAIL_FROM: FROM, RESEND_API_KEY: undefined, SMTP_URL: smtp.url })
  const logEnv = () => ({ ...database().env, EMAIL_FROM: FROM, RESEND_API_KEY: undefined, SMTP_URL: undefined })
  const row = (id: string) => db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const secondsUntilNextAttempt = async (id: string) =>
    (await sql<{ seconds: number }>`select extract(epoch from next_attempt_at - now())::float8 as seconds from outbox where id = ${id}`.execute(db())).rows[0].seconds
  const orgId = async () => (await db().selectFrom('orgs').select('id').executeTakeFirstOrThrow()).id
  const enqueueMany = (count: number) =>
    Promise.all(Array.from({ length: count }, (_, i) => enqueueEmail(db(), { to: `reader${i}@example.test`, subject: `Update ${i}`, text: `Body ${i}` })))

  beforeAll(async () => {
    mail = await startFakeMail()
    ;({ smtp, resend } = mail)
  })
  afterAll(() => mail?.close())
  beforeEach(async () => {
    // One database per file: start every case from an empty outbox and empty fakes.
    await db().deleteFrom('outbox').execute()
    resend.messages.length = 0
    smtp.messages.length = 0
    resend.failNext(0)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('writes the mail with the change: a rolled-back transaction leaves no row', async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueueEmail(trx, { to: 'a@example.test', subject: 'Never', text: 'Rolled back' })
          throw new Error('the change failed')
        }),
    ).rejects.toThrow('the change failed')
    expect(await db().selectFrom('outbox').select('id').execute()).toEqual([])

    const id = await db()
      .transaction()
      .execute((trx) => enqueueEmail(trx, { orgId: null, to: 'b@example.test', subject: 'Kept', text: 'Committed' }))
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0, recipient: 'b@example.test', headers: {} })
  })

  it('sends through the Resend SDK with the row id as idempotency key', async () => {
    const id = await enqueueEmail(db(), {
      orgId: await orgId(),
      to: 'reader@example.test',
      subject: 'Policy updated',
      text: 'Our policy changed.',
      html: '<p>Our policy changed.</p>',
      headers: { 'List-Unsubscribe': '<https://trust.northwind.test/unsubscribe?t=x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    })
    const transport = createTransport(resendEnv())
    expect(transport.name).toBe('resend')

    expect(await processOutbox(db(), resendEnv(), transport)).toMatchObject({ claimed: 1, sent: 1, retrying: 0, failed: 0 })
    expect(resend.messages).toHaveLength(1)
    const [message] = resend.messages
    expect(message.idempotencyKey).toBe(id)
    expect(message.authorization).toBe('Bearer re_test_key')
    expect(message.body).toMatchObject({
      from: FROM,
      to: 'reader@example.test',
      subject: 'Policy updated',
      text: 'Our policy changed.',
      html: '<p>Our policy changed.</p>',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    })
    const sent = await row(id)
    expect(sent).toMatchObject({ status: 'sent', provider_message_id: message.id, attempts: 0, locked_until: null, last_error: null })
    expect(sent.sent_at).toBeInstanceOf(Date)

    // A sent row is never claimed again.
    expect((await processOutbox(db(), resendEnv(), transport)).claimed).toBe(0)
    expect(resend.messages).toHaveLength(1)
  })

  it('retries after a provider error with backoff, then sends once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const transport = createTransport(resendEnv())
    const id = await enqueueEmail(db(), { to: 'reader@example.test', subject: 'Retry me', text: 'Hello' })
    resend.failNext(1)

    expect(await processOutbox(db(), resendEnv(), transport)).toMatchObject({ claimed: 1, sent: 0, retrying: 1 })
    const failed = await row(id)
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, locked_until: null, provider_message_id: null })
    expect(failed.last_error).toMatch(/500/)
    // First retry 30 s * 2^0 later.
    expect(await secondsUntilNextAttempt(id)).toBeGreaterThan(25)
    expect(await secondsUntilNextAttempt(id)).toBeLessThanOrEqual(30)

    // Not due yet: nothing is sent.
    const requestsBefore = resend.requests
    expect((await processOutbox(db(), resendEnv(), transport)).claimed).toBe(0)
    expect(resend.requests).toBe(requestsBefore)

    await db()
      .updateTable('outbox')
      .set({ next_attempt_at: sql`now()` })
      .where('id', '=', id)
      .execute()
    expect(await processOutbox(db(), resendEnv(), transport)).toMatchObject({ claimed: 1, sent: 1 })
    expect(resend.messages.filter((message) => message.idempotencyKey === id)).toHaveLength(1)
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
  })

  it('backs off exponentially and gives up after 8 attempts', async () => {
    const id = await enqueueEmail(db(), { to: 'reader@example.test', subject: 'Backoff', text: 'Hello' })
    await db().updateTable('outbox').set({ status: 'sending', attempts: 6 }).where('id', '=', id).execute()
    expect(await markFailedAttempt(db(), id, new Error('down'))).toBe('pending')
    // 30 s * 2^6 = 32 min.
    expect(await secondsUntilNextAttempt(id)).toBeGreaterThan(1920 - 5)
    expect(await secondsUntilNextAttempt(id)).toBeLessThanOrEqual(1920)

    await db().updateTable('outbox').set({ status: 'sending' }).where('id', '=', id).execute()
    expect(await markFailedAttempt(db(), id, new Error('still down'))).toBe('failed')
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 8, last_error: 'still down' })
    expect(await claimDueEmails(db(), 20, 60)).toEqual([])
  })

  it('delivers over SMTP with the subject, body and a recognisable Message-ID', async () => {
    const transport = createTransport(smtpEnv())
    expect(transport.name).toBe('smtp')
    const id = await enqueueEmail(db(), {
      to: 'reader@example.test',
      subject: 'SMTP works',
      text: 'Plain body over SMTP',
      html: '<p>HTML body over SMTP</p>',
      headers: { 'List-Unsubscribe': '<https://trust.northwind.test/unsubscribe?t=y>' },
    })

    expect(await processOutbox(db(), smtpEnv(), transport)).toMatchObject({ claimed: 1, sent: 1 })
    expect(smtp.messages).toHaveLength(1)
    const [message] = smtp.messages
    expect(message.to).toEqual(['reader@example.test'])
    expect(message.from).toBe('trust@northwind.test')
    expect(message.user).toBe('tester')
    expect(message.raw).toMatch(/^Subject: SMTP works$/m)
    expect(message.raw).toContain('Plain body over SMTP')
    expect(message.raw).toContain('<p>HTML body over SMTP</p>')
    expect(message.raw).toMatch(new RegExp(`^Message-ID: <${id}@northwind\\.test>$`, 'mi'))
    expect(message.raw).toMatch(new RegExp(`^X-Idempotency-Key: ${id}$`, 'mi'))
    expect(message.raw).toMatch(/^List-Unsubscribe: <https:\/\/trust\.northwind\.test\/unsubscribe\?t=y>$/m)
    expect(await row(id)).toMatchObject({ status: 'sent', provider_message_id: `<${id}@northwind.test>` })
  })

  it('keeps mails in the outbox as held and logs each whole, on one line, when no transport is configured', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const [first, second] = await enqueueMany(2)
    const transport = createTransport(logEnv())
    expect(transport.name).toBe('log')

    expect(await processOutbox(db(), logEnv(), transport)).toMatchObject({ claimed: 2, sent: 0, held: 2 })
    expect((await row(first)).status).toBe('held')
    expect((await row(second)).status).toBe('held')
    const lines = log.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('[email]'))
    expect(lines).toHaveLength(2)
    expect(lines).toContain('[email] to=reader0@example.test subject="Update 0" text="Body 0" (no transport configured: not sent, kept at /settings/outbox without its links)')

    // Held rows stay put: printed once, not on every poll.
    expect((await processOutbox(db(), logEnv(), transport)).claimed).toBe(0)
  })

  it('sends each of 10 due rows exactly once with two workers at the same time', async () => {
    const ids = await enqueueMany(10)
    const transport = createTransport(resendEnv())

    const results = await Promise.all([processOutbox(db(), resendEnv(), transport), processOutbox(db(), resendEnv(), transport)])
    expect(results[0].sent + results[1].sent).toBe(10)
    expect(resend.messages).toHaveLength(10)
    expect(new Set(resend.messages.map((message) => message.idempotencyKey))).toEqual(new Set(ids))
    const statuses = await db().selectFrom('outbox').select('status').where('id', 'in', ids).execute()
    expect(statuses.every((entry) => entry.status === 'sent')).toBe(true)
  })

  it('never hands one row to two claimers, with small batches racing', async () => {
    const ids = await enqueueMany(10)
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimDueEmails(db(), 3, 60)))
    const claimed = claims.flat().map((email) => email.id)
    expect(new Set(claimed).size).toBe(claimed.length)
    // Rows skipped while locked are still due; a later claim gets the rest.
    const rest = (await claimDueEmails(db(), 20, 60)).map((email) => email.id)
    expect(new Set([...claimed, ...rest])).toEqual(new Set(ids))
    expect(claimed.length + rest.length).toBe(10)
  })

  // PGlite is one session: a second connection would wait for the open transaction, so only PostgreSQL has this case.
  if (backend === 'postgres')
    it('skips a row another transaction holds instead of waiting for it', async () => {
      const [locked, free] = await enqueueMany(2)
      let release!: () => void
      let lockTaken!: () => void
      const taken = new Promise<void>((resolve) => (lockTaken = resolve))
      const holder = db()
        .transaction()
        .execute(async (trx) => {
          // Another worker in the middle of claiming this row.
          await trx.selectFrom('outbox').select('id').where('id', '=', locked).forUpdate().execute()
          lockTaken()
          await new Promise<void>((resolve) => (release = resolve))
        })
      await taken
      try {
        expect((await claimDueEmails(db(), 20, 60)).map((email) => email.id)).toEqual([free])
      } finally {
        release()
        await holder
      }
      expect((await claimDueEmails(db(), 20, 60)).map((email) => email.id)).toEqual([locked])
    })

  it('claims again a row left in sending by a worker that died', async () => {
    const id = await enqueueEmail(db(), { to: 'reader@example.test', subject: 'Crash', text: 'Hello' })
    // A worker claims it, then is killed before sending.
    expect((await claimDueEmails(db(), 20, 300)).map((email) => email.id)).toEqual([id])
    expect((await row(id)).status).toBe('sending')
    const transport = createTransport(resendEnv())
    expect((await processOutbox(db(), resendEnv(), transport)).claimed).toBe(0)

    await db()
      .updateTable('outbox')
      .set({ locked_until: sql`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute()
    expect(await processOutbox(db(), resendEnv(), transport)).toMatchObject({ claimed: 1, sent: 1 })
    expect(resend.messages.map((message) => message.idempotencyKey)).toEqual([id])
    expect((await row(id)).status).toBe('sent')
  })

  it('runs in the background and sends soon after a kick', async () => {
    const { watched, claimed } = watchingClaims(db())
    const worker = startEmailWorker(watched, resendEnv(), { intervalMs: 60_000 })
    try {
      // Let the first poll (at start) read the empty outbox: with a 60 s interval only the kick can send.
      await claimed
      const id = await enqueueEmail(db(), { to: 'reader@example.test', subject: 'Kicked', text: 'Hello' })
      kickEmailWorker()
      await vi.waitFor(async () => expect((await row(id)).status).toBe('sent'), { timeout: 5000, interval: 50 })
      expect(resend.messages.map((message) => message.idempotencyKey)).toEqual([id])
    } finally {
      await worker.stop()
    }
  })
})

/** `db` for a worker, and a promise that resolves once its first claim of the outbox has read the table. */
function watchingClaims(db: Database) {
  const claims = new Set<QueryId>()
  let read!: () => void
  const claimed = new Promise<void>((resolve) => (read = resolve))
  const watched = db.withPlugin({
    transformQuery({ node, queryId }) {
      if (RawNode.is(node) && node.sqlFragments.join('').includes('for update skip locked')) claims.add(queryId)
      return node
    },
    async transformResult({ result, queryId }) {
      if (claims.has(queryId)) read()
      return result
    },
  })
  return { watched, claimed }
}
