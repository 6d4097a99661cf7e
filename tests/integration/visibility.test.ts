// Who sees what (docs/decisions/004-visibility.md): hidden cards, the Overview, private updates, staff
// names, staff file permissions and document links, each checked through the real loaders and actions.
// Every test builds an org of its own.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, it } from 'vitest'
import { ItemEditorForm } from '../../app/components/portal/editing/item-editor'
import type { PortalView } from '../../app/lib/portal-view'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as fileLoader } from '../../app/routes/resources/portal-file'
import { DOCUMENT_ACCESS_DENIED, LINK_DOCUMENTS_DENIED } from '../../server/portal/editing/items'
import { bumpOrgRevision, bumpProductRevision } from '../../server/portal/revision'
import { defaultWelcome } from '../../server/portal/view'
import { describeEachDatabase } from '../setup/database'
import { createFile, createItem, createOrg, createStaffMember, type ItemFixture, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'
import { postPortal } from '../setup/staff'

describeEachDatabase('visibility', (database) => {
  const db = () => database().handle.db

  const portal = (org: OrgFixture, query = '', options: { cookie?: string; item?: ItemFixture } = {}) =>
    callRoute<PortalView>(portalLoader as never, database(), {
      path: options.item ? `${org.home}/item/${options.item.slug}${query}` : `${org.home}${query}`,
      params: options.item ? { ...org.params, itemSlug: options.item.slug } : org.params,
      cookie: options.cookie,
    })
  const anonymous = async (org: OrgFixture, query = '', item?: ItemFixture) => {
    const result = await portal(org, query, { item })
    expect(result.status).toBe(200)
    return result.data
  }
  const file = (org: OrgFixture, fileId: string, options: { download?: boolean; cookie?: string } = {}) =>
    callRoute(fileLoader as never, database(), {
      path: `${org.home}/files/${fileId}${options.download ? '?download=1' : ''}`,
      params: { ...org.params, fileId },
      cookie: options.cookie,
    })
  /** The status of a file request, its body left unread. */
  const fileStatus = async (...args: Parameters<typeof file>) => {
    const result = await file(...args)
    await result.response?.body?.cancel()
    return result.status
  }

  /** Writes straight to the database, then bumps the revision as every real change does. */
  async function changeItem(item: ItemFixture, values: { public_access?: boolean; hidden?: boolean; enabled_state?: string; updated_by_name?: string }) {
    await db().updateTable('items').set(values).where('id', '=', item.id).execute()
    await bumpProductRevision(db(), item.productId)
  }

  async function hideCard(org: OrgFixture, kind: string) {
    await db().updateTable('cards').set({ hidden: true }).where('product_id', '=', org.product.id).where('kind', '=', kind).execute()
    await bumpProductRevision(db(), org.product.id)
  }

  it('withholds a hidden card from visitors everywhere: grid, ?card, permalink, itemUid, itemName, Documents and the file route', async () => {
    const org = await createOrg(database())
    const legal = await createItem(database(), org.product, { kind: 'Legal', title: 'Data processing addendum', explanation: 'Our DPA.' })
    const document = await createFile(database(), org, { item: legal, name: 'data-processing-addendum.pdf' })

    // While the card is shown, visitors get the item and its document.
    const before = await anonymous(org, '?documents=all')
    expect(before.cards.map((card) => card.kind)).toContain('Legal')
    expect(before.documents?.entries.map((entry) => entry.itemUid)).toContain(legal.uid)
    expect(await fileStatus(org, document.id)).toBe(200)

    await hideCard(org, 'Legal')
    const home = await anonymous(org, '?documents=all')
    expect(home.cards.map((card) => card.kind)).not.toContain('Legal')
    expect(home.documents).toBeNull()
    expect(JSON.stringify(home)).not.toContain(document.id)
    expect(JSON.stringify(home)).not.toContain(legal.uid)
    expect((await anonymous(org, '?card=Legal')).openCard).toBeNull()
    const byUid = await anonymous(org, `?itemUid=${legal.uid}`)
    expect(byUid.openCard).toBeNull()
    expect(byUid.openItemUid).toBeNull()
    expect((await anonymous(org, `?itemName=${encodeURIComponent(legal.title)}`)).openCard).toBeNull()
    expect((await portal(org, '', { item: legal })).status).toBe(404)
    expect(await fileStatus(org, document.id)).toBe(404)
    expect(await fileStatus(org, document.id, { download: true })).toBe(404)

    // Staff in Main mode still see the hidden card, marked.
    const staff = await portal(org, '', { item: legal, cookie: org.admin.cookie })
    expect(staff.data.openCard?.kind).toBe('Legal')
    expect(staff.data.openCard?.hidden).toBe(true)
  })

  it('shows the Overview text only while the Overview item is public, enabled and not hidden', async () => {
    const org = await createOrg(database())
    const text = 'Acme builds invoicing software and keeps customer data encrypted, audited and in the EU.'
    const overview = await createItem(database(), org.product, { catalogueUid: 'overview', explanation: text })
    expect((await anonymous(org)).overview?.text).toBe(text)

    const { portal_title } = await db().selectFrom('portal_customizations').select('portal_title').where('org_id', '=', org.id).executeTakeFirstOrThrow()
    for (const state of [{ public_access: false }, { public_access: false, hidden: true }, { enabled_state: 'NotEnabled' }]) {
      await changeItem(overview, { public_access: true, hidden: false, enabled_state: 'Enabled', ...state })
      const view = await anonymous(org)
      expect(view.overview?.text, JSON.stringify(state)).toBe(defaultWelcome(org.name, portal_title))
      expect(JSON.stringify(view), JSON.stringify(state)).not.toContain(text)
    }
  })

  it('keeps a private update from anonymous visitors', async () => {
    const org = await createOrg(database())
    const topic = await db().insertInto('update_topics').values({ org_id: org.id, subject: 'Platform news', category: 'general' }).returning('id').executeTakeFirstOrThrow()
    const shared = 'A public update everyone may read.'
    const secret = 'A private update only customers may read.'
    await db()
      .insertInto('updates')
      .values([
        { topic_id: topic.id, title: 'Shared news', message: shared, audience: 'public', channel_portal: true },
        { topic_id: topic.id, title: 'Secret news', message: secret, audience: 'private', channel_portal: true, pinned: true },
      ])
      .execute()
    await bumpOrgRevision(db(), org.id)

    const view = await anonymous(org)
    expect(view.updates?.items.map((update) => update.message)).toEqual([shared])
    expect(JSON.stringify(view)).not.toContain(secret)
    const staff = await portal(org, '', { cookie: org.admin.cookie })
    expect(staff.data.updates?.items.map((update) => update.message)).toContain(secret)
  })

  it('never sends visitors the name of the staff member who edited an item', async () => {
    const org = await createOrg(database())
    const name = 'Quillon Staffnamewitz'
    const items = await Promise.all([
      createItem(database(), org.product, { catalogueUid: 'overview', explanation: 'Welcome.' }),
      createItem(database(), org.product, { kind: 'DataSecurity', title: 'Encryption at rest', explanation: 'AES-256.' }),
      createItem(database(), org.product, { kind: 'Certifications', title: 'ISO 27001', explanation: 'Certified.' }),
      createItem(database(), org.product, { kind: 'Policies', title: 'Security policy', explanation: 'Reviewed yearly.' }),
    ])
    await createFile(database(), org, { item: items[3] })
    for (const item of items) await changeItem(item, { updated_by_name: name })

    const views = [
      await anonymous(org, '?documents=all'),
      await anonymous(org, '?card=DataSecurity'),
      await anonymous(org, '?card=Certifications'),
      await anonymous(org, '', items[3]),
    ]
    expect(JSON.stringify(views)).not.toContain(name)
    expect(JSON.stringify(views)).not.toContain('lastModified')

    // Staff in Main mode read it ("Modified at … by …").
    const staff = await portal(org, '', { item: items[1], cookie: org.admin.cookie })
    expect(staff.data.openCard?.items.find((entry) => entry.uid === items[1].uid)?.lastModified?.by).toBe(name)
  })

  it('gives staff without files:view and files:download a restricted file only as the public gets it: 404', async () => {
    const org = await createOrg(database())
    const restricted = await createItem(database(), org.product, { kind: 'Reports', title: 'Penetration test', access: 'restricted' })
    const report = await createFile(database(), org, { item: restricted })
    expect(await fileStatus(org, report.id)).toBe(404)

    const editor = await createStaffMember(database(), `editor@${org.slug}.test`, ['statuspage:edit'], { org })
    expect(await fileStatus(org, report.id, { cookie: editor })).toBe(404)
    expect(await fileStatus(org, report.id, { cookie: editor, download: true })).toBe(404)

    const reader = await createStaffMember(database(), `reader@${org.slug}.test`, ['files:view', 'files:download'], { org })
    const inline = await file(org, report.id, { cookie: reader })
    expect(inline.status).toBe(200)
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/)
    await inline.response?.body?.cancel()
    const download = await file(org, report.id, { cookie: reader, download: true })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/)
    await download.response?.body?.cancel()
  })

  it('refuses document links from an editor without files:view (403, nothing saved) and offers them no library', async () => {
    const org = await createOrg(database())
    const publicItem = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Encryption at rest', explanation: 'AES-256.' })
    const restricted = await createItem(database(), org.product, { kind: 'Reports', title: 'Penetration test', access: 'restricted' })
    const report = await createFile(database(), org, { item: restricted })
    const field = (name: string) => `item.${publicItem.uid}.${name}`
    const form = {
      intent: 'items.save',
      kind: 'DataSecurity',
      returnTo: `${org.home}?card=DataSecurity`,
      [field('present')]: '1',
      [field('enabledState')]: 'Enabled',
      [field('explanation')]: 'Changed with the link.',
      [field('publicAccess')]: 'on',
      [field('linkFileIds')]: report.id,
    }
    const links = () => db().selectFrom('item_files').select('file_id').where('item_id', '=', publicItem.id).execute()

    const editor = await createStaffMember(database(), `editor@${org.slug}.test`, ['statuspage:edit'], { org })
    const refused = await postPortal(database(), editor, form, org.home, org.params)
    expect(refused.status).toBe(403)
    expect(refused.data.result.error['']).toEqual([LINK_DOCUMENTS_DENIED])
    expect(await links()).toEqual([])
    const stored = await db().selectFrom('items').select('explanation').where('id', '=', publicItem.id).executeTakeFirstOrThrow()
    expect(stored.explanation).toBe('AES-256.')
    expect(await fileStatus(org, report.id)).toBe(404)
    expect((await portal(org, '?card=DataSecurity&edit=true', { cookie: editor })).data.editor?.library).toBeNull()

    const linker = await createStaffMember(database(), `linker@${org.slug}.test`, ['statuspage:edit', 'files:view'], { org })
    const library = (await portal(org, '?card=DataSecurity&edit=true', { cookie: linker })).data.editor?.library
    expect(library?.map((entry) => entry.id)).toContain(report.id)
    const saved = await postPortal(database(), linker, form, org.home, org.params)
    expect(saved.status).toBe(302)
    expect(await links()).toEqual([{ file_id: report.id }])
  })

  it('refuses, to an editor without files:view, making an item with documents public (403, nothing saved)', async () => {
    const org = await createOrg(database())
    const restricted = await createItem(database(), org.product, { kind: 'Reports', title: 'SOC 2 Type II', access: 'restricted' })
    const report = await createFile(database(), org, { item: restricted })
    const field = (name: string) => `item.${restricted.uid}.${name}`
    const form = { intent: 'items.save', kind: 'Reports', [field('present')]: '1', [field('enabledState')]: 'Enabled', [field('publicAccess')]: 'on' }
    const stored = () => db().selectFrom('items').select('public_access').where('id', '=', restricted.id).executeTakeFirstOrThrow()

    const editor = await createStaffMember(database(), `publisher@${org.slug}.test`, ['statuspage:edit'], { org })
    const refused = await postPortal(database(), editor, form, org.home, org.params)
    expect(refused.status).toBe(403)
    expect(refused.data.result.error['']).toEqual([DOCUMENT_ACCESS_DENIED])
    expect((await stored()).public_access).toBe(false)
    expect(await fileStatus(org, report.id)).toBe(404)

    const saved = await postPortal(database(), org.admin.cookie, form, org.home, org.params)
    expect(saved.status).toBe(302)
    expect((await stored()).public_access).toBe(true)
  })

  it('refuses, to an editor without files:view, showing a hidden card with documents or moving an item with documents', async () => {
    const org = await createOrg(database())
    const whitepaper = await createItem(database(), org.product, { kind: 'Documents', title: 'Security whitepaper', access: 'public' })
    const file = await createFile(database(), org, { item: whitepaper })
    await db().updateTable('cards').set({ hidden: true }).where('product_id', '=', org.product.id).where('kind', '=', 'Documents').execute()
    await bumpProductRevision(db(), org.product.id)
    expect(await fileStatus(org, file.id)).toBe(404)

    const editor = await createStaffMember(database(), `shower@${org.slug}.test`, ['statuspage:edit'], { org })
    const shown = await postPortal(database(), editor, { intent: 'card.visibility', kind: 'Documents', hidden: 'false' }, org.home, org.params)
    expect(shown.status).toBe(403)
    expect(shown.data.result.error['']).toEqual([DOCUMENT_ACCESS_DENIED])
    expect(await fileStatus(org, file.id)).toBe(404)
    const moved = await postPortal(database(), editor, { intent: 'item.move', uid: whitepaper.uid, destination: 'Legal' }, org.home, org.params)
    expect(moved.status).toBe(403)
    expect((await db().selectFrom('items').select('card_kind').where('id', '=', whitepaper.id).executeTakeFirstOrThrow()).card_kind).toBe('Documents')
    expect(await fileStatus(org, file.id)).toBe(404)

    // Hiding withdraws documents, so it stays open to editors; showing them again is the admin's call.
    expect((await postPortal(database(), editor, { intent: 'card.visibility', kind: 'Legal', hidden: 'true' }, org.home, org.params)).status).toBe(302)
    expect((await postPortal(database(), org.admin.cookie, { intent: 'card.visibility', kind: 'Documents', hidden: 'false' }, org.home, org.params)).status).toBe(302)
    expect(await fileStatus(org, file.id)).toBe(200)
  })

  it('answers only GET and HEAD for a document', async () => {
    const org = await createOrg(database())
    const whitepaper = await createItem(database(), org.product, { kind: 'Documents', title: 'Security whitepaper', access: 'public' })
    const file = await createFile(database(), org, { item: whitepaper })
    const options = await callRoute(fileLoader, database(), { path: `${org.home}/files/${file.id}`, params: { ...org.params, fileId: file.id }, method: 'OPTIONS' })
    expect(options.status).toBe(405)
    expect(await fileStatus(org, file.id)).toBe(200)
  })

  it('keeps the Overview item public and enabled whatever the save posts', async () => {
    const org = await createOrg(database())
    await createItem(database(), org.product, { catalogueUid: 'overview', explanation: 'Welcome.' })
    const text = 'Our welcome, saved by the visibility test.'
    const saved = await postPortal(
      database(),
      org.admin.cookie,
      {
        intent: 'items.save',
        kind: 'Overview',
        returnTo: org.home,
        'item.overview.present': '1',
        'item.overview.explanation': text,
        'item.overview.enabledState': 'NotEnabled',
        'item.overview.hidden': 'on',
      },
      org.home,
      org.params,
    )
    expect(saved.status).toBe(302)
    const stored = await db()
      .selectFrom('items')
      .select(['public_access', 'hidden', 'enabled_state', 'explanation'])
      .where('product_id', '=', org.product.id)
      .where('uid', '=', 'overview')
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ public_access: true, hidden: false, enabled_state: 'Enabled', explanation: text })
    expect((await anonymous(org)).overview?.text).toBe(text)
  })

  it('offers no status or access toggles for the Overview, and no document picker without files:view', async () => {
    const org = await createOrg(database())
    await createItem(database(), org.product, { catalogueUid: 'overview', explanation: 'Welcome.' })
    const legal = await createItem(database(), org.product, { kind: 'Legal', title: 'Data processing addendum' })
    await createFile(database(), org, { item: legal, name: 'data-processing-addendum.pdf' })
    await createFile(database(), org, { name: 'privacy-policy.pdf' })
    const render = async (query: string, cookie: string) => {
      const view = (await portal(org, query, { cookie })).data
      const Stub = createRoutesStub([{ path: org.home, Component: () => createElement(ItemEditorForm, { view, card: view.openCard!, items: view.editor!.editItems! }) }])
      return renderToString(createElement(Stub, { initialEntries: [`${org.home}${query}`] }))
    }

    const overview = await render('?card=Overview&edit=true', org.admin.cookie)
    expect(overview).toContain('name="item.overview.explanation"')
    for (const toggle of ['enabledState', 'publicAccess', 'hidden']) expect(overview).not.toContain(`name="item.overview.${toggle}"`)

    const admin = await render('?card=Legal&edit=true', org.admin.cookie)
    expect(admin).toContain(`name="item.${legal.uid}.publicAccess"`)
    expect(admin).toContain(`name="item.${legal.uid}.linkFileIds"`)
    const editor = await createStaffMember(database(), `editor@${org.slug}.test`, ['statuspage:edit'], { org })
    const withoutFiles = await render('?card=Legal&edit=true', editor)
    expect(withoutFiles).toContain('data-processing-addendum.pdf')
    expect(withoutFiles).not.toContain('linkFileIds')
    expect(withoutFiles).not.toContain('unlinkFileIds')
    expect(withoutFiles).not.toContain('privacy-policy.pdf')
  })
})
