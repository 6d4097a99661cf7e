// An update e-mailed to its audience (PRODUCT.md section 4, decision 015): the send expands into one
// outbox row per recipient in bounded batches, and the worker sends them as provider batches under keys
// that stay the same for the same rows. The last case kills the real server with SIGKILL while a batch is
// at the provider, restarts it on the same data, and counts what the provider accepted.
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Database } from '../../db/index'
import { batchKey, claimDueBatches, SEND_GROUP_SIZE } from '../../server/email/outbox'
import { createTransport, type EmailTransport, type TransportEnv } from '../../server/email/transports'
import { processOutbox, type OutboxRunResult } from '../../server/email/worker'
import { expandUpdateSends } from '../../server/updates/fanout'
import { createUpdateSend } from '../../server/updates/sends'
import { readUnsubscribeToken } from '../../server/subscriptions/tokens'
import { startFakeMail, type FakeMail } from '../fakes/mail'
import { startFakeResend, type FakeResend } from '../fakes/resend'
import { BACKENDS, describeEachDatabase } from '../setup/database'
import { createAccountWithMember, createOrg, createPermissionProfile, type OrgFixture } from '../setup/factories'
import { startServer, type RunningServer } from '../setup/server'

const FROM = 'Northwind Trust <trust@northwind.test>'

/** `count` confirmed subscribers `{prefix}-00001@{domain}`…, inserted by one statement. */
async function addSubscribers(db: Database, orgId: string, count: number, prefix: string, domain = 'example.test') {
  await sql`
    insert into subscribers (org_id, email, source, status, confirmed_at)
    select ${orgId}, ${prefix} || '-' || lpad(n::text, 5, '0') || '@' || ${domain}, 'direct_link', 'confirmed', now()
    from generate_series(1, ${count}) as n
  `.execute(db)
  return Array.from({ length: count }, (_, index) => `${prefix}-${String(index + 1).padStart(5, '0')}@${domain}`)
}

/** A topic with one update of the given audience. */
async function addUpdate(
  db: Database,
  orgId: string,
  audience: 'public' | 'private' = 'public',
  message = 'We renewed our SOC 2 Type II report.\nThe new report covers the last twelve months.',
) {
  const topic = await db.insertInto('update_topics').values({ org_id: orgId, subject: 'SOC 2 Type II renewed', category: 'compliance' }).returning('id').executeTakeFirstOrThrow()
  const update = await db
    .insertInto('updates')
    .values({ topic_id: topic.id, title: 'Report renewed for 2026', message, audience, channel_email: true })
    .returning('id')
    .executeTakeFirstOrThrow()
  return update.id
}

describeEachDatabase('update fan-out', (database) => {
  let mail: FakeMail
  const db = () => database().handle.db
  const env = () => ({ ...database().env, EMAIL_FROM: FROM })
  const resendEnv = () => ({ ...env(), RESEND_API_KEY: 're_fanout_key', SMTP_URL: undefined })
  const smtpEnv = () => ({ ...env(), RESEND_API_KEY: undefined, SMTP_URL: mail.smtp.url })
  const rowsOf = (sendId: string) => db().selectFrom('outbox').selectAll().where('update_send_id', '=', sendId).orderBy('recipient').execute()
  const sendRow = (sendId: string) => db().selectFrom('update_sends').selectAll().where('id', '=', sendId).executeTakeFirstOrThrow()
  /** The mail of a send, stored once for all its recipients. */
  const contentOf = async (sendId: string) =>
    db()
      .selectFrom('outbox_contents')
      .selectAll()
      .where('id', '=', (await sendRow(sendId)).content_id!)
      .executeTakeFirstOrThrow()
  const send = (org: OrgFixture, updateId: string, audience: 'subscribers' | 'list' = 'subscribers', emails?: string[]) =>
    createUpdateSend(db(), { orgId: org.id, updateId, audience, emails, createdBy: org.admin.email })
  /** Runs the worker's rounds until nothing is due, as its loop does; their results summed. */
  async function drain(transportEnv: TransportEnv, transport: EmailTransport) {
    const total: OutboxRunResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, held: 0, released: 0 }
    for (;;) {
      const result = await processOutbox(db(), transportEnv, transport)
      if (!result.claimed) return total
      for (const key of Object.keys(total) as (keyof OutboxRunResult)[]) total[key] += result[key]
    }
  }

  beforeAll(async () => {
    mail = await startFakeMail()
  })
  afterAll(() => mail?.close())
  beforeEach(async () => {
    // One database per file: every case starts from an empty outbox and empty fakes.
    await db().deleteFrom('outbox').execute()
    await db().updateTable('update_sends').set({ status: 'queued' }).where('status', '=', 'expanding').execute()
    mail.resend.messages.length = 0
    mail.smtp.messages.length = 0
    mail.resend.failNext(0)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('expands 2,000 confirmed subscribers into 2,000 rows in batches, and running it again adds nobody', async () => {
    const org = await createOrg(database())
    const readers = await addSubscribers(db(), org.id, 2000, 'reader')
    await db()
      .insertInto('subscribers')
      .values([
        { org_id: org.id, email: 'pending@example.test', source: 'direct_link', status: 'pending' },
        { org_id: org.id, email: 'gone@example.test', source: 'direct_link', status: 'unsubscribed' },
        { org_id: org.id, email: 'blocked@example.test', source: 'direct_link', status: 'confirmed' },
      ])
      .execute()
    await db().insertInto('subscriber_blocks').values({ org_id: org.id, pattern: 'blocked@example.test', kind: 'email', created_by: 'test' }).execute()
    const sendId = await send(org, await addUpdate(db(), org.id))

    expect(await expandUpdateSends(db(), env())).toMatchObject({ batches: 3, recipients: 2000, more: false })
    const rows = await rowsOf(sendId)
    expect(rows.map((row) => row.recipient)).toEqual(readers)
    expect(await sendRow(sendId)).toMatchObject({ status: 'queued', recipients: 2000, expanded_through: readers.at(-1) })
    expect((await sendRow(sendId)).expanded_at).toBeInstanceOf(Date)
    // Queued in send groups of 100, each the worker's batch.
    const groups = new Map<string, number>()
    for (const row of rows) groups.set(row.provider_message_id!, (groups.get(row.provider_message_id!) ?? 0) + 1)
    expect([...groups.values()]).toEqual(Array(2000 / SEND_GROUP_SIZE).fill(SEND_GROUP_SIZE))

    // Nothing left to expand.
    expect(await expandUpdateSends(db(), env())).toMatchObject({ batches: 0, recipients: 0 })
    // A crash after the rows committed but before the cursor did (as if): the batches run again and add nobody.
    await db().updateTable('update_sends').set({ status: 'expanding', expanded_through: null, expanded_at: null }).where('id', '=', sendId).execute()
    expect(await expandUpdateSends(db(), env(), { batchSize: 700 })).toMatchObject({ batches: 3, recipients: 0 })
    expect(await rowsOf(sendId)).toHaveLength(2000)
    expect(await sendRow(sendId)).toMatchObject({ status: 'queued', recipients: 2000 })
  })

  it('stores the mail once per send, and an update edited half-way still reaches the rest as it reached the first', async () => {
    const org = await createOrg(database())
    await addSubscribers(db(), org.id, 1500, 'edited')
    const updateId = await addUpdate(db(), org.id, 'public', 'The first words.')
    const sendId = await send(org, updateId)

    // One round of one batch, then staff edit the update before the rest is expanded.
    expect(await expandUpdateSends(db(), env(), { batchSize: 1000, maxBatches: 1 })).toMatchObject({ batches: 1, recipients: 1000, more: true })
    await db().updateTable('updates').set({ message: 'Other words.' }).where('id', '=', updateId).execute()
    await expandUpdateSends(db(), env(), { batchSize: 1000 })

    const rows = await rowsOf(sendId)
    expect(rows).toHaveLength(1500)
    const content = await contentOf(sendId)
    expect(new Set(rows.map((row) => row.content_id))).toEqual(new Set([content.id]))
    expect(content.text_body).toContain('The first words.')
    expect(content.text_body).not.toContain('Other words.')
  })

  it('sends a private update only to subscribers who are members of an account with live access', async () => {
    const org = await createOrg(database())
    const profile = await createPermissionProfile(database(), org.product, { name: 'Customers' })
    const live = { productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + 30 * 86_400_000) }
    const expired = { ...live, expiresAt: new Date(Date.now() - 86_400_000) }
    await createAccountWithMember(database(), org, { name: 'Live', products: [live], member: { email: 'member@live.test' } })
    await createAccountWithMember(database(), org, { name: 'Lapsed', products: [expired], member: { email: 'member@lapsed.test' } })
    // A member of another org's account with live access is nobody here.
    const other = await createOrg(database())
    const otherProfile = await createPermissionProfile(database(), other.product, { name: 'Theirs' })
    await createAccountWithMember(database(), other, {
      name: 'Elsewhere',
      products: [{ ...live, productId: other.product.id, profileId: otherProfile.id }],
      member: { email: 'member@elsewhere.test' },
    })
    for (const email of ['member@live.test', 'member@lapsed.test', 'member@elsewhere.test', 'prospect@example.test']) {
      await db().insertInto('subscribers').values({ org_id: org.id, email, source: 'direct_link', status: 'confirmed' }).execute()
    }

    const privateSend = await send(org, await addUpdate(db(), org.id, 'private'))
    const publicSend = await send(org, await addUpdate(db(), org.id, 'public'))
    await expandUpdateSends(db(), env())
    expect((await rowsOf(privateSend)).map((row) => row.recipient)).toEqual(['member@live.test'])
    expect((await rowsOf(publicSend)).map((row) => row.recipient)).toEqual(['member@elsewhere.test', 'member@lapsed.test', 'member@live.test', 'prospect@example.test'])
    expect(await sendRow(privateSend)).toMatchObject({ status: 'queued', recipients: 1 })

    // An audience list follows the same rules: a private update to members with access only, and
    // nobody who unsubscribed.
    await db().updateTable('subscribers').set({ status: 'unsubscribed' }).where('org_id', '=', org.id).where('email', '=', 'prospect@example.test').execute()
    const list = ['member@live.test', 'member@lapsed.test', 'prospect@example.test', 'new@example.test']
    const privateList = await send(org, await addUpdate(db(), org.id, 'private'), 'list', list)
    const publicList = await send(org, await addUpdate(db(), org.id, 'public'), 'list', list)
    await expandUpdateSends(db(), env())
    expect((await rowsOf(privateList)).map((row) => row.recipient)).toEqual(['member@live.test'])
    expect((await rowsOf(publicList)).map((row) => row.recipient)).toEqual(['member@lapsed.test', 'member@live.test', 'new@example.test'])
  })

  it('sends to an audience list in order, without its blocked addresses and domains, in bounded batches', async () => {
    const org = await createOrg(database())
    await db()
      .insertInto('subscriber_blocks')
      .values([
        { org_id: org.id, pattern: 'blocked@fabrikam.test', kind: 'email', created_by: 'test' },
        { org_id: org.id, pattern: 'spam.test', kind: 'domain', created_by: 'test' },
      ])
      .execute()
    const list = ['zoe@fabrikam.test', 'blocked@fabrikam.test', 'amy@contoso.test', 'bulk@spam.test', 'ann@mail.spam.test', 'ben@contoso.test', 'cy@contoso.test']
    const sendId = await send(org, await addUpdate(db(), org.id), 'list', list)

    // Two at a time: a batch whose addresses are all blocked still moves the cursor on.
    const expanded = await expandUpdateSends(db(), env(), { batchSize: 2 })
    expect(expanded.recipients).toBe(4)
    expect(expanded.batches).toBe(4)
    expect((await rowsOf(sendId)).map((row) => row.recipient)).toEqual(['amy@contoso.test', 'ben@contoso.test', 'cy@contoso.test', 'zoe@fabrikam.test'])
    expect(await sendRow(sendId)).toMatchObject({ status: 'queued', recipients: 4, expanded_through: 'zoe@fabrikam.test' })
  })

  it('hands the transport the RFC 8058 and List-Id headers, while the stored row keeps no usable token', async () => {
    const org = await createOrg(database())
    await db().updateTable('portal_customizations').set({ support_mailbox: 'security@acme.test' }).where('org_id', '=', org.id).execute()
    const readers = await addSubscribers(db(), org.id, 3, 'headers')
    const updateId = await addUpdate(db(), org.id)
    const sendId = await send(org, updateId)
    await expandUpdateSends(db(), env())
    const portalUrl = `${database().env.APP_URL}/portal/${org.slug}`

    const stored = await rowsOf(sendId)
    // The content is stored once for the send, every row pointing at it.
    const content = await contentOf(sendId)
    expect(stored.map((row) => [row.content_id, row.subject, row.text_body, row.html_body])).toEqual(stored.map(() => [content.id, null, null, null]))
    for (const row of stored) {
      expect(row.secrets).toHaveLength(1)
      const [token] = row.secrets
      expect(readUnsubscribeToken(database().env, token)).toEqual({ orgId: org.id, email: row.recipient })
      for (const value of [content.subject, content.text_body, content.html_body!, JSON.stringify(content.headers)]) expect(value).not.toContain(token)
      expect(content.headers).toEqual({
        'List-Unsubscribe': `<${portalUrl}/unsubscribe?token=[redacted:1]>, <mailto:security@acme.test?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `"${org.name} trust updates" <updates.${org.slug}.northwind.test>`,
      })
      expect(content.text_body).toContain(`Unsubscribe: ${portalUrl}/?unsubscribeToken=[redacted:1]`)
    }

    expect(await processOutbox(db(), resendEnv(), createTransport(resendEnv()))).toMatchObject({ claimed: 3, sent: 3 })
    const messages = mail.resend.messages
    expect(messages.map((message) => message.body.to).sort()).toEqual(readers)
    for (const message of messages) {
      const row = stored.find((entry) => entry.recipient === message.body.to)!
      const [token] = row.secrets
      expect(message.body.headers).toMatchObject({
        'List-Unsubscribe': `<${portalUrl}/unsubscribe?token=${token}>, <mailto:security@acme.test?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': `"${org.name} trust updates" <updates.${org.slug}.northwind.test>`,
      })
      // The update's title is the subject; its topic is named in the details.
      expect(message.body.subject).toBe(`${org.name} update: Report renewed for 2026`)
      expect(message.body.text).toContain('SOC 2 Type II renewed')
      expect(message.body.text).toContain(`${portalUrl}/?unsubscribeToken=${token}`)
      expect(message.body.text).toContain(`${portalUrl}/?tcuUid=${updateId}`)
      expect(message.body.text).toContain('We renewed our SOC 2 Type II report.\n\nThe new report covers the last twelve months.')
      expect(message.body.html).toContain(`<a href="${portalUrl}/?unsubscribeToken=${token}"`)
      expect(message.body.html).toContain(`href="${portalUrl}/?tcuUid=${updateId}"`)
      expect(message.body.html).toContain(`You receive updates from ${org.name}&#39;s Trust Center at this address.`)
      expect(message.body.html).not.toMatch(/<img\b[^>]*(width="1"|height="1")/)
    }
    // One batch request for the group, under the hash of its row ids; each mail names its own row.
    expect(new Set(messages.map((message) => message.batchKey))).toEqual(new Set([batchKey(stored.map((row) => row.id))]))
    expect(messages.map((message) => message.idempotencyKey).sort()).toEqual(stored.map((row) => row.id).sort())
    const sent = await rowsOf(sendId)
    expect(sent.every((row) => row.status === 'sent' && row.secrets.length === 0)).toBe(true)
    expect(sent.map((row) => row.provider_message_id).sort()).toEqual(messages.map((message) => message.id).sort())
  })

  it('uses the EMAIL_FROM address for the mailto unsubscribe when the org has no support mailbox', async () => {
    const org = await createOrg(database())
    await addSubscribers(db(), org.id, 1, 'mailto')
    const sendId = await send(org, await addUpdate(db(), org.id))
    await expandUpdateSends(db(), env())
    const content = await contentOf(sendId)
    expect((content.headers as Record<string, string>)['List-Unsubscribe']).toMatch(/, <mailto:trust@northwind\.test\?subject=unsubscribe>$/)
  })

  it('sends a batch cut off before markAllSent again under the same key, which the provider answers without a second e-mail', async () => {
    const org = await createOrg(database())
    await addSubscribers(db(), org.id, 250, 'again')
    const sendId = await send(org, await addUpdate(db(), org.id))
    await expandUpdateSends(db(), env())
    const transport = createTransport(resendEnv())

    // A worker claims and hands the first group to Resend, then dies before recording anything.
    // (One whole group: 100 recipients, or the 50 of the last group when its turn comes first.)
    const [first] = await claimDueBatches(db(), SEND_GROUP_SIZE, 300)
    expect([50, SEND_GROUP_SIZE]).toContain(first.emails.length)
    const outgoing = first.emails.map((email) => ({
      id: email.id,
      from: FROM,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? undefined,
      headers: email.headers,
    }))
    expect((await transport.sendBatch!(outgoing, { idempotencyKey: first.key, startBy: Date.now() + 60_000 })).every((outcome) => outcome.status === 'sent')).toBe(true)
    expect(mail.resend.messages).toHaveLength(first.emails.length)
    // Its claim runs out: the group is claimed again whole, first, and sent as the same request.
    await db()
      .updateTable('outbox')
      .set({ locked_until: sql`now() - interval '1 second'` })
      .where('status', '=', 'sending')
      .execute()
    const replaysBefore = mail.resend.replays
    expect(await drain(resendEnv(), transport)).toMatchObject({ claimed: 250, sent: 250 })
    expect(mail.resend.replays).toBe(replaysBefore + 1)
    expect(mail.resend.conflicts).toBe(0)

    const rows = await rowsOf(sendId)
    expect(rows.every((row) => row.status === 'sent')).toBe(true)
    // The replayed group's rows carry the ids Resend answered the first time.
    expect(new Set(rows.map((row) => row.provider_message_id))).toEqual(new Set(mail.resend.messages.map((message) => message.id)))
    const recipients = mail.resend.messages.map((message) => message.body.to as string)
    expect(recipients).toHaveLength(250)
    expect(new Set(recipients).size).toBe(250)
  })

  it('retries a group the provider refused as the same group, under the same key, with backoff', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const org = await createOrg(database())
    await addSubscribers(db(), org.id, 150, 'retry')
    const sendId = await send(org, await addUpdate(db(), org.id))
    await expandUpdateSends(db(), env())
    const transport = createTransport(resendEnv())

    mail.resend.failNext(1)
    const run = await drain(resendEnv(), transport)
    expect(run).toMatchObject({ claimed: 150, failed: 0 })
    expect(run.sent + run.retrying).toBe(150)
    const waiting = (await rowsOf(sendId)).filter((row) => row.status === 'pending')
    expect(waiting).toHaveLength(run.retrying)
    expect(new Set(waiting.map((row) => `${row.provider_message_id} ${row.next_attempt_at.getTime()} ${row.attempts}`)).size).toBe(1)
    expect(waiting[0].last_error).toMatch(/500/)
    // Not due for 30 s.
    expect((await processOutbox(db(), resendEnv(), transport)).claimed).toBe(0)

    await db()
      .updateTable('outbox')
      .set({ next_attempt_at: sql`now()` })
      .where('update_send_id', '=', sendId)
      .where('status', '=', 'pending')
      .execute()
    expect(await drain(resendEnv(), transport)).toMatchObject({ claimed: waiting.length, sent: waiting.length })
    const retried = mail.resend.messages.filter((message) => waiting.some((row) => row.id === message.idempotencyKey))
    expect(retried).toHaveLength(waiting.length)
    expect(new Set(retried.map((message) => message.batchKey))).toEqual(new Set([batchKey(waiting.map((row) => row.id))]))
    expect(mail.resend.messages).toHaveLength(150)
  })

  it('sends a group over pooled SMTP connections, each mail with its headers', async () => {
    const org = await createOrg(database())
    const readers = await addSubscribers(db(), org.id, 12, 'smtp')
    const sendId = await send(org, await addUpdate(db(), org.id))
    await expandUpdateSends(db(), env())
    const transport = createTransport(smtpEnv())
    try {
      expect(await drain(smtpEnv(), transport)).toMatchObject({ claimed: 12, sent: 12 })
    } finally {
      await transport.close?.()
    }
    expect(mail.smtp.messages.flatMap((message) => message.to).sort()).toEqual(readers)
    for (const message of mail.smtp.messages) {
      // Long header lines arrive folded.
      const headers = message.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ')
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
      expect(headers).toMatch(
        /^List-Unsubscribe: <http:\/\/localhost:3000\/portal\/[^/]+\/unsubscribe\?token=[A-Za-z0-9_.-]+>, <mailto:trust@northwind\.test\?subject=unsubscribe>$/m,
      )
      expect(headers).toMatch(/^List-Id: "Org [^"]+ trust updates" <updates\.[a-z0-9-]+\.northwind\.test>$/im)
    }
    expect((await rowsOf(sendId)).every((row) => row.status === 'sent')).toBe(true)
  })
})

for (const backend of BACKENDS) {
  describe(`update fan-out through a SIGKILL (${backend})`, () => {
    const RECIPIENTS = 2000
    let fake: FakeResend
    let server: RunningServer | undefined

    afterAll(async () => {
      await server?.stop()
      await fake?.close()
    })

    async function waitFor(condition: () => boolean, timeoutMs: number, what: string) {
      const started = Date.now()
      while (!condition()) {
        if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}:\n${server?.output().slice(-3000)}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }

    it('delivers a 2,000-recipient update exactly once per subscriber at the provider', { timeout: 240_000 }, async () => {
      // A few ms per mail at the provider: the kill lands while a batch is there, accepted and not yet answered.
      fake = await startFakeResend({ delayPerMessageMs: 2 })
      const domain = `crash-${randomBytes(3).toString('hex')}.test`
      const env = { RESEND_API_KEY: 're_crash_key', RESEND_BASE_URL: fake.url, EMAIL_FROM: FROM }
      let sendId = ''
      let subscribers: string[] = []
      server = await startServer(backend, env, async (db) => {
        const org = await db
          .insertInto('orgs')
          .values({ slug: domain.replace('.test', ''), name: 'Crash Test Cloud' })
          .returning('id')
          .executeTakeFirstOrThrow()
        await db.insertInto('portal_customizations').values({ org_id: org.id }).execute()
        subscribers = await addSubscribers(db, org.id, RECIPIENTS, 'reader', domain)
        sendId = await createUpdateSend(db, { orgId: org.id, updateId: await addUpdate(db, org.id), audience: 'subscribers', createdBy: 'admin@northwind.test' })
      })
      const ours = () => fake.messages.filter((message) => String(message.body.to).endsWith(`@${domain}`))

      await waitFor(() => ours().length >= 600 && fake.inFlight > 0, 120_000, 'a batch at the provider')
      // Synchronous up to the kill: the fake (in this process) cannot answer the batch in between.
      const halted = server.halt('SIGKILL')
      const acceptedAtKill = ours().length
      await halted
      expect(acceptedAtKill).toBeLessThan(RECIPIENTS)

      server = await startServer(
        backend,
        env,
        async (db) => {
          // Time passes: the dead worker's claim runs out (LOCK_SECONDS), as it would after five minutes.
          await db
            .updateTable('outbox')
            .set({ locked_until: sql`now() - interval '1 second'` })
            .where('status', '=', 'sending')
            .execute()
        },
        { reuse: server },
      )
      await waitFor(() => new Set(ours().map((message) => message.body.to)).size >= RECIPIENTS && fake.inFlight === 0, 180_000, 'every recipient at the provider')
      // SIGTERM: the worker finishes its round (markAllSent) before the process exits.
      await server.halt()

      const accepted = ours()
      const recipients = accepted.map((message) => String(message.body.to))
      expect(recipients).toHaveLength(RECIPIENTS)
      expect(new Set(recipients)).toEqual(new Set(subscribers))
      // The batch at the provider when the process died was sent again after the restart and answered from
      // Resend's idempotency record, with the same payload (no 409).
      expect(fake.replays).toBeGreaterThanOrEqual(1)
      expect(fake.conflicts).toBe(0)

      const handle = await openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl })
      try {
        const rows = await handle.db.selectFrom('outbox').select(['id', 'recipient', 'status', 'provider_message_id', 'secrets']).where('update_send_id', '=', sendId).execute()
        expect(rows).toHaveLength(RECIPIENTS)
        expect(rows.filter((row) => row.status !== 'sent')).toEqual([])
        expect(rows.every((row) => row.secrets.length === 0)).toBe(true)
        // Each mail's own key is its row, and each row was accepted once.
        expect(accepted.map((message) => message.idempotencyKey).sort()).toEqual(rows.map((row) => row.id).sort())
        expect(await handle.db.selectFrom('update_sends').select(['status', 'recipients']).where('id', '=', sendId).executeTakeFirstOrThrow()).toEqual({
          status: 'queued',
          recipients: RECIPIENTS,
        })
      } finally {
        await handle.close()
      }
    })
  })
}
