import { createElement } from 'react'
import { formatDate } from '../../app/lib/format'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, it } from 'vitest'
import Accounts, { action as accountsAction, loader as accountsLoader } from '../../app/routes/staff/accounts/index'
import { dateInputValue } from '../../app/lib/schemas/access-requests'
import { ACCOUNT_SEARCH_MAX, ACCOUNTS_PAGE_SIZE } from '../../app/lib/schemas/accounts'
import { hashToken, newToken } from '../../server/auth/tokens'
import { describeEachDatabase } from '../setup/database'
import { createItem, createOrg, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'
import { staffCookie } from '../setup/staff'

const json = (value: unknown) => JSON.stringify(value)
const DAY = 86_400_000
const inDays = (days: number) => dateInputValue(new Date(Date.now() + days * DAY))

describeEachDatabase('accounts and permission profiles', (database) => {
  const db = () => database().handle.db

  async function createProfile(productId: string, name = 'Reviewers', grants: { cardKinds?: string[]; itemUids?: string[] } = {}) {
    return db()
      .insertInto('permission_profiles')
      .values({ product_id: productId, name, card_kinds: json(grants.cardKinds ?? ['Reports']), item_uids: json(grants.itemUids ?? []) })
      .returning('id')
      .executeTakeFirstOrThrow()
  }

  /** An account with access to the org's default product and one member with a live session. */
  async function createAccount(org: OrgFixture, name: string, profileId: string, options: { expiresInDays?: number } = {}) {
    const account = await db()
      .insertInto('accounts')
      .values({ org_id: org.id, name, domains: json([`${name.toLowerCase()}.test`]) })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('account_products')
      .values({
        account_id: account.id,
        product_id: org.product.id,
        permission_profile_id: profileId,
        access_expires_at: new Date(Date.now() + (options.expiresInDays ?? 100) * DAY),
      })
      .execute()
    const member = await db()
      .insertInto('account_members')
      .values({ org_id: org.id, account_id: account.id, email: `casey@${name.toLowerCase()}.test`, first_name: 'Casey', last_name: name, is_auto_approved: true })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('visitor_sessions')
      .values({ id: hashToken(newToken()), org_id: org.id, member_id: member.id, expires_at: new Date(Date.now() + 30 * DAY) })
      .execute()
    return { id: account.id, memberId: member.id }
  }

  const post = (org: OrgFixture, form: Record<string, string | string[]>, cookie = org.admin.cookie, path = '/accounts') =>
    callRoute(accountsAction, database(), { path, cookie, form })
  const load = (cookie: string, path = '/accounts') => callRoute(accountsLoader, database(), { path, cookie })
  const accessOf = (accountId: string) => db().selectFrom('account_products').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow()
  const sessionsOf = (memberId: string) => db().selectFrom('visitor_sessions').select('id').where('member_id', '=', memberId).execute()
  const profilesOf = (productId: string) => db().selectFrom('permission_profiles').selectAll().where('product_id', '=', productId).orderBy('name').execute()
  const auditActions = async (orgId: string) => (await db().selectFrom('audit_entries').select('action').where('org_id', '=', orgId).execute()).map((entry) => entry.action)

  /** An unused invitation from a member to a colleague. */
  const inviteInto = (org: { id: string }, accountId: string, memberId: string) =>
    db()
      .insertInto('account_invites')
      .values({
        org_id: org.id,
        account_id: accountId,
        invited_by: memberId,
        email: `colleague-${newToken().slice(0, 8).toLowerCase()}@example.test`,
        token_hash: hashToken(newToken()),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute()
  const invitesOf = (accountId: string) => db().selectFrom('account_invites').select('id').where('account_id', '=', accountId).execute()

  it('lists accounts with their access, NDA state and members, and the profiles per product', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id, 'Reviewers')
    const live = await createAccount(org, 'Contoso', profile.id)
    await createAccount(org, 'Lapsed', profile.id, { expiresInDays: -1 })
    await db().updateTable('orgs').set({ nda_type: 'clickwrap' }).where('id', '=', org.id).execute()
    await db().updateTable('portal_customizations').set({ nda_text: 'Keep it secret.' }).where('org_id', '=', org.id).execute()
    const { createHash } = await import('node:crypto')
    await db()
      .insertInto('nda_signatures')
      .values({
        org_id: org.id,
        account_id: live.id,
        member_id: live.memberId,
        signer_name: 'Casey Contoso',
        signer_email: 'casey@contoso.test',
        nda_version: createHash('sha256').update('Keep it secret.', 'utf8').digest('hex'),
        nda_text: 'Keep it secret.',
      })
      .execute()

    const page = await load(org.admin.cookie)
    expect(page.status).toBe(200)
    const [contoso, lapsed] = page.data.accounts
    expect(contoso).toMatchObject({
      name: 'Contoso',
      domains: ['contoso.test'],
      access: [{ productId: org.product.id, profileName: 'Reviewers', expired: false, ndaRequired: false }],
      nda: { signatures: [expect.objectContaining({ name: 'Casey Contoso', email: 'casey@contoso.test' })] },
      members: [{ name: 'Casey Contoso', email: 'casey@contoso.test', isAutoApproved: true }],
    })
    expect(lapsed.access[0].expired).toBe(true)
    expect(lapsed.nda.signatures).toEqual([])
    expect(page.data.products[0].profiles).toEqual([expect.objectContaining({ name: 'Reviewers', usedBy: 2, autoApproval: false })])
  })

  /** `count` accounts named Acct01, Acct02, … (one member each), in the order the list shows them. */
  async function createAccounts(org: OrgFixture, profileId: string, count: number) {
    const accounts = []
    for (let index = 1; index <= count; index++)
      accounts.push({ name: `Acct${String(index).padStart(2, '0')}`, ...(await createAccount(org, `Acct${String(index).padStart(2, '0')}`, profileId)) })
    return accounts
  }
  const names = (page: { data: { accounts: { name: string }[] } }) => page.data.accounts.map((account) => account.name)

  it('shows the accounts a page at a time, with only the shown accounts’ members and signatures', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const accounts = await createAccounts(org, profile.id, ACCOUNTS_PAGE_SIZE + 3)
    const last = accounts.at(-1)!
    await db()
      .insertInto('nda_signatures')
      .values({
        org_id: org.id,
        account_id: last.id,
        member_id: last.memberId,
        signer_name: 'Casey Last',
        signer_email: `casey@${last.name.toLowerCase()}.test`,
        nda_version: 'a'.repeat(64),
        nda_text: 'Secret.',
      })
      .execute()

    const first = await load(org.admin.cookie)
    expect(first.status).toBe(200)
    expect(names(first)).toEqual(accounts.slice(0, ACCOUNTS_PAGE_SIZE).map((account) => account.name))
    expect(first.data).toMatchObject({ total: ACCOUNTS_PAGE_SIZE + 3, pageCount: 2, filter: { page: 1, q: '', access: 'all' } })
    // Each account carries its own members, and nothing of an account on another page reaches this one.
    for (const account of first.data.accounts) expect(account.members.map((member: { email: string }) => member.email)).toEqual([`casey@${account.name.toLowerCase()}.test`])
    expect(JSON.stringify(first.data)).not.toContain(`${last.name.toLowerCase()}.test`)
    expect(JSON.stringify(first.data)).not.toContain('Casey Last')

    const second = await load(org.admin.cookie, '/accounts?page=2')
    expect(names(second)).toEqual(accounts.slice(ACCOUNTS_PAGE_SIZE).map((account) => account.name))
    expect(second.data.accounts.at(-1)).toMatchObject({ name: last.name, nda: { earlierVersionSigned: true } })

    // Rendered: the pager's links keep to plain URLs, so paging works without JavaScript.
    const Stub = createRoutesStub([{ id: 'accounts', path: '/accounts', Component: Accounts as never }])
    const html = renderToString(createElement(Stub, { initialEntries: ['/accounts'], hydrationData: { loaderData: { accounts: first.data } } }))
    expect(html).toContain('aria-label="Account pages"')
    expect(html).toContain('href="/accounts?page=2"')
    expect(html.replaceAll('<!-- -->', '')).toContain(`Page 1 of 2 (${ACCOUNTS_PAGE_SIZE + 3} accounts)`)
  })

  it('clamps the page number: huge, negative or not a number is a page, never an error', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const accounts = await createAccounts(org, profile.id, ACCOUNTS_PAGE_SIZE + 1)
    for (const [page, expected] of [
      ['99999999999999999999', 2],
      ['1e400', 1],
      ['-1', 1],
      ['0', 1],
      ['NaN', 1],
      ['2.5', 1],
      ['', 1],
    ] as const) {
      const answer = await load(org.admin.cookie, `/accounts?page=${page}`)
      expect(answer.status, `page=${page}`).toBe(200)
      expect(answer.data.filter.page, `page=${page}`).toBe(expected)
      expect(names(answer)[0]).toBe(accounts[(expected - 1) * ACCOUNTS_PAGE_SIZE].name)
    }
    // An unknown access state or an endless search falls back or is cut, never reaching the query as typed.
    const odd = await load(org.admin.cookie, `/accounts?access=everything&q=${'x'.repeat(5000)}`)
    expect(odd.status).toBe(200)
    expect(odd.data.filter).toMatchObject({ access: 'all', q: 'x'.repeat(ACCOUNT_SEARCH_MAX) })
  })

  it('searches by name, domain or member e-mail, and filters by the state of the access', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const live = await createAccount(org, 'Umbrella', profile.id, { expiresInDays: 200 })
    await createAccount(org, 'Soon', profile.id, { expiresInDays: 3 })
    await createAccount(org, 'Lapsed', profile.id, { expiresInDays: -2 })
    const revoked = await createAccount(org, 'Revoked', profile.id)
    expect((await post(org, { intent: 'revoke', accountId: revoked.id, productId: org.product.id })).status).toBe(302)
    await db()
      .updateTable('accounts')
      .set({ domains: json(['umbrella-corp.example']) })
      .where('id', '=', live.id)
      .execute()
    await db()
      .insertInto('account_members')
      .values({ org_id: org.id, account_id: live.id, email: 'alice.wesker@raccoon.example', first_name: 'Alice', last_name: 'Wesker' })
      .execute()
    const other = await createOrg(database())
    await createAccount(other, 'Umbrellas', (await createProfile(other.product.id)).id)

    const search = async (query: string) => names(await load(org.admin.cookie, `/accounts?${query}`))
    expect(await search('q=umbREL')).toEqual(['Umbrella'])
    expect(await search('q=umbrella-corp.example')).toEqual(['Umbrella'])
    expect(await search('q=alice.wesker%40raccoon')).toEqual(['Umbrella'])
    expect(await search('q=RACCOON.example')).toEqual(['Umbrella'])
    // The search's own wildcards are taken literally.
    expect(await search('q=%25')).toEqual([])
    expect(await search('q=_')).toEqual([])
    expect(await search('q=nobody')).toEqual([])

    expect(await search('access=live')).toEqual(['Soon', 'Umbrella'])
    expect(await search('access=expiring')).toEqual(['Soon'])
    expect(await search('access=expired')).toEqual(['Lapsed', 'Revoked'])
    expect(await search('access=expired&q=lap')).toEqual(['Lapsed'])
    expect(await search('access=all')).toEqual(['Lapsed', 'Revoked', 'Soon', 'Umbrella'])

    // Filtered pages link to filtered pages; a change made from one comes back to it.
    const filtered = await load(org.admin.cookie, '/accounts?q=umbrella&access=live')
    expect(filtered.data.filter).toEqual({ q: 'umbrella', access: 'live', page: 1 })
    const extended = await post(
      org,
      { intent: 'extend', accountId: live.id, productId: org.product.id, expiresOn: inDays(300) },
      org.admin.cookie,
      '/accounts?q=umbrella&access=live&page=1&profile=x',
    )
    expect(extended.status).toBe(302)
    expect(extended.location).toBe('/accounts?q=umbrella&access=live')
  })

  it('shows an account’s own page whatever page of the list it is on', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const accounts = await createAccounts(org, profile.id, ACCOUNTS_PAGE_SIZE + 2)
    const wanted = accounts.at(-1)!
    const own = await load(org.admin.cookie, `/accounts?account=${wanted.id}`)
    expect(own.status).toBe(200)
    expect(names(own)).toEqual([wanted.name])
    expect(own.data.focus).toMatchObject({ accountId: wanted.id, page: 1 })
    // Another org's account, or no id at all, is the list.
    const other = await createOrg(database())
    const foreign = await createAccount(other, 'Foreign', (await createProfile(other.product.id)).id)
    for (const path of [`/accounts?account=${foreign.id}`, '/accounts?account=nope']) {
      const answer = await load(org.admin.cookie, path)
      expect(answer.data.focus).toBeNull()
      expect(names(answer)).toHaveLength(ACCOUNTS_PAGE_SIZE)
    }
  })

  it('changes an account’s profile, expiry and NDA requirement in one form', async () => {
    const org = await createOrg(database())
    const first = await createProfile(org.product.id, 'First')
    const second = await createProfile(org.product.id, 'Second')
    const account = await createAccount(org, 'Initech', first.id)
    const expiresOn = inDays(200)
    const saved = await post(org, { intent: 'access', accountId: account.id, productId: org.product.id, profileId: second.id, expiresOn, ndaRequired: 'on' })
    expect(saved.status).toBe(302)
    expect(saved.toast).toBe(`Access of Initech to ${org.product.name} saved`)
    const access = await accessOf(account.id)
    expect(access).toMatchObject({ permission_profile_id: second.id, nda_required: true })
    expect(dateInputValue(access.access_expires_at)).toBe(expiresOn)
    expect(await auditActions(org.id)).toContain('account.access')
  })

  it('revokes access at once: the expiry becomes now and the members’ sessions are gone', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const account = await createAccount(org, 'Globex', profile.id)
    const bystander = await createAccount(org, 'Bystander', profile.id)
    expect(await sessionsOf(account.memberId)).toHaveLength(1)
    await inviteInto(org, account.id, account.memberId)
    await inviteInto(org, bystander.id, bystander.memberId)

    const revoked = await post(org, { intent: 'revoke', accountId: account.id, productId: org.product.id })
    expect(revoked.status).toBe(302)
    expect(new Date((await accessOf(account.id)).access_expires_at).getTime()).toBeLessThanOrEqual(Date.now())
    expect(await sessionsOf(account.memberId)).toEqual([])
    expect(await sessionsOf(bystander.memberId)).toHaveLength(1)
    expect(await auditActions(org.id)).toContain('account.revoke')
    // Nobody joins a revoked account through an invitation sent before.
    expect(await invitesOf(account.id)).toEqual([])
    expect(await invitesOf(bystander.id)).toHaveLength(1)

    const expiresOn = inDays(30)
    const extended = await post(org, { intent: 'extend', accountId: account.id, productId: org.product.id, expiresOn })
    expect(extended.status).toBe(302)
    expect(dateInputValue((await accessOf(account.id)).access_expires_at)).toBe(expiresOn)
    expect(await auditActions(org.id)).toContain('account.extend')
  })

  it('extends by +90 days or +1 year from the later of today and the current end, and comes back to the account’s page', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const live = await createAccount(org, 'Wayne', profile.id, { expiresInDays: 10 })
    const lapsed = await createAccount(org, 'Stark', profile.id, { expiresInDays: -30 })
    const own = `/accounts?account=${live.id}`
    const byQuarter = await post(org, { intent: 'extend', accountId: live.id, productId: org.product.id, period: '90d' }, org.admin.cookie, own)
    expect(byQuarter.status).toBe(302)
    expect(byQuarter.location).toBe(own)
    expect(dateInputValue((await accessOf(live.id)).access_expires_at)).toBe(inDays(100))
    expect(byQuarter.toast).toBe(`Access of Wayne to ${org.product.name} extended until ${formatDate((await accessOf(live.id)).access_expires_at)}`)
    // From today when access has ended, not from the past end.
    await post(org, { intent: 'extend', accountId: lapsed.id, productId: org.product.id, period: '1y' })
    const nextYear = new Date()
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1)
    expect(dateInputValue((await accessOf(lapsed.id)).access_expires_at)).toBe(dateInputValue(nextYear))
    const bad = await post(org, { intent: 'extend', accountId: live.id, productId: org.product.id, period: '5y' })
    expect(bad.status).toBe(400)
    expect(dateInputValue((await accessOf(live.id)).access_expires_at)).toBe(inDays(100))
    // +1 year pressed again and again stops at the 10 years any expiry may reach, with the field's message.
    const far = await createAccount(org, 'Tyrell', profile.id, { expiresInDays: 10 * 365 - 100 })
    const farBefore = await accessOf(far.id)
    const beyond = await post(org, { intent: 'extend', accountId: far.id, productId: org.product.id, period: '1y' })
    expect(beyond.status).toBe(400)
    expect(beyond.data.result.error.expiresOn).toEqual(['Choose a date within 10 years'])
    expect(await accessOf(far.id)).toEqual(farBefore)
  })

  it('removes a member, whose sessions and unused invitations go with them', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const account = await createAccount(org, 'Hooli', profile.id)
    await inviteInto(org, account.id, account.memberId)
    const removed = await post(org, { intent: 'remove-member', memberId: account.memberId })
    expect(removed.status).toBe(302)
    expect(await db().selectFrom('account_members').select('id').where('id', '=', account.memberId).execute()).toEqual([])
    expect(await sessionsOf(account.memberId)).toEqual([])
    expect(await invitesOf(account.id)).toEqual([])
    expect(await auditActions(org.id)).toContain('account.member.remove')
  })

  it('creates and edits a profile of card kinds and restricted items', async () => {
    const org = await createOrg(database())
    const restricted = await createItem(database(), org.product, { kind: 'Policies', title: 'Secret policy', access: 'restricted' })
    const open = await createItem(database(), org.product, { kind: 'Policies', title: 'Open policy' })

    const page = await load(org.admin.cookie, `/accounts?profile=new&product=${org.product.id}`)
    expect(page.data.editor).toEqual({ mode: 'create', productId: org.product.id })
    expect(page.data.products[0].restrictedItems.map((item: { uid: string }) => item.uid)).toEqual([restricted.uid])

    const created = await post(org, {
      intent: 'profile-create',
      productId: org.product.id,
      name: 'Auditors',
      cardKinds: ['Reports', 'Documents'],
      itemUids: [restricted.uid],
      canDownload: 'on',
    })
    expect(created.status).toBe(302)
    expect(created.toast).toBe('Permission profile Auditors created')
    const [profile] = await profilesOf(org.product.id)
    expect(profile).toMatchObject({ name: 'Auditors', all_restricted: false, card_kinds: ['Reports', 'Documents'], item_uids: [restricted.uid], can_download: true })

    const edited = await post(org, { intent: 'profile-update', profileId: profile.id, name: 'Auditors (all)', allRestricted: 'on' })
    expect(edited.status).toBe(302)
    expect((await profilesOf(org.product.id))[0]).toMatchObject({ name: 'Auditors (all)', all_restricted: true, card_kinds: [], item_uids: [], can_download: false })
    expect(await auditActions(org.id)).toEqual(expect.arrayContaining(['profile.create', 'profile.update']))

    // A public item, an unknown kind or an empty name is refused, and nothing changes.
    const publicItem = await post(org, { intent: 'profile-update', profileId: profile.id, name: 'X', itemUids: [open.uid] })
    expect(publicItem.status).toBe(400)
    expect(publicItem.data.result.error.itemUids).toEqual(['Choose restricted items of this product.'])
    const badKind = await post(org, { intent: 'profile-create', productId: org.product.id, name: 'Y', cardKinds: ['Overview'] })
    expect(badKind.status).toBe(400)
    const noName = await post(org, { intent: 'profile-create', productId: org.product.id, name: '  ' })
    expect(noName.status).toBe(400)
    expect(noName.data.result.error.name).toEqual(['Name is required'])
    const duplicate = await post(org, { intent: 'profile-create', productId: org.product.id, name: 'auditors (ALL)' })
    expect(duplicate.status).toBe(400)
    expect(duplicate.data.result.error.name).toEqual(['A profile of this product already has this name.'])
    expect(await profilesOf(org.product.id)).toHaveLength(1)
    expect((await profilesOf(org.product.id))[0].name).toBe('Auditors (all)')
  })

  it('refuses to delete a profile an account or the auto-approval setting uses, and deletes an unused one', async () => {
    const org = await createOrg(database())
    const used = await createProfile(org.product.id, 'Used')
    const auto = await createProfile(org.product.id, 'Auto')
    const unused = await createProfile(org.product.id, 'Unused')
    await createAccount(org, 'Wayne', used.id)
    await db().updateTable('portal_customizations').set({ auto_approve_profile_id: auto.id }).where('org_id', '=', org.id).execute()

    const inUse = await post(org, { intent: 'profile-delete', profileId: used.id })
    expect(inUse.status).toBe(409)
    expect(inUse.data.result.error['']).toEqual(['Used is used by an account (Wayne). Give them another profile before deleting it.'])
    const autoUse = await post(org, { intent: 'profile-delete', profileId: auto.id })
    expect(autoUse.status).toBe(409)
    expect(autoUse.data.result.error[''][0]).toMatch(/^Auto is the profile auto-approved requesters get/)
    expect((await profilesOf(org.product.id)).map((profile) => profile.name)).toEqual(['Auto', 'Unused', 'Used'])

    const deleted = await post(org, { intent: 'profile-delete', profileId: unused.id })
    expect(deleted.status).toBe(302)
    expect((await profilesOf(org.product.id)).map((profile) => profile.name)).toEqual(['Auto', 'Used'])
    expect(await auditActions(org.id)).toContain('profile.delete')
  })

  it('never touches another org’s accounts, members or profiles', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const ownProfile = await createProfile(org.product.id, 'Own')
    const foreignProfile = await createProfile(other.product.id, 'Foreign')
    const foreign = await createAccount(other, 'Stark', foreignProfile.id)
    const own = await createAccount(org, 'Acme', ownProfile.id)
    const before = await accessOf(foreign.id)

    expect((await post(org, { intent: 'revoke', accountId: foreign.id, productId: other.product.id })).status).toBe(404)
    expect((await post(org, { intent: 'extend', accountId: foreign.id, productId: other.product.id, expiresOn: inDays(5) })).status).toBe(404)
    // The quick extension too (security review, issue 24): another org's account, or their product on ours.
    expect((await post(org, { intent: 'extend', accountId: foreign.id, productId: other.product.id, period: '1y' })).status).toBe(404)
    expect((await post(org, { intent: 'extend', accountId: own.id, productId: other.product.id, period: '90d' })).status).toBe(404)
    expect((await post(org, { intent: 'remove-member', memberId: foreign.memberId })).status).toBe(404)
    expect((await post(org, { intent: 'profile-delete', profileId: foreignProfile.id })).status).toBe(404)
    expect((await post(org, { intent: 'profile-update', profileId: foreignProfile.id, name: 'Hijacked' })).status).toBe(404)
    expect((await post(org, { intent: 'profile-create', productId: other.product.id, name: 'Planted' })).status).toBe(404)
    // Their own account may not take another org's profile either.
    const crossProfile = await post(org, { intent: 'access', accountId: own.id, productId: org.product.id, profileId: foreignProfile.id, expiresOn: inDays(5) })
    expect(crossProfile.status).toBe(400)
    expect(crossProfile.data.result.error.profileId).toEqual(['Choose a permission profile of this product.'])

    // Its own page, a confirmation or the documents its members opened: nothing of another org's account.
    for (const path of [
      `/accounts?account=${foreign.id}`,
      `/accounts?account=${foreign.id}&confirm=revoke&product=${other.product.id}`,
      `/accounts?account=${foreign.id}&confirm=remove-member&member=${foreign.memberId}`,
    ]) {
      const page = await load(org.admin.cookie, path)
      expect(page.status).toBe(200)
      expect(page.data.confirm).toBeNull()
      expect(page.data.focus).toBeNull()
      expect(JSON.stringify(page.data)).not.toMatch(/Stark|stark\.test/)
    }
    expect(await accessOf(foreign.id)).toEqual(before)
    expect(await sessionsOf(foreign.memberId)).toHaveLength(1)
    expect((await profilesOf(other.product.id)).map((profile) => profile.name)).toEqual(['Foreign'])
    expect((await accessOf(own.id)).permission_profile_id).toBe(ownProfile.id)
    expect(await auditActions(org.id)).toEqual([])
  })

  it('answers bad input with 400 and the field’s message, writing nothing', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const account = await createAccount(org, 'Cyberdyne', profile.id)
    const before = await accessOf(account.id)
    const past = await post(org, { intent: 'extend', accountId: account.id, productId: org.product.id, expiresOn: inDays(-1) })
    expect(past.status).toBe(400)
    expect(past.data.result.error.expiresOn).toEqual(['Choose a date from today on'])
    const noProfile = await post(org, { intent: 'access', accountId: account.id, productId: org.product.id, profileId: '', expiresOn: inDays(3) })
    expect(noProfile.status).toBe(400)
    expect(noProfile.data.result.error.profileId).toEqual(['Choose a permission profile'])
    expect((await post(org, { intent: 'remove-member', memberId: 'not-a-uuid' })).status).toBe(400)
    expect(await accessOf(account.id)).toEqual(before)
    expect(await auditActions(org.id)).toEqual([])
  })

  it('denies the page and its actions to a member without the accounts permission', async () => {
    const org = await createOrg(database())
    const profile = await createProfile(org.product.id)
    const account = await createAccount(org, 'Soylent', profile.id)
    const cookie = await createStaffMember(database(), `requests-only@${org.slug}.test`, ['access-requests'], { org })
    expect((await load(cookie)).status).toBe(403)
    expect((await post(org, { intent: 'revoke', accountId: account.id, productId: org.product.id }, cookie)).status).toBe(403)
    expect((await post(org, { intent: 'extend', accountId: account.id, productId: org.product.id, period: '1y' }, cookie)).status).toBe(403)
    expect(await sessionsOf(account.memberId)).toHaveLength(1)
  })

  it('renders the accounts as a table, and the demo account’s page with its controls, a confirmation and the profile editor', async () => {
    const cookie = await staffCookie(database())
    const demoProfile = await db()
      .selectFrom('permission_profiles')
      .innerJoin('products', 'products.id', 'permission_profiles.product_id')
      .innerJoin('orgs', 'orgs.id', 'products.org_id')
      .select(['permission_profiles.id', 'products.id as productId'])
      .where('orgs.slug', '=', 'northwind')
      .where('permission_profiles.name', '=', 'Contoso reviewers')
      .executeTakeFirstOrThrow()
    const Stub = createRoutesStub([{ id: 'accounts', path: '/accounts', Component: Accounts as never }])
    const render = async (path: string) => {
      const page = await load(cookie, path)
      return { data: page.data, html: renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { accounts: page.data } } })) }
    }
    const list = await render(`/accounts?profile=${demoProfile.id}`)
    const contoso = list.data.accounts.find((account: { name: string }) => account.name === 'Contoso')
    expect(list.html).toContain('<h1>Accounts</h1>')
    expect(list.html).toMatch(new RegExp(`<a href="/accounts\\?account=${contoso.id}"[^>]*>Contoso</a>`))
    expect(list.html).toContain('aria-label="Preview as Contoso"')
    expect(list.html).toContain(`href="/portal/northwind?permissionProfileId=${demoProfile.id}"`)
    expect(list.html).toContain('Edit Contoso reviewers')
    // The list carries no forms of an account.
    expect(list.html).not.toContain('Save access of Contoso')
    // The editor shows the profile's grants ticked.
    const input = (name: string, value: string) =>
      new RegExp(`<input[^>]*name="${name}"[^>]*value="${value}"[^>]*>|<input[^>]*value="${value}"[^>]*name="${name}"[^>]*>`).exec(list.html)?.[0] ?? ''
    expect(input('cardKinds', 'Reports')).toContain('checked=""')
    expect(input('cardKinds', 'Legal')).not.toContain('checked')
    expect(input('itemUids', 'caiq')).toContain('checked=""')
    expect(input('itemUids', 'disaster-recovery')).not.toContain('checked')

    const own = await render(`/accounts?account=${contoso.id}&confirm=revoke&product=${demoProfile.productId}`)
    expect(own.html).toContain('aria-label="Save access of Contoso to Northwind Platform"')
    expect(own.html).toContain('aria-label="Extend access of Contoso to Northwind Platform by 90 days"')
    expect(own.html).toContain('aria-label="Extend access of Contoso to Northwind Platform by 1 year"')
    // Destructive actions sit in menus (a disclosure before JavaScript) and ask first.
    expect(own.html).toContain('aria-label="Actions for Casey Whitfield"')
    expect(own.html).toContain('aria-label="Actions for access of Contoso to Northwind Platform"')
    expect(own.data.confirm).toEqual({ kind: 'revoke', productId: demoProfile.productId, productName: 'Northwind Platform' })
    expect(own.html).toContain('Contoso loses access to Northwind Platform now')
    // A confirmation of something the account does not have opens nothing.
    expect((await load(cookie, `/accounts?account=${contoso.id}&confirm=remove-member&member=00000000-0000-4000-8000-000000000000`)).data.confirm).toBeNull()
  })
})
