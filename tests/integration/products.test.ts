// Products staff manage on /settings/products (issue 23 item 4) and the logos they upload for trusted-by
// companies and subprocessors (item 7): each change through the page's action, on an org of the test's own.
import { renderAsync } from '@resvg/resvg-js'
import { expect, it } from 'vitest'
import { action as productsAction, loader as productsLoader } from '../../app/routes/staff/settings/products'
import { action as portalAction, loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as pictureLoader } from '../../app/routes/resources/portal-picture'
import { loader as searchLoader } from '../../app/routes/portal/search'
import { loader as accountsLoader } from '../../app/routes/staff/accounts/index'
import { CARD_KINDS } from '../../app/lib/card-kinds'
import { CATALOGUE } from '../../app/lib/catalogue/index'
import type { PortalView } from '../../app/lib/portal-view'
import type { SearchResults } from '../../app/lib/search'
import { DEFAULT_SECTION_ORDER } from '../../app/lib/sections'
import { holdsDocumentsMessage, movePublishesMessage, PRODUCT_MESSAGES } from '../../app/lib/schemas/products'
import { COMPANY_LOGO_MESSAGES } from '../../app/lib/schemas/company-logo'
import { describeEachDatabase } from '../setup/database'
import { createFile, createItem, createOrg, createProduct, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

type Answer = { intent: string; target?: string; result: { error?: Record<string, string[] | null> } }

/** A PNG of the given size, drawn by resvg. */
async function png(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#0f766e"/></svg>`
  return new Uint8Array((await renderAsync(svg, { fitTo: { mode: 'original' } })).asPng())
}

/** The first 30 bytes of an extended WebP (VP8X) of the given size: what the upload check reads. */
function webpHeader(width: number, height: number) {
  const bytes = new Uint8Array(64)
  bytes.set(new TextEncoder().encode('RIFF'), 0)
  new DataView(bytes.buffer).setUint32(4, 56, true)
  bytes.set(new TextEncoder().encode('WEBPVP8X'), 8)
  new DataView(bytes.buffer).setUint32(16, 10, true)
  const w = width - 1
  const h = height - 1
  bytes.set([w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff], 24)
  return bytes
}

const file = (bytes: Uint8Array | string, name: string, type = 'application/octet-stream') => new File([bytes as BlobPart], name, { type })
const SVG_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><rect width="40" height="20" fill="#334155"/><script>alert(1)</script></svg>'

describeEachDatabase('products', (database) => {
  const db = () => database().handle.db

  const post = (org: OrgFixture, form: Record<string, string | File>, cookie = org.admin.cookie) =>
    callRoute<Answer>(productsAction, database(), { path: '/settings/products', cookie, form })
  const settingsPage = (org: OrgFixture, search = '') => callRoute(productsLoader, database(), { path: `/settings/products${search}`, cookie: org.admin.cookie })
  const portal = (path: string, params: Record<string, string>, cookie?: string) => callRoute<PortalView>(portalLoader, database(), { path, params, cookie })
  const products = (org: { id: string }) => db().selectFrom('products').selectAll().where('org_id', '=', org.id).orderBy('position').orderBy('name').execute()
  const orgRevision = async (org: { id: string }) =>
    (await db().selectFrom('portal_customizations').select('revision').where('org_id', '=', org.id).executeTakeFirstOrThrow()).revision
  const productRevision = async (id: string) => (await db().selectFrom('products').select('revision').where('id', '=', id).executeTakeFirstOrThrow()).revision
  const audit = (org: { id: string }, action: string) =>
    db().selectFrom('audit_entries').selectAll().where('org_id', '=', org.id).where('action', '=', action).orderBy('created_at').execute()
  const errorsOf = (answer: Answer) => answer.result.error ?? {}

  async function addProduct(org: OrgFixture, name: string, slug = '') {
    const result = await post(org, { intent: 'add', name, slug })
    expect(result.status, JSON.stringify(result.data)).toBe(302)
    return (await products(org)).find((product) => product.name === name)!
  }

  it('adds a product with the catalogue switched off, the default section order and a permission profile, audited', async () => {
    const org = await createOrg(database())
    const before = await orgRevision(org)
    const result = await post(org, { intent: 'add', name: 'Acme Mobile App', slug: '' })
    expect(result.status).toBe(302)
    expect(result.location).toBe('/settings/products')
    expect(result.toast).toBe('Added Acme Mobile App')
    const added = (await products(org)).at(-1)!
    // The slug was suggested from the name.
    expect(added).toMatchObject({ name: 'Acme Mobile App', slug: 'acme-mobile-app', is_default: false, banner_file_id: null, terms_url: null })
    expect(added.section_order).toEqual(DEFAULT_SECTION_ORDER)
    const cards = await db().selectFrom('cards').select('kind').where('product_id', '=', added.id).execute()
    expect(cards.map((card) => card.kind).sort()).toEqual([...CARD_KINDS].sort())
    const items = await db().selectFrom('items').select(['uid', 'enabled_state']).where('product_id', '=', added.id).execute()
    expect(items).toHaveLength(CATALOGUE.length)
    expect(items.every((item) => item.enabled_state === 'NotEnabled')).toBe(true)
    const profiles = await db().selectFrom('permission_profiles').selectAll().where('product_id', '=', added.id).execute()
    expect(profiles).toMatchObject([{ name: 'All restricted content', all_restricted: true, can_download: true }])
    expect(await orgRevision(org)).toBeGreaterThan(before)
    const [entry] = await audit(org, 'product.add')
    expect(entry).toMatchObject({ actor: org.admin.email, target: 'acme-mobile-app' })
    // The portal's selector lists it, and its page answers.
    const home = await portal(org.home, org.params)
    expect(home.data.products.map((product) => product.name)).toEqual(['Product platform', 'Acme Mobile App'])
    const page = await portal(`${org.home}/product/acme-mobile-app`, { ...org.params, productSlug: 'acme-mobile-app' })
    expect(page.status).toBe(200)
    expect(page.data.product.name).toBe('Acme Mobile App')
  })

  it('refuses a taken slug, a malformed one and an empty name, creating nothing', async () => {
    const org = await createOrg(database())
    const taken = await post(org, { intent: 'add', name: 'Second', slug: 'platform' })
    expect(taken.status).toBe(400)
    expect(errorsOf(taken.data).slug).toEqual([PRODUCT_MESSAGES.slugTaken])
    const malformed = await post(org, { intent: 'add', name: 'Second', slug: '-Bad Slug' })
    expect(malformed.status).toBe(400)
    expect(errorsOf(malformed.data).slug).toEqual([PRODUCT_MESSAGES.slugPattern])
    const nameless = await post(org, { intent: 'add', name: '   ', slug: 'second' })
    expect(nameless.status).toBe(400)
    expect(errorsOf(nameless.data).name).toEqual([PRODUCT_MESSAGES.nameRequired])
    const twoLines = await post(org, { intent: 'add', name: 'Second\r\nSet-Cookie: x=1', slug: 'second' })
    expect(twoLines.status).toBe(400)
    expect(errorsOf(twoLines.data).name).toEqual([PRODUCT_MESSAGES.nameOneLine])
    expect(await products(org)).toHaveLength(1)
    expect(await audit(org, 'product.add')).toHaveLength(0)
  })

  it('renames a product and changes its slug: the old product and item addresses answer 301 with the query string', async () => {
    const org = await createOrg(database())
    const mobile = await addProduct(org, 'Mobile', 'mobile')
    const item = await createItem(database(), mobile, { kind: 'DataSecurity', title: 'Keys rotated quarterly' })
    const beforeOrg = await orgRevision(org)
    const beforeProduct = await productRevision(mobile.id)
    const result = await post(org, { intent: 'update', id: mobile.id, name: 'Acme Phone', slug: 'phone', termsUrl: 'https://acme.example/phone-terms' })
    expect(result.status).toBe(302)
    expect(result.toast).toBe('Saved Acme Phone')
    expect(await orgRevision(org)).toBeGreaterThan(beforeOrg)
    expect(await productRevision(mobile.id)).toBeGreaterThan(beforeProduct)
    const [entry] = await audit(org, 'product.update')
    expect(entry.before).toEqual({ name: 'Mobile', slug: 'mobile', termsUrl: null })
    expect(entry.after).toEqual({ name: 'Acme Phone', slug: 'phone', termsUrl: 'https://acme.example/phone-terms' })

    const old = await portal(`${org.home}/product/mobile?dialog=subscribe&x=1`, { ...org.params, productSlug: 'mobile' })
    expect(old.status).toBe(301)
    expect(old.location).toBe(`${org.home}/product/phone?dialog=subscribe&x=1`)
    const oldItem = await portal(`${org.home}/product/mobile/${item.slug}?card=DataSecurity`, { ...org.params, productSlug: 'mobile', itemSlug: item.slug })
    expect(oldItem.status).toBe(301)
    expect(oldItem.location).toBe(`${org.home}/product/phone/${item.slug}?card=DataSecurity`)
    // A slug no product ever had is still a 404.
    const unknown = await portal(`${org.home}/product/never`, { ...org.params, productSlug: 'never' })
    expect(unknown.status).toBe(404)

    const page = await portal(`${org.home}/product/phone/${item.slug}`, { ...org.params, productSlug: 'phone', itemSlug: item.slug })
    expect(page.status).toBe(200)
    expect(page.data.product).toMatchObject({ name: 'Acme Phone', slug: 'phone', termsUrl: 'https://acme.example/phone-terms' })
    expect(page.data.products.find((product) => product.slug === 'phone')).toMatchObject({ name: 'Acme Phone', href: `${org.home}/product/phone` })

    // Search links follow the new slug; the old one in ?product= finds the same product.
    for (const slug of ['phone', 'mobile']) {
      const found = await callRoute<{ results: SearchResults }>(searchLoader as never, database(), { path: `${org.home}/search?q=rotated&product=${slug}`, params: org.params })
      const hrefs = found.data.results.groups.flatMap((group) => group.hits.map((hit) => hit.href))
      expect(hrefs.length, slug).toBeGreaterThan(0)
      expect(
        hrefs.every((href) => href.startsWith(`${org.home}/product/phone/`)),
        hrefs.join(),
      ).toBe(true)
    }

    // Staff screens read the product by id: /accounts lists its permission profiles under the new name.
    const accounts = await callRoute<{ products: { id: string; name: string; profiles: { name: string }[] }[] }>(accountsLoader, database(), {
      path: '/accounts',
      cookie: org.admin.cookie,
    })
    expect(accounts.data.products.find((product) => product.id === mobile.id)).toMatchObject({ name: 'Acme Phone', profiles: [{ name: 'All restricted content' }] })

    // Changing it back: the live slug wins over its own redirect, and the other old one still leads here.
    expect((await post(org, { intent: 'update', id: mobile.id, name: 'Acme Phone', slug: 'mobile' })).status).toBe(302)
    expect((await portal(`${org.home}/product/mobile`, { ...org.params, productSlug: 'mobile' })).status).toBe(200)
    const phone = await portal(`${org.home}/product/phone`, { ...org.params, productSlug: 'phone' })
    expect(phone.status).toBe(301)
    expect(phone.location).toBe(`${org.home}/product/mobile`)
  })

  it('refuses a slug another product has, a malformed terms link, and an unknown product', async () => {
    const org = await createOrg(database())
    const mobile = await addProduct(org, 'Mobile', 'mobile')
    const taken = await post(org, { intent: 'update', id: mobile.id, name: 'Mobile', slug: 'platform' })
    expect(taken.status).toBe(400)
    expect(errorsOf(taken.data).slug).toEqual([PRODUCT_MESSAGES.slugTaken])
    const terms = await post(org, { intent: 'update', id: mobile.id, name: 'Mobile', slug: 'mobile', termsUrl: 'javascript:alert(1)' })
    expect(terms.status).toBe(400)
    expect(errorsOf(terms.data).termsUrl).toEqual([PRODUCT_MESSAGES.termsUrl])
    const other = await createOrg(database())
    const foreign = await post(other, { intent: 'update', id: mobile.id, name: 'Stolen', slug: 'stolen' })
    expect(foreign.status).toBe(404)
    expect((await products(org)).map((product) => product.slug)).toEqual(['platform', 'mobile'])
  })

  it('moves products up and down the selector and makes one the default, exactly one at a time', async () => {
    const org = await createOrg(database())
    await addProduct(org, 'Mobile', 'mobile')
    const api = await addProduct(org, 'API', 'api')
    const before = await orgRevision(org)
    expect((await post(org, { intent: 'move', id: api.id, direction: 'up' })).status).toBe(302)
    expect((await products(org)).map((product) => product.slug)).toEqual(['platform', 'api', 'mobile'])
    expect((await post(org, { intent: 'move', id: api.id, direction: 'up' })).status).toBe(302)
    // The first stays first.
    expect((await post(org, { intent: 'move', id: api.id, direction: 'up' })).status).toBe(302)
    expect((await products(org)).map((product) => product.slug)).toEqual(['api', 'platform', 'mobile'])
    expect(await orgRevision(org)).toBeGreaterThan(before)
    const home = await portal(org.home, org.params)
    expect(home.data.products.map((product) => product.slug)).toEqual(['api', 'platform', 'mobile'])
    expect(await audit(org, 'product.order')).toHaveLength(2)

    const defaulted = await post(org, { intent: 'default', id: api.id })
    expect(defaulted.status).toBe(302)
    expect(defaulted.toast).toBe('API is now the default product')
    const rows = await products(org)
    expect(rows.filter((row) => row.is_default).map((row) => row.slug)).toEqual(['api'])
    expect((await portal(org.home, org.params)).data.product.slug).toBe('api')
    const [entry] = await audit(org, 'product.default')
    expect(entry).toMatchObject({ target: 'api', before: { default: 'platform' }, after: { default: 'api' } })
  })

  it('refuses to delete a product holding items with documents until staff choose to move or delete them', async () => {
    const org = await createOrg(database())
    const mobile = await addProduct(org, 'Mobile', 'mobile')
    const catalogueItem = CATALOGUE.find((entry) => entry.kind === 'Reports')!
    await db()
      .updateTable('items')
      .set({ enabled_state: 'Enabled', public_access: true, explanation: 'Our report' })
      .where('product_id', '=', mobile.id)
      .where('uid', '=', catalogueItem.uid)
      .execute()
    const reportRow = await db().selectFrom('items').select('id').where('product_id', '=', mobile.id).where('uid', '=', catalogueItem.uid).executeTakeFirstOrThrow()
    const report = await createFile(database(), org, { item: { id: reportRow.id, productId: mobile.id } })
    const custom = await createItem(database(), mobile, { kind: 'Policies', title: 'Mobile policy' })
    const policy = await createFile(database(), org, { item: { id: custom.id, productId: mobile.id } })

    // The settings page says how many, and the dialog opens for it.
    const page = await settingsPage(org, `?delete=${mobile.id}`)
    expect(page.data.deleting).toBe(mobile.id)
    expect(page.data.products.find((product: { id: string }) => product.id === mobile.id).itemsWithDocuments).toBe(2)

    const refused = await post(org, { intent: 'delete', id: mobile.id })
    expect(refused.status).toBe(400)
    expect(errorsOf(refused.data).documents).toEqual([holdsDocumentsMessage('Mobile', 2)])
    const noTarget = await post(org, { intent: 'delete', id: mobile.id, documents: 'move', targetId: mobile.id })
    expect(noTarget.status).toBe(400)
    expect(errorsOf(noTarget.data).targetId).toEqual([PRODUCT_MESSAGES.moveTarget])
    expect(await products(org)).toHaveLength(2)

    const moved = await post(org, { intent: 'delete', id: mobile.id, documents: 'move', targetId: org.product.id })
    expect(moved.status).toBe(302)
    expect(moved.toast).toBe('Deleted Mobile')
    expect((await products(org)).map((product) => product.slug)).toEqual(['platform'])
    const target = await db().selectFrom('items').selectAll().where('product_id', '=', org.product.id).where('uid', '=', catalogueItem.uid).executeTakeFirstOrThrow()
    // The platform had the report switched off: it takes over the moved item's content and its document.
    expect(target).toMatchObject({ enabled_state: 'Enabled', public_access: true, explanation: 'Our report' })
    const links = await db().selectFrom('item_files').select(['item_id', 'file_id']).where('file_id', 'in', [report.id, policy.id]).execute()
    expect(links.find((link) => link.file_id === report.id)?.item_id).toBe(target.id)
    const movedCustom = await db().selectFrom('items').selectAll().where('id', '=', custom.id).executeTakeFirstOrThrow()
    expect(movedCustom.product_id).toBe(org.product.id)
    const [entry] = await audit(org, 'product.delete')
    expect(entry.after).toEqual({ movedTo: 'platform', items: expect.arrayContaining([catalogueItem.uid, custom.uid]) })
    // The moved item answers on the platform's pages, its documents with it.
    const item = await portal(`${org.home}/item/${custom.slug}`, { ...org.params, itemSlug: custom.slug })
    expect(item.status).toBe(200)
  })

  it('refuses to move restricted documents into a product that shows the same item publicly, moving nothing', async () => {
    const org = await createOrg(database())
    const mobile = await addProduct(org, 'Mobile', 'mobile')
    const report = CATALOGUE.find((entry) => entry.kind === 'Reports')!
    const setItem = (productId: string, values: { public_access: boolean; explanation: string }) =>
      db()
        .updateTable('items')
        .set({ enabled_state: 'Enabled', ...values })
        .where('product_id', '=', productId)
        .where('uid', '=', report.uid)
        .execute()
    // Mobile's report is for reviewers only; the platform shows its own report to everyone.
    await createItem(database(), org.product, { catalogueUid: report.uid })
    await setItem(mobile.id, { public_access: false, explanation: 'Mobile pen test' })
    await setItem(org.product.id, { public_access: true, explanation: 'Platform summary' })
    const mobileReport = await db().selectFrom('items').select('id').where('product_id', '=', mobile.id).where('uid', '=', report.uid).executeTakeFirstOrThrow()
    const restricted = await createFile(database(), org, { item: { id: mobileReport.id, productId: mobile.id } })

    const refused = await post(org, { intent: 'delete', id: mobile.id, documents: 'move', targetId: org.product.id })
    expect(refused.status).toBe(400)
    expect(errorsOf(refused.data).targetId).toEqual([movePublishesMessage(`Product ${org.product.slug}`, [report.uid])])
    expect(await products(org)).toHaveLength(2)
    const links = await db().selectFrom('item_files').select('item_id').where('file_id', '=', restricted.id).execute()
    expect(links).toEqual([{ item_id: mobileReport.id }])

    // Restricted there too, the move goes ahead.
    await setItem(org.product.id, { public_access: false, explanation: 'Platform summary' })
    expect((await post(org, { intent: 'delete', id: mobile.id, documents: 'move', targetId: org.product.id })).status).toBe(302)
  })

  it('deletes a product with its items when confirmed, hands the default on, and never deletes the last one', async () => {
    const org = await createOrg(database())
    const mobile = await addProduct(org, 'Mobile', 'mobile')
    const item = await createItem(database(), mobile, { kind: 'Policies', title: 'Mobile policy' })
    await createFile(database(), org, { item: { id: item.id, productId: mobile.id } })
    expect((await post(org, { intent: 'delete', id: mobile.id, documents: 'delete' })).status).toBe(302)
    expect(await db().selectFrom('items').select('id').where('id', '=', item.id).execute()).toHaveLength(0)
    expect((await audit(org, 'product.delete'))[0].after).toEqual({ deletedItems: [item.uid] })

    // The default goes to the next product when it is deleted.
    const api = await addProduct(org, 'API', 'api')
    expect((await post(org, { intent: 'delete', id: org.product.id })).status).toBe(302)
    expect((await products(org)).map((product) => [product.slug, product.is_default])).toEqual([['api', true]])
    const last = await post(org, { intent: 'delete', id: api.id })
    expect(last.status).toBe(400)
    expect(last.data.result.error?.['']).toEqual([PRODUCT_MESSAGES.lastProduct])
    expect(await products(org)).toHaveLength(1)
  })

  it('takes a 1280 x 350 PNG or WebP banner, refuses any other, and serves it publicly for the portal', async () => {
    const org = await createOrg(database())
    const refusals: [File, string][] = [
      [file(await png(1280, 351), 'tall.png', 'image/png'), PRODUCT_MESSAGES.bannerWrongSize],
      [file(webpHeader(640, 175), 'small.webp', 'image/webp'), PRODUCT_MESSAGES.bannerWrongSize],
      [file('<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="350"/>', 'banner.svg', 'image/svg+xml'), PRODUCT_MESSAGES.bannerWrongType],
      [file('%PDF-1.4 not a picture', 'banner.png', 'image/png'), PRODUCT_MESSAGES.bannerWrongType],
      [file(new Uint8Array(1024 * 1024 + 1), 'huge.png', 'image/png'), PRODUCT_MESSAGES.bannerTooLarge],
      [file(new Uint8Array(0), 'empty.png', 'image/png'), PRODUCT_MESSAGES.bannerRequired],
    ]
    for (const [banner, message] of refusals) {
      const refused = await post(org, { intent: 'banner', id: org.product.id, banner })
      expect(refused.status, banner.name).toBe(400)
      expect(errorsOf(refused.data).banner, banner.name).toEqual([message])
    }
    expect(await db().selectFrom('files').select('id').where('org_id', '=', org.id).execute()).toHaveLength(0)

    const before = await productRevision(org.product.id)
    const saved = await post(org, { intent: 'banner', id: org.product.id, banner: file(await png(1280, 350), 'Our banner.png', 'image/png') })
    expect(saved.status).toBe(302)
    expect(await productRevision(org.product.id)).toBeGreaterThan(before)
    const product = (await products(org))[0]
    expect(product.banner_file_id).not.toBeNull()
    const view = await portal(org.home, org.params)
    expect(view.data.product.bannerUrl).toBe(`${org.home}/pictures/${product.banner_file_id}`)
    const picture = await callRoute(pictureLoader, database(), {
      path: `${org.home}/pictures/${product.banner_file_id}`,
      params: { ...org.params, fileId: product.banner_file_id! },
    })
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/png')
    expect(picture.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(new Uint8Array(await picture.response!.arrayBuffer())).toEqual(await png(1280, 350))
    expect((await audit(org, 'product.banner'))[0].after).toMatchObject({ name: 'Our banner.png', contentType: 'image/png' })

    expect((await post(org, { intent: 'banner', id: org.product.id, banner: file(webpHeader(1280, 350), 'b.webp', 'image/webp') })).status).toBe(302)
    const webp = (await products(org))[0]
    expect(await db().selectFrom('files').select('content_type').where('id', '=', webp.banner_file_id!).executeTakeFirstOrThrow()).toEqual({ content_type: 'image/webp' })

    expect((await post(org, { intent: 'banner-remove', id: org.product.id })).status).toBe(302)
    expect((await portal(org.home, org.params)).data.product.bannerUrl).toBeNull()
    // A picture no longer shown is no longer served; nor is any other file of the org.
    const gone = await callRoute(pictureLoader, database(), { path: `${org.home}/pictures/${webp.banner_file_id}`, params: { ...org.params, fileId: webp.banner_file_id! } })
    expect(gone.status).toBe(404)
    const document = await createFile(database(), org)
    const private_ = await callRoute(pictureLoader, database(), { path: `${org.home}/pictures/${document.id}`, params: { ...org.params, fileId: document.id } })
    expect(private_.status).toBe(404)
  })

  it('lets only staff with the settings permission manage products', async () => {
    const org = await createOrg(database())
    const editor = await createStaffMember(database(), `editor@${org.slug}.test`, ['statuspage:edit'], { org })
    const refused = await post(org, { intent: 'add', name: 'Sneaky', slug: 'sneaky' }, editor)
    expect(refused.status).toBe(403)
    const page = await callRoute(productsLoader, database(), { path: '/settings/products', cookie: editor })
    expect(page.status).toBe(403)
    expect(await products(org)).toHaveLength(1)
  })

  it('stores an uploaded logo for a trusted-by company and a subprocessor, SVG rendered to PNG, and shows initials otherwise', async () => {
    const org = await createOrg(database())
    const product = await createProduct(database(), org, { slug: 'extra' })
    const edit = (fields: Record<string, string | File>) =>
      callRoute(portalAction, database(), { path: product.home, params: product.params, cookie: org.admin.cookie, form: { returnTo: product.home, ...fields } })

    const trusted = await edit({ intent: 'trustedBy.add', companyName: 'Blue Yonder Airlines', logo: file(await png(120, 40), 'blue.png', 'image/png') })
    expect(trusted.status).toBe(302)
    const company = await db().selectFrom('trusted_by_companies').selectAll().where('product_id', '=', product.id).executeTakeFirstOrThrow()
    expect(company.logo_file_id).not.toBeNull()
    expect((await audit(org, 'trustedBy.add'))[0].after).toMatchObject({ name: 'Blue Yonder Airlines', uploadedLogo: { name: 'blue.png', contentType: 'image/png' } })

    const sub = await edit({ intent: 'subprocessor.add', companyName: 'Tailspin Toys', purpose: 'Analytics', logo: file(SVG_LOGO, 'tailspin.svg', 'image/svg+xml') })
    expect(sub.status).toBe(302)
    const row = await db().selectFrom('subprocessors').selectAll().where('product_id', '=', product.id).executeTakeFirstOrThrow()
    const stored = await db().selectFrom('files').selectAll().where('id', '=', row.logo_file_id!).executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ content_type: 'image/png', original_name: 'tailspin.png' })

    const wrong = await edit({ intent: 'subprocessor.add', companyName: 'Woodgrove', logo: file('%PDF-1.4', 'logo.pdf', 'application/pdf') })
    expect(wrong.status).toBe(400)
    expect((wrong.data as Answer).result.error?.logo).toEqual([COMPANY_LOGO_MESSAGES.wrongType])
    const none = await edit({ intent: 'trustedBy.add', companyName: 'Fabrikam', logo: file(new Uint8Array(0), '', 'application/octet-stream') })
    expect(none.status).toBe(302)

    const view = (await portal(product.home, product.params)).data
    expect(view.trustedBy?.companies.map((entry) => [entry.name, entry.logoUrl])).toEqual([
      ['Blue Yonder Airlines', `${org.home}/pictures/${company.logo_file_id}`],
      ['Fabrikam', null],
    ])
    expect(view.subprocessors?.rows.map((entry) => [entry.company, entry.logoUrl])).toEqual([['Tailspin Toys', `${org.home}/pictures/${row.logo_file_id}`]])
    for (const id of [company.logo_file_id!, row.logo_file_id!]) {
      const served = await callRoute(pictureLoader, database(), { path: `${org.home}/pictures/${id}`, params: { ...org.params, fileId: id } })
      expect(served.status).toBe(200)
      expect(served.headers.get('cache-control')).toContain('public')
    }

    // Editing the subprocessor without a new file keeps its logo; renaming it drops the one uploaded for the old name.
    expect((await edit({ intent: 'subprocessor.edit', id: row.id, companyName: 'Tailspin Toys', companySource: 'Custom', purpose: 'Product analytics' })).status).toBe(302)
    expect((await db().selectFrom('subprocessors').select('logo_file_id').where('id', '=', row.id).executeTakeFirstOrThrow()).logo_file_id).toBe(row.logo_file_id)
    expect((await edit({ intent: 'subprocessor.edit', id: row.id, companyName: 'Tailspin Games', companySource: 'Custom' })).status).toBe(302)
    expect((await db().selectFrom('subprocessors').select('logo_file_id').where('id', '=', row.id).executeTakeFirstOrThrow()).logo_file_id).toBeNull()
  })
})

describeEachDatabase('company logos after the company is listed', (database) => {
  const db = () => database().handle.db
  const audit = (org: { id: string }, action: string) =>
    db().selectFrom('audit_entries').selectAll().where('org_id', '=', org.id).where('action', '=', action).orderBy('created_at').execute()
  const productRevision = async (id: string) => (await db().selectFrom('products').select('revision').where('id', '=', id).executeTakeFirstOrThrow()).revision
  const fileRow = (id: string) => db().selectFrom('files').select('id').where('id', '=', id).executeTakeFirst()

  async function listed() {
    const org = await createOrg(database())
    const product = await createProduct(database(), org, { slug: 'extra' })
    const edit = (fields: Record<string, string | File>) =>
      callRoute<Answer>(portalAction, database(), { path: product.home, params: product.params, cookie: org.admin.cookie, form: { returnTo: product.home, ...fields } })
    const picture = (id: string, cookie?: string) => callRoute(pictureLoader, database(), { path: `${org.home}/pictures/${id}`, params: { ...org.params, fileId: id }, cookie })
    const view = (cookie?: string) => callRoute<PortalView>(portalLoader, database(), { path: product.home, params: product.params, cookie })
    return { org, product, edit, picture, view }
  }

  it('changes and removes the logo of a trusted-by company and of a subprocessor, audited, the old file gone', async () => {
    const { org, product, edit, picture, view } = await listed()
    expect((await edit({ intent: 'trustedBy.add', companyName: 'Fabrikam' })).status).toBe(302)
    const company = await db().selectFrom('trusted_by_companies').selectAll().where('product_id', '=', product.id).executeTakeFirstOrThrow()
    expect(company.logo_file_id).toBeNull()

    // Refused: no file, a file that is not a picture, an unknown company; nothing written.
    const before = await productRevision(product.id)
    const none = await edit({ intent: 'trustedBy.logo', id: company.id, logo: file(new Uint8Array(0), '', 'application/octet-stream') })
    expect(none.status).toBe(400)
    expect(none.data.result.error?.logo).toEqual([COMPANY_LOGO_MESSAGES.required])
    const wrong = await edit({ intent: 'trustedBy.logo', id: company.id, logo: file('%PDF-1.4', 'logo.pdf', 'application/pdf') })
    expect(wrong.status).toBe(400)
    expect(wrong.data).toMatchObject({ intent: 'trustedBy.logo', id: company.id })
    expect(wrong.data.result.error?.logo).toEqual([COMPANY_LOGO_MESSAGES.wrongType])
    const unknown = await edit({ intent: 'trustedBy.logo', id: '00000000-0000-4000-8000-000000000000', logo: file(await png(60, 20), 'a.png', 'image/png') })
    expect(unknown.status).toBe(400)
    expect(unknown.data.result.error?.['']).toEqual(['This company is no longer listed.'])
    expect(await productRevision(product.id)).toBe(before)
    expect(await db().selectFrom('files').select('id').where('org_id', '=', org.id).execute()).toHaveLength(0)

    // Change logo: stored, shown, audited, the product's revision moved.
    const changed = await edit({ intent: 'trustedBy.logo', id: company.id, logo: file(await png(60, 20), 'fabrikam.png', 'image/png') })
    expect(changed).toMatchObject({ status: 302, toast: 'Changed the logo of Fabrikam' })
    expect(await productRevision(product.id)).toBeGreaterThan(before)
    const first = (await db().selectFrom('trusted_by_companies').select('logo_file_id').where('id', '=', company.id).executeTakeFirstOrThrow()).logo_file_id!
    expect(first).not.toBeNull()
    expect((await audit(org, 'trustedBy.logo'))[0]).toMatchObject({ target: 'Fabrikam', before: { logoFileId: null }, after: { uploadedLogo: { name: 'fabrikam.png' } } })
    expect((await view(org.admin.cookie)).data.trustedBy?.companies).toEqual([{ id: company.id, name: 'Fabrikam', logoUrl: `${org.home}/pictures/${first}`, uploadedLogo: true }])
    // Visitors are not told which logos were uploaded.
    expect((await view()).data.trustedBy?.companies).toEqual([{ id: company.id, name: 'Fabrikam', logoUrl: `${org.home}/pictures/${first}` }])

    // Changed again: the first file is removed with its address.
    expect((await edit({ intent: 'trustedBy.logo', id: company.id, logo: file(SVG_LOGO, 'fabrikam.svg', 'image/svg+xml') })).status).toBe(302)
    const second = (await db().selectFrom('trusted_by_companies').select('logo_file_id').where('id', '=', company.id).executeTakeFirstOrThrow()).logo_file_id!
    expect(second).not.toBe(first)
    expect(await fileRow(first)).toBeUndefined()
    expect((await picture(first)).status).toBe(404)
    expect((await picture(second)).status).toBe(200)

    // Remove logo: the initials again, the file gone, audited.
    expect(await edit({ intent: 'trustedBy.logoRemove', id: company.id })).toMatchObject({ status: 302, toast: 'Removed the logo of Fabrikam' })
    expect((await db().selectFrom('trusted_by_companies').select('logo_file_id').where('id', '=', company.id).executeTakeFirstOrThrow()).logo_file_id).toBeNull()
    expect(await fileRow(second)).toBeUndefined()
    expect((await picture(second)).status).toBe(404)
    expect((await audit(org, 'trustedBy.logoRemove'))[0]).toMatchObject({ target: 'Fabrikam', before: { logoFileId: second } })
    expect((await view(org.admin.cookie)).data.trustedBy?.companies[0]).toMatchObject({ logoUrl: null, uploadedLogo: false })

    // The same for a subprocessor; deleting it takes its logo's file too.
    expect((await edit({ intent: 'subprocessor.add', companyName: 'Tailspin Toys', purpose: 'Analytics' })).status).toBe(302)
    const sub = await db().selectFrom('subprocessors').selectAll().where('product_id', '=', product.id).executeTakeFirstOrThrow()
    expect(await edit({ intent: 'subprocessor.logo', id: sub.id, logo: file(await png(40, 40), 'tailspin.png', 'image/png') })).toMatchObject({
      status: 302,
      toast: 'Changed the logo of Tailspin Toys',
    })
    const subLogo = (await db().selectFrom('subprocessors').select('logo_file_id').where('id', '=', sub.id).executeTakeFirstOrThrow()).logo_file_id!
    expect((await view(org.admin.cookie)).data.subprocessors?.rows[0]).toMatchObject({ logoUrl: `${org.home}/pictures/${subLogo}`, uploadedLogo: true })
    expect(await edit({ intent: 'subprocessor.logoRemove', id: sub.id })).toMatchObject({ status: 302, toast: 'Removed the logo of Tailspin Toys' })
    expect(await fileRow(subLogo)).toBeUndefined()
    expect(await audit(org, 'subprocessor.logoRemove')).toHaveLength(1)
    expect((await edit({ intent: 'subprocessor.logo', id: sub.id, logo: file(await png(40, 40), 'again.png', 'image/png') })).status).toBe(302)
    const again = (await db().selectFrom('subprocessors').select('logo_file_id').where('id', '=', sub.id).executeTakeFirstOrThrow()).logo_file_id!
    expect((await edit({ intent: 'subprocessor.delete', id: sub.id, confirmName: 'Tailspin Toys' })).status).toBe(302)
    expect(await fileRow(again)).toBeUndefined()
  })

  it('serves a company’s logo only to whoever sees its card, and never once the company is removed', async () => {
    const { org, product, edit, picture } = await listed()
    expect((await edit({ intent: 'trustedBy.add', companyName: 'Fabrikam', logo: file(await png(60, 20), 'fabrikam.png', 'image/png') })).status).toBe(302)
    expect((await edit({ intent: 'subprocessor.add', companyName: 'Tailspin Toys', logo: file(await png(40, 40), 'tailspin.png', 'image/png') })).status).toBe(302)
    const company = await db().selectFrom('trusted_by_companies').selectAll().where('product_id', '=', product.id).executeTakeFirstOrThrow()
    const sub = await db().selectFrom('subprocessors').selectAll().where('product_id', '=', product.id).executeTakeFirstOrThrow()
    const hide = (kind: string, hidden: boolean) => db().updateTable('cards').set({ hidden }).where('product_id', '=', product.id).where('kind', '=', kind).execute()

    for (const [kind, id] of [
      ['TrustedBy', company.logo_file_id!],
      ['Subprocessors', sub.logo_file_id!],
    ] as const) {
      const shown = await picture(id)
      expect(shown.status, kind).toBe(200)
      // Public, kept by shared caches for an hour only: staff may hide the card or remove the company.
      expect(shown.headers.get('cache-control'), kind).toBe('public, max-age=3600')
      await hide(kind, true)
      expect((await picture(id)).status, kind).toBe(404)
      // Staff in Main mode see the hidden card, and its logos, for themselves only.
      const staff = await picture(id, org.admin.cookie)
      expect(staff.status, kind).toBe(200)
      expect(staff.headers.get('cache-control'), kind).toBe('private, no-store')
      await hide(kind, false)
    }

    // Under Minimal, anonymous visitors see neither card, so neither logo.
    await db().updateTable('orgs').set({ public_access_level: 'Minimal' }).where('id', '=', org.id).execute()
    expect((await picture(company.logo_file_id!)).status).toBe(404)
    expect((await picture(sub.logo_file_id!)).status).toBe(404)
    await db().updateTable('orgs').set({ public_access_level: 'Limited' }).where('id', '=', org.id).execute()

    // Removed: not even staff get it.
    expect((await edit({ intent: 'trustedBy.remove', id: company.id })).status).toBe(302)
    expect((await picture(company.logo_file_id!, org.admin.cookie)).status).toBe(404)
    expect((await picture(company.logo_file_id!)).status).toBe(404)
  })
})
