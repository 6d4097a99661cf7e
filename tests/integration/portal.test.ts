import { expect, it } from 'vitest'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as fileLoader } from '../../app/routes/resources/portal-file'
import { loader as healthLoader } from '../../app/routes/resources/healthz'
import { describeEachDatabase, type TestDatabase } from '../setup/database'

type Args = Parameters<typeof portalLoader>[0]

function call<T>(fn: (args: never) => Promise<T>, db: TestDatabase, url: string, params: Record<string, string> = {}, host = 'localhost:3000') {
  const request = new Request(new URL(url, `http://${host}`), { headers: { host } })
  const context = { db: db.handle.db, env: db.env, nonce: 'test', clientAddress: '127.0.0.1' }
  return fn({ request, params, context } as never)
}

async function thrownResponse(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error as { init?: { status?: number }; data?: unknown; status?: number }
  }
  throw new Error('Expected the loader to throw')
}

const statusOf = (error: { init?: { status?: number }; status?: number }) => error.init?.status ?? error.status

describeEachDatabase('portal loader', (database) => {
  const portal = (url: string, params: Record<string, string> = {}, host?: string) =>
    call(portalLoader as (args: Args) => ReturnType<typeof portalLoader>, database(), url, params, host)

  async function restrictedItem(hidden: boolean) {
    const { db } = database().handle
    return db
      .selectFrom('items')
      .innerJoin('products', 'products.id', 'items.product_id')
      .select(['items.uid', 'items.slug', 'items.explanation', 'items.id'])
      .where('products.slug', '=', 'platform')
      .where('items.public_access', '=', false)
      .where('items.hidden', '=', hidden)
      .where('items.enabled_state', '=', 'Enabled')
      .where('items.card_kind', 'not in', ['Overview', 'RiskProfile', 'SecurityGrades', 'Certifications'])
      .where('items.explanation', 'is not', null)
      .orderBy('items.uid')
      .executeTakeFirstOrThrow()
  }

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
    expect(view.faqs).toHaveLength(8)
    expect(view.cards.every((card) => card.items.length <= 3)).toBe(true)
    expect(view.portal.reviewBanner).not.toBeNull()
  })

  it('never sends a restricted item its explanation, files or links', async () => {
    const restricted = await restrictedItem(false)
    const view = await portal(`/item/${restricted.slug}`, { itemSlug: restricted.slug })
    const item = view.openCard?.items.find((entry) => entry.uid === restricted.uid)
    expect(item?.locked).toBe(true)
    expect(item).not.toHaveProperty('explanation')
    expect(item).not.toHaveProperty('files')
    const everything = JSON.stringify(await Promise.all([portal('/'), portal(`/item/${restricted.slug}`, { itemSlug: restricted.slug }), portal('/?documents=all')]))
    expect(everything).not.toContain(restricted.explanation)
  })

  it('withholds hidden restricted items entirely, even by permalink', async () => {
    const hidden = await restrictedItem(true)
    expect(JSON.stringify(await portal('/?documents=all'))).not.toContain(hidden.uid)
    const error = await thrownResponse(portal(`/item/${hidden.slug}`, { itemSlug: hidden.slug }))
    expect(statusOf(error)).toBe(404)
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
    expect(statusOf(await thrownResponse(portal('/product/nope', { productSlug: 'nope' })))).toBe(404)
  })

  it('answers "Company not found" for an unmapped host', async () => {
    const error = await thrownResponse(portal('/', {}, 'unknown.example.com'))
    expect(statusOf(error)).toBe(404)
    expect(error.data).toBe('Company not found')
  })

  it('serves a mapped custom domain at /', async () => {
    const { db } = database().handle
    const org = await db.selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
    await db.insertInto('custom_domains').values({ host: 'trust.northwind.example', org_id: org.id }).execute()
    const view = await portal('/', {}, 'trust.northwind.example')
    expect(view.org.slug).toBe('northwind')
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
  const file = (url: string, params: Record<string, string>) => call(fileLoader as never, database(), url, params) as Promise<Response>

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
    const inline = await file(`/files/${target.id}`, { fileId: target.id })
    expect(inline.headers.get('content-type')).toBe('application/pdf')
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/)
    expect(Buffer.from(await inline.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
    const download = await file(`/files/${target.id}?download=1`, { fileId: target.id })
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/)
    await download.body?.cancel()
    const audit = await database()
      .handle.db.selectFrom('audit_entries')
      .select('action')
      .where('target', '=', target.id)
      .execute()
    expect(audit.map((entry) => entry.action).sort()).toEqual(['file.download', 'file.view'])
  })

  it('refuses restricted files to the public without revealing them', async () => {
    const [target] = await linkedFile(false)
    const error = await thrownResponse(file(`/files/${target.id}`, { fileId: target.id }))
    expect(statusOf(error)).toBe(404)
    expect(statusOf(await thrownResponse(file('/files/not-a-uuid', { fileId: 'not-a-uuid' })))).toBe(404)
  })

  it('shows a view-only file but refuses to download it', async () => {
    const { db } = database().handle
    const [target] = await linkedFile(true)
    await db.updateTable('files').set({ document_access_type: 'view-only' }).where('id', '=', target.id).execute()
    const inline = await file(`/files/${target.id}`, { fileId: target.id })
    expect(inline.status).toBe(200)
    await inline.body?.cancel()
    const error = await thrownResponse(file(`/files/${target.id}?download=1`, { fileId: target.id }))
    expect(statusOf(error)).toBe(403)
    expect(error.data).toBe('This file is view-only and not downloadable in the Trust Center')
  })
})

describeEachDatabase('healthz', (database) => {
  it('reports the database as up', async () => {
    const response = (await call(healthLoader as never, database(), '/healthz')) as Response
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', database: { status: 'up' } })
  })
})
