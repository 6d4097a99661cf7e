// A visitor's life after approval (PRODUCT.md section 3): the login link that a GET leaves alone and a
// POST consumes once, the visitor session and logging out, the clickwrap NDA and its PDF, inviting
// colleagues and asking to extend expired access. Each test builds an org of its own.
import { createHash } from 'node:crypto'
import { expect, it } from 'vitest'
import { NDA_REMINDER, type ItemView, type PortalView } from '../../app/lib/portal-view'
import { action as linkAction, loader as linkLoader } from '../../app/routes/portal/access-link'
import { action as portalAction, loader as portalLoader } from '../../app/routes/portal/portal'
import { action as ndaAction } from '../../app/routes/resources/portal-nda'
import { describeEachDatabase } from '../setup/database'
import {
  createAccount,
  createItem,
  createLoginLink,
  createMember,
  createOrg,
  createPermissionProfile,
  visitorCookie,
  type MemberFixture,
  type OrgFixture,
} from '../setup/factories'
import { callRoute } from '../setup/route'

const DAY = 86_400_000
const NDA_TEXT = 'Mutual non-disclosure agreement.\n\nThe recipient keeps everything shown here confidential.'
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describeEachDatabase('visitor sessions, NDA, invitations and extensions', (database) => {
  const db = () => database().handle.db

  let address = 0
  const nextAddress = () => `10.2.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`

  const post = (org: OrgFixture, form: Record<string, string | string[]>, options: { cookie?: string; clientAddress?: string; headers?: Record<string, string> } = {}) =>
    callRoute(portalAction, database(), {
      path: org.home,
      params: org.params,
      form,
      cookie: options.cookie,
      clientAddress: options.clientAddress ?? nextAddress(),
      headers: options.headers,
    })

  const portal = (org: OrgFixture, options: { cookie?: string; query?: string } = {}) =>
    callRoute<PortalView>(portalLoader as never, database(), { path: `${org.home}${options.query ?? ''}`, params: org.params, cookie: options.cookie })

  const linkPage = (org: OrgFixture, token: string) =>
    callRoute(linkLoader as never, database(), { path: `${org.home}/access/${encodeURIComponent(token)}`, params: { ...org.params, token } })
  const followLink = (org: OrgFixture, token: string, clientAddress = nextAddress()) =>
    callRoute(linkAction as never, database(), {
      path: `${org.home}/access/${encodeURIComponent(token)}`,
      params: { ...org.params, token },
      form: {},
      clientAddress,
      headers: { 'user-agent': 'Link Browser/1.0' },
    })

  const downloadNda = (org: OrgFixture, cookie?: string) => callRoute(ndaAction as never, database(), { path: `${org.home}/nda`, params: org.params, form: {}, cookie })
  /** No NDA for this viewer: back to the portal with the spec's failure toast, and no PDF. */
  const expectNdaRefused = async (org: OrgFixture, cookie?: string) => {
    const refused = await downloadNda(org, cookie)
    expect(refused.status).toBe(302)
    expect(refused.toast).toBe('Failed to download NDA. Please contact support.')
    expect(refused.headers.get('content-type')).not.toBe('application/pdf')
  }

  /** The item as its open card shows it (a grid card shows only a summary of its first items). */
  const itemOf = (view: PortalView, uid: string) => view.openCard?.items.find((item: ItemView) => item.uid === uid)
  const mailsTo = (email: string) => db().selectFrom('outbox').select(['subject', 'text_body', 'secrets']).where('recipient', '=', email).execute()
  const sessionsOf = (member: { id: string }) => db().selectFrom('visitor_sessions').selectAll().where('member_id', '=', member.id).execute()

  /** An account with live (or expired) access to the default product through an all-restricted profile, and one member. */
  async function accountWithMember(org: OrgFixture, options: { expired?: boolean; ndaRequired?: boolean; email?: string } = {}) {
    const profile = await createPermissionProfile(database(), org.product, { name: 'Everything', allRestricted: true })
    const account = await createAccount(database(), org, {
      name: 'Contoso',
      access: [{ productId: org.product.id, profileId: profile.id, ndaRequired: options.ndaRequired, expiresAt: new Date(Date.now() + (options.expired ? -DAY : 30 * DAY)) }],
    })
    const member = await createMember(database(), account, { email: options.email ?? `alice-${org.slug}@contoso.test`, firstName: 'Alice', lastName: 'Example' })
    return { profile, account, member }
  }

  const cookieOf = (org: OrgFixture, member: MemberFixture) => visitorCookie(database(), org, member.id)

  // ---- Login links ----------------------------------------------------------------------------------

  it('leaves a login link alone on GET; a POST consumes it once and signs the member in with an httpOnly, SameSite=Lax cookie', async () => {
    const org = await createOrg(database())
    const { account, member } = await accountWithMember(org)
    expect((await post(org, { intent: 'login', email: member.email })).data.outcome).toBe('login_sent')
    const [mail] = await mailsTo(member.email)
    const token = mail.secrets[0]

    for (let visit = 0; visit < 2; visit++) {
      const page = await linkPage(org, token)
      expect(page.status).toBe(200)
      expect(page.data).toMatchObject({ state: 'valid', orgName: org.name })
      expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    }
    expect(await sessionsOf(member)).toEqual([])
    // Valid for 15 minutes from when it was sent.
    const stored = await db().selectFrom('visitor_login_links').select(['expires_at', 'used_at']).where('member_id', '=', member.id).executeTakeFirstOrThrow()
    expect(Math.abs(new Date(stored.expires_at).getTime() - (Date.now() + 15 * 60_000))).toBeLessThan(60_000)
    expect(stored.used_at).toBeNull()

    const clientAddress = nextAddress()
    const signedIn = await followLink(org, token, clientAddress)
    expect(signedIn.status).toBe(302)
    expect(signedIn.location).toBe(org.home)
    const setCookie = signedIn.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^tc_visitor=[A-Za-z0-9_-]{43}; /)
    const attributes = setCookie.split('; ').slice(1)
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']))
    expect(await sessionsOf(member)).toEqual([expect.objectContaining({ org_id: org.id, ip: clientAddress, user_agent: 'Link Browser/1.0' })])

    // Used: the page says so, and a second POST signs nobody in.
    expect((await linkPage(org, token)).data.state).toBe('used')
    const again = await followLink(org, token)
    expect(again.status).toBe(410)
    expect(again.headers.get('set-cookie')).toBeNull()
    expect(await sessionsOf(member)).toHaveLength(1)

    const cookie = setCookie.split(';')[0]
    const view = await portal(org, { cookie })
    expect(view.status).toBe(200)
    expect(view.data.mode).toBe('AccountExternal')
    expect(view.data.visitor?.account).toMatchObject({ name: 'Alice Example', email: member.email, accountName: account.name, ndaType: 'No NDA required' })
    expect(view.data.visitor?.account?.reviewStatus).toMatch(/^Access until /)

    // The session is this org's alone: on another org's portal the member is a visitor.
    const other = await createOrg(database())
    const elsewhere = await portal(other, { cookie })
    expect(elsewhere.data.mode).toBe('Public')
    expect(elsewhere.data.visitor?.account).toBeNull()
  })

  it('refuses an expired link, another org’s link and a malformed token with 410, never a 500', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const { member } = await accountWithMember(org)

    const expired = await createLoginLink(database(), member, { expiresAt: new Date(Date.now() - 1000) })
    const expiredPage = await linkPage(org, expired)
    expect({ status: expiredPage.status, state: expiredPage.data.state }).toEqual({ status: 410, state: 'expired' })
    expect((await followLink(org, expired)).status).toBe(410)

    const valid = await createLoginLink(database(), member)
    expect((await linkPage(other, valid)).status).toBe(410)
    const elsewhere = await followLink(other, valid)
    expect(elsewhere.status).toBe(410)
    expect(elsewhere.headers.get('set-cookie')).toBeNull()

    for (const token of ['not-a-token', 'A'.repeat(42), `${'A'.repeat(42)}!`, 'A'.repeat(5000), "' or 1=1 --", '\u0000', '%E0%A4%A']) {
      const page = await linkPage(org, token)
      const posted = await followLink(org, token)
      expect({ token: token.slice(0, 50), page: page.status, posted: posted.status }).toEqual({ token: token.slice(0, 50), page: 410, posted: 410 })
    }
    expect(await sessionsOf(member)).toEqual([])

    // The link refused on the other org's portal still works on its own, once.
    expect((await followLink(org, valid)).status).toBe(302)
  })

  it('names the address on a link’s page, and e-mails a fresh link to that address alone from an expired or used one, within the cap', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const { member } = await accountWithMember(org)
    const resend = (on: OrgFixture, token: string, clientAddress = nextAddress()) =>
      callRoute(linkAction as never, database(), {
        path: `${on.home}/access/${encodeURIComponent(token)}`,
        params: { ...on.params, token },
        form: { intent: 'resend' },
        clientAddress,
      })

    const expired = await createLoginLink(database(), member, { expiresAt: new Date(Date.now() - 1000) })
    expect((await linkPage(org, expired)).data).toMatchObject({ state: 'expired', email: member.email })
    const resent = await resend(org, expired)
    expect(resent.status).toBe(202)
    expect(resent.data).toMatchObject({ resent: true })
    const [mail] = await mailsTo(member.email)
    expect(mail.subject).toContain('Your login link')
    expect(mail.secrets).toHaveLength(1)
    // The fresh link signs the member in; the expired one still does not.
    expect((await followLink(org, mail.secrets[0])).status).toBe(302)
    expect((await followLink(org, expired)).status).toBe(410)

    // Another org's portal, a malformed or unknown token: the same answer, no address shown, nothing sent.
    for (const [on, token] of [
      [other, expired],
      [org, 'not-a-token'],
      [org, 'A'.repeat(43)],
    ] as const) {
      expect((await linkPage(on, token)).data).toMatchObject({ email: null })
      expect((await resend(on, token)).status).toBe(202)
    }
    expect(await mailsTo(member.email)).toHaveLength(1)

    // However many ask, the inbox gets the access cap (five an hour, the first one included).
    for (let ask = 0; ask < 6; ask++) expect((await resend(org, expired)).status).toBe(202)
    expect(await mailsTo(member.email)).toHaveLength(5)
    // And one client address is held to ten asks an hour.
    const address = nextAddress()
    for (let ask = 0; ask < 10; ask++) expect((await resend(org, 'not-a-token', address)).status).toBe(202)
    expect((await resend(org, 'not-a-token', address)).status).toBe(429)
  })

  it('logs out: the session row is deleted, the cookie cleared, and the old cookie signs nobody in', async () => {
    const org = await createOrg(database())
    const { member } = await accountWithMember(org)
    const signedIn = await followLink(org, await createLoginLink(database(), member))
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0]
    expect((await portal(org, { cookie })).data.mode).toBe('AccountExternal')

    const out = await post(org, { intent: 'logout' }, { cookie })
    expect(out.status).toBe(302)
    expect(out.location).toBe(org.home)
    expect(out.headers.get('set-cookie')).toMatch(/^tc_visitor=; .*Max-Age=0/)
    expect(out.headers.get('set-cookie')).toContain('HttpOnly')
    expect(await sessionsOf(member)).toEqual([])
    const after = await portal(org, { cookie })
    expect(after.data.mode).toBe('Public')
    expect(after.data.visitor?.account).toBeNull()
  })

  it('mails at most five login links per e-mail and client address in 15 minutes, and per inbox in an hour, none to a bot, with the same answer throughout', async () => {
    const org = await createOrg(database())
    const { member } = await accountWithMember(org)
    const elsewhere = nextAddress()
    const answers = []
    for (let attempt = 0; attempt < 6; attempt++) answers.push(await post(org, { intent: 'login', email: member.email }, { clientAddress: elsewhere }))
    answers.push(await post(org, { intent: 'login', email: member.email, website: 'https://spam.example' }))
    expect(answers.map((answer) => [answer.status, answer.data.outcome])).toEqual(Array.from({ length: 7 }, () => [200, 'login_sent']))
    expect(await mailsTo(member.email)).toHaveLength(5)
    // The inbox has had its five access mails this hour, whoever asks from wherever (issue 21); the
    // links it holds still work.
    const later = await post(org, { intent: 'login', email: member.email.toUpperCase() })
    expect(later.data.outcome).toBe('login_sent')
    expect(await mailsTo(member.email)).toHaveLength(5)
  })

  it('records that a member saw the welcome dialog', async () => {
    const org = await createOrg(database())
    const { account } = await accountWithMember(org)
    const newcomer = await createMember(database(), account, { email: `new-${org.slug}@contoso.test`, welcomed: false })
    const cookie = await cookieOf(org, newcomer)
    expect((await portal(org, { cookie })).data.visitor?.welcome).toBe(true)
    const welcomed = await post(org, { intent: 'welcome' }, { cookie })
    expect(welcomed.status).toBe(302)
    expect((await db().selectFrom('account_members').select('welcomed_at').where('id', '=', newcomer.id).executeTakeFirstOrThrow()).welcomed_at).not.toBeNull()
    expect((await portal(org, { cookie })).data.visitor?.welcome).toBe(false)
    expect((await post(org, { intent: 'welcome' })).status).toBe(401)
  })

  // ---- NDA ------------------------------------------------------------------------------------------

  async function ndaOrg(scope: 'account' | 'member') {
    const org = await createOrg(database())
    await db().updateTable('orgs').set({ nda_type: 'clickwrap' }).where('id', '=', org.id).execute()
    await db().updateTable('portal_customizations').set({ nda_text: NDA_TEXT, nda_scope: scope }).where('org_id', '=', org.id).execute()
    const item = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Encryption at rest', access: 'restricted', explanation: 'AES-256 everywhere.' })
    const { account, member } = await accountWithMember(org, { ndaRequired: true })
    const colleague = await createMember(database(), account, { email: `bob-${org.slug}@contoso.test`, firstName: 'Bob', lastName: 'Colleague' })
    return { org, item, account, member, colleague }
  }

  it('keeps gated content locked until the NDA is signed, records the signature, and covers the whole account', async () => {
    const { org, item, account, member, colleague } = await ndaOrg('account')
    const cookie = await cookieOf(org, member)

    const before = await portal(org, { cookie, query: `?itemUid=${item.uid}` })
    expect(before.data.mode).toBe('AccountExternal')
    expect(itemOf(before.data, item.uid)?.locked).toBe(true)
    expect(itemOf(before.data, item.uid)?.explanation).toBeUndefined()
    expect(before.data.visitor?.ndaDialog).toEqual({ text: NDA_TEXT, signerName: 'Alice Example' })
    expect(before.data.visitor?.ndaPending).toBe(true)
    expect(before.data.visitor?.account?.ndaType).toBe('Clickwrap NDA')
    await expectNdaRefused(org, cookie)

    const incomplete = await post(org, { intent: 'sign-nda', signerName: '' }, { cookie })
    expect(incomplete.status).toBe(400)
    expect(incomplete.data.result.error).toEqual({ signerName: ['Type your full name to sign'], accept: ['You must accept the NDA to continue'] })
    expect((await post(org, { intent: 'sign-nda', signerName: 'Alice Example' }, { cookie })).data.result.error).toEqual({ accept: ['You must accept the NDA to continue'] })
    expect(await db().selectFrom('nda_signatures').select('id').where('org_id', '=', org.id).execute()).toEqual([])

    const clientAddress = nextAddress()
    const signed = await post(org, { intent: 'sign-nda', signerName: '  Alice Example ', accept: 'on' }, { cookie, clientAddress, headers: { 'user-agent': 'NDA Browser/2.0' } })
    expect(signed.status).toBe(302)
    expect(signed.location).toBe(org.home)
    expect(signed.toast).toBe(NDA_REMINDER)
    const signatures = await db().selectFrom('nda_signatures').selectAll().where('org_id', '=', org.id).execute()
    expect(signatures).toEqual([
      expect.objectContaining({
        account_id: account.id,
        member_id: member.id,
        signer_name: 'Alice Example',
        signer_email: member.email,
        ip: clientAddress,
        user_agent: 'NDA Browser/2.0',
        nda_version: sha256(NDA_TEXT),
        nda_text: NDA_TEXT,
      }),
    ])
    expect(signatures[0].signed_at).not.toBeNull()

    const after = await portal(org, { cookie, query: `?itemUid=${item.uid}` })
    expect(itemOf(after.data, item.uid)?.locked).toBe(false)
    expect(itemOf(after.data, item.uid)?.explanation).toBe('AES-256 everywhere.')
    expect(after.data.visitor?.ndaDialog).toBeNull()
    expect(after.data.visitor?.account).toMatchObject({ canDownloadNda: true, signedByOther: false })

    // A colleague is covered by Alice's signature.
    const colleagueCookie = await cookieOf(org, colleague)
    const colleagueView = await portal(org, { cookie: colleagueCookie, query: `?itemUid=${item.uid}` })
    expect(itemOf(colleagueView.data, item.uid)?.locked).toBe(false)
    expect(colleagueView.data.visitor?.ndaDialog).toBeNull()
    expect(colleagueView.data.visitor?.account).toMatchObject({ canDownloadNda: true, signedByOther: true })

    // "Download NDA": a PDF for a covered member, nothing for anyone else.
    for (const who of [cookie, colleagueCookie]) {
      const pdf = await downloadNda(org, who)
      expect(pdf.status).toBe(200)
      expect(pdf.headers.get('content-type')).toBe('application/pdf')
      const bytes = Buffer.from(await pdf.response!.arrayBuffer())
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    }
    await expectNdaRefused(org)

    // Signing in again under a signed NDA shows the reminder.
    const relogin = await followLink(org, await createLoginLink(database(), colleague))
    expect(relogin.status).toBe(302)
    expect(relogin.toast).toBe(NDA_REMINDER)

    // A new NDA text is a new version: everyone is asked again and the content locks.
    const revised = `${NDA_TEXT}\n\nRevised.`
    await db().updateTable('portal_customizations').set({ nda_text: revised }).where('org_id', '=', org.id).execute()
    const again = await portal(org, { cookie, query: `?itemUid=${item.uid}` })
    expect(again.data.visitor?.ndaDialog).toEqual({ text: revised, signerName: 'Alice Example' })
    expect(itemOf(again.data, item.uid)?.locked).toBe(true)
    expect((await portal(org, { cookie: colleagueCookie, query: `?itemUid=${item.uid}` })).data.visitor?.ndaDialog).toEqual({ text: revised, signerName: 'Bob Colleague' })
  })

  it('asks every member to sign when the NDA is signed per member', async () => {
    const { org, item, member, colleague } = await ndaOrg('member')
    const cookie = await cookieOf(org, member)
    const colleagueCookie = await cookieOf(org, colleague)
    expect((await post(org, { intent: 'sign-nda', signerName: 'Alice Example', accept: 'on' }, { cookie })).status).toBe(302)
    expect(itemOf((await portal(org, { cookie, query: `?itemUid=${item.uid}` })).data, item.uid)?.locked).toBe(false)

    const colleagueView = await portal(org, { cookie: colleagueCookie, query: `?itemUid=${item.uid}` })
    expect(itemOf(colleagueView.data, item.uid)?.locked).toBe(true)
    expect(colleagueView.data.visitor?.ndaDialog).toEqual({ text: NDA_TEXT, signerName: 'Bob Colleague' })
    expect(colleagueView.data.visitor?.account).toMatchObject({ canDownloadNda: false, signedByOther: false })
    await expectNdaRefused(org, colleagueCookie)

    expect((await post(org, { intent: 'sign-nda', signerName: 'Bob Colleague', accept: 'on' }, { cookie: colleagueCookie })).status).toBe(302)
    expect(itemOf((await portal(org, { cookie: colleagueCookie, query: `?itemUid=${item.uid}` })).data, item.uid)?.locked).toBe(false)
    const signers = await db().selectFrom('nda_signatures').select('signer_email').where('org_id', '=', org.id).orderBy('signed_at').execute()
    expect(signers.map((row) => row.signer_email).sort()).toEqual([member.email, colleague.email].sort())
  })

  it('lets a member read and download the NDA before signing, asks once a visit, and welcomes a returning member back', async () => {
    const { org, item, member } = await ndaOrg('account')
    const cookie = await cookieOf(org, member)

    // A copy to read before signing: the member's NDA, marked not signed; nobody else gets one.
    const copy = await callRoute(ndaAction as never, database(), { path: `${org.home}/nda`, params: org.params, form: { copy: 'unsigned' }, cookie })
    expect(copy.status).toBe(200)
    expect(copy.headers.get('content-type')).toBe('application/pdf')
    expect(copy.headers.get('content-disposition')).toContain('(not signed)')
    expect(
      Buffer.from(await copy.response!.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-')
    const stranger = await callRoute(ndaAction as never, database(), { path: `${org.home}/nda`, params: org.params, form: { copy: 'unsigned' } })
    expect(stranger.status).toBe(302)
    expect(stranger.toast).toBe('Failed to download NDA. Please contact support.')
    expect(await db().selectFrom('nda_signatures').select('id').where('org_id', '=', org.id).execute()).toEqual([])

    // "Not now" (?nda=later) sets a session cookie (no Max-Age or Expires: gone with the browser session)...
    const later = await portal(org, { cookie, query: '?nda=later' })
    expect(later.data.visitor?.ndaDialog).toBeNull()
    const setCookie = later.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^tc_nda_later=1; /)
    expect(setCookie.split('; ')).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']))
    expect(setCookie).not.toMatch(/Max-Age|Expires/i)
    // ...so the next pages do not ask again, while what waits for the NDA stays locked.
    const next = await portal(org, { cookie: `${cookie}; tc_nda_later=1`, query: `?itemUid=${item.uid}` })
    expect(next.data.visitor?.ndaDialog).toBeNull()
    expect(next.data.visitor?.ndaPending).toBe(true)
    expect(itemOf(next.data, item.uid)?.locked).toBe(true)
    expect(itemOf(next.data, item.uid)?.explanation).toBeUndefined()
    expect(next.headers.get('set-cookie')).toBeNull()
    // "Sign NDA to view" on a locked item asks again.
    expect((await portal(org, { cookie: `${cookie}; tc_nda_later=1`, query: '?nda=sign' })).data.visitor?.ndaDialog).toEqual({ text: NDA_TEXT, signerName: 'Alice Example' })
    // A new visit (no such cookie) asks again.
    expect((await portal(org, { cookie })).data.visitor?.ndaDialog).toEqual({ text: NDA_TEXT, signerName: 'Alice Example' })

    // A returning member (welcomed before) is welcomed back after Continue; a first visit gets the welcome dialog.
    await db().updateTable('account_members').set({ welcomed_at: null }).where('id', '=', member.id).execute()
    const first = await followLink(org, await createLoginLink(database(), member))
    expect(first.status).toBe(302)
    expect(first.toast).toBeNull()
    await db().updateTable('account_members').set({ welcomed_at: new Date() }).where('id', '=', member.id).execute()
    const back = await followLink(org, await createLoginLink(database(), member))
    expect(back.status).toBe(302)
    expect(back.location).toBe(org.home)
    expect(back.toast).toBe(`Welcome back, Alice. You're signed in as ${member.email}.`)
  })

  it('lets only a signed-in member sign the NDA', async () => {
    const { org } = await ndaOrg('account')
    const anonymous = await post(org, { intent: 'sign-nda', signerName: 'Mallory', accept: 'on' })
    expect(anonymous.status).toBe(401)
    expect(await db().selectFrom('nda_signatures').select('id').where('org_id', '=', org.id).execute()).toEqual([])
  })

  // ---- Invite colleagues ----------------------------------------------------------------------------

  it('checks the invited addresses with the spec’s messages', async () => {
    const org = await createOrg(database())
    const { member } = await accountWithMember(org)
    const cookie = await cookieOf(org, member)
    const invite = (emails: string | string[]) => post(org, { intent: 'invite-colleagues', emails, message: '' }, { cookie })

    const none = await invite([])
    expect(none.status).toBe(400)
    expect(none.data.result.error).toEqual({ emails: ['Required'] })
    const invalid = await invite('carol@contoso.test, not-an-email')
    expect(invalid.status).toBe(400)
    expect(invalid.data.result.error).toEqual({ emails: ['"not-an-email" is not a valid email'] })
    const twice = await invite(['carol@contoso.test', 'Carol@Contoso.test'])
    expect(twice.status).toBe(400)
    expect(twice.data.result.error).toEqual({ emails: ['"carol@contoso.test" has already been added'] })
    expect(await db().selectFrom('account_invites').select('id').where('org_id', '=', org.id).execute()).toEqual([])
  })

  it('invites colleagues, comma-separated or one per field: one invitation and one mail with a hidden link each', async () => {
    const org = await createOrg(database())
    const { account, member } = await accountWithMember(org)
    const cookie = await cookieOf(org, member)
    const at = `${org.slug}.contoso.test`
    const invited = await post(
      org,
      { intent: 'invite-colleagues', emails: [`Carol@${at.toUpperCase()}, dave@${at}`, `erin@${at}`], message: '  Please have a look.  ' },
      { cookie },
    )
    expect(invited.status).toBe(200)
    const emails = [`carol@${at}`, `dave@${at}`, `erin@${at}`]
    expect(invited.data).toEqual({ intent: 'invite-colleagues', outcome: 'invited', emails })

    const invites = await db().selectFrom('account_invites').selectAll().where('org_id', '=', org.id).orderBy('email').execute()
    expect(invites.map((invite) => invite.email)).toEqual(emails)
    for (const invite of invites) {
      expect(invite).toMatchObject({ account_id: account.id, invited_by: member.id, message: 'Please have a look.', used_at: null })
      expect(invite.token_hash).toMatch(/^[0-9a-f]{64}$/)
    }
    for (const email of emails) {
      const mails = await mailsTo(email)
      expect(mails).toHaveLength(1)
      expect(mails[0].subject).toMatch(/^Alice Example invited you to /)
      expect(mails[0].text_body).toContain('?inviteToken=[redacted:1]')
      expect(mails[0].text_body).toContain('Please have a look.')
      expect(mails[0].secrets).toHaveLength(1)
    }

    // The link opens the request form, prefilled with the invitee's address and carrying the token.
    const token = (await mailsTo(`dave@${at}`))[0].secrets[0]
    const opened = await portal(org, { query: `?inviteToken=${token}` })
    expect(opened.data.visitor?.accessModal).toMatchObject({ tab: 'request', email: `dave@${at}`, inviteToken: token })
  })

  it('lets only a member with live access invite, and counts every invitation e-mail against a daily limit', async () => {
    const org = await createOrg(database())
    const { member: expired } = await accountWithMember(org, { expired: true, email: `expired-${org.slug}@contoso.test` })
    const colleague = `carol-${org.slug}@contoso.test`
    const refused = await post(org, { intent: 'invite-colleagues', emails: colleague }, { cookie: await cookieOf(org, expired) })
    expect(refused.status).toBe(403)
    expect(await mailsTo(colleague)).toEqual([])

    const { member } = await accountWithMember(org)
    const cookie = await cookieOf(org, member)
    const batch = (from: number) => Array.from({ length: 20 }, (_, index) => `colleague${from + index}-${org.slug}@contoso.test`).join(',')
    expect((await post(org, { intent: 'invite-colleagues', emails: batch(0) }, { cookie })).status).toBe(200)
    expect((await post(org, { intent: 'invite-colleagues', emails: batch(20) }, { cookie })).status).toBe(200)
    // Fifty recipients a day: a third batch of twenty is refused whole.
    const over = await post(org, { intent: 'invite-colleagues', emails: batch(40) }, { cookie })
    expect(over.status).toBe(429)
    expect(await db().selectFrom('account_invites').select('id').where('org_id', '=', org.id).execute()).toHaveLength(40)
  })

  it('refuses to invite a free-mail or blocked address, as the request form would, with a message for each', async () => {
    const org = await createOrg(database())
    const { member } = await accountWithMember(org)
    const blocked = `${org.slug}-rival.test`
    await db()
      .updateTable('portal_customizations')
      .set({ blocked_domains: JSON.stringify([blocked]) })
      .where('org_id', '=', org.id)
      .execute()
    const fine = `carol-${org.slug}@contoso.test`
    const free = `mallory.${org.slug}@gmail.com`
    const refused = await post(org, { intent: 'invite-colleagues', emails: [fine, free, `eve@eu.${blocked}`], message: 'Look' }, { cookie: await cookieOf(org, member) })
    expect(refused.status).toBe(400)
    expect(refused.data.result.error).toEqual({
      emails: [`"${free}" is not a work email: invite colleagues at their work address`, `"eve@eu.${blocked}" cannot be invited: requests from eu.${blocked} are not accepted`],
    })
    expect(await db().selectFrom('account_invites').select('id').where('org_id', '=', org.id).execute()).toEqual([])
    expect(
      await db()
        .selectFrom('outbox')
        .select('id')
        .where('recipient', 'in', [fine, free, `eve@eu.${blocked}`])
        .execute(),
    ).toEqual([])
  })

  it('relays the inviter’s message without a live link, in the text and the HTML', async () => {
    const org = await createOrg(database())
    const { member } = await accountWithMember(org)
    const colleague = `carol-${org.slug}@contoso.test`
    const message = 'Urgent: sign in at https://evil.example/login or www.evil.example,\nmail billing@evil.example or visit 203.0.113.9. Report v1.2, e.g. page 3.'
    expect((await post(org, { intent: 'invite-colleagues', emails: colleague, message }, { cookie: await cookieOf(org, member) })).status).toBe(200)
    const [mail] = await db().selectFrom('outbox').select(['text_body', 'html_body']).where('recipient', '=', colleague).execute()
    for (const body of [mail.text_body, mail.html_body ?? '']) {
      expect(body).not.toMatch(/evil\.example|https:\/\/evil|203\.0\.113\.9/)
      expect(body).toContain('https[:]//evil[.]example/login')
      expect(body).toContain('www[.]evil[.]example')
      expect(body).toContain('billing@evil[.]example')
      expect(body).toContain('Report v1.2, e.g. page 3.')
    }
    const quote = /<blockquote[^>]*>([\s\S]*?)<\/blockquote>/.exec(mail.html_body ?? '')?.[1]
    expect(quote).toContain('203[.]0[.]113[.]9')
    expect(quote).not.toMatch(/<a\b/i)
  })

  it('sends one inbox at most 3 invitations a day, whoever invites, with the same answer', async () => {
    const org = await createOrg(database())
    const colleague = `target-${org.slug}@contoso.test`
    for (let inviter = 0; inviter < 5; inviter++) {
      const { member } = await accountWithMember(org, { email: `inviter${inviter}-${org.slug}@contoso.test` })
      const invited = await post(org, { intent: 'invite-colleagues', emails: colleague }, { cookie: await cookieOf(org, member) })
      expect(invited.data).toEqual({ intent: 'invite-colleagues', outcome: 'invited', emails: [colleague] })
    }
    expect(await mailsTo(colleague)).toHaveLength(3)
    expect(await db().selectFrom('account_invites').select('id').where('email', '=', colleague).execute()).toHaveLength(3)
  })

  it('lets only a signed-in member invite colleagues', async () => {
    const org = await createOrg(database())
    const colleague = `carol-${org.slug}@contoso.test`
    const refused = await post(org, { intent: 'invite-colleagues', emails: colleague })
    expect(refused.status).toBe(401)
    expect(await db().selectFrom('account_invites').select('id').where('org_id', '=', org.id).execute()).toEqual([])
    expect(await mailsTo(colleague)).toEqual([])
  })

  // ---- Extend access --------------------------------------------------------------------------------

  it('sends an expired member’s extension request to the staff queue once', async () => {
    const org = await createOrg(database())
    const { member } = await accountWithMember(org, { expired: true })
    const cookie = await cookieOf(org, member)
    const view = await portal(org, { cookie })
    expect(view.data.visitor?.accessExpired).toBe(true)
    expect(view.data.visitor?.account?.reviewStatus).toMatch(/^Access expired on /)

    const asked = await post(org, { intent: 'extend-access' }, { cookie })
    expect(asked.status).toBe(200)
    expect(asked.data).toEqual({ intent: 'extend-access', outcome: 'request_sent' })
    const requests = await db().selectFrom('access_requests').selectAll().where('org_id', '=', org.id).execute()
    expect(requests).toEqual([
      expect.objectContaining({ kind: 'extend', status: 'pending', member_id: member.id, email: member.email, product_id: org.product.id, company_name: 'Contoso' }),
    ])
    const notice = await mailsTo(org.admin.email)
    expect(notice.map((mail) => mail.subject)).toEqual(['Access extension request from Alice Example (Contoso)'])

    const again = await post(org, { intent: 'extend-access' }, { cookie })
    expect(again.data).toEqual({ intent: 'extend-access', outcome: 'already_requested' })
    expect(await db().selectFrom('access_requests').select('id').where('org_id', '=', org.id).execute()).toHaveLength(1)
  })

  it('takes an extension request only from a signed-in member: by address it is refused, and nothing is filed', async () => {
    const org = await createOrg(database())
    const { member: expired } = await accountWithMember(org, { expired: true, email: `gone-${org.slug}@contoso.test` })
    // An expired member asking by address gets a login link by e-mail instead (decision 013).
    const answered = await post(org, { intent: 'extend-access', email: expired.email })
    expect(answered.status).toBe(401)
    expect(await db().selectFrom('access_requests').select('id').where('org_id', '=', org.id).execute()).toEqual([])
  })

  it('answers a member whose access is live with already_has_access', async () => {
    const org = await createOrg(database())
    const { member } = await accountWithMember(org)
    const answered = await post(org, { intent: 'extend-access' }, { cookie: await cookieOf(org, member) })
    expect(answered.data).toEqual({ intent: 'extend-access', outcome: 'already_has_access' })
    expect(await db().selectFrom('access_requests').select('id').where('org_id', '=', org.id).execute()).toEqual([])
  })
})
