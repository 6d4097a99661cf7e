import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as acceptAction, loader as acceptLoader } from '../../app/routes/auth/accept-invite'
import { action as loginAction } from '../../app/routes/auth/login'
import Members, { action as membersAction, loader as membersLoader } from '../../app/routes/staff/members/index'
import { loader as outboxLoader } from '../../app/routes/staff/settings/outbox'
import { STAFF_PERMISSIONS } from '../../app/lib/permissions'
import { processOutbox } from '../../server/email/worker'
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp'
import { UNSTORABLE_VALUE } from '../../server/http/forms'
import { describeEachDatabase } from '../setup/database'
import { callRoute } from '../setup/route'
import { createStaffMember, staffCookie } from '../setup/staff'
import { createOrg } from '../setup/factories'

const FROM = 'Trust <trust@northwind.test>'

/** A quoted-printable body as plain text: soft line breaks and escapes undone. */
const decodeQuotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

describeEachDatabase('members, invitations and sign-in', (database) => {
  let smtp: FakeSmtp
  beforeAll(async () => {
    smtp = await startFakeSmtp()
  })
  afterAll(() => smtp.close())

  const db = () => database().handle.db
  const postMembers = (cookie: string, form: Record<string, string | string[]>) => callRoute(membersAction, database(), { path: '/members', cookie, form })
  const memberNamed = (email: string) => db().selectFrom('staff_members').select(['id', 'name', 'permissions']).where('email', '=', email).executeTakeFirstOrThrow()
  const acceptForm = (name: string) => ({ name, password: 'a-very-long-password', confirm: 'a-very-long-password' })

  it('sends the invitation as the org’s mail (its primary domain, title and colour) with the link on the deployment host', async () => {
    const org = await createOrg(database())
    const host = `trust.${org.slug}.example`
    await db().insertInto('custom_domains').values({ host, org_id: org.id, status: 'verified', token: 'verified-by-the-test', verified_at: new Date(), is_primary: true }).execute()
    await db().updateTable('orgs').set({ brand_color: '#0f766e' }).where('id', '=', org.id).execute()
    await db().updateTable('portal_customizations').set({ portal_title: 'Security Hub' }).where('org_id', '=', org.id).execute()
    expect((await postMembers(org.admin.cookie, { intent: 'invite', email: `new@${org.slug}.test` })).status).toBe(302)
    const mail = await db()
      .selectFrom('outbox')
      .select(['html_body', 'text_body'])
      .where('org_id', '=', org.id)
      .where('recipient', '=', `new@${org.slug}.test`)
      .executeTakeFirstOrThrow()
    // The staff area (and the session the link starts) lives on the deployment host, whatever the portal's domain
    // (the token itself is kept out of the stored copy).
    expect(mail.text_body).toContain('http://localhost:3000/invite/')
    // The mail around it is the org's own: its portal's address on its primary domain, its title and colour.
    expect(mail.html_body).toContain(`http://${host}`)
    expect(mail.html_body).not.toContain(`/portal/${org.slug}`)
    expect(mail.html_body).toContain('Security Hub')
    expect(mail.html_body).toContain('#0f766e')
  })

  it('invites a member by e-mail through SMTP; the link signs them in once', async () => {
    const cookie = await staffCookie(database())
    const invited = await postMembers(cookie, { intent: 'invite', email: 'Riley.Chen@Northwind.test', name: 'Riley Chen', permissions: ['statuspage:edit', 'audit'] })
    expect(invited.status).toBe(302)
    expect(invited.location).toBe('/members')
    const sent = await processOutbox(db(), { EMAIL_FROM: FROM, SMTP_URL: smtp.url, RESEND_API_KEY: undefined })
    expect(sent.sent).toBeGreaterThanOrEqual(1)
    const mail = smtp.messages.find((message) => message.to.includes('riley.chen@northwind.test'))!
    const body = decodeQuotedPrintable(mail.raw)
    expect(body).toContain('invited you to help manage Northwind Cloud')
    const link = /http:\/\/localhost:3000\/invite\/([A-Za-z0-9_-]+)/.exec(body)
    expect(link).not.toBeNull()
    const token = link![1]

    // Opening the link changes nothing; the form's POST consumes it.
    const page = await callRoute(acceptLoader, database(), { path: `/invite/${token}`, params: { token } })
    expect(page.data.email).toBe('riley.chen@northwind.test')
    const weak = await callRoute(acceptAction, database(), { path: `/invite/${token}`, params: { token }, form: { name: 'Riley Chen', password: 'short', confirm: 'short' } })
    expect(weak.status).toBe(400)
    const accepted = await callRoute(acceptAction, database(), { path: `/invite/${token}`, params: { token }, form: acceptForm('Riley Chen') })
    expect(accepted.status).toBe(302)
    expect(accepted.location).toBe('/portal/northwind')
    expect(accepted.headers.get('set-cookie')).toMatch(/^tc_staff=/)
    expect((await callRoute(acceptAction, database(), { path: `/invite/${token}`, params: { token }, form: acceptForm('Again') })).status).toBe(404)
    const member = await memberNamed('riley.chen@northwind.test')
    expect({ name: member.name, permissions: member.permissions }).toEqual({ name: 'Riley Chen', permissions: ['statuspage:edit', 'audit'] })

    const login = await callRoute(loginAction, database(), { path: '/login', form: { email: 'riley.chen@northwind.test', password: 'a-very-long-password' } })
    expect(login.status).toBe(302)
  })

  it('keeps mail in the outbox without a transport, for staff to read', async () => {
    const cookie = await staffCookie(database())
    await postMembers(cookie, { intent: 'invite', email: 'sam@northwind.test' })
    const run = await processOutbox(db(), { EMAIL_FROM: FROM, SMTP_URL: undefined, RESEND_API_KEY: undefined })
    expect(run.held).toBeGreaterThanOrEqual(1)
    const outbox = await callRoute(outboxLoader, database(), { path: '/settings/outbox', cookie })
    expect(outbox.data.transport).toBeNull()
    expect(outbox.data.messages.find((message: { recipient: string }) => message.recipient === 'sam@northwind.test')?.status).toBe('held')
  })

  it('changes permissions, refuses self-removal, and removes a member', async () => {
    const cookie = await staffCookie(database())
    const other = await createStaffMember(database(), 'pat@northwind.test', ['members'])
    const pat = await memberNamed('pat@northwind.test')
    expect((await postMembers(cookie, { intent: 'permissions', memberId: pat.id, permissions: ['audit'] })).status).toBe(302)
    expect((await memberNamed('pat@northwind.test')).permissions).toEqual(['audit'])
    // Pat lost the members scope: the page is now denied.
    expect((await callRoute(membersLoader, database(), { path: '/members', cookie: other })).status).toBe(403)
    const admin = await memberNamed('admin@northwind.test')
    expect((await postMembers(cookie, { intent: 'remove', memberId: admin.id })).status).toBe(400)
    expect((await postMembers(cookie, { intent: 'remove', memberId: pat.id })).status).toBe(302)
    const audit = await db().selectFrom('audit_entries').select('action').where('action', 'like', 'member.%').execute()
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['member.permissions', 'member.remove']))
  })

  it('keeps a member’s own members permission when they untick it', async () => {
    const cookie = await createStaffMember(database(), 'keeper@northwind.test', ['members', 'audit'])
    const keeper = await memberNamed('keeper@northwind.test')
    expect((await postMembers(cookie, { intent: 'permissions', memberId: keeper.id, permissions: ['audit'] })).status).toBe(302)
    expect((await memberNamed('keeper@northwind.test')).permissions).toEqual(['members', 'audit'])
  })

  it('shows the access-denied view to a member without the scope', async () => {
    const auditOnly = await createStaffMember(database(), 'auditor@northwind.test', ['audit'])
    const denied = await callRoute(membersLoader, database(), { path: '/members', cookie: auditOnly })
    expect(denied.status).toBe(403)
    expect(denied.data).toBe("You don't have access to this page")
    expect((await postMembers(auditOnly, { intent: 'invite', email: 'x@northwind.test' })).status).toBe(403)
  })

  describe('granting only what one holds', () => {
    const GRANTER = ['members', 'statuspage:edit', 'files:view']

    it('refuses an invitation with a permission the inviter lacks, and writes nothing', async () => {
      const cookie = await createStaffMember(database(), 'granter-invite@northwind.test', GRANTER)
      const refused = await postMembers(cookie, { intent: 'invite', email: 'escalate@northwind.test', permissions: ['statuspage:edit', 'audit', 'settings'] })
      expect(refused.status).toBe(400)
      expect(refused.data.result.error.permissions).toEqual(['You can only grant permissions you hold yourself, not: Audit log, Settings'])
      expect(await db().selectFrom('staff_invites').select('id').where('email', '=', 'escalate@northwind.test').execute()).toEqual([])
      expect(await db().selectFrom('outbox').select('id').where('recipient', '=', 'escalate@northwind.test').execute()).toEqual([])

      expect((await postMembers(cookie, { intent: 'invite', email: 'allowed@northwind.test', permissions: ['statuspage:edit', 'files:view'] })).status).toBe(302)
      const invite = await db().selectFrom('staff_invites').select('permissions').where('email', '=', 'allowed@northwind.test').executeTakeFirstOrThrow()
      expect(invite.permissions).toEqual(['statuspage:edit', 'files:view'])
    })

    it('neither adds nor removes a permission the actor lacks on someone else', async () => {
      const cookie = await createStaffMember(database(), 'granter-change@northwind.test', GRANTER)
      await createStaffMember(database(), 'plain@northwind.test', ['files:view'])
      await createStaffMember(database(), 'auditing@northwind.test', ['files:view', 'audit'])
      const plain = await memberNamed('plain@northwind.test')
      const auditing = await memberNamed('auditing@northwind.test')

      const added = await postMembers(cookie, { intent: 'permissions', memberId: plain.id, permissions: ['files:view', 'audit'] })
      expect(added.status).toBe(400)
      expect(added.data.result.error['']).toEqual(['You can only grant permissions you hold yourself, not: Audit log'])
      expect((await memberNamed('plain@northwind.test')).permissions).toEqual(['files:view'])

      // The form sends no disabled checkbox: `audit` is absent, and stays as the member has it.
      expect((await postMembers(cookie, { intent: 'permissions', memberId: auditing.id, permissions: ['statuspage:edit'] })).status).toBe(302)
      expect((await memberNamed('auditing@northwind.test')).permissions).toEqual(['statuspage:edit', 'audit'])
      // Sending one the member already holds changes nothing either.
      expect((await postMembers(cookie, { intent: 'permissions', memberId: auditing.id, permissions: ['files:view', 'audit'] })).status).toBe(302)
      expect((await memberNamed('auditing@northwind.test')).permissions).toEqual(['files:view', 'audit'])
    })

    it('refuses to remove a member holding a permission the actor lacks, such as the admin', async () => {
      const cookie = await createStaffMember(database(), 'granter-remove@northwind.test', GRANTER)
      const admin = await memberNamed('admin@northwind.test')
      const refused = await postMembers(cookie, { intent: 'remove', memberId: admin.id })
      expect(refused.status).toBe(400)
      expect(refused.data.result.error[''][0]).toMatch(/^You cannot remove .+: they hold permissions you do not \(.*Audit log\)\.$/)
      expect((await memberNamed('admin@northwind.test')).permissions).toEqual([...STAFF_PERMISSIONS])

      await createStaffMember(database(), 'junior@northwind.test', ['statuspage:edit'])
      const junior = await memberNamed('junior@northwind.test')
      expect((await postMembers(cookie, { intent: 'remove', memberId: junior.id })).status).toBe(302)
    })

    it('disables, with a reason, the checkboxes and removals the viewer cannot use', async () => {
      const cookie = await createStaffMember(database(), 'granter-view@northwind.test', GRANTER)
      const page = await callRoute(membersLoader, database(), { path: '/members', cookie })
      const Stub = createRoutesStub([{ id: 'members', path: '/members', Component: Members as never }])
      const html = renderToString(createElement(Stub, { initialEntries: ['/members'], hydrationData: { loaderData: { members: page.data } } }))
      const checkbox = (prefix: string, permission: string) => new RegExp(`<input type="checkbox" id="${prefix}-${permission}"[^>]*>`).exec(html)?.[0] ?? ''

      expect(checkbox('invite', 'audit')).toMatch(/disabled="" aria-describedby="invite-held-note"/)
      expect(checkbox('invite', 'members')).not.toContain('disabled')
      expect(html).toMatch(/<p class="field__hint" id="invite-held-note">Unavailable permissions are ones you do not hold yourself, so you cannot grant them.<\/p>/)
      const admin = await memberNamed('admin@northwind.test')
      expect(checkbox(admin.id, 'audit')).toMatch(/disabled=""[^>]*checked=""|checked=""[^>]*disabled=""/)
      expect(html).toMatch(new RegExp(`aria-label="Remove [^"]+" disabled="" aria-describedby="${admin.id}-remove-note"`))
    })
  })

  describe('names on one line', () => {
    it.each([
      ['a line feed', 'lf', 'Riley\nBcc: victim@example.test'],
      ['a carriage return', 'cr', 'Riley\rChen'],
      ['a tab', 'tab', 'Riley\tChen'],
      ['a line separator', 'ls', 'Riley\u2028Chen'],
    ])('refuses a name with %s, in the invitation and on accepting it', async (_, key, name) => {
      const cookie = await staffCookie(database())
      const email = `one-line-${key}@northwind.test`
      const invited = await postMembers(cookie, { intent: 'invite', email, name })
      expect(invited.status).toBe(400)
      expect(invited.data.result.error.name).toEqual(['Use one line, without tabs or other control characters'])
      expect(await db().selectFrom('staff_invites').select('id').where('email', '=', email).execute()).toEqual([])

      expect((await postMembers(cookie, { intent: 'invite', email })).status).toBe(302)
      const mail = await db().selectFrom('outbox').select('text_body').where('recipient', '=', email).executeTakeFirstOrThrow()
      const token = await invitationToken(email)
      expect(mail.text_body).toContain('/invite/[redacted:1]')
      const accepted = await callRoute(acceptAction, database(), { path: `/invite/${token}`, params: { token }, form: acceptForm(name) })
      expect(accepted.status).toBe(400)
      expect(accepted.data.result.error.name).toEqual(['Use one line, without tabs or other control characters'])
    })

    it('refuses a NUL in any value before it reaches a schema (PostgreSQL cannot store one)', async () => {
      const cookie = await staffCookie(database())
      const invited = await postMembers(cookie, { intent: 'invite', email: 'one-line-nul@northwind.test', name: 'Riley\u0000Chen' })
      expect(invited.status).toBe(400)
      expect(invited.data).toBe(UNSTORABLE_VALUE)
      expect(await db().selectFrom('staff_invites').select('id').where('email', '=', 'one-line-nul@northwind.test').execute()).toEqual([])
    })

    it('puts a stored multi-line inviter or org name on one line in the e-mail', async () => {
      const cookie = await createStaffMember(database(), 'old-name@northwind.test', ['members'])
      await db().updateTable('staff_members').set({ name: 'Old\r\nBcc: victim@example.test\r\n\r\nInjected' }).where('email', '=', 'old-name@northwind.test').execute()
      expect((await postMembers(cookie, { intent: 'invite', email: 'line-check@northwind.test' })).status).toBe(302)
      const mail = await db().selectFrom('outbox').select(['subject', 'text_body', 'html_body']).where('recipient', '=', 'line-check@northwind.test').executeTakeFirstOrThrow()
      expect(mail.subject).toBe("Old Bcc: victim@example.test Injected invited you to Northwind Cloud's Trust Center workspace")
      expect(mail.text_body?.split('\n')).toContain("Old Bcc: victim@example.test Injected invited you to help manage Northwind Cloud's Trust Center.")
      expect(mail.text_body).not.toMatch(/^Bcc:/m)
      expect(mail.html_body).not.toMatch(/^Bcc:/m)
      expect(mail.html_body).toContain('Old Bcc: victim@example.test Injected invited you')
    })
  })

  /** The token of an open invitation, read from the invitee's side: the mail as the worker hands it over. */
  async function invitationToken(email: string) {
    const sent = smtp.messages.length
    await processOutbox(db(), { EMAIL_FROM: FROM, SMTP_URL: smtp.url, RESEND_API_KEY: undefined })
    const mail = smtp.messages.slice(sent).find((message) => message.to.includes(email))!
    return /\/invite\/([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw))![1]
  }
})
