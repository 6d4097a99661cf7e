// The Request Access and Login tabs of the access modal (PRODUCT.md section 3, portal spec sections 5 and 8):
// the requests the server decides in order, answers on screen that tell nobody who has an account (the
// mail tells the person where they stand: decision 013), and the cap on mails one inbox receives.
// Each test builds an org of its own; mails are read from the outbox.
import { expect, it } from 'vitest'
import { action as portalAction } from '../../app/routes/portal/portal'
import { describeEachDatabase } from '../setup/database'
import {
  accessRequestForm,
  createAccount,
  createMember,
  createOrg,
  createPermissionProfile,
  createProduct,
  createStaffMember,
  visitorCookie,
  type OrgFixture,
} from '../setup/factories'
import { callRoute } from '../setup/route'
import { RECIPIENT_CAPS } from '../../server/auth/rate-limit'

const DAY = 86_400_000
const NOT_WORK_EMAIL = 'Please use your work email.'

describeEachDatabase('visitor access requests and login', (database) => {
  const db = () => database().handle.db

  // Every post from an address of its own: the per-address limits are not what these tests are about.
  let address = 0
  const nextAddress = () => `10.1.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`

  /** A domain of this org's test alone, so no two tests share an address (rate limits count by e-mail). */
  const domainOf = (org: OrgFixture, company: string) => `${company}-${org.slug.slice(4)}.test`

  const post = (org: OrgFixture, form: Record<string, string | string[]>, options: { cookie?: string; clientAddress?: string } = {}) =>
    callRoute(portalAction, database(), { path: org.home, params: org.params, form, cookie: options.cookie, clientAddress: options.clientAddress ?? nextAddress() })

  const requestForm = accessRequestForm
  const requestAccess = (org: OrgFixture, email: string, extra: Record<string, string | string[]> = {}, clientAddress?: string) =>
    post(org, requestForm(org, email, extra), { clientAddress })

  async function configure(org: { id: string }, values: Record<string, unknown>) {
    const stored = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, Array.isArray(value) || (value && typeof value === 'object') ? JSON.stringify(value) : value]),
    )
    await db().updateTable('portal_customizations').set(stored).where('org_id', '=', org.id).execute()
  }

  const mailsTo = (email: string) => db().selectFrom('outbox').select(['recipient', 'subject', 'text_body', 'html_body', 'secrets']).where('recipient', '=', email).execute()
  const orgMails = (org: { id: string }) => db().selectFrom('outbox').select(['recipient', 'subject', 'secrets']).where('org_id', '=', org.id).orderBy('recipient').execute()
  const requestsOf = (org: { id: string }) => db().selectFrom('access_requests').selectAll().where('org_id', '=', org.id).execute()
  const counts = async (org: { id: string }) => ({
    requests: (await requestsOf(org)).length,
    accounts: (await db().selectFrom('accounts').select('id').where('org_id', '=', org.id).execute()).length,
    members: (await db().selectFrom('account_members').select('id').where('org_id', '=', org.id).execute()).length,
    mails: (await orgMails(org)).length,
  })

  /** A member of a new account whose access to the default product is live (or expired, when told). */
  async function memberOf(org: OrgFixture, email: string, options: { expired?: boolean } = {}) {
    const profile = await createPermissionProfile(database(), org.product, { name: 'Everything', allRestricted: true })
    const account = await createAccount(database(), org, {
      name: 'Existing Co',
      access: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + (options.expired ? -1 : 30) * DAY) }],
    })
    return createMember(database(), account, { email })
  }

  async function insertRequest(org: OrgFixture, email: string, status: string) {
    await db()
      .insertInto('access_requests')
      .values({ org_id: org.id, product_id: org.product.id, email, first_name: 'Earlier', last_name: 'Requester', company_name: 'Fabrikam', status })
      .execute()
  }

  const outcomeOf = (result: { status: number; data: { outcome?: string } }) => ({ status: result.status, outcome: result.data?.outcome })

  it('answers an empty form with the spec’s messages, and writes nothing', async () => {
    const org = await createOrg(database())
    const empty = await post(org, { intent: 'request-access', productId: org.product.id })
    expect(empty.status).toBe(400)
    expect(empty.data.result.error).toMatchObject({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Email is required'],
      companyName: ['Company name is required'],
      agree: ['You must agree to the terms'],
      relationshipDropdown: ['This field is required'],
    })
    const invalid = await requestAccess(org, 'not-an-email')
    expect(invalid.status).toBe(400)
    expect(invalid.data.result.error).toEqual({ email: ['This email is invalid'] })
    const unticked = await post(org, { ...requestForm(org, `dana@${domainOf(org, 'fabrikam')}`), agree: '' })
    expect(unticked.data.result.error).toEqual({ agree: ['You must agree to the terms'] })
    expect(await counts(org)).toEqual({ requests: 0, accounts: 0, members: 0, mails: 0 })
  })

  it('checks the optional fields the org switches on, and stores them', async () => {
    const org = await createOrg(database())
    await configure(org, {
      access_request_fields: {
        pointOfContact: { enabled: true, label: 'Point of contact' },
        country: { enabled: true, label: 'Country' },
        customCheckbox: { enabled: true, label: 'I am allowed to ask', required: true },
        products: { enabled: true, label: 'Products' },
      },
    })
    const email = `dana@${domainOf(org, 'fabrikam')}`
    const missing = await requestAccess(org, email)
    expect(missing.status).toBe(400)
    expect(missing.data.result.error).toEqual({
      pointOfContactField: ['Please enter a valid email'],
      countriesDropdown: ['This field is required'],
      customCheckbox: ['This field is required'],
      accountMemberRequestProducts: ['Please select at least one product'],
    })
    const wrong = await requestAccess(org, email, {
      pointOfContactField: 'not-an-email',
      countriesDropdown: 'Germany',
      customCheckbox: 'on',
      accountMemberRequestProducts: [org.product.id],
      relationshipDropdown: 'alien',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.data.result.error).toEqual({ pointOfContactField: ['Please enter a valid email'], relationshipDropdown: ['This field is required'] })
    // A product of another org (a tampered form) is refused too.
    const foreign = await requestAccess(org, email, {
      pointOfContactField: 'contact@example.test',
      countriesDropdown: 'Germany',
      customCheckbox: 'on',
      accountMemberRequestProducts: ['not-a-product'],
    })
    expect(foreign.status).toBe(400)
    expect(Object.values(foreign.data.result.error).flat()).toEqual(['Please select at least one product'])
    expect(await requestsOf(org)).toEqual([])

    const sent = await requestAccess(org, email, {
      pointOfContactField: 'Contact@Example.test',
      countriesDropdown: 'Germany',
      customCheckbox: 'on',
      accountMemberRequestProducts: [org.product.id],
    })
    expect(outcomeOf(sent)).toEqual({ status: 200, outcome: 'request_sent' })
    expect(await requestsOf(org)).toEqual([
      expect.objectContaining({
        email,
        job_title: 'Security Analyst',
        point_of_contact: 'contact@example.test',
        relationship: 'customer',
        country: 'Germany',
        custom_checkbox: true,
        status: 'pending',
        kind: 'access',
      }),
    ])
  })

  it('refuses a free e-mail provider, and the org’s own additions to the list, with "Please use your work email."', async () => {
    const org = await createOrg(database())
    const extra = domainOf(org, 'freemail')
    await configure(org, { free_mail_domains: [extra] })
    for (const email of [`dana.${org.slug}@gmail.com`, `dana@${extra}`, `dana@eu.${extra}`]) {
      const refused = await requestAccess(org, email)
      expect({ email, status: refused.status }).toEqual({ email, status: 400 })
      expect(refused.data.result.error).toEqual({ email: [NOT_WORK_EMAIL] })
    }
    expect(outcomeOf(await requestAccess(org, `dana@${domainOf(org, 'fabrikam')}`))).toEqual({ status: 200, outcome: 'request_sent' })
    expect(await counts(org)).toMatchObject({ requests: 1, accounts: 0, members: 0 })
  })

  it('declines a blocked domain and its subdomains, but not a domain that merely ends alike', async () => {
    const org = await createOrg(database())
    const blocked = domainOf(org, 'rival')
    await configure(org, { blocked_domains: [blocked] })
    expect(outcomeOf(await requestAccess(org, `dana@${blocked}`))).toEqual({ status: 200, outcome: 'request_declined_blocked_domain' })
    expect(outcomeOf(await requestAccess(org, `dana@eu.${blocked}`))).toEqual({ status: 200, outcome: 'request_declined_blocked_domain' })
    expect(await counts(org)).toEqual({ requests: 0, accounts: 0, members: 0, mails: 0 })
    expect(outcomeOf(await requestAccess(org, `dana@not${blocked}`))).toEqual({ status: 200, outcome: 'request_sent' })
  })

  it('answers a member whose access is live as a stranger ("request sent"), and mails a login link', async () => {
    const org = await createOrg(database())
    const member = await memberOf(org, `fox@${domainOf(org, 'fbi')}`)
    const before = await counts(org)

    const answered = await requestAccess(org, member.email)
    const stranger = await requestAccess(org, `fox-twin@${domainOf(org, 'fbi')}`)
    expect(answered.status).toBe(200)
    expect(answered.data).toEqual({ intent: 'request-access', outcome: 'request_sent', email: member.email })
    expect(outcomeOf(stranger)).toEqual(outcomeOf(answered))
    expect([...answered.headers.keys()].sort()).toEqual([...stranger.headers.keys()].sort())
    const mails = await mailsTo(member.email)
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toMatch(/^Your login link for /)
    expect(mails[0].text_body).toContain(`${org.home}/access/[redacted:1]`)
    expect(mails[0].secrets).toHaveLength(1)
    const link = await db().selectFrom('visitor_login_links').select(['member_id', 'used_at']).where('member_id', '=', member.id).execute()
    expect(link).toEqual([{ member_id: member.id, used_at: null }])
    expect((await requestsOf(org)).map((request) => request.email)).toEqual([`fox-twin@${domainOf(org, 'fbi')}`])
    expect((await counts(org)).members).toBe(before.members)
  })

  it('answers a member whose access expired "request sent", and mails a login link to extend it', async () => {
    const org = await createOrg(database())
    const member = await memberOf(org, `skinner@${domainOf(org, 'fbi')}`, { expired: true })
    const before = await counts(org)
    expect(outcomeOf(await requestAccess(org, member.email))).toEqual({ status: 200, outcome: 'request_sent' })
    const [mail, ...more] = await mailsTo(member.email)
    expect(more).toEqual([])
    expect(mail.subject).toMatch(/ has expired$/)
    expect(mail.text_body).toContain('Log in to extend access')
    expect(mail.text_body).toContain(`${org.home}/access/[redacted:1]`)
    expect(mail.secrets).toHaveLength(1)
    expect(await counts(org)).toEqual({ ...before, mails: before.mails + 1 })
  })

  it('answers a second request while the first is pending "request sent", files nothing, and mails that it is pending', async () => {
    const org = await createOrg(database())
    const email = `dana@${domainOf(org, 'fabrikam')}`
    expect(outcomeOf(await requestAccess(org, email))).toEqual({ status: 200, outcome: 'request_sent' })
    const before = await counts(org)
    expect(outcomeOf(await requestAccess(org, email, { firstName: 'Other' }))).toEqual({ status: 200, outcome: 'request_sent' })
    expect(await counts(org)).toEqual({ ...before, mails: before.mails + 1 })
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your access request to /), expect.stringMatching(/ is waiting for review$/)])
  })

  it.each([['declined'], ['declined_third_party'], ['declined_auto']])(
    'answers after an earlier %s request "request sent", files nothing, and mails the decline',
    async (status) => {
      const org = await createOrg(database())
      const email = `dana@${domainOf(org, 'fabrikam')}`
      await insertRequest(org, email, status)
      expect(outcomeOf(await requestAccess(org, email))).toEqual({ status: 200, outcome: 'request_sent' })
      expect(await counts(org)).toEqual({ requests: 1, accounts: 0, members: 0, mails: 1 })
      expect((await mailsTo(email)).map((mail) => [mail.subject, mail.secrets])).toEqual([[expect.stringMatching(/^Update on your access request to /), []]])
    },
  )

  it('answers a member and a stranger of an auto-approved domain alike, whatever the member’s standing', async () => {
    const org = await createOrg(database())
    const profile = await createPermissionProfile(database(), org.product, { name: 'Auto', allRestricted: true })
    const domain = domainOf(org, 'contoso')
    await configure(org, { auto_approve: 'domains', auto_approve_domains: [domain], auto_approve_profile_id: profile.id })
    const live = await memberOf(org, `live@${domain}`)
    const expired = await memberOf(org, `expired@${domain}`, { expired: true })
    const pending = `pending@${domain}`
    await insertRequest(org, pending, 'pending')
    const declined = `declined@${domain}`
    await insertRequest(org, declined, 'declined')
    for (const email of [`stranger@${domain}`, live.email, expired.email, pending, declined]) {
      expect(outcomeOf(await requestAccess(org, email)), email).toEqual({ status: 200, outcome: 'request_approved' })
    }
    // Each told the truth by e-mail: approved, a login link, the way to extend, pending, declined.
    const subjects = await Promise.all(
      [`stranger@${domain}`, live.email, expired.email, pending, declined].map(async (email) => (await mailsTo(email)).map((mail) => mail.subject)),
    )
    expect(subjects).toEqual([
      [expect.stringMatching(/has been approved$/)],
      [expect.stringMatching(/^Your login link for /)],
      [expect.stringMatching(/ has expired$/)],
      [expect.stringMatching(/ is waiting for review$/)],
      [expect.stringMatching(/^Update on your access request to /)],
    ])
  })

  it('approves by domain at once: an account named after the company, its member, the request approved, one mail with a hidden link', async () => {
    const org = await createOrg(database())
    const profile = await createPermissionProfile(database(), org.product, { name: 'Auto', allRestricted: true })
    const domain = domainOf(org, 'contoso')
    await configure(org, { auto_approve: 'domains', auto_approve_domains: [domain], auto_approve_profile_id: profile.id, default_access_days: 30 })

    const email = `sam@${domain}`
    const approved = await requestAccess(org, email, { companyName: 'Contoso' })
    expect(approved.status).toBe(200)
    expect(approved.data).toEqual({ intent: 'request-access', outcome: 'request_approved', email })

    const account = await db().selectFrom('accounts').select(['id', 'name', 'domains']).where('org_id', '=', org.id).executeTakeFirstOrThrow()
    expect(account).toMatchObject({ name: 'Contoso', domains: [domain] })
    const access = await db().selectFrom('account_products').selectAll().where('account_id', '=', account.id).executeTakeFirstOrThrow()
    expect(access).toMatchObject({ product_id: org.product.id, permission_profile_id: profile.id, nda_required: false })
    expect(Math.abs(new Date(access.access_expires_at).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000)
    const member = await db().selectFrom('account_members').selectAll().where('org_id', '=', org.id).where('email', '=', email).executeTakeFirstOrThrow()
    expect(member).toMatchObject({ account_id: account.id, first_name: 'Dana', last_name: 'Scully', is_auto_approved: true })
    expect(await requestsOf(org)).toEqual([expect.objectContaining({ email, status: 'approved', account_id: account.id, member_id: member.id, decided_by: 'auto-approval' })])

    const mails = await orgMails(org)
    expect(mails.map((mail) => mail.recipient)).toEqual([email])
    const [mail] = await mailsTo(email)
    expect(mail.subject).toMatch(/has been approved$/)
    expect(mail.text_body).toContain('[redacted:1]')
    expect(mail.secrets).toHaveLength(1)
    expect(mail.text_body).not.toContain(mail.secrets[0])

    // A colleague of the same domain joins that account; another domain waits for review.
    expect(outcomeOf(await requestAccess(org, `kim@${domain}`, { companyName: 'Contoso Europe' }))).toEqual({ status: 200, outcome: 'request_approved' })
    const accounts = await db().selectFrom('accounts').select('id').where('org_id', '=', org.id).execute()
    expect(accounts).toEqual([{ id: account.id }])
    expect((await db().selectFrom('account_members').select('account_id').where('email', '=', `kim@${domain}`).executeTakeFirstOrThrow()).account_id).toBe(account.id)
    expect(outcomeOf(await requestAccess(org, `lee@${domainOf(org, 'elsewhere')}`))).toEqual({ status: 200, outcome: 'request_sent' })
  })

  it('approves into an existing account that owns the domain, with that account’s own profile', async () => {
    const org = await createOrg(database())
    const ruleProfile = await createPermissionProfile(database(), org.product, { name: 'Rule' })
    const accountProfile = await createPermissionProfile(database(), org.product, { name: 'Account', allRestricted: true })
    const domain = domainOf(org, 'initech')
    const account = await createAccount(database(), org, { name: 'Initech', domains: [domain], access: [{ productId: org.product.id, profileId: accountProfile.id }] })
    await configure(org, { auto_approve: 'domains', auto_approve_domains: [domain], auto_approve_profile_id: ruleProfile.id })

    expect(outcomeOf(await requestAccess(org, `peter@${domain}`, { companyName: 'Initech Inc' }))).toEqual({ status: 200, outcome: 'request_approved' })
    const member = await db().selectFrom('account_members').select('account_id').where('org_id', '=', org.id).where('email', '=', `peter@${domain}`).executeTakeFirstOrThrow()
    expect(member.account_id).toBe(account.id)
    expect(await db().selectFrom('account_products').select('permission_profile_id').where('account_id', '=', account.id).execute()).toEqual([
      { permission_profile_id: accountProfile.id },
    ])
    expect((await db().selectFrom('accounts').select('id').where('org_id', '=', org.id).execute()).length).toBe(1)
  })

  it('approves every work address under auto_approve always', async () => {
    const org = await createOrg(database())
    const profile = await createPermissionProfile(database(), org.product, { name: 'Everything', allRestricted: true })
    await configure(org, { auto_approve: 'always', auto_approve_profile_id: profile.id })
    const email = `anyone@${domainOf(org, 'anywhere')}`
    expect(outcomeOf(await requestAccess(org, email, { companyName: 'Anywhere' }))).toEqual({ status: 200, outcome: 'request_approved' })
    expect(await requestsOf(org)).toEqual([expect.objectContaining({ email, status: 'approved' })])
    expect((await mailsTo(email)).map((mail) => mail.secrets.length)).toEqual([1])
  })

  it('keeps a member who asks for another product under auto-approval in their own account', async () => {
    const org = await createOrg(database())
    const mobile = await createProduct(database(), org, { slug: 'mobile' })
    const platformProfile = await createPermissionProfile(database(), org.product, { name: 'Platform', allRestricted: true })
    const mobileProfile = await createPermissionProfile(database(), mobile, { name: 'Mobile', allRestricted: true })
    await configure(org, { auto_approve: 'always', auto_approve_profile_id: mobileProfile.id })
    // An account staff created by hand, without domains.
    const account = await createAccount(database(), org, { name: 'Existing Co', access: [{ productId: org.product.id, profileId: platformProfile.id }] })
    const member = await createMember(database(), account, { email: `fox@${domainOf(org, 'fbi')}` })

    expect(outcomeOf(await requestAccess(org, member.email, { productId: mobile.id, companyName: 'Some Other Name' }))).toEqual({ status: 200, outcome: 'request_approved' })
    const after = await db().selectFrom('account_members').select('account_id').where('id', '=', member.id).executeTakeFirstOrThrow()
    expect(after.account_id).toBe(account.id)
    const products = await db().selectFrom('account_products').select('product_id').where('account_id', '=', account.id).execute()
    expect(products.map((row) => row.product_id).sort()).toEqual([org.product.id, mobile.id].sort())
  })

  it('answers a member with an extension pending who asks for another product as a stranger, and mails that it is pending', async () => {
    // The one pending request an address may have (access_requests_one_pending) is an extension here: filing
    // the new request would fail, and a 409 for this address alone would tell that it is a member.
    const org = await createOrg(database())
    const mobile = await createProduct(database(), org, { slug: 'mobile' })
    const member = await memberOf(org, `mulder@${domainOf(org, 'fbi')}`, { expired: true })
    await db()
      .insertInto('access_requests')
      .values({
        org_id: org.id,
        product_id: org.product.id,
        kind: 'extend',
        member_id: member.id,
        email: member.email,
        first_name: 'Fox',
        last_name: 'Mulder',
        company_name: 'Existing Co',
      })
      .execute()
    const stranger = await requestAccess(org, `mulder-twin@${domainOf(org, 'fbi')}`, { productId: mobile.id })
    const answered = await requestAccess(org, member.email, { productId: mobile.id })
    expect(outcomeOf(answered)).toEqual(outcomeOf(stranger))
    expect(outcomeOf(answered)).toEqual({ status: 200, outcome: 'request_sent' })
    expect((await mailsTo(member.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/ is waiting for review$/)])
  })

  it('sends a request without a rule to review: one mail to the requester, one to each reviewer and the support mailbox', async () => {
    const org = await createOrg(database())
    const reviewer = `reviewer@${org.slug}.test`
    const bystander = `bystander@${org.slug}.test`
    await createStaffMember(database(), reviewer, ['access-requests'], { org })
    await createStaffMember(database(), bystander, ['documents', 'audit'], { org })
    await configure(org, { support_mailbox: `Support@${org.slug}.test` })
    const email = `dana@${domainOf(org, 'fabrikam')}`

    const sent = await requestAccess(org, email)
    expect(sent.status).toBe(200)
    expect(sent.data).toEqual({ intent: 'request-access', outcome: 'request_sent', email })
    expect(await requestsOf(org)).toEqual([expect.objectContaining({ email, status: 'pending', kind: 'access', first_name: 'Dana', company_name: 'Fabrikam', account_id: null })])
    const mails = await orgMails(org)
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([org.admin.email, email, reviewer, `support@${org.slug}.test`].sort())
    expect(mails.find((mail) => mail.recipient === email)?.subject).toMatch(/^Your access request to /)
    for (const mail of mails.filter((entry) => entry.recipient !== email)) {
      expect(mail.subject).toBe('New access request from Dana Scully (Fabrikam)')
      expect(mail.secrets).toEqual([])
    }
    expect(await db().selectFrom('account_members').select('id').where('org_id', '=', org.id).execute()).toEqual([])
  })

  it('tells a reviewer of new requests within their cap; past it the requests still wait in the queue', async () => {
    const org = await createOrg(database())
    const { limit } = RECIPIENT_CAPS.review
    const emails = Array.from({ length: limit + 2 }, (_, index) => `requester${index}@${domainOf(org, 'flood')}`)
    for (const email of emails) expect(outcomeOf(await requestAccess(org, email))).toEqual({ status: 200, outcome: 'request_sent' })
    expect(await requestsOf(org)).toHaveLength(emails.length)
    const notices = (await mailsTo(org.admin.email)).filter((mail) => mail.subject?.startsWith('New access request'))
    expect(notices).toHaveLength(limit)
  })

  it('approves a colleague’s invitation into the inviting account; the link is the invitee’s alone', async () => {
    const org = await createOrg(database())
    const profile = await createPermissionProfile(database(), org.product, { name: 'Everything', allRestricted: true })
    const account = await createAccount(database(), org, { name: 'Umbrella', access: [{ productId: org.product.id, profileId: profile.id }] })
    const inviter = await createMember(database(), account, { email: `alice@${domainOf(org, 'umbrella')}` })
    // The colleague's address is on another domain, so no domain rule could be what approves them.
    const invitee = `bob@${domainOf(org, 'umbrella-partner')}`
    const invited = await post(org, { intent: 'invite-colleagues', emails: invitee }, { cookie: await visitorCookie(database(), org, inviter.id) })
    expect(invited.status).toBe(200)
    const [invitation] = await mailsTo(invitee)
    const token = invitation.secrets[0]

    // Someone else with the link does not get in: their request waits for review.
    const stranger = `eve@${domainOf(org, 'stranger')}`
    expect(outcomeOf(await requestAccess(org, stranger, { inviteToken: token }))).toEqual({ status: 200, outcome: 'request_sent' })

    const approved = await requestAccess(org, invitee, { inviteToken: token, companyName: 'Bob Consulting' })
    expect(outcomeOf(approved)).toEqual({ status: 200, outcome: 'request_approved' })
    const member = await db().selectFrom('account_members').selectAll().where('org_id', '=', org.id).where('email', '=', invitee).executeTakeFirstOrThrow()
    expect(member.account_id).toBe(account.id)
    expect((await db().selectFrom('accounts').select('id').where('org_id', '=', org.id).execute()).length).toBe(1)
    const invite = await db().selectFrom('account_invites').select(['used_at', 'account_id']).where('email', '=', invitee).executeTakeFirstOrThrow()
    expect(invite.account_id).toBe(account.id)
    expect(invite.used_at).not.toBeNull()
    expect(await requestsOf(org)).toEqual(expect.arrayContaining([expect.objectContaining({ email: invitee, status: 'approved', account_id: account.id })]))
  })

  it('never undoes what staff decided: a rule or an invitation into an account whose access ended goes to review, and a live account keeps its expiry and profile', async () => {
    const org = await createOrg(database())
    const ruleProfile = await createPermissionProfile(database(), org.product, { name: 'Rule', allRestricted: true })
    const staffProfile = await createPermissionProfile(database(), org.product, { name: 'Chosen by staff', cardKinds: ['Legal'] })
    const revokedDomain = domainOf(org, 'revoked')
    const liveDomain = domainOf(org, 'live')
    await configure(org, { auto_approve: 'domains', auto_approve_domains: [revokedDomain, liveDomain], auto_approve_profile_id: ruleProfile.id, default_access_days: 365 })
    const revokedUntil = new Date(Date.now() - 60_000)
    const revoked = await createAccount(database(), org, {
      name: 'Revoked',
      domains: [revokedDomain],
      access: [{ productId: org.product.id, profileId: staffProfile.id, expiresAt: revokedUntil }],
    })
    const liveUntil = new Date(Date.now() + 10 * DAY)
    const live = await createAccount(database(), org, {
      name: 'Live',
      domains: [liveDomain],
      access: [{ productId: org.product.id, profileId: staffProfile.id, expiresAt: liveUntil }],
    })
    const accessOf = (account: { id: string }) =>
      db().selectFrom('account_products').select(['permission_profile_id', 'access_expires_at']).where('account_id', '=', account.id).executeTakeFirstOrThrow()

    // By domain, into the revoked account (a +tag alias of a member's address too): review, access untouched.
    for (const email of [`new@${revokedDomain}`, `old+1@${revokedDomain}`]) {
      expect(outcomeOf(await requestAccess(org, email, { companyName: 'Revoked' }))).toEqual({ status: 200, outcome: 'request_sent' })
    }
    expect(await accessOf(revoked)).toEqual({ permission_profile_id: staffProfile.id, access_expires_at: revokedUntil })
    expect(await db().selectFrom('account_members').select('id').where('account_id', '=', revoked.id).execute()).toEqual([])

    // By domain, into the live account: the member joins; the expiry and profile staff chose stay.
    expect(outcomeOf(await requestAccess(org, `joiner@${liveDomain}`, { companyName: 'Live' }))).toEqual({ status: 200, outcome: 'request_approved' })
    expect(await accessOf(live)).toEqual({ permission_profile_id: staffProfile.id, access_expires_at: liveUntil })

    // An invitation sent while the account was live is void once its access ends.
    const inviter = await db().selectFrom('account_members').select(['id']).where('email', '=', `joiner@${liveDomain}`).executeTakeFirstOrThrow()
    const invitee = `partner@${domainOf(org, 'partner')}`
    expect((await post(org, { intent: 'invite-colleagues', emails: invitee }, { cookie: await visitorCookie(database(), org, inviter.id) })).status).toBe(200)
    const [invitation] = await mailsTo(invitee)
    await db().updateTable('account_products').set({ access_expires_at: revokedUntil }).where('account_id', '=', live.id).execute()
    expect(outcomeOf(await requestAccess(org, invitee, { inviteToken: invitation.secrets[0] }))).toEqual({ status: 200, outcome: 'request_sent' })
    expect(await accessOf(live)).toEqual({ permission_profile_id: staffProfile.id, access_expires_at: revokedUntil })
    expect(await db().selectFrom('account_members').select('id').where('email', '=', invitee).execute()).toEqual([])
  })

  it('gives a bot that fills the honeypot the same answer, and writes nothing', async () => {
    const org = await createOrg(database())
    const member = await memberOf(org, `mulder@${domainOf(org, 'fbi')}`)
    const before = await counts(org)
    const email = `bot@${domainOf(org, 'spam')}`
    const bot = await requestAccess(org, email, { website: 'https://spam.example' })
    expect(bot.status).toBe(200)
    expect(bot.data).toEqual({ intent: 'request-access', outcome: 'request_sent', email })
    // Even for a member's address: no login link goes out.
    expect(outcomeOf(await requestAccess(org, member.email, { website: 'x' }))).toEqual({ status: 200, outcome: 'request_sent' })
    expect(await counts(org)).toEqual(before)
    expect(
      await db()
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'like', `access-request:email:%${domainOf(org, 'spam')}%`)
        .execute(),
    ).toEqual([])
  })

  it('limits requests per e-mail address and client address: the sixth within the hour is refused with 429, nobody else is', async () => {
    const org = await createOrg(database())
    const email = `eager@${domainOf(org, 'fabrikam')}`
    const from = nextAddress()
    const outcomes: string[] = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await requestAccess(org, email, {}, from)
      expect(answer.status).toBe(200)
      outcomes.push(answer.data.outcome)
    }
    expect(outcomes).toEqual(['request_sent', 'request_sent', 'request_sent', 'request_sent', 'request_sent'])
    const refused = await requestAccess(org, email, {}, from)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another e-mail address is not affected, and neither is the person from where they are.
    expect(outcomeOf(await requestAccess(org, `calm@${domainOf(org, 'fabrikam')}`, {}, from))).toEqual({ status: 200, outcome: 'request_sent' })
    expect(outcomeOf(await requestAccess(org, email))).toEqual({ status: 200, outcome: 'request_sent' })
  })

  it('decides in the spec’s order', async () => {
    const org = await createOrg(database())
    const profile = await createPermissionProfile(database(), org.product, { name: 'Everything', allRestricted: true })
    const blocked = domainOf(org, 'rival')
    // gmail.com is both a free provider and blocked: the free provider answers first.
    await configure(org, { blocked_domains: [blocked, 'gmail.com'], auto_approve: 'always', auto_approve_profile_id: profile.id })
    const freeAndBlocked = await requestAccess(org, `dana.${org.slug}@gmail.com`)
    expect(freeAndBlocked.status).toBe(400)
    expect(freeAndBlocked.data.result.error).toEqual({ email: [NOT_WORK_EMAIL] })

    // A member on a blocked domain: blocked, and no login link.
    const blockedMember = await memberOf(org, `insider@${blocked}`)
    expect(outcomeOf(await requestAccess(org, blockedMember.email))).toEqual({ status: 200, outcome: 'request_declined_blocked_domain' })
    expect(await mailsTo(blockedMember.email)).toEqual([])

    // Under "always" every other address is answered as approved; the mail says where each stands.
    // A live member with an earlier decline: the membership decides (a login link).
    const liveMember = await memberOf(org, `live@${domainOf(org, 'fbi')}`)
    await insertRequest(org, liveMember.email, 'declined')
    expect(outcomeOf(await requestAccess(org, liveMember.email))).toEqual({ status: 200, outcome: 'request_approved' })
    expect((await mailsTo(liveMember.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your login link for /)])

    // An expired member under "always": expired, not approved again.
    const expiredMember = await memberOf(org, `expired@${domainOf(org, 'fbi')}`, { expired: true })
    expect(outcomeOf(await requestAccess(org, expiredMember.email))).toEqual({ status: 200, outcome: 'request_approved' })
    expect((await mailsTo(expiredMember.email)).map((mail) => mail.subject)).toEqual([expect.stringMatching(/ has expired$/)])

    // Pending and declined requests are decided before any auto-approval.
    const pending = `pending@${domainOf(org, 'fabrikam')}`
    await insertRequest(org, pending, 'pending')
    expect(outcomeOf(await requestAccess(org, pending))).toEqual({ status: 200, outcome: 'request_approved' })
    const declined = `declined@${domainOf(org, 'fabrikam')}`
    await insertRequest(org, declined, 'declined_third_party')
    expect(outcomeOf(await requestAccess(org, declined))).toEqual({ status: 200, outcome: 'request_approved' })
    expect(await db().selectFrom('account_members').select('email').where('email', 'in', [pending, declined]).execute()).toEqual([])
    expect(await db().selectFrom('access_requests').select('status').where('email', 'in', [pending, declined]).orderBy('email').execute()).toEqual([
      { status: 'declined_third_party' },
      { status: 'pending' },
    ])
  })

  // ---- The Login tab ------------------------------------------------------------------------------

  const login = (org: OrgFixture, email: string, extra: Record<string, string> = {}) => post(org, { intent: 'login', email, productId: org.product.id, ...extra })

  it('answers a known and an unknown e-mail alike; the member gets a login link, the stranger the way to request access', async () => {
    const org = await createOrg(database())
    const member = await memberOf(org, `known@${domainOf(org, 'fbi')}`)
    const unknown = `unknown@${domainOf(org, 'fbi')}`

    const known = await login(org, member.email.toUpperCase())
    const stranger = await login(org, unknown)
    expect(known.status).toBe(200)
    expect(stranger.status).toBe(known.status)
    expect(known.data).toEqual({ intent: 'login', outcome: 'login_sent', email: member.email })
    expect(stranger.data).toEqual({ intent: 'login', outcome: 'login_sent', email: unknown })
    expect(Object.keys(stranger.data).sort()).toEqual(Object.keys(known.data).sort())
    expect([...known.headers.keys()].sort()).toEqual([...stranger.headers.keys()].sort())

    const mails = await mailsTo(member.email)
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toMatch(/^Your login link for /)
    expect(mails[0].secrets).toHaveLength(1)
    const [note, ...more] = await mailsTo(unknown)
    expect(more).toEqual([])
    expect(note.subject).toMatch(/^Logging in to /)
    expect(note.secrets).toEqual([])
    expect(note.text_body).toContain(`${org.home}?requestAccess=true&email=${encodeURIComponent(unknown)}`)
    expect(note.html_body).toContain(`${org.home}?requestAccess=true&#38;email=${encodeURIComponent(unknown)}`)
    expect(await requestsOf(org)).toEqual([])
  })

  it('mails every address on the Login tab what to do: expired, pending and declined each their own note', async () => {
    const org = await createOrg(database())
    const expired = await memberOf(org, `expired@${domainOf(org, 'fbi')}`, { expired: true })
    const pending = `pending@${domainOf(org, 'fabrikam')}`
    await insertRequest(org, pending, 'pending')
    const declined = `declined@${domainOf(org, 'fabrikam')}`
    await insertRequest(org, declined, 'declined_auto')
    for (const email of [expired.email, pending, declined]) {
      expect((await login(org, email)).data, email).toEqual({ intent: 'login', outcome: 'login_sent', email })
    }
    const subjects = await Promise.all([expired.email, pending, declined].map(async (email) => (await mailsTo(email)).map((mail) => [mail.subject, mail.secrets.length])))
    expect(subjects).toEqual([
      [[expect.stringMatching(/ has expired$/), 1]],
      [[expect.stringMatching(/ is waiting for review$/), 0]],
      [[expect.stringMatching(/^Update on your access request to /), 0]],
    ])
    expect((await requestsOf(org)).length).toBe(2)
  })

  // ---- What one inbox receives ----------------------------------------------------------------------

  it('sends one inbox at most 5 access mails an hour, whoever asks from wherever, with the same answers', async () => {
    const org = await createOrg(database())
    const member = await memberOf(org, `target@${domainOf(org, 'fbi')}`)
    // The review's attack: 48 login requests from 8 addresses, then requests and a +tag alias.
    const clients = Array.from({ length: 8 }, () => nextAddress())
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(clients.map((clientAddress) => post(org, { intent: 'login', email: member.email }, { clientAddress })))
      for (const answer of answers) expect(answer.data).toEqual({ intent: 'login', outcome: 'login_sent', email: member.email })
    }
    expect(outcomeOf(await requestAccess(org, member.email))).toEqual({ status: 200, outcome: 'request_sent' })
    expect((await login(org, member.email.replace('@', '+x@'))).data.outcome).toBe('login_sent')
    expect((await mailsTo(member.email)).length).toBe(5)
    expect(await mailsTo(member.email.replace('@', '+x@'))).toEqual([])
    // Someone else's inbox is not affected.
    const other = await memberOf(org, `other@${domainOf(org, 'fbi')}`)
    await login(org, other.email)
    expect((await mailsTo(other.email)).length).toBe(1)
  })

  it('counts an IPv6 client by its /64 in the per-address limits', async () => {
    const org = await createOrg(database())
    const block = `2001:db8:${(address++ % 65536).toString(16)}:1`
    const answers = []
    for (let host = 1; host <= 21; host++)
      answers.push((await post(org, { intent: 'login', email: `u${host}@${domainOf(org, 'v6')}` }, { clientAddress: `${block}::${host.toString(16)}` })).status)
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(200))
    expect(answers[20]).toBe(429)
    // Another /64 is counted on its own.
    expect((await post(org, { intent: 'login', email: `u0@${domainOf(org, 'v6')}` }, { clientAddress: block.replace(/:1$/, ':2::1') })).status).toBe(200)
  })

  it('refuses a free e-mail provider on the Login tab, and an empty address, with the spec’s messages', async () => {
    const org = await createOrg(database())
    const extra = domainOf(org, 'freemail')
    await configure(org, { free_mail_domains: [extra] })
    for (const email of [`someone.${org.slug}@gmail.com`, `someone@${extra}`]) {
      const refused = await login(org, email)
      expect(refused.status).toBe(400)
      expect(refused.data.result.error).toEqual({ email: [NOT_WORK_EMAIL] })
    }
    const empty = await login(org, '')
    expect(empty.status).toBe(400)
    expect(empty.data.result.error).toEqual({ email: ['You must provide an email.'] })
    const invalid = await login(org, 'nope')
    expect(invalid.data.result.error).toEqual({ email: ['This email is invalid'] })
    expect(await orgMails(org)).toEqual([])
  })
})
