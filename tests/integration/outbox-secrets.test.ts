// Finding 4 of the outside review: a member with only `settings` read live invitation links at
// /settings/outbox and could accept an invitation carrying every permission. No usable token is ever
// shown there, nor kept in the stored mail once it is handed over.
import { sql, type Kysely } from 'kysely'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { action as acceptAction, loader as acceptLoader } from '../../app/routes/auth/accept-invite'
import { action as membersAction } from '../../app/routes/staff/members/index'
import { loader as outboxLoader } from '../../app/routes/staff/settings/outbox'
import { STAFF_PERMISSIONS } from '../../app/lib/permissions'
import { up as moveSecretsOut } from '../../migrations/0004-outbox-secrets'
import { enqueueEmail, markFailedAttempt } from '../../server/email/outbox'
import { processOutbox } from '../../server/email/worker'
import { startFakeMail, type FakeMail } from '../fakes/mail'
import type { FakeResend } from '../fakes/resend'
import type { FakeSmtp } from '../fakes/smtp'
import { describeEachDatabase } from '../setup/database'
import { callRoute } from '../setup/route'
import { createStaffMember, staffCookie } from '../setup/staff'

const FROM = 'Northwind Trust <trust@northwind.test>'
const INVITE_LINK = /\/invite\/([A-Za-z0-9_-]{20,100})/g
// Anything on the page that could be a token: every run of URL-safe characters long enough to be one.
const TOKEN_LIKE = /[A-Za-z0-9_-]{20,100}/g

const decodeQuotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

describeEachDatabase('secrets in the e-mail outbox', (database) => {
  let smtp: FakeSmtp
  let resend: FakeResend
  let mail: FakeMail
  beforeAll(async () => {
    mail = await startFakeMail()
    ;({ smtp, resend } = mail)
  })
  afterAll(() => mail?.close())
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const db = () => database().handle.db
  const smtpEnv = () => ({ EMAIL_FROM: FROM, SMTP_URL: smtp.url, RESEND_API_KEY: undefined })
  const logEnv = { EMAIL_FROM: FROM, SMTP_URL: undefined, RESEND_API_KEY: undefined }
  const outboxRow = (recipient: string) => db().selectFrom('outbox').selectAll().where('recipient', '=', recipient).executeTakeFirstOrThrow()

  /** An invitation with every permission, sent by the demo admin: what a `settings` member would like to accept. */
  async function inviteAdmin(email: string) {
    const invited = await callRoute(membersAction, database(), {
      path: '/members',
      cookie: await staffCookie(database()),
      form: { intent: 'invite', email, permissions: [...STAFF_PERMISSIONS] },
    })
    expect(invited.status).toBe(302)
  }

  /** Whether `token` opens an invitation, as the accept page's loader answers it. */
  async function opensInvitation(token: string) {
    return (await callRoute(acceptLoader, database(), { path: `/invite/${token}`, params: { token } })).status === 200
  }

  it('shows a settings-only member the invitation without any token that opens it', async () => {
    const email = 'future-admin@northwind.test'
    await inviteAdmin(email)
    const settingsOnly = await createStaffMember(database(), 'settings-only@northwind.test', ['settings'])

    // Before the worker ran: the mail is queued.
    const queued = await callRoute(outboxLoader, database(), { path: '/settings/outbox', cookie: settingsOnly })
    expect(queued.status).toBe(200)
    const message = queued.data.messages.find((entry: { recipient: string }) => entry.recipient === email)
    expect(message.subject).toMatch(/ invited you to Northwind Cloud's Trust Center workspace$/)
    expect(message.text).toContain('http://localhost:3000/invite/[redacted:1]')
    const page = JSON.stringify(queued.data)
    expect([...page.matchAll(INVITE_LINK)]).toEqual([])
    for (const [candidate] of page.matchAll(TOKEN_LIKE)) expect(await opensInvitation(candidate)).toBe(false)

    // The invitee gets the real link, and it is not on the page before or after sending.
    expect((await processOutbox(db(), smtpEnv())).sent).toBeGreaterThanOrEqual(1)
    const delivered = decodeQuotedPrintable(smtp.messages.find((entry) => entry.to.includes(email))!.raw)
    const token = [...delivered.matchAll(INVITE_LINK)][0][1]
    expect(await opensInvitation(token)).toBe(true)
    const sent = await callRoute(outboxLoader, database(), { path: '/settings/outbox', cookie: settingsOnly })
    expect(page).not.toContain(token)
    expect(JSON.stringify(sent.data)).not.toContain(token)
    expect(sent.data.messages.find((entry: { recipient: string }) => entry.recipient === email).status).toBe('sent')

    // And the settings member cannot accept it with anything the page showed.
    const guess = [...JSON.stringify(sent.data).matchAll(TOKEN_LIKE)].map(([candidate]) => candidate)
    for (const candidate of guess) {
      const accepted = await callRoute(acceptAction, database(), {
        path: `/invite/${candidate}`,
        params: { token: candidate },
        form: { name: 'Not Me', password: 'a-very-long-password', confirm: 'a-very-long-password' },
      })
      expect(accepted.status).toBe(404)
    }
  })

  it('drops the token from the stored row once SMTP took the mail', async () => {
    const email = 'smtp-invitee@northwind.test'
    await inviteAdmin(email)
    const queued = await outboxRow(email)
    expect(queued.secrets).toHaveLength(1)
    const [token] = queued.secrets
    expect([queued.subject, queued.text_body, queued.html_body, JSON.stringify(queued.headers)].join('\n')).not.toContain(token)
    expect(queued.html_body).toContain('href="http://localhost:3000/invite/[redacted:1]"')

    await processOutbox(db(), smtpEnv())
    const raw = smtp.messages.find((entry) => entry.to.includes(email))!.raw
    expect(decodeQuotedPrintable(raw)).toContain(`http://localhost:3000/invite/${token}`)
    const sent = await outboxRow(email)
    expect(sent).toMatchObject({ status: 'sent', secrets: [] })
    expect([sent.subject, sent.text_body, sent.html_body, JSON.stringify(sent.headers)].join('\n')).not.toContain(token)
    expect(sent.text_body).toContain('/invite/[redacted:1]')
  })

  it('prints the whole mail once to the log without a transport, then keeps it held without its token', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const email = 'logged-invitee@northwind.test'
    await inviteAdmin(email)
    expect((await processOutbox(db(), logEnv)).held).toBeGreaterThanOrEqual(1)
    const lines = log.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith(`[email] to=${email} `))
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toMatch(/[\r\n]/)
    const [token] = [...lines[0].matchAll(INVITE_LINK)].map((match) => match[1])
    expect(lines[0]).toContain('Accept the invitation and choose your password here')
    expect(await opensInvitation(token)).toBe(true)

    const held = await outboxRow(email)
    expect(held).toMatchObject({ status: 'held', secrets: [] })
    expect(`${held.text_body}${held.html_body}`).not.toContain(token)
    // Held rows are not claimed again: the log line is the one copy with the link.
    await processOutbox(db(), logEnv)
    expect(log.mock.calls.filter(([line]) => String(line).startsWith(`[email] to=${email} `))).toHaveLength(1)
  })

  it('hides any mail’s secrets in its bodies and headers and gives them back to the transport', async () => {
    const token = 'unsubscribe.c2lnbmVkLXRva2Vu.9f8e7d6c5b4a'
    const id = await enqueueEmail(db(), {
      to: 'reader@example.test',
      subject: 'Policy updated',
      text: `Our policy changed.\nUnsubscribe: https://trust.northwind.test/portal?unsubscribeToken=${token}`,
      html: `<p><a href="https://trust.northwind.test/portal?unsubscribeToken=${token}">Unsubscribe</a></p>`,
      headers: { 'List-Unsubscribe': `<https://trust.northwind.test/unsubscribe?token=${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      secrets: [token],
    })
    const stored = await db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(JSON.stringify({ ...stored, secrets: [] })).not.toContain(token)
    expect(stored.headers).toEqual({ 'List-Unsubscribe': '<https://trust.northwind.test/unsubscribe?token=[redacted:1]>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })

    await processOutbox(db(), { EMAIL_FROM: FROM, SMTP_URL: undefined, RESEND_API_KEY: 're_test_key' })
    const delivered = resend.messages.find((message) => message.idempotencyKey === id)!
    expect(JSON.stringify(delivered.body)).toContain(`unsubscribeToken=${token}`)
    expect(delivered.body).toMatchObject({ headers: { 'List-Unsubscribe': `<https://trust.northwind.test/unsubscribe?token=${token}>` } })
    expect(JSON.stringify(await db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow())).not.toContain(token)
  })

  it('drops the secrets of a mail that failed for good, and hides them in a quoted error', async () => {
    const token = 'a-login-token-0123456789abcdef'
    const id = await enqueueEmail(db(), { to: 'failing@example.test', subject: 'Sign in', text: `https://trust.northwind.test/login/${token}`, secrets: [token] })
    await db().updateTable('outbox').set({ status: 'sending', attempts: 7 }).where('id', '=', id).execute()
    expect(await markFailedAttempt(db(), id, new Error(`550 rejected: https://trust.northwind.test/login/${token}`), [token])).toBe('failed')
    const failed = await db().selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(failed).toMatchObject({ status: 'failed', secrets: [], last_error: '550 rejected: https://trust.northwind.test/login/[redacted:1]' })
  })

  it('keeps the secrets of a mail that will be retried', async () => {
    const token = 'a-retry-token-0123456789abcdef'
    const id = await enqueueEmail(db(), { to: 'retrying@example.test', subject: 'Sign in', text: `https://trust.northwind.test/login/${token}`, secrets: [token] })
    await db().updateTable('outbox').set({ status: 'sending' }).where('id', '=', id).execute()
    expect(await markFailedAttempt(db(), id, new Error('421 try later'), [token])).toBe('pending')
    expect((await db().selectFrom('outbox').select('secrets').where('id', '=', id).executeTakeFirstOrThrow()).secrets).toEqual([token])
    await db()
      .updateTable('outbox')
      .set({ next_attempt_at: sql`now()` })
      .where('id', '=', id)
      .execute()
    await processOutbox(db(), smtpEnv())
    expect(smtp.messages.find((entry) => entry.to.includes('retrying@example.test'))!.raw).toContain(token)
  })

  it('refuses a secret that is short, has characters that escaping would change, or is not in the mail', async () => {
    const mail = { to: 'x@example.test', subject: 'S', text: 'https://trust.northwind.test/x?t=abc&d=0123456789abcdefgh' }
    await expect(enqueueEmail(db(), { ...mail, secrets: ['abc'] })).rejects.toThrow(/secret/)
    await expect(enqueueEmail(db(), { ...mail, secrets: ['abc&d=0123456789abcdefgh'] })).rejects.toThrow(/secret/)
    await expect(enqueueEmail(db(), { ...mail, secrets: ['not-in-the-mail-0123456789'] })).rejects.toThrow(/secret/)
    expect(await db().selectFrom('outbox').select('id').where('recipient', '=', 'x@example.test').execute()).toEqual([])
  })

  it('moves invitation links stored before the upgrade out of the bodies: kept for a mail still to send, dropped from one held', async () => {
    await db().schema.alterTable('outbox').dropColumn('secrets').execute()
    const stored = { pending: 'PendingToken_0123456789-abcdefghijklmnop', held: 'HeldToken_0123456789-abcdefghijklmnopqrst' }
    for (const [status, token] of Object.entries(stored)) {
      await sql`insert into outbox (recipient, subject, text_body, html_body, status)
        values (${`migrated-${status}@northwind.test`}, 'Invitation', ${`Accept here:\nhttp://localhost:3000/invite/${token}\n`}, ${`<a href="http://localhost:3000/invite/${token}">Accept</a>`}, ${status})`.execute(
        db(),
      )
    }
    await moveSecretsOut(db() as unknown as Kysely<any>)

    const pending = await outboxRow('migrated-pending@northwind.test')
    expect(pending).toMatchObject({
      secrets: [stored.pending],
      text_body: 'Accept here:\nhttp://localhost:3000/invite/[redacted:1]\n',
      html_body: '<a href="http://localhost:3000/invite/[redacted:1]">Accept</a>',
    })
    const held = await outboxRow('migrated-held@northwind.test')
    expect(held).toMatchObject({ secrets: [], text_body: 'Accept here:\nhttp://localhost:3000/invite/[redacted:1]\n' })

    await processOutbox(db(), smtpEnv())
    expect(smtp.messages.find((entry) => entry.to.includes('migrated-pending@northwind.test'))!.raw).toContain(`/invite/${stored.pending}`)
  })
})
