import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import AccessRequests, { action as reviewAction, loader as reviewLoader } from '../../app/routes/staff/access-requests/index'
import AccessRequest, { action as requestAction, loader as requestLoader } from '../../app/routes/staff/access-requests/request'
import { dateInputValue } from '../../app/lib/schemas/access-requests'
import { formatDate } from '../../app/lib/format'
import { describeEachDatabase } from '../setup/database'
import { createFile, createItem, createOrg, createProduct, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'
import { FLASH_COOKIE, readFlash } from '../../server/http/flash'
import { staffCookie } from '../setup/staff'

const json = (value: unknown) => JSON.stringify(value)
const DAY = 86_400_000
const inDays = (days: number) => dateInputValue(new Date(Date.now() + days * DAY))

describeEachDatabase('staff review of access requests', (database) => {
  const db = () => database().handle.db

  async function createProfile(productId: string, name = 'Reviewers') {
    return db()
      .insertInto('permission_profiles')
      .values({ product_id: productId, name, card_kinds: json(['Reports']), item_uids: json([]) })
      .returning('id')
      .executeTakeFirstOrThrow()
  }

  async function createRequest(
    org: { id: string },
    productId: string | null,
    person: { email: string; firstName?: string; lastName?: string; company?: string },
    extra: { kind?: 'access' | 'extend'; memberId?: string; status?: string; createdAt?: Date; itemUid?: string } = {},
  ) {
    return db()
      .insertInto('access_requests')
      .values({
        org_id: org.id,
        product_id: productId,
        email: person.email,
        first_name: person.firstName ?? 'Robin',
        last_name: person.lastName ?? 'Example',
        company_name: person.company ?? 'Fabrikam',
        job_title: 'Security Analyst',
        relationship: 'prospective_customer',
        country: 'Germany',
        kind: extra.kind ?? 'access',
        member_id: extra.memberId ?? null,
        status: extra.status ?? 'pending',
        item_uid: extra.itemUid ?? null,
        created_at: extra.createdAt ?? new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  }

  async function createAccount(org: { id: string }, name: string, domains: string[]) {
    return db()
      .insertInto('accounts')
      .values({ org_id: org.id, name, domains: json(domains) })
      .returning('id')
      .executeTakeFirstOrThrow()
  }

  /** A selection is decided on the queue, one request on its own page (the query string is the queue's filter). */
  const post = (org: OrgFixture, form: Record<string, string | string[]>, cookie = org.admin.cookie, path = '/access-requests') =>
    String(form.intent).startsWith('bulk-')
      ? callRoute(reviewAction, database(), { path, cookie, form })
      : callRoute(requestAction, database(), { path: path.replace('/access-requests', `/access-requests/${form.requestId}`), cookie, form })
  const load = (cookie: string, path = '/access-requests') => callRoute(reviewLoader, database(), { path, cookie })
  const mailsTo = (email: string) => db().selectFrom('outbox').select(['subject', 'text_body', 'html_body', 'secrets']).where('recipient', '=', email).execute()
  const audit = (orgId: string, action: string) =>
    db().selectFrom('audit_entries').select(['actor', 'target', 'after']).where('org_id', '=', orgId).where('action', '=', action).execute()
  const requestRow = (id: string) => db().selectFrom('access_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const counts = async (orgId: string) => ({
    accounts: (await db().selectFrom('accounts').select('id').where('org_id', '=', orgId).execute()).length,
    members: (await db().selectFrom('account_members').select('id').where('org_id', '=', orgId).execute()).length,
    mails: (await db().selectFrom('outbox').select('id').where('org_id', '=', orgId).execute()).length,
    audit: (await db().selectFrom('audit_entries').select('id').where('org_id', '=', orgId).where('action', 'like', 'access.%').execute()).length,
  })

  it('lists pending requests first, then the newest, and filters by status and product', async () => {
    const org = await createOrg(database())
    const mobile = await createProduct(database(), org, { slug: 'mobile' })
    await createRequest(org, org.product.id, { email: 'old-pending@fabrikam.test', firstName: 'Old' }, { createdAt: new Date(Date.now() - 5 * DAY) })
    await createRequest(org, org.product.id, { email: 'approved@fabrikam.test', firstName: 'Approved' }, { status: 'approved' })
    await createRequest(org, mobile.id, { email: 'new-pending@fabrikam.test', firstName: 'New' }, { createdAt: new Date(Date.now() - DAY) })
    await createRequest(org, org.product.id, { email: 'declined@fabrikam.test', firstName: 'Declined' }, { status: 'declined_third_party' })

    const all = await load(org.admin.cookie)
    expect(all.status).toBe(200)
    // Pending first (newest of them first), then the decided ones.
    expect(all.data.requests.slice(0, 2).map((request: { email: string }) => request.email)).toEqual(['new-pending@fabrikam.test', 'old-pending@fabrikam.test'])
    expect(
      all.data.requests
        .slice(2)
        .map((request: { status: string }) => request.status)
        .sort(),
    ).toEqual(['approved', 'declined_third_party'])
    const first = all.data.requests[0]
    expect(first).toMatchObject({
      name: 'New Example',
      companyName: 'Fabrikam',
      jobTitle: 'Security Analyst',
      relationship: 'Prospective customer',
      country: 'Germany',
      productName: mobile.name,
      kind: 'access',
    })

    const pending = await load(org.admin.cookie, '/access-requests?status=pending')
    expect(pending.data.requests.map((request: { status: string }) => request.status)).toEqual(['pending', 'pending'])
    const declined = await load(org.admin.cookie, '/access-requests?status=declined')
    expect(declined.data.requests.map((request: { email: string }) => request.email)).toEqual(['declined@fabrikam.test'])
    const onMobile = await load(org.admin.cookie, `/access-requests?status=all&product=${mobile.id}`)
    expect(onMobile.data.requests.map((request: { email: string }) => request.email)).toEqual(['new-pending@fabrikam.test'])
    // An unknown status or another org's product filters nothing out.
    const foreign = await load(org.admin.cookie, '/access-requests?status=bogus&product=00000000-0000-4000-8000-000000000000')
    expect(foreign.data.filter).toMatchObject({ status: 'all', productId: null })
    expect(foreign.data.requests).toHaveLength(4)
  })

  it('approves a request into a new account named after the company, with one mail carrying a hidden login link', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const request = await createRequest(org, org.product.id, { email: 'dana@newco.test', firstName: 'Dana', lastName: 'Scully', company: 'NewCo' })
    const expiresOn = inDays(90)
    await db().updateTable('orgs').set({ nda_type: 'clickwrap' }).where('id', '=', org.id).execute()
    await db().updateTable('portal_customizations').set({ nda_text: 'Keep it secret.' }).where('org_id', '=', org.id).execute()
    // Two restricted reports the profile opens, one public and one of a kind it does not.
    for (const [kind, title, access] of [
      ['Reports', 'SOC 2 Type II report', 'restricted'],
      ['Reports', 'Penetration test summary', 'restricted'],
      ['Reports', 'SOC 3 report', 'public'],
      ['Legal', 'Master services agreement', 'restricted'],
    ] as const) {
      const item = await createItem(database(), org.product, { kind, title, access })
      await createFile(database(), org, { item: { id: item.id, productId: org.product.id } })
    }

    const approved = await post(
      org,
      { intent: 'approve', requestId: request.id, accountId: 'new', profileId: profile.id, expiresOn, ndaRequired: 'on' },
      org.admin.cookie,
      '/access-requests?status=pending',
    )
    expect(approved.status).toBe(302)
    expect(approved.location).toBe('/access-requests?status=pending')
    expect(approved.toast).toBe('Access granted to Dana Scully')

    const account = await db().selectFrom('accounts').select(['id', 'name', 'domains']).where('org_id', '=', org.id).executeTakeFirstOrThrow()
    expect(account).toMatchObject({ name: 'NewCo', domains: ['newco.test'] })
    const access = await db().selectFrom('account_products').selectAll().where('account_id', '=', account.id).executeTakeFirstOrThrow()
    expect(access).toMatchObject({ product_id: org.product.id, permission_profile_id: profile.id, nda_required: true })
    expect(dateInputValue(access.access_expires_at)).toBe(expiresOn)
    const member = await db().selectFrom('account_members').selectAll().where('org_id', '=', org.id).where('email', '=', 'dana@newco.test').executeTakeFirstOrThrow()
    expect(member).toMatchObject({ account_id: account.id, first_name: 'Dana', last_name: 'Scully', is_auto_approved: false })
    expect(await requestRow(request.id)).toMatchObject({ status: 'approved', account_id: account.id, member_id: member.id, decided_by: org.admin.email })

    const mails = await mailsTo('dana@newco.test')
    expect(mails).toHaveLength(1)
    // The mail says what was granted: the product, the profile, until when, and the NDA to accept first.
    expect(mails[0].text_body).toContain(
      `Product: ${org.product.name}\nAccess: Reviewers\nAccess until: ${formatDate(access.access_expires_at)}\nDocuments: Penetration test summary and SOC 2 Type II report\n`,
    )
    expect(mails[0].text_body).toContain('non-disclosure agreement (NDA)')
    expect(mails[0].text_body).toContain('[redacted:1]')
    expect(mails[0].secrets).toHaveLength(1)
    expect(mails[0].text_body).not.toContain(mails[0].secrets[0])
    expect(await audit(org.id, 'access.approve')).toEqual([expect.objectContaining({ actor: org.admin.email, target: 'dana@newco.test' })])
  })

  it('suggests the account whose domain matches and approves into it', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const contoso = await createAccount(org, 'Contoso', ['contoso.test'])
    await createAccount(org, 'Other', ['other.test'])
    const request = await createRequest(org, org.product.id, { email: 'sam@contoso.test', firstName: 'Sam', company: 'Contoso Ltd' })

    const page = await load(org.admin.cookie)
    const row = page.data.requests.find((entry: { id: string }) => entry.id === request.id)
    expect(row.suggestedAccountId).toBe(contoso.id)
    expect(page.data.accounts.map((account: { name: string }) => account.name)).toEqual(['Contoso', 'Other'])

    const approved = await post(org, { intent: 'approve', requestId: request.id, accountId: contoso.id, profileId: profile.id, expiresOn: inDays(30) })
    expect(approved.status).toBe(302)
    expect((await db().selectFrom('account_members').select('account_id').where('email', '=', 'sam@contoso.test').executeTakeFirstOrThrow()).account_id).toBe(contoso.id)
    expect((await db().selectFrom('accounts').select('id').where('org_id', '=', org.id).execute()).length).toBe(2)
    expect(await db().selectFrom('account_products').select('permission_profile_id').where('account_id', '=', contoso.id).executeTakeFirstOrThrow()).toEqual({
      permission_profile_id: profile.id,
    })
    expect(await mailsTo('sam@contoso.test')).toHaveLength(1)
  })

  it('declines with the chosen kind and tells the requester, without a secret', async () => {
    const org = await createOrg(database())
    const request = await createRequest(org, org.product.id, { email: 'lee@thirdparty.test', firstName: 'Lee' })
    const declined = await post(org, { intent: 'decline', requestId: request.id, status: 'declined_third_party' })
    expect(declined.status).toBe(302)
    expect(declined.toast).toBe('Request of Lee Example declined')
    expect(await requestRow(request.id)).toMatchObject({ status: 'declined_third_party', decided_by: org.admin.email })
    expect((await requestRow(request.id)).decided_at).not.toBeNull()
    const mails = await mailsTo('lee@thirdparty.test')
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toContain('access request')
    expect(mails[0].secrets).toEqual([])
    expect(await audit(org.id, 'access.decline')).toEqual([
      expect.objectContaining({ target: 'lee@thirdparty.test', after: expect.objectContaining({ status: 'declined_third_party' }) }),
    ])
  })

  it('refuses a request another reviewer already decided, with a clear message and nothing written', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const request = await createRequest(org, org.product.id, { email: 'raced@fabrikam.test', firstName: 'Raced' })
    expect((await post(org, { intent: 'decline', requestId: request.id, status: 'declined' })).status).toBe(302)
    const before = await counts(org.id)

    const late = await post(org, { intent: 'approve', requestId: request.id, accountId: 'new', profileId: profile.id, expiresOn: inDays(10) })
    expect(late.status).toBe(409)
    expect(late.data.requestId).toBe(request.id)
    expect(late.data.result.error['']).toEqual([`The request of Raced Example was already declined by ${org.admin.email}.`])
    const again = await post(org, { intent: 'decline', requestId: request.id, status: 'declined' })
    expect(again.status).toBe(409)
    expect(await counts(org.id)).toEqual(before)
    expect((await requestRow(request.id)).status).toBe('declined')
  })

  it('never acts on another org’s request, profile or account', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const ownProfile = await createProfile(org.product.id)
    const foreignProfile = await createProfile(other.product.id)
    const foreignAccount = await createAccount(other, 'Foreign', ['foreign.test'])
    const foreignRequest = await createRequest(other, other.product.id, { email: 'foreign@fabrikam.test' })
    const ownRequest = await createRequest(org, org.product.id, { email: 'own@fabrikam.test' })
    const before = { org: await counts(org.id), other: await counts(other.id) }

    const approveForeign = await post(org, { intent: 'approve', requestId: foreignRequest.id, accountId: 'new', profileId: ownProfile.id, expiresOn: inDays(10) })
    expect(approveForeign.status).toBe(404)
    expect((await post(org, { intent: 'decline', requestId: foreignRequest.id, status: 'declined' })).status).toBe(404)
    const withForeignProfile = await post(org, { intent: 'approve', requestId: ownRequest.id, accountId: 'new', profileId: foreignProfile.id, expiresOn: inDays(10) })
    expect(withForeignProfile.status).toBe(400)
    expect(withForeignProfile.data.result.error.profileId).toEqual(['Choose a permission profile of the requested product.'])
    const withForeignAccount = await post(org, { intent: 'approve', requestId: ownRequest.id, accountId: foreignAccount.id, profileId: ownProfile.id, expiresOn: inDays(10) })
    expect(withForeignAccount.status).toBe(400)
    expect(withForeignAccount.data.result.error.accountId).toEqual(['Choose an account of your organization.'])
    const bulkForeign = await post(org, { intent: 'bulk-decline', requestIds: [ownRequest.id, foreignRequest.id], status: 'declined' })
    expect(bulkForeign.status).toBe(404)

    expect({ org: await counts(org.id), other: await counts(other.id) }).toEqual(before)
    expect((await requestRow(foreignRequest.id)).status).toBe('pending')
    expect((await requestRow(ownRequest.id)).status).toBe('pending')
  })

  it('opens no other org’s request on its own page, nor a bad id, nor any for a member without the permission', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const foreign = await createRequest(other, other.product.id, { email: 'secret@foreign-corp.test', firstName: 'Foreign', lastName: 'Secret', company: 'Foreign Corp' })
    const own = await createRequest(org, org.product.id, { email: 'own@fabrikam.test' })
    const openPage = (id: string, cookie = org.admin.cookie) => callRoute(requestLoader, database(), { path: `/access-requests/${id}`, params: { requestId: id }, cookie })
    const foreignPage = await openPage(foreign.id)
    expect(foreignPage.status).toBe(404)
    expect(JSON.stringify(foreignPage.data)).not.toMatch(/secret@foreign-corp|Foreign Corp/)
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', 'x'.repeat(5000), '%00']) expect((await openPage(id)).status).toBe(404)
    // Its own org's next pending request is never the other org's.
    const ownPage = await openPage(own.id)
    expect(ownPage.status).toBe(200)
    expect(JSON.stringify(ownPage.data)).not.toMatch(/secret@foreign-corp|Foreign Corp/)
    expect(ownPage.data.nextPendingId).not.toBe(foreign.id)
    const accountsOnly = await createStaffMember(database(), `accounts-only-page@${org.slug}.test`, ['accounts'], { org })
    expect((await openPage(own.id, accountsOnly)).status).toBe(403)
    expect(
      (await post(org, { intent: 'approve', requestId: own.id, accountId: 'new', profileId: (await createProfile(org.product.id)).id, expiresOn: inDays(10) }, accountsOnly))
        .status,
    ).toBe(403)
    expect((await requestRow(own.id)).status).toBe('pending')
  })

  it('offers "View account" after approving only to staff who may open accounts (security review, issue 24)', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const toastAction = async (result: { headers: Headers }) => {
      const cookie = result.headers
        .getSetCookie()
        .find((value) => value.startsWith(`${FLASH_COOKIE}=`))!
        .split(';')[0]
      return (await readFlash(database().env, new Request('http://localhost/', { headers: { cookie } }))).action
    }
    const first = await createRequest(org, org.product.id, { email: 'first@view-co.test', company: 'View Co' })
    const byAdmin = await post(org, { intent: 'approve', requestId: first.id, accountId: 'new', profileId: profile.id, expiresOn: inDays(30) })
    expect(byAdmin.status).toBe(302)
    expect(await toastAction(byAdmin)).toEqual({ label: 'View account', href: expect.stringMatching(/^\/accounts\?account=[0-9a-f-]{36}$/) })
    // A reviewer without the accounts permission: the toast says it was granted, and links to no page they cannot open.
    const reviewer = await createStaffMember(database(), `reviewer-only@${org.slug}.test`, ['access-requests'], { org })
    const second = await createRequest(org, org.product.id, { email: 'second@view-co.test', company: 'View Co' })
    const byReviewer = await post(org, { intent: 'approve', requestId: second.id, accountId: 'new', profileId: profile.id, expiresOn: inDays(30) }, reviewer)
    expect(byReviewer.status).toBe(302)
    expect(byReviewer.toast).toMatch(/^Access granted to /)
    expect(await toastAction(byReviewer)).toBeNull()
    // Nor does the request's own page link the account of their domain for them; it does for the admin.
    const page = (cookie: string) => callRoute(requestLoader, database(), { path: `/access-requests/${second.id}`, params: { requestId: second.id }, cookie })
    expect((await page(reviewer)).data).toMatchObject({ canOpenAccounts: false })
    expect((await page(org.admin.cookie)).data).toMatchObject({ canOpenAccounts: true })
  })

  it('answers bad input with 400 and the field’s message, writing nothing', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const request = await createRequest(org, org.product.id, { email: 'bad-input@fabrikam.test' })
    const before = await counts(org.id)

    const noProfile = await post(org, { intent: 'approve', requestId: request.id, accountId: 'new', profileId: '', expiresOn: inDays(10) })
    expect(noProfile.status).toBe(400)
    expect(noProfile.data.result.error.profileId).toEqual(['Choose a permission profile'])
    const past = await post(org, { intent: 'approve', requestId: request.id, accountId: 'new', profileId: profile.id, expiresOn: inDays(-2) })
    expect(past.status).toBe(400)
    expect(past.data.result.error.expiresOn).toEqual(['Choose a date from today on'])
    const garbled = await post(org, { intent: 'approve', requestId: request.id, accountId: 'new', profileId: profile.id, expiresOn: '2026-02-31' })
    expect(garbled.data.result.error.expiresOn).toEqual(['Enter a date as YYYY-MM-DD'])
    const badKind = await post(org, { intent: 'decline', requestId: request.id, status: 'approved' })
    expect(badKind.status).toBe(400)
    const noSelection = await post(org, { intent: 'bulk-decline', status: 'declined' })
    expect(noSelection.status).toBe(400)
    expect(noSelection.data.result.error.requestIds).toEqual(['Select at least one request'])
    expect((await post(org, { intent: 'bogus' })).status).toBe(400)

    expect(await counts(org.id)).toEqual(before)
    expect((await requestRow(request.id)).status).toBe('pending')
  })

  it('approves a selection, matching accounts by domain or creating them, and says how many', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const globex = await createAccount(org, 'Globex', ['globex.test'])
    const one = await createRequest(org, org.product.id, { email: 'one@globex.test', firstName: 'One' })
    const two = await createRequest(org, org.product.id, { email: 'two@initech.test', firstName: 'Two', company: 'Initech' })
    const three = await createRequest(org, org.product.id, { email: 'three@initech.test', firstName: 'Three', company: 'Initech Inc' })

    const bulk = await post(org, { intent: 'bulk-approve', requestIds: [one.id, two.id, three.id], profileId: profile.id, expiresOn: inDays(60) })
    expect(bulk.status).toBe(302)
    expect(bulk.toast).toBe('3 requests approved')
    const members = await db()
      .selectFrom('account_members')
      .innerJoin('accounts', 'accounts.id', 'account_members.account_id')
      .select(['account_members.email', 'accounts.id', 'accounts.name'])
      .where('account_members.org_id', '=', org.id)
      .orderBy('account_members.email')
      .execute()
    expect(members.find((member) => member.email === 'one@globex.test')?.id).toBe(globex.id)
    // The second Initech requester joins the account the first one's approval created.
    const initech = members.filter((member) => member.email.endsWith('@initech.test'))
    expect(new Set(initech.map((member) => member.id)).size).toBe(1)
    expect(initech[0].name).toBe('Initech')
    for (const email of ['one@globex.test', 'two@initech.test', 'three@initech.test']) expect(await mailsTo(email)).toHaveLength(1)
    expect(await audit(org.id, 'access.approve')).toHaveLength(3)
  })

  it('reports what a bulk decision skipped: decided meanwhile, or for another product', async () => {
    const org = await createOrg(database())
    const mobile = await createProduct(database(), org, { slug: 'mobile' })
    const profile = await createProfile(org.product.id)
    const fresh = await createRequest(org, org.product.id, { email: 'fresh@fabrikam.test', firstName: 'Fresh' })
    const decided = await createRequest(org, org.product.id, { email: 'decided@fabrikam.test', firstName: 'Decided' }, { status: 'approved' })
    const onMobile = await createRequest(org, mobile.id, { email: 'mobile@fabrikam.test', firstName: 'Mobile' })

    const bulk = await post(org, { intent: 'bulk-approve', requestIds: [fresh.id, decided.id, onMobile.id], profileId: profile.id, expiresOn: inDays(60) })
    expect(bulk.status).toBe(302)
    expect(bulk.toast).toBe('1 request approved. Not approved: Decided Example (already approved), Mobile Example (for another product than the chosen profile).')
    expect((await requestRow(onMobile.id)).status).toBe('pending')
    expect(await mailsTo('mobile@fabrikam.test')).toHaveLength(0)

    const nothing = await post(org, { intent: 'bulk-decline', requestIds: [fresh.id, decided.id], status: 'declined' })
    expect(nothing.status).toBe(409)
    expect(nothing.data.result.error['']).toEqual([
      `0 requests declined. Not declined: Fresh Example (already approved by ${org.admin.email}), Decided Example (already approved).`,
    ])

    const declined = await post(org, { intent: 'bulk-decline', requestIds: [onMobile.id], status: 'declined_third_party' })
    expect(declined.toast).toBe('1 request declined')
    expect((await requestRow(onMobile.id)).status).toBe('declined_third_party')
    expect(await mailsTo('mobile@fabrikam.test')).toHaveLength(1)
  })

  it('approves an extend-access request into the member’s account with its profile and a new expiry', async () => {
    const org = await createOrg(database())
    const kept = await createProfile(org.product.id, 'Kept')
    const other = await createProfile(org.product.id, 'Other')
    const account = await createAccount(org, 'Umbrella', ['umbrella.test'])
    await db()
      .insertInto('account_products')
      .values({ account_id: account.id, product_id: org.product.id, permission_profile_id: kept.id, access_expires_at: new Date(Date.now() - DAY) })
      .execute()
    const member = await db()
      .insertInto('account_members')
      .values({ org_id: org.id, account_id: account.id, email: 'alice@umbrella.test', first_name: 'Alice', last_name: 'Abernathy' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const request = await createRequest(
      org,
      org.product.id,
      { email: 'alice@umbrella.test', firstName: 'Alice', lastName: 'Abernathy', company: 'Umbrella' },
      { kind: 'extend', memberId: member.id },
    )

    const page = await load(org.admin.cookie)
    expect(page.data.requests[0]).toMatchObject({ kind: 'extend', extend: { accountId: account.id, accountName: 'Umbrella', profileId: kept.id, profileName: 'Kept' } })

    const expiresOn = inDays(120)
    // Whatever the form says, an extension keeps the member's account and profile.
    const approved = await post(org, { intent: 'approve', requestId: request.id, accountId: 'new', profileId: other.id, expiresOn })
    expect(approved.status).toBe(302)
    const access = await db().selectFrom('account_products').selectAll().where('account_id', '=', account.id).executeTakeFirstOrThrow()
    expect(access.permission_profile_id).toBe(kept.id)
    expect(dateInputValue(access.access_expires_at)).toBe(expiresOn)
    expect((await db().selectFrom('accounts').select('id').where('org_id', '=', org.id).execute()).length).toBe(1)
    expect(await requestRow(request.id)).toMatchObject({ status: 'approved', account_id: account.id, member_id: member.id })
  })

  it('denies the page and its actions to a member without the access-requests permission', async () => {
    const org = await createOrg(database())
    const request = await createRequest(org, org.product.id, { email: 'denied@fabrikam.test' })
    const cookie = await createStaffMember(database(), `accounts-only@${org.slug}.test`, ['accounts'], { org })
    const denied = await load(cookie)
    expect(denied.status).toBe(403)
    expect(denied.data).toBe("You don't have access to this page")
    expect((await post(org, { intent: 'decline', requestId: request.id, status: 'declined' }, cookie)).status).toBe(403)
    expect((await requestRow(request.id)).status).toBe('pending')
  })

  it('shows each row’s domain account and earlier requests, searches, and opens a request with the product’s default profile', async () => {
    const org = await createOrg(database())
    // A profile made for one customer sorts first; the product's own default is what the form starts on.
    await createProfile(org.product.id, 'Acme reviewers')
    const defaults = await db()
      .insertInto('permission_profiles')
      .values({ product_id: org.product.id, name: 'All restricted content', all_restricted: true })
      .returning('id')
      .executeTakeFirstOrThrow()
    const globex = await createAccount(org, 'Globex', ['globex.test'])
    await createRequest(org, org.product.id, { email: 'kim@globex.test', firstName: 'Kim' }, { status: 'declined', createdAt: new Date(Date.now() - 3 * DAY) })
    const older = await createRequest(org, org.product.id, { email: 'kim@globex.test', firstName: 'Kim' }, { createdAt: new Date(Date.now() - 2 * DAY) })
    const latest = await createRequest(org, org.product.id, { email: 'pat@initech.test', firstName: 'Pat', company: 'Initech' }, { createdAt: new Date(Date.now() - DAY) })

    const page = await load(org.admin.cookie, '/access-requests?status=pending')
    expect(page.data.requests.map((row: { id: string }) => row.id)).toEqual([latest.id, older.id])
    expect(page.data.requests[1]).toMatchObject({ domainAccount: { id: globex.id, name: 'Globex' }, earlierRequests: 1 })
    expect(page.data.requests[0]).toMatchObject({ domainAccount: null, earlierRequests: 0 })
    const found = await load(org.admin.cookie, '/access-requests?q=initech')
    expect(found.data.requests.map((row: { id: string }) => row.id)).toEqual([latest.id])
    expect(found.data.filter.q).toBe('initech')
    // A search's own % matches a percent sign only.
    expect((await load(org.admin.cookie, '/access-requests?q=%25')).data.requests).toEqual([])

    const opened = await callRoute(requestLoader, database(), { path: `/access-requests/${latest.id}`, params: { requestId: latest.id }, cookie: org.admin.cookie })
    expect(opened.status).toBe(200)
    expect(opened.data.request).toMatchObject({ id: latest.id, name: 'Pat Example' })
    expect(opened.data.products[0].defaultProfileId).toBe(defaults.id)
    expect(opened.data.nextPendingId).toBe(older.id)
    const last = await callRoute(requestLoader, database(), { path: `/access-requests/${older.id}`, params: { requestId: older.id }, cookie: org.admin.cookie })
    expect(last.data.nextPendingId).toBe(latest.id)
    for (const requestId of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
      expect((await callRoute(requestLoader, database(), { path: `/access-requests/${requestId}`, params: { requestId }, cookie: org.admin.cookie })).status).toBe(404)
    }
    const other = await createOrg(database())
    expect((await callRoute(requestLoader, database(), { path: `/access-requests/${latest.id}`, params: { requestId: latest.id }, cookie: other.admin.cookie })).status).toBe(404)

    // The request's page decides it and goes back to the queue as it was filtered.
    const declined = await callRoute(requestAction, database(), {
      path: `/access-requests/${latest.id}?status=pending`,
      params: { requestId: latest.id },
      cookie: org.admin.cookie,
      form: { intent: 'decline', requestId: latest.id, status: 'declined' },
    })
    expect(declined.status).toBe(302)
    expect(declined.location).toBe('/access-requests?status=pending')
  })

  describe('the pages', () => {
    it('render the queue as a list of links and the demo request with its decision forms', async () => {
      const cookie = await staffCookie(database())
      const page = await load(cookie, '/access-requests?status=pending')
      const Stub = createRoutesStub([{ id: 'requests', path: '/access-requests', Component: AccessRequests as never }])
      const html = renderToString(createElement(Stub, { initialEntries: ['/access-requests?status=pending'], hydrationData: { loaderData: { requests: page.data } } }))
      expect(html).toContain('<h1>Access requests</h1>')
      const jordan = page.data.requests.find((request: { name: string }) => request.name === 'Jordan Lee')
      expect(html).toMatch(new RegExp(`<a href="/access-requests/${jordan.id}\\?status=pending"[^>]*>Jordan Lee</a>`))
      expect(html).toContain('aria-label="Select Jordan Lee"')
      // The demo's only profile is Contoso's: no default is suggested for a stranger.
      expect(html).toContain('<option value="" selected="">Choose a profile</option>')
      expect(html).toContain('Approve selected')
      expect(html).toContain('Decline selected')
      expect(html).toContain('>Apply</button>')
      expect(html).not.toContain('aria-label="Approve Jordan Lee"')

      const opened = await callRoute(requestLoader, database(), { path: `/access-requests/${jordan.id}`, params: { requestId: jordan.id }, cookie })
      const RequestStub = createRoutesStub([{ id: 'request', path: '/access-requests/:requestId', Component: AccessRequest as never }])
      const detail = renderToString(
        createElement(RequestStub, { initialEntries: [`/access-requests/${jordan.id}?status=pending`], hydrationData: { loaderData: { request: opened.data } } }),
      )
      expect(detail).toContain('<h1>Jordan Lee</h1>')
      expect(detail).toMatch(/href="\/access-requests\?status=pending"[^>]*>Back to access requests<\/a>/)
      expect(detail).toContain('aria-label="Approve Jordan Lee"')
      expect(detail).toContain('aria-label="Decline Jordan Lee"')
      expect(detail).toContain('New account: Fabrikam')
      expect(detail).toContain('Prospective customer')
      expect(detail).toContain('<label for="request-profile">Permission profile</label>')
      expect(detail).toContain('<option value="" selected="">Choose a profile</option>')
      expect(detail).toContain(`value="${opened.data.defaultExpiresOn}"`)
    })
  })
})
