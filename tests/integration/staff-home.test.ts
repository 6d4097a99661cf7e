import { expect, it } from 'vitest'
import { loader as homeLoader } from '../../app/routes/staff/home'
import { loader as layoutLoader } from '../../app/routes/staff/layout'
import { STAFF_PERMISSIONS } from '../../app/lib/permissions'
import { describeEachDatabase } from '../setup/database'
import { callRoute } from '../setup/route'
import { createStaffMember } from '../setup/staff'
import { createAccountWithMember, createFile, createItem, createOrg, createPermissionProfile } from '../setup/factories'

const DAY = 86_400_000

describeEachDatabase('the staff home and the navigation badges', (database) => {
  it('sends a visitor without a session to sign in', async () => {
    const result = await callRoute(homeLoader, database(), { path: '/home' })
    expect(result.status).toBe(302)
    expect(result.location).toBe('/login?redirectTo=%2Fhome')
  })

  it('shows a member only the lists their permissions reach, and no badge for a page they cannot open', async () => {
    const auditOnly = await createStaffMember(database(), 'home-audit@northwind.test', ['audit'])
    const home = await callRoute(homeLoader, database(), { path: '/home', cookie: auditOnly })
    expect(home.status).toBe(200)
    expect(home.data).toMatchObject({ requests: null, questionnaires: null, expiringAccess: null, expiringDocuments: null })
    const layout = await callRoute(layoutLoader, database(), { path: '/home', cookie: auditOnly })
    const links = layout.data.groups.flatMap((group: { links: { scope: string }[] }) => group.links)
    expect(links.map((link: { scope: string }) => link.scope)).toEqual(['audit'])
  })

  it('counts what needs doing and lists at most five of each, soonest first', async () => {
    const db = database().handle.db
    const org = await db.selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
    const product = await db.selectFrom('products').select('id').where('org_id', '=', org.id).where('is_default', '=', true).executeTakeFirstOrThrow()
    const pendingBefore = Number(
      (
        await db
          .selectFrom('access_requests')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('org_id', '=', org.id)
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow()
      ).count,
    )
    await db
      .insertInto('access_requests')
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          org_id: org.id,
          product_id: product.id,
          email: `home-${i}@example.test`,
          first_name: 'Home',
          last_name: `Requester ${i}`,
          company_name: 'Example Co',
        })),
      )
      .execute()
    // One account's access ends in three days, one item with a document is valid for ten more days.
    const grant = await db
      .selectFrom('account_products')
      .innerJoin('accounts', 'accounts.id', 'account_products.account_id')
      .select(['account_products.account_id', 'account_products.product_id'])
      .where('accounts.org_id', '=', org.id)
      .executeTakeFirstOrThrow()
    await db
      .updateTable('account_products')
      .set({ access_expires_at: new Date(Date.now() + 3 * DAY) })
      .where('account_id', '=', grant.account_id)
      .where('product_id', '=', grant.product_id)
      .execute()
    const document = await db
      .selectFrom('items')
      .innerJoin('item_files', 'item_files.item_id', 'items.id')
      .select(['items.id', 'items.slug'])
      .where('items.product_id', '=', product.id)
      .executeTakeFirstOrThrow()
    const validUntil = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10)
    await db.updateTable('items').set({ expires_on: validUntil }).where('id', '=', document.id).execute()

    const admin = await createStaffMember(database(), 'home-admin@northwind.test', [...STAFF_PERMISSIONS])
    const home = await callRoute(homeLoader, database(), { path: '/home', cookie: admin })
    expect(home.status).toBe(200)
    expect(home.data.requests.count).toBe(pendingBefore + 6)
    expect(home.data.requests.rows).toHaveLength(5)
    expect(home.data.expiringAccess.rows.map((row: { accountId: string }) => row.accountId)).toContain(grant.account_id)
    expect(home.data.expiringDocuments.rows).toContainEqual(expect.objectContaining({ id: document.id, expiresOn: validUntil, path: `/item/${document.slug}` }))
    expect(home.data.questionnaires.count).toBeGreaterThanOrEqual(0)

    const layout = await callRoute(layoutLoader, database(), { path: '/home', cookie: admin })
    const access = layout.data.groups.find((group: { title: string }) => group.title === 'Access')
    expect(access.links[0]).toEqual({ scope: 'access-requests', title: 'Access requests', badge: { count: pendingBefore + 6, words: `${pendingBefore + 6} pending` } })
  })

  it('lists only its own org’s requests, access and documents, never another org’s (security review, issue 24)', async () => {
    const db = database().handle.db
    const other = await createOrg(database())
    await db
      .insertInto('access_requests')
      .values({ org_id: other.id, product_id: other.product.id, email: 'home-foreign@foreign.test', first_name: 'Foreign', last_name: 'Requester', company_name: 'Foreign Co' })
      .execute()
    const profile = await createPermissionProfile(database(), other.product, { name: 'All', allRestricted: true })
    const account = await createAccountWithMember(database(), other, {
      name: 'Foreign Account',
      products: [{ productId: other.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + 2 * DAY) }],
      member: { email: 'member@foreign-account.test' },
    })
    const item = await createItem(database(), other.product, { catalogueUid: 'soc-2-type-2-report', access: 'restricted' })
    await createFile(database(), other, { item })
    await db
      .updateTable('items')
      .set({ expires_on: new Date(Date.now() + 5 * DAY).toISOString().slice(0, 10) })
      .where('id', '=', item.id)
      .execute()

    const theirs = await callRoute(homeLoader, database(), { path: '/home', cookie: other.admin.cookie })
    expect(theirs.data.requests.rows.map((row: { name: string }) => row.name)).toEqual(['Foreign Requester'])
    expect(theirs.data.expiringAccess.rows.map((row: { accountId: string }) => row.accountId)).toEqual([account.id])
    expect(theirs.data.expiringDocuments.rows.map((row: { id: string }) => row.id)).toEqual([item.id])

    const admin = await createStaffMember(database(), 'home-own@northwind.test', [...STAFF_PERMISSIONS])
    const ours = JSON.stringify((await callRoute(homeLoader, database(), { path: '/home', cookie: admin })).data)
    for (const foreign of ['Foreign Requester', 'Foreign Co', account.id, item.id]) expect(ours).not.toContain(foreign)
  })
})
