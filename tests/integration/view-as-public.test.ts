// Main mode shows what the public sees (issue 24 item 1, decision 060): each item carries its state for staff,
// and "View as public" (?viewAs=public) renders, for signed-in staff, exactly the anonymous visitor's page.
import { expect, it } from 'vitest'
import type { PortalView } from '../../app/lib/portal-view'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { SHARED_PAGE_HEADER } from '../../server/page-cache'
import { bumpProductRevision } from '../../server/portal/revision'
import { describeEachDatabase } from '../setup/database'
import { createFile, createItem, createOrg, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

describeEachDatabase('view as public', (database) => {
  const portal = (org: OrgFixture, options: { cookie?: string; query?: string } = {}) =>
    callRoute<PortalView>(portalLoader as never, database(), { path: `${org.home}${options.query ?? ''}`, params: org.params, cookie: options.cookie })
  const gridItems = (view: PortalView) => view.cards.flatMap((card) => card.items)

  /** One item of each state, and a restricted document. */
  async function stateOrg() {
    const org = await createOrg(database())
    const shown = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Encryption at rest', access: 'public' })
    const restricted = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Key management', access: 'restricted' })
    const hidden = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Internal red team', access: 'hidden' })
    const off = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Quantum safe crypto', access: 'public' })
    await database().handle.db.updateTable('items').set({ enabled_state: 'NotEnabled' }).where('id', '=', off.id).execute()
    const document = await createItem(database(), org.product, { kind: 'Documents', title: 'Pen test summary', access: 'restricted' })
    await createFile(database(), org, { item: document })
    await bumpProductRevision(database().handle.db, org.product.id)
    return { org, shown, restricted, hidden, off, document }
  }

  it('tags every item with its state in Main mode, and never for a visitor', async () => {
    const { org, shown, restricted, hidden, off, document } = await stateOrg()
    const main = await portal(org, { cookie: org.admin.cookie })
    expect(main.data.mode).toBe('Main')
    expect(gridItems(main.data).find((item) => item.uid === shown.uid)?.state).toBe('Public')
    // The open card lists all four (the grid card previews the first few).
    const drawer = await portal(org, { cookie: org.admin.cookie, query: '?card=DataSecurity' })
    const state = (uid: string) => drawer.data.openCard?.items.find((item) => item.uid === uid)?.state
    expect(state(shown.uid)).toBe('Public')
    expect(state(restricted.uid)).toBe('Restricted')
    expect(state(hidden.uid)).toBe('Hidden')
    expect(state(off.uid)).toBe('Not enabled')
    const documents = [...(main.data.documents?.entries ?? []), ...(main.data.documents?.featured ?? [])]
    expect(documents.find((entry) => entry.itemUid === document.uid)?.state).toBe('Restricted')

    const anonymous = await portal(org, { query: '?card=DataSecurity' })
    expect(anonymous.data.mode).toBe('Public')
    expect(JSON.stringify(anonymous.data)).not.toContain('"state"')
    expect(anonymous.data.viewingAsPublic).toBeUndefined()
  })

  it('gives staff viewing as the public exactly the anonymous route data, never stored', async () => {
    const { org, hidden, restricted } = await stateOrg()
    for (const query of ['?viewAs=public', '?viewAs=public&card=DataSecurity', `?viewAs=public&itemUid=${restricted.uid}`]) {
      const staff = await portal(org, { cookie: org.admin.cookie, query })
      const anonymous = await portal(org, { query })
      expect(staff.status).toBe(200)
      const { viewingAsPublic, ...rest } = staff.data
      expect(viewingAsPublic).toEqual({ exitHref: staff.data.product.home })
      expect(rest).toEqual(anonymous.data)
      expect(rest.mode).toBe('Public')
      expect(rest.editor).toBeNull()
      expect(rest.gettingStarted).toBeUndefined()
      expect(JSON.stringify(rest)).not.toContain(hidden.uid)
      expect(gridItems(rest).find((item) => item.uid === restricted.uid)?.locked).toBe(true)
      // Only the anonymous page may go to the shared store; the staff member's is their own.
      expect(anonymous.headers.get(SHARED_PAGE_HEADER)).toBe('public')
      expect(staff.headers.get(SHARED_PAGE_HEADER)).toBeNull()
    }
    // Without the switch staff are back in Main mode.
    expect((await portal(org, { cookie: org.admin.cookie })).data.mode).toBe('Main')
  })
})
