import { expect, it } from 'vitest'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as fileLoader } from '../../app/routes/resources/portal-file'
import type { PortalView } from '../../app/lib/portal-view'
import { describeEachDatabase } from '../setup/database'
import { createFile, createItem, createOrg } from '../setup/factories'
import { callRoute } from '../setup/route'
import { flushPublicFetches } from '../../server/files/public-fetches'

describeEachDatabase('portal loader', (database) => {
  /** The page's answer, whether the loader returned it or threw it. */
  const answer = (path: string, params: Record<string, string> = {}, host?: string) => callRoute<PortalView>(portalLoader, database(), { path, params, host })
  const portal = async (path: string, params: Record<string, string> = {}, host?: string) => (await answer(path, params, host)).data

  it('serves the default org at / with the demo content in section order', async () => {
    const view = await portal('/')
    expect(view.org.name).toBe('Northwind Cloud')
    expect(view.mode).toBe('Public')
    expect(view.product.slug).toBe('platform')
    expect(view.products.map((product) => product.slug)).toEqual(['platform', 'mobile'])
    expect(view.sections[0]).toBe('overview_and_certifications')
    expect(view.certifications?.items.length).toBeGreaterThanOrEqual(8)
    expect(view.subprocessors?.total).toBeGreaterThanOrEqual(12)
    expect(view.trustedBy?.companies.length).toBeGreaterThanOrEqual(8)
    // The section carries the first five FAQs; the FAQ dialog (?faqs=true) all of them.
    expect(view.faqs).toHaveLength(5)
    expect(view.knowledgeBase?.total).toBe(8)
    expect(view.cards.every((card) => card.items.length <= 3)).toBe(true)
    expect(view.portal.reviewBanner).not.toBeNull()
  })

  it('never sends a restricted item its explanation, files or links', async () => {
    const org = await createOrg(database())
    const explanation = 'Keys are held in an HSM cluster and rotated every 90 days.'
    const restricted = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Key custody', access: 'restricted', explanation })
    await createFile(database(), org, { item: restricted })
    const permalink = `${org.home}/item/${restricted.slug}`
    const params = { ...org.params, itemSlug: restricted.slug }
    const view = await portal(permalink, params)
    const item = view.openCard?.items.find((entry) => entry.uid === restricted.uid)
    expect(item?.locked).toBe(true)
    expect(item).not.toHaveProperty('explanation')
    expect(item).not.toHaveProperty('files')
    const everything = JSON.stringify(await Promise.all([portal(org.home, org.params), portal(permalink, params), portal(`${org.home}?documents=all`, org.params)]))
    expect(everything).not.toContain(explanation)
  })

  it('withholds hidden restricted items entirely, even by permalink', async () => {
    const org = await createOrg(database())
    const hidden = await createItem(database(), org.product, { catalogueUid: 'key-management', access: 'hidden', explanation: 'Keys are held in an HSM cluster.' })
    await createFile(database(), org, { item: hidden })
    expect(JSON.stringify(await portal(`${org.home}?documents=all`, org.params))).not.toContain(hidden.uid)
    expect(await answer(`${org.home}/item/${hidden.slug}`, { ...org.params, itemSlug: hidden.slug })).toMatchObject({ thrown: true, status: 404 })
  })

  it('opens a public item by permalink, by itemUid and on the org path', async () => {
    const { db } = database().handle
    const item = await db
      .selectFrom('items')
      .innerJoin('products', 'products.id', 'items.product_id')
      .select(['items.uid', 'items.slug', 'items.explanation'])
      .where('products.slug', '=', 'platform')
      .where('items.public_access', '=', true)
      .where('items.enabled_state', '=', 'Enabled')
      .where('items.card_kind', '=', 'DataSecurity')
      .executeTakeFirstOrThrow()
    const byPermalink = await portal(`/item/${item.slug}`, { itemSlug: item.slug })
    expect(byPermalink.openItemUid).toBe(item.uid)
    expect(byPermalink.openCard?.items.find((entry) => entry.uid === item.uid)?.explanation).toBe(item.explanation)
    expect((await portal(`/?itemUid=${item.uid}`)).openCard?.kind).toBe('DataSecurity')
    const onOrgPath = await portal(`/portal/northwind/item/${item.slug}`, { orgSlug: 'northwind', itemSlug: item.slug })
    expect(onOrgPath.product.itemBase).toBe('/portal/northwind/item')
  })

  it('switches product by slug and answers 404 for an unknown one', async () => {
    const mobile = await portal('/product/mobile', { productSlug: 'mobile' })
    expect(mobile.product.name).toBe('Northwind Mobile')
    expect(mobile.product.itemBase).toBe('/product/mobile')
    expect(await answer('/product/nope', { productSlug: 'nope' })).toMatchObject({ thrown: true, status: 404 })
  })

  it('answers "Company not found" for an unmapped host', async () => {
    const error = await answer('/', {}, 'unknown.example.com')
    expect(error).toMatchObject({ thrown: true, status: 404 })
    expect(error.data).toBe('Company not found')
  })

  it('serves a mapped custom domain at /', async () => {
    const org = await createOrg(database())
    const host = `trust.${org.slug}.example`
    await database().handle.db.insertInto('custom_domains').values({ host, org_id: org.id, status: 'verified', token: 'verified-by-the-test' }).execute()
    const view = await portal('/', {}, host)
    expect(view.org.slug).toBe(org.slug)
    expect(view.product.home).toBe('/')
  })

  it('searches subprocessors on the server', async () => {
    const all = await portal('/')
    const first = all.subprocessors!.rows[0]
    const found = await portal(`/?subprocessorSearch=${encodeURIComponent(first.company.toUpperCase())}`)
    expect(found.subprocessors?.rows.map((row) => row.company)).toContain(first.company)
    const none = await portal('/?subprocessorSearch=zzzz-no-such-vendor')
    expect(none.subprocessors?.rows).toEqual([])
    expect(none.subprocessors?.total).toBe(all.subprocessors?.total)
  })

  it('pages updates five at a time, pinned first, without private ones', async () => {
    const first = await portal('/')
    expect(first.updates?.items).toHaveLength(5)
    expect(first.updates?.items[0].pinned).toBe(true)
    expect(first.recentUpdates.length).toBeGreaterThanOrEqual(1)
    const pages = first.updates!.pageCount
    const all = []
    for (let page = 1; page <= pages; page++) all.push(...(await portal(`/?updatesPage=${page}`)).updates!.items)
    expect(all.every((update) => update.audience === 'public')).toBe(true)
    expect(all).toHaveLength(11)
    const last = all[all.length - 1]
    const highlighted = await portal(`/?tcuUid=${last.id}`)
    expect(highlighted.updates?.page).toBe(pages)
    expect(highlighted.updates?.highlighted).toBe(last.id)
  })

  it('filters documents by the Public and Private tabs', async () => {
    const all = await portal('/?documents=all')
    expect(all.documents?.tabs).toBe(true)
    const publicOnly = await portal('/?docs=public&documents=all')
    expect(publicOnly.documents?.filter).toBe('public')
    expect(publicOnly.documents?.entries.every((entry) => entry.publicAccess)).toBe(true)
    const privateOnly = await portal('/?docs=private&documents=all')
    expect(privateOnly.documents?.entries.every((entry) => !entry.publicAccess && entry.locked && !entry.file)).toBe(true)
    expect(publicOnly.documents!.entries.length + privateOnly.documents!.entries.length).toBe(all.documents!.entries.length)
  })
})

describeEachDatabase('file route', (database) => {
  const file = (path: string, params: Record<string, string>) => callRoute(fileLoader, database(), { path, params })

  async function linkedFile(publicAccess: boolean) {
    return database()
      .handle.db.selectFrom('item_files')
      .innerJoin('items', 'items.id', 'item_files.item_id')
      .innerJoin('files', 'files.id', 'item_files.file_id')
      .select(['files.id', 'files.original_name', 'files.document_access_type'])
      .where('items.public_access', '=', publicAccess)
      .where('items.enabled_state', '=', 'Enabled')
      .orderBy('files.original_name')
      .execute()
  }

  it('serves a public PDF inline and as a download, and records both', async () => {
    const target = (await linkedFile(true)).find((row) => row.document_access_type !== 'view-only')!
    const inline = (await file(`/files/${target.id}`, { fileId: target.id })).response!
    expect(inline.headers.get('content-type')).toBe('application/pdf')
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/)
    expect(
      Buffer.from(await inline.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const download = (await file(`/files/${target.id}?download=1`, { fileId: target.id })).response!
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/)
    await download.body?.cancel()
    // Anonymous: counted for the day, written in a batch; no audit entry each.
    await flushPublicFetches(database().handle.db)
    const counted = await database().handle.db.selectFrom('public_document_fetches').select(['action', 'count']).where('file_id', '=', target.id).execute()
    expect(counted.map((row) => row.action).sort()).toEqual(['file.download', 'file.view'])
    expect(
      await database().handle.db.selectFrom('audit_entries').select('id').where('target', '=', target.id).where('action', 'in', ['file.view', 'file.download']).execute(),
    ).toEqual([])
  })

  it('refuses restricted files to the public without revealing them', async () => {
    const [target] = await linkedFile(false)
    expect(await file(`/files/${target.id}`, { fileId: target.id })).toMatchObject({ thrown: true, status: 404 })
    expect(await file('/files/not-a-uuid', { fileId: 'not-a-uuid' })).toMatchObject({ thrown: true, status: 404 })
  })

  it('shows a view-only file but refuses to download it', async () => {
    const org = await createOrg(database())
    const item = await createItem(database(), org.product, { kind: 'Policies', title: 'Acceptable use policy' })
    const target = await createFile(database(), org, { item, documentAccessType: 'view-only' })
    const params = { ...org.params, fileId: target.id }
    const inline = await file(`${org.home}/files/${target.id}`, params)
    expect(inline.status).toBe(200)
    await inline.response!.body?.cancel()
    const error = await file(`${org.home}/files/${target.id}?download=1`, params)
    expect(error).toMatchObject({ thrown: true, status: 403 })
    expect(error.data).toBe('This file is view-only and not downloadable in the Trust Center')
  })
})
