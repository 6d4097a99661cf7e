import { expect, it } from 'vitest'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import type { PortalView } from '../../app/lib/portal-view'
import { describeEachDatabase, type TestDatabase } from '../setup/database'
import { callRoute } from '../setup/route'
import { createStaffMember, postPortal, staffCookie } from '../setup/staff'

/** The demo portal's page as a visitor sees it, or as the staff member whose cookie is given. */
async function portalView(database: TestDatabase, path = '/portal/northwind', params: Record<string, string> = { orgSlug: 'northwind' }, cookie?: string) {
  return (await callRoute<PortalView>(portalLoader, database, { path, params, cookie })).data
}

async function item(database: TestDatabase, uid: string) {
  return database.handle.db
    .selectFrom('items')
    .innerJoin('products', 'products.id', 'items.product_id')
    .selectAll('items')
    .where('products.slug', '=', 'platform')
    .where('items.uid', '=', uid)
    .executeTakeFirstOrThrow()
}

const present = (uid: string, fields: Record<string, string> = {}) => {
  const base: Record<string, string> = { [`item.${uid}.present`]: '1' }
  for (const [key, value] of Object.entries(fields)) base[`item.${uid}.${key}`] = value
  return base
}

describeEachDatabase('item editing', (database) => {
  it('saves an item, audits it, bumps the revision and shows it to visitors', async () => {
    const cookie = await staffCookie(database())
    const before = await item(database(), 'encryption-at-rest')
    const revision = (await database().handle.db.selectFrom('products').select('revision').where('slug', '=', 'platform').executeTakeFirstOrThrow()).revision
    const result = await postPortal(database(), cookie, {
      intent: 'items.save',
      kind: 'DataSecurity',
      returnTo: '/portal/northwind?card=DataSecurity&edit=true',
      ...present('encryption-at-rest', {
        enabledState: 'Enabled',
        title: before.title ?? 'Encryption at rest',
        explanation: 'AES-256 everywhere, keys rotated yearly.',
        href: 'https://northwind.example/security/encryption',
        publicAccess: 'on',
      }),
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('location')).toBe('/portal/northwind?card=DataSecurity')
    expect(result.headers.get('set-cookie')).toContain('tc_flash=')
    const after = await item(database(), 'encryption-at-rest')
    expect(after.explanation).toBe('AES-256 everywhere, keys rotated yearly.')
    expect(after.updated_by_name).toBe('Avery Morgan')
    const product = await database().handle.db.selectFrom('products').select('revision').where('slug', '=', 'platform').executeTakeFirstOrThrow()
    expect(product.revision).toBe(revision + 1)
    const audit = await database().handle.db.selectFrom('audit_entries').select(['action', 'target']).where('action', '=', 'items.save').execute()
    expect(audit).toContainEqual({ action: 'items.save', target: 'DataSecurity' })
    const view = await portalView(database(), '/portal/northwind/item/encryption-at-rest', { orgSlug: 'northwind', itemSlug: 'encryption-at-rest' })
    expect(view.openCard?.items.find((entry) => entry.uid === 'encryption-at-rest')?.explanation).toBe('AES-256 everywhere, keys rotated yearly.')
  })

  it('rejects invalid fields with the spec messages and writes nothing', async () => {
    const cookie = await staffCookie(database())
    const before = await item(database(), 'encryption-in-transit')
    const result = await postPortal(database(), cookie, {
      intent: 'items.save',
      kind: 'DataSecurity',
      ...present('encryption-in-transit', { enabledState: 'Enabled', title: 'X', explanation: 'changed', href: 'not a url' }),
    })
    expect(result.status).toBe(400)
    expect(result.data.result.error['']).toEqual(['Save error'])
    expect(result.data.result.error['item.encryption-in-transit.href']).toEqual(['Please enter a valid URL.'])
    expect(result.data.result.error['item.encryption-in-transit.title']).toEqual(['Title must be at least 2 characters'])
    expect((await item(database(), 'encryption-in-transit')).explanation).toBe(before.explanation)
  })

  it('requires the bridge letter fields, an item type and a valid expiry', async () => {
    const cookie = await staffCookie(database())
    const reports = await postPortal(database(), cookie, {
      intent: 'items.save',
      kind: 'Reports',
      ...present('soc-2-type-2-report', {
        enabledState: 'Enabled',
        title: 'SOC 2 Type II report',
        letterEnabled: 'on',
        letterContent: '',
        signerName: '',
        signerTitle: '',
        expiresOn: '2026-02-30',
      }),
    })
    expect(reports.status).toBe(400)
    const errors = reports.data.result.error
    expect(errors['item.soc-2-type-2-report.letterContent']).toEqual(['Letter Content is required'])
    expect(errors['item.soc-2-type-2-report.signerName']).toEqual(['Signer Name is required'])
    expect(errors['item.soc-2-type-2-report.signerTitle']).toEqual(['Signer Title is required'])
    const questionnaire = await database()
      .handle.db.selectFrom('items')
      .select(['uid', 'title'])
      .where('card_kind', '=', 'Questionnaires')
      .where('enabled_state', '=', 'Enabled')
      .executeTakeFirstOrThrow()
    const typed = await postPortal(database(), cookie, { intent: 'items.save', kind: 'Questionnaires', ...present(questionnaire.uid, { enabledState: 'Enabled', itemType: '' }) })
    expect(typed.data.result.error[`item.${questionnaire.uid}.itemType`]).toEqual(['Select an item type to save this item'])
  })

  it('features a document of another card and lists the other cards in the Documents editor', async () => {
    const cookie = await staffCookie(database())
    const linked = await database()
      .handle.db.selectFrom('item_files')
      .innerJoin('items', 'items.id', 'item_files.item_id')
      .innerJoin('products', 'products.id', 'items.product_id')
      .select(['items.uid', 'items.card_kind', 'items.featured', 'items.public_access'])
      .where('products.slug', '=', 'platform')
      .where('items.card_kind', '=', 'Policies')
      .executeTakeFirstOrThrow()
    const saved = await postPortal(database(), cookie, {
      intent: 'items.save',
      kind: 'Policies',
      returnTo: '/portal/northwind',
      ...present(linked.uid, { enabledState: 'Enabled', featured: linked.featured ? '' : 'on', ...(linked.public_access ? { publicAccess: 'on' } : {}) }),
    })
    expect(saved.status).toBe(302)
    expect((await item(database(), linked.uid)).featured).toBe(!linked.featured)
    const view = await portalView(database(), '/portal/northwind?card=Documents&edit=true', { orgSlug: 'northwind' }, cookie)
    expect(view.editor?.documentKinds?.map((entry) => entry.kind)).toContain('Policies')
  })

  it('checks the HackerOne link of the bug bounty item and keeps it', async () => {
    const cookie = await staffCookie(database())
    const kind = (await item(database(), 'bug-bounty')).card_kind
    const bad = await postPortal(database(), cookie, { intent: 'items.save', kind, ...present('bug-bounty', { integrationLink: 'https://hackerone.com/northwind?type=team' }) })
    expect(bad.status).toBe(400)
    expect(bad.data.result.error['item.bug-bounty.integrationLink']).toEqual(['Please enter a valid HackerOne link, e.g. hackerone.com/acme (without query parameters)'])
    const good = await postPortal(database(), cookie, {
      intent: 'items.save',
      kind,
      returnTo: '/portal/northwind',
      ...present('bug-bounty', { integrationLink: 'https://hackerone.com/northwind' }),
    })
    expect(good.status).toBe(302)
    expect((await item(database(), 'bug-bounty')).integrations).toEqual({ provider: 'HackerOne', link: 'https://hackerone.com/northwind' })
  })

  it('adds, renames by URL, moves and deletes a custom item', async () => {
    const cookie = await staffCookie(database())
    const added = await postPortal(database(), cookie, { intent: 'item.add', kind: 'Infrastructure', title: 'Chaos engineering', returnTo: '/portal/northwind' })
    expect(added.status).toBe(302)
    const custom = await database().handle.db.selectFrom('items').select(['uid', 'slug']).where('title', '=', 'Chaos engineering').executeTakeFirstOrThrow()
    expect(custom.slug).toBe('chaos-engineering')

    const badSlug = await postPortal(database(), cookie, { intent: 'item.slug', uid: custom.uid, slug: 'Chaos Engineering' })
    expect(badSlug.data.result.error.slug).toEqual(['Invalid url slug, only lowercase letters, numbers and hyphens are allowed'])
    const taken = await postPortal(database(), cookie, { intent: 'item.slug', uid: custom.uid, slug: 'encryption-at-rest' })
    expect(taken.data.result.error.slug[0]).toMatch(/^This URL slug is already in use by item: /)
    const slug = await postPortal(database(), cookie, { intent: 'item.slug', uid: custom.uid, slug: 'resilience-testing', returnTo: '/portal/northwind' })
    expect(slug.status).toBe(302)
    expect(slug.toast).toContain('Successfully created custom URL for Chaos engineering')

    const excluded = await postPortal(database(), cookie, { intent: 'item.move', uid: custom.uid, destination: 'Overview', returnTo: '/portal/northwind' })
    expect(excluded.toast).toContain('Failed to move item to another card')
    const moved = await postPortal(database(), cookie, { intent: 'item.move', uid: custom.uid, destination: 'BusinessContinuity', returnTo: '/portal/northwind' })
    expect(moved.toast).toContain('Successfully moved Chaos engineering to Business Continuity')
    expect((await item(database(), custom.uid)).card_kind).toBe('BusinessContinuity')

    const standard = await postPortal(database(), cookie, { intent: 'item.delete', uid: 'encryption-at-rest' })
    expect(standard.status).toBe(400)
    expect(standard.data.deleteError).toBeTruthy()
    const deleted = await postPortal(database(), cookie, { intent: 'item.delete', uid: custom.uid, returnTo: '/portal/northwind' })
    expect(deleted.status).toBe(302)
    expect(await database().handle.db.selectFrom('items').select('id').where('uid', '=', custom.uid).executeTakeFirst()).toBeUndefined()
  })

  it('hides and shows a card with the spec toasts', async () => {
    const cookie = await staffCookie(database())
    const hidden = await postPortal(database(), cookie, { intent: 'card.visibility', kind: 'DataSecurity', hidden: 'true', returnTo: '/portal/northwind' })
    expect(hidden.toast).toContain('Card hidden in Trust Center')
    expect((await portalView(database())).cards.map((card) => card.kind)).not.toContain('DataSecurity')
    const shown = await postPortal(database(), cookie, { intent: 'card.visibility', kind: 'DataSecurity', hidden: 'false', returnTo: '/portal/northwind' })
    expect(shown.toast).toContain('Card shown in Trust Center')
    const tooShort = await postPortal(database(), cookie, { intent: 'card.displayText', kind: 'DataSecurity', displayText: 'abc' })
    expect(tooShort.data.result.error.displayText).toEqual(['Must be at least 4 characters, or leave empty for default.'])
    const placeholder = await postPortal(database(), cookie, { intent: 'card.placeholder', kind: 'Esg', placeholder: 'x'.repeat(1001) })
    expect(placeholder.data.result.error.placeholder).toEqual(['Placeholder text cannot exceed 1000 characters'])
  })

  it('shows staff without statuspage:edit the portal read-only, and editors the tools', async () => {
    const readOnly = await createStaffMember(database(), 'reader@northwind.test', ['audit'])
    const editor = await staffCookie(database())
    const view = (cookie: string) => portalView(database(), '/portal/northwind?card=DataSecurity&edit=true', { orgSlug: 'northwind' }, cookie)
    const reader = await view(readOnly)
    expect(reader.mode).toBe('Main')
    expect(reader.editor).toBeNull()
    const staff = await view(editor)
    expect(staff.editor?.editing).toBe(true)
    expect(staff.editor?.editItems?.length).toBeGreaterThan(3)
    expect(staff.editor?.library?.length).toBeGreaterThan(0)
  })

  it('refuses every edit to staff without statuspage:edit and to visitors', async () => {
    const readOnly = await createStaffMember(database(), 'viewer@northwind.test', ['files:view'])
    const attempts: Record<string, string>[] = [
      { intent: 'card.visibility', kind: 'DataSecurity', hidden: 'true' },
      { intent: 'items.save', kind: 'DataSecurity', ...present('encryption-at-rest', { explanation: 'x' }) },
      { intent: 'item.add', kind: 'Infrastructure', title: 'Sneaky' },
    ]
    for (const fields of attempts) {
      expect((await postPortal(database(), readOnly, fields)).status).toBe(403)
      const anonymous = await postPortal(database(), '', fields)
      expect(anonymous.status).toBe(302)
      expect(anonymous.headers.get('location')).toMatch(/^\/login\?redirectTo=/)
    }
    expect((await portalView(database())).cards.map((card) => card.kind)).toContain('DataSecurity')
  })
})
