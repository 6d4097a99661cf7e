import { afterAll, beforeAll, expect, it } from 'vitest'
import { action as acceptAction, loader as acceptLoader } from '../../app/routes/auth/accept-invite'
import { action as loginAction } from '../../app/routes/auth/login'
import { action as membersAction, loader as membersLoader } from '../../app/routes/staff/members/index'
import { loader as outboxLoader } from '../../app/routes/staff/settings/outbox'
import { processOutbox } from '../../server/email/worker'
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp'
import { describeEachDatabase, type TestDatabase } from '../setup/database'
import { createStaffMember, staffCookie } from '../setup/staff'

function call(fn: (args: never) => unknown, database: TestDatabase, path: string, init: { cookie?: string; form?: Record<string, string | string[]>; params?: Record<string, string> } = {}) {
  let body: FormData | undefined
  if (init.form) {
    body = new FormData()
    for (const [name, value] of Object.entries(init.form)) for (const entry of [value].flat()) body.append(name, entry)
  }
  const request = new Request(`http://localhost:3000${path}`, {
    method: body ? 'POST' : 'GET',
    body,
    headers: { host: 'localhost:3000', cookie: init.cookie ?? '', origin: 'http://localhost:3000' },
  })
  const context = { db: database.handle.db, env: database.env, nonce: 't', clientAddress: '127.0.0.1' }
  return Promise.resolve()
    .then(() => fn({ request, params: init.params ?? {}, context } as never))
    .catch((thrown: unknown) => thrown) as Promise<any>
}

const statusOf = (result: any) => (result instanceof Response ? result.status : (result?.init?.status ?? 200))

describeEachDatabase('members, invitations and sign-in', (database) => {
  let smtp: FakeSmtp
  beforeAll(async () => {
    smtp = await startFakeSmtp()
  })
  afterAll(() => smtp.close())

  it('invites a member by e-mail through SMTP; the link signs them in once', async () => {
    const cookie = await staffCookie(database())
    const invited = await call(membersAction, database(), '/members', {
      cookie,
      form: { intent: 'invite', email: 'Riley.Chen@Northwind.test', name: 'Riley Chen', permissions: ['statuspage:edit', 'audit'] },
    })
    expect(statusOf(invited)).toBe(302)
    const sent = await processOutbox(database().handle.db, { EMAIL_FROM: 'Trust <trust@northwind.test>', SMTP_URL: smtp.url, RESEND_API_KEY: undefined })
    expect(sent.sent).toBe(1)
    const mail = smtp.messages.find((message) => message.to.includes('riley.chen@northwind.test'))!
    // The body is quoted-printable: undo soft line breaks and escapes before reading it.
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    expect(body).toContain('invited you to help manage Northwind Cloud')
    const link = /http:\/\/localhost:3000\/invite\/([A-Za-z0-9_-]+)/.exec(body)
    expect(link).not.toBeNull()
    const token = link![1]

    // Opening the link changes nothing; the form's POST consumes it.
    const page = await call(acceptLoader, database(), `/invite/${token}`, { params: { token } })
    expect(page.email).toBe('riley.chen@northwind.test')
    const weak = await call(acceptAction, database(), `/invite/${token}`, { params: { token }, form: { name: 'Riley Chen', password: 'short', confirm: 'short' } })
    expect(statusOf(weak)).toBe(400)
    const accepted = await call(acceptAction, database(), `/invite/${token}`, { params: { token }, form: { name: 'Riley Chen', password: 'a-very-long-password', confirm: 'a-very-long-password' } })
    expect(statusOf(accepted)).toBe(302)
    expect(accepted.headers.get('set-cookie')).toMatch(/^tc_staff=/)
    expect(statusOf(await call(acceptAction, database(), `/invite/${token}`, { params: { token }, form: { name: 'Again', password: 'a-very-long-password', confirm: 'a-very-long-password' } }))).toBe(404)
    const member = await database().handle.db.selectFrom('staff_members').select(['name', 'permissions']).where('email', '=', 'riley.chen@northwind.test').executeTakeFirstOrThrow()
    expect(member).toEqual({ name: 'Riley Chen', permissions: ['statuspage:edit', 'audit'] })

    const login = await call(loginAction, database(), '/login', { form: { email: 'riley.chen@northwind.test', password: 'a-very-long-password' } })
    expect(statusOf(login)).toBe(302)
  })

  it('answers every failed sign-in with one message, then throttles', async () => {
    const unknown = await call(loginAction, database(), '/login', { form: { email: 'nobody@northwind.test', password: 'whatever-it-is' } })
    const wrong = await call(loginAction, database(), '/login', { form: { email: 'admin@northwind.test', password: 'whatever-it-is' } })
    expect(statusOf(unknown)).toBe(400)
    expect(unknown.data.result.error['']).toEqual(['Invalid email or password.'])
    expect(wrong.data.result.error['']).toEqual(['Invalid email or password.'])
    let last: any
    for (let attempt = 0; attempt < 11; attempt++) last = await call(loginAction, database(), '/login', { form: { email: 'target@northwind.test', password: 'guess' } })
    expect(statusOf(last)).toBe(429)
    expect(last.data.result.error[''][0]).toMatch(/^Too many sign-in attempts/)
  })

  it('keeps mail in the outbox without a transport, for staff to read', async () => {
    const cookie = await staffCookie(database())
    await call(membersAction, database(), '/members', { cookie, form: { intent: 'invite', email: 'sam@northwind.test' } })
    const run = await processOutbox(database().handle.db, { EMAIL_FROM: 'Trust <trust@northwind.test>', SMTP_URL: undefined, RESEND_API_KEY: undefined })
    expect(run.held).toBeGreaterThanOrEqual(1)
    const outbox = await call(outboxLoader, database(), '/settings/outbox', { cookie })
    expect(outbox.transport).toBeNull()
    expect(outbox.messages.find((message: { recipient: string }) => message.recipient === 'sam@northwind.test')?.status).toBe('held')
  })

  it('changes permissions, refuses self-removal, and removes a member', async () => {
    const cookie = await staffCookie(database())
    const other = await createStaffMember(database(), 'pat@northwind.test', ['members'])
    const pat = await database().handle.db.selectFrom('staff_members').select('id').where('email', '=', 'pat@northwind.test').executeTakeFirstOrThrow()
    await call(membersAction, database(), '/members', { cookie, form: { intent: 'permissions', memberId: pat.id, permissions: ['audit'] } })
    expect((await database().handle.db.selectFrom('staff_members').select('permissions').where('id', '=', pat.id).executeTakeFirstOrThrow()).permissions).toEqual(['audit'])
    // Pat lost the members scope: the page is now denied.
    expect(statusOf(await call(membersLoader, database(), '/members', { cookie: other }))).toBe(403)
    const admin = await database().handle.db.selectFrom('staff_members').select('id').where('email', '=', 'admin@northwind.test').executeTakeFirstOrThrow()
    const self = await call(membersAction, database(), '/members', { cookie, form: { intent: 'remove', memberId: admin.id } })
    expect(statusOf(self)).toBe(400)
    expect(statusOf(await call(membersAction, database(), '/members', { cookie, form: { intent: 'remove', memberId: pat.id } }))).toBe(302)
    const audit = await database().handle.db.selectFrom('audit_entries').select('action').where('action', 'like', 'member.%').execute()
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['member.invite', 'member.permissions', 'member.remove']))
  })

  it('shows the access-denied view to a member without the scope', async () => {
    const auditOnly = await createStaffMember(database(), 'auditor@northwind.test', ['audit'])
    const denied = await call(membersLoader, database(), '/members', { cookie: auditOnly })
    expect(statusOf(denied)).toBe(403)
    expect(denied.data).toBe("You don't have access to this page")
    expect(statusOf(await call(membersAction, database(), '/members', { cookie: auditOnly, form: { intent: 'invite', email: 'x@northwind.test' } }))).toBe(403)
  })
})
