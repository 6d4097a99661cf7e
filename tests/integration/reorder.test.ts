import { expect, it } from 'vitest'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import type { PortalView } from '../../app/lib/portal-view'
import { DEFAULT_SECTION_ORDER, type SectionId } from '../../app/lib/sections'
import { describeEachDatabase, type TestDatabase } from '../setup/database'
import { callRoute } from '../setup/route'
import { createStaffMember, postPortal, staffCookie } from '../setup/staff'

const PORTAL = '/portal/northwind'
const RANK = { Enabled: 0, WorkInProgress: 1, NotEnabled: 2 } as const

/** The portal page's view, as a visitor or (with a cookie) as staff. */
async function portalView(database: TestDatabase, query = '', cookie?: string) {
  return (await callRoute<PortalView>(portalLoader, database, { path: `${PORTAL}${query}`, params: { orgSlug: 'northwind' }, cookie })).data
}

async function platform(database: TestDatabase) {
  return database.handle.db.selectFrom('products').select(['id', 'revision', 'section_order']).where('slug', '=', 'platform').executeTakeFirstOrThrow()
}

async function itemPositions(database: TestDatabase) {
  const { id } = await platform(database)
  return database.handle.db.selectFrom('items').select(['uid', 'position', 'featured']).where('product_id', '=', id).orderBy('uid').execute()
}

async function cardPositions(database: TestDatabase) {
  const { id } = await platform(database)
  return database.handle.db.selectFrom('cards').select(['kind', 'position']).where('product_id', '=', id).orderBy('kind').execute()
}

async function audits(database: TestDatabase, action: string) {
  return database.handle.db.selectFrom('audit_entries').select(['target', 'before', 'after']).where('action', '=', action).execute()
}

describeEachDatabase('re-ordering items, cards and sections', (database) => {
  it('saves the order of a card’s items and visitors see it', async () => {
    const cookie = await staffCookie(database())
    const staff = await portalView(database(), '?dialog=reorderItems&target=Policies', cookie)
    const card = staff.editor?.dialogCard
    expect(card?.kind).toBe('Policies')
    const all = card!.items
    expect(all.length).toBeGreaterThan(3)
    const reversed = [...all].reverse().map((item) => item.uid)
    const { revision } = await platform(database())

    const result = await postPortal(database(), cookie, { intent: 'reorder.items', kind: 'Policies', order: reversed.join(','), returnTo: `${PORTAL}?card=Policies` })
    expect(result.status).toBe(302)
    expect(result.headers.get('location')).toBe(`${PORTAL}?card=Policies`)
    expect(result.toast).toBe(`Updated ${card!.title} card item's order`)
    expect((await platform(database())).revision).toBe(revision + 1)
    expect(await audits(database(), 'reorder.items')).toContainEqual(expect.objectContaining({ target: 'Policies', after: { order: reversed } }))

    // Enabled items still come first; within each state the saved order holds.
    const stateOf = new Map(all.map((item) => [item.uid, item.enabledState]))
    const visitor = await portalView(database(), '?card=Policies')
    const shown = visitor.openCard!.items.map((item) => item.uid)
    const expected = reversed.filter((uid) => shown.includes(uid)).sort((a, b) => RANK[stateOf.get(a)!] - RANK[stateOf.get(b)!])
    expect(shown).toEqual(expected)
    expect(shown.length).toBeGreaterThan(1)
    const after = await portalView(database(), '?dialog=reorderItems&target=Policies', cookie)
    const afterOrder = after.editor!.dialogCard!.items.map((item) => item.uid)
    expect(afterOrder).toEqual([...reversed].sort((a, b) => RANK[stateOf.get(a)!] - RANK[stateOf.get(b)!]))
  })

  it('saves which documents are featured, featured first, and the documents section follows', async () => {
    const cookie = await staffCookie(database())
    const staff = await portalView(database(), '?dialog=reorderItems&target=Documents', cookie)
    const uids = staff.editor!.dialogCard!.items.map((item) => item.uid)
    expect(staff.editor!.dialogFeatured).toEqual(['security-whitepaper'])
    const featured = ['architecture-diagram']
    const order = ['security-whitepaper', 'architecture-diagram', ...uids.filter((uid) => uid !== 'security-whitepaper' && uid !== 'architecture-diagram')]

    const result = await postPortal(database(), cookie, { intent: 'reorder.items', kind: 'Documents', order: order.join(','), featured: featured.join(','), returnTo: PORTAL })
    expect(result.status).toBe(302)
    expect(result.toast).toBe("Updated Documents card item's order")
    const rows = (await itemPositions(database())).filter((row) => uids.includes(row.uid))
    expect(rows.filter((row) => row.featured).map((row) => row.uid)).toEqual(featured)
    // Featured documents are saved first in the order, whatever order the lists came in.
    const byUid = new Map(rows.map((row) => [row.uid, row.position]))
    expect(byUid.get('architecture-diagram')).toBe(0)
    expect(byUid.get('security-whitepaper')).toBe(1)

    const after = await portalView(database(), '?dialog=reorderItems&target=Documents', cookie)
    expect(after.editor!.dialogFeatured).toEqual(featured)
    const visitor = await portalView(database())
    const featuredDocuments = visitor.documents!.featured.filter((entry) => uids.includes(entry.itemUid)).map((entry) => entry.itemUid)
    expect(featuredDocuments).toEqual(['architecture-diagram'])
  })

  it('saves the order of the cards and visitors see it', async () => {
    const cookie = await staffCookie(database())
    const staff = await portalView(database(), '?dialog=reorderCards', cookie)
    const reversed = [...staff.cards].reverse().map((card) => card.kind)
    const result = await postPortal(database(), cookie, { intent: 'reorder.cards', order: reversed.join(','), returnTo: PORTAL })
    expect(result.status).toBe(302)
    expect(result.toast).toBe('Updated card order for Northwind Platform product')
    expect((await portalView(database(), '', cookie)).cards.map((card) => card.kind)).toEqual(reversed)
    const visitor = (await portalView(database())).cards.map((card) => card.kind)
    expect(visitor.length).toBeGreaterThan(3)
    expect(visitor).toEqual(reversed.filter((kind) => visitor.includes(kind)))
    expect(await audits(database(), 'reorder.cards')).toContainEqual(expect.objectContaining({ target: 'platform', after: { order: reversed } }))
  })

  it('saves the order of the sections, separated or combined, and visitors see it', async () => {
    const cookie = await staffCookie(database())
    const staff = await portalView(database(), '?dialog=reorderSections', cookie)
    expect(staff.editor!.sectionOrder).toEqual((await platform(database())).section_order)
    expect(staff.editor!.sectionEnabled.cards).toBe(true)
    expect(staff.editor!.sectionTitles.certifications).toBe('Compliance')

    const separated: SectionId[] = ['documents', 'overview', 'trusted_by', 'certifications', 'subprocessors', 'cards', 'knowledge_base', 'trust_center_updates', 'help']
    const result = await postPortal(database(), cookie, { intent: 'reorder.sections', order: separated.join(','), returnTo: PORTAL })
    expect(result.status).toBe(302)
    expect(result.toast).toBe('Updated section order')
    expect((await platform(database())).section_order).toEqual(separated)
    const visitor = await portalView(database())
    expect(visitor.sections).toEqual(separated.filter((id) => visitor.sections.includes(id)))
    expect(visitor.sections.slice(0, 3)).toEqual(['documents', 'overview', 'trusted_by'])
    expect((await portalView(database(), '?dialog=reorderSections', cookie)).editor!.sectionOrder).toEqual(separated)

    const combined = await postPortal(database(), cookie, { intent: 'reorder.sections', order: DEFAULT_SECTION_ORDER.join(','), returnTo: PORTAL })
    expect(combined.status).toBe(302)
    expect((await portalView(database())).sections[0]).toBe('overview_and_certifications')
  })

  it('rejects orders that are not a re-ordering, with the failure message, and writes nothing', async () => {
    const cookie = await staffCookie(database())
    const staff = await portalView(database(), '?dialog=reorderItems&target=Policies', cookie)
    const uids = staff.editor!.dialogCard!.items.map((item) => item.uid)
    const title = staff.editor!.dialogCard!.title
    const beforeItems = await itemPositions(database())
    const beforeCards = await cardPositions(database())
    const before = await platform(database())
    const kinds = staff.cards.map((card) => card.kind)

    const attempts: [Record<string, string>, string][] = [
      [{ intent: 'reorder.items', kind: 'Policies', order: uids.slice(1).join(',') }, `Failed to update ${title} card item's order`],
      [{ intent: 'reorder.items', kind: 'Policies', order: [...uids, uids[0]].join(',') }, `Failed to update ${title} card item's order`],
      [{ intent: 'reorder.items', kind: 'Policies', order: [...uids.slice(1), 'security-whitepaper'].join(',') }, `Failed to update ${title} card item's order`],
      [{ intent: 'reorder.items', kind: 'Policies' }, `Failed to update ${title} card item's order`],
      [{ intent: 'reorder.items', kind: 'Nonsense', order: uids.join(',') }, "Failed to update Nonsense card item's order"],
      [{ intent: 'reorder.items', kind: 'Documents', order: 'security-whitepaper', featured: 'security-whitepaper' }, "Failed to update Documents card item's order"],
      [{ intent: 'reorder.cards', order: kinds.slice(1).join(',') }, 'Failed to update cards order for Northwind Platform product'],
      [{ intent: 'reorder.cards', order: [...kinds.slice(1), 'Documents'].join(',') }, 'Failed to update cards order for Northwind Platform product'],
      [{ intent: 'reorder.sections', order: ['overview', ...DEFAULT_SECTION_ORDER].join(',') }, 'Failed to update section order'],
      [{ intent: 'reorder.sections', order: DEFAULT_SECTION_ORDER.slice(1).join(',') }, 'Failed to update section order'],
      [{ intent: 'reorder.sections', order: [...DEFAULT_SECTION_ORDER, 'faq'].join(',') }, 'Failed to update section order'],
    ]
    for (const [fields, message] of attempts) {
      const result = await postPortal(database(), cookie, fields)
      expect(result.status, JSON.stringify(fields)).toBe(400)
      expect(result.data.intent).toBe(fields.intent)
      expect(result.data.result.error['']).toEqual([message])
    }
    // A featured id outside the posted order.
    const documents = (await portalView(database(), '?dialog=reorderItems&target=Documents', cookie)).editor!.dialogCard!.items.map((item) => item.uid)
    const stray = await postPortal(database(), cookie, { intent: 'reorder.items', kind: 'Documents', order: documents.join(','), featured: 'soc-2-type-2-report' })
    expect(stray.status).toBe(400)

    expect(await itemPositions(database())).toEqual(beforeItems)
    expect(await cardPositions(database())).toEqual(beforeCards)
    const after = await platform(database())
    expect(after.revision).toBe(before.revision)
    expect(after.section_order).toEqual(before.section_order)
  })

  it('refuses staff without statuspage:edit', async () => {
    const readOnly = await createStaffMember(database(), 'reorder-viewer@northwind.test', ['files:view'])
    const before = await platform(database())
    const sections = await postPortal(database(), readOnly, { intent: 'reorder.sections', order: [...DEFAULT_SECTION_ORDER].reverse().join(',') })
    expect(sections.status).toBe(403)
    const cards = await postPortal(database(), readOnly, { intent: 'reorder.cards', order: 'Reports' })
    expect(cards.status).toBe(403)
    const items = await postPortal(database(), readOnly, { intent: 'reorder.items', kind: 'Policies', order: 'x' })
    expect(items.status).toBe(403)
    const after = await platform(database())
    expect(after.revision).toBe(before.revision)
    expect(after.section_order).toEqual(before.section_order)
    // Nor do they get the editing tools in the page.
    expect((await portalView(database(), '?dialog=reorderSections', readOnly)).editor).toBeNull()
  })
})
