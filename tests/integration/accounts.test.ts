import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, it } from 'vitest'
import Accounts, { action as accountsAction, loader as accountsLoader } from '../../app/routes/staff/accounts/index'
import { dateInputValue } from '../../app/lib/schemas/access-requests'
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
    const account = await db().insertInto('accounts').values({ org_id: org.id, name, domains: json([`${name.toLowerCase()}.test`]) }).returning('id').executeTakeFirstOrThrow()
    await db()
      .insertInto('account_products')
      .values({ account_id: account.id, product_id: org.product.id, permission_profile_id: profileId, access_expires_at: new Date(Date.now() + (options.expiresInDays ?? 100) * DAY) })
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

  const post = (org: OrgFixture, form: Record<string, string | string[]>, cookie = org.admin.cookie, path = '/accounts') => callRoute(accountsAction, database(), { path, cookie, form })
  const load = (cookie: string, path = '/accounts') => callRoute(accountsLoader, database(), { path, cookie })
  const accessOf = (accountId: string) => db().selectFrom('account_products').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow()
  const sessionsOf = (memberId: string) => db().selectFrom('visitor_sessions').select('id').where('member_id', '=', memberId).execute()
  const profilesOf = (productId: string) => db().selectFrom('permission_profiles').selectAll().where('product_id', '=', productId).orderBy('name').execute()
  const auditActions = async (orgId: string) => (await db().selectFrom('audit_entries').select('action').where('org_id', '=', orgId).execute()).map((entry) => entry.action)

  /** An unused invitation from a member to a colleague. */
  const inviteInto = (org: { id: string }, accountId: string, memberId: string) =>
    db()
      .insertInto('account_invites')
      .values({ org_id: org.id, account_id: accountId, invited_by: memberId, email: `colleague-${newToken().slice(0, 8).toLowerCase()}@example.test`, token_hash: hashToken(newToken()), expires_at: new Date(Date.now() + 86_400_000) })
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

    const created = await post(org, { intent: 'profile-create', productId: org.product.id, name: 'Auditors', cardKinds: ['Reports', 'Documents'], itemUids: [restricted.uid], canDownload: 'on' })
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
    expect((await post(org, { intent: 'remove-member', memberId: foreign.memberId })).status).toBe(404)
    expect((await post(org, { intent: 'profile-delete', profileId: foreignProfile.id })).status).toBe(404)
    expect((await post(org, { intent: 'profile-update', profileId: foreignProfile.id, name: 'Hijacked' })).status).toBe(404)
    expect((await post(org, { intent: 'profile-create', productId: other.product.id, name: 'Planted' })).status).toBe(404)
    // Their own account may not take another org's profile either.
    const crossProfile = await post(org, { intent: 'access', accountId: own.id, productId: org.product.id, profileId: foreignProfile.id, expiresOn: inDays(5) })
    expect(crossProfile.status).toBe(400)
    expect(crossProfile.data.result.error.profileId).toEqual(['Choose a permission profile of this product.'])

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
    expect(await sessionsOf(account.memberId)).toHaveLength(1)
  })

  it('renders the demo account with its controls, preview links and the profile editor', async () => {
    const cookie = await staffCookie(database())
    const demoProfile = await db()
      .selectFrom('permission_profiles')
      .innerJoin('products', 'products.id', 'permission_profiles.product_id')
      .innerJoin('orgs', 'orgs.id', 'products.org_id')
      .select('permission_profiles.id')
      .where('orgs.slug', '=', 'northwind')
      .where('permission_profiles.name', '=', 'Contoso reviewers')
      .executeTakeFirstOrThrow()
    const path = `/accounts?profile=${demoProfile.id}`
    const page = await load(cookie, path)
    const Stub = createRoutesStub([{ id: 'accounts', path: '/accounts', Component: Accounts as never }])
    const html = renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { accounts: page.data } } }))
    expect(html).toContain('<h1>Accounts</h1>')
    expect(html).toContain('aria-label="Preview as Contoso"')
    expect(html).toContain(`href="/portal/northwind?permissionProfileId=${demoProfile.id}"`)
    expect(html).toContain('aria-label="Remove Casey Whitfield"')
    expect(html).toMatch(/aria-label="Revoke access of Contoso to Northwind Platform"/)
    expect(html).toContain('Edit Contoso reviewers')
    // The editor shows the profile's grants ticked.
    const input = (name: string, value: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="${value}"[^>]*>|<input[^>]*value="${value}"[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? ''
    expect(input('cardKinds', 'Reports')).toContain('checked=""')
    expect(input('cardKinds', 'Legal')).not.toContain('checked')
    expect(input('itemUids', 'caiq')).toContain('checked=""')
    expect(input('itemUids', 'disaster-recovery')).not.toContain('checked')
  })
})
