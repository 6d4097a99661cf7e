import { expect, it } from 'vitest'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as auditLoader } from '../../app/routes/staff/audit/index'
import { action as documentsAction, loader as documentsLoader } from '../../app/routes/staff/documents/index'
import { action as membersAction, loader as membersLoader } from '../../app/routes/staff/members/index'
import { loader as outboxLoader } from '../../app/routes/staff/settings/outbox'
import { loader as settingsLoader } from '../../app/routes/staff/settings/index'
import { loader as companyLoader } from '../../app/routes/staff/settings/company'
import { loader as productsLoader } from '../../app/routes/staff/settings/products'
import { loader as domainsLoader } from '../../app/routes/staff/settings/domains'
import { STAFF_PERMISSIONS } from '../../app/lib/permissions'
import { EDIT_INTENTS } from '../../server/portal/editing/index'
import type { PortalView } from '../../app/lib/portal-view'
import { describeEachDatabase, type TestDatabase } from '../setup/database'
import { callRoute } from '../setup/route'
import { createStaffMember, postPortal } from '../setup/staff'

/** The status a private page's loader or action answers. */
async function statusOf(fn: (args: never) => unknown, database: TestDatabase, path: string, cookie: string, form?: Record<string, string>) {
  return (await callRoute(fn, database, { path, cookie, form })).status
}

describeEachDatabase('permission matrix', (database) => {
  it('answers 403 to every edit intent for a member without statuspage:edit, before reading anything', async () => {
    expect(EDIT_INTENTS.length).toBeGreaterThanOrEqual(15)
    const everythingElse = await createStaffMember(
      database(),
      'no-edit@northwind.test',
      STAFF_PERMISSIONS.filter((permission) => permission !== 'statuspage:edit'),
    )
    for (const intent of EDIT_INTENTS) {
      const result = await postPortal(database(), everythingElse, { intent, kind: 'DataSecurity' })
      expect({ intent, status: result.status }).toEqual({ intent, status: 403 })
    }
  })

  it('shows such a member the portal without editing tools', async () => {
    const reader = await createStaffMember(database(), 'reader-only@northwind.test', ['audit'])
    const { data: view } = await callRoute<PortalView>(portalLoader, database(), {
      path: '/portal/northwind?card=DataSecurity&edit=true&dialog=displayText&target=DataSecurity',
      params: { orgSlug: 'northwind' },
      cookie: reader,
    })
    expect(view.mode).toBe('Main')
    expect(view.editor).toBeNull()
  })

  it('denies each private page and its actions to a member without its scope', async () => {
    const editorOnly = await createStaffMember(database(), 'editor-only@northwind.test', ['statuspage:edit'])
    const pages: [string, (args: never) => unknown][] = [
      ['/members', membersLoader],
      ['/audit', auditLoader],
      ['/documents', documentsLoader],
      ['/settings/outbox', outboxLoader],
      // Every settings tab is the settings scope (decision 059).
      ['/settings', settingsLoader],
      ['/settings/access', settingsLoader],
      ['/settings/nda', settingsLoader],
      ['/settings/documents', settingsLoader],
      ['/settings/integrations', settingsLoader],
      ['/settings/company', companyLoader],
      ['/settings/products', productsLoader],
      ['/settings/domains', domainsLoader],
    ]
    for (const [path, loader] of pages) expect({ path, status: await statusOf(loader, database(), path, editorOnly) }).toEqual({ path, status: 403 })
    expect(await statusOf(membersAction, database(), '/members', editorOnly, { intent: 'invite', email: 'x@northwind.test' })).toBe(403)
    expect(await statusOf(documentsAction, database(), '/documents', editorOnly, { intent: 'delete', fileId: '00000000-0000-0000-0000-000000000000' })).toBe(403)
    // Each scope opens its own page and no other.
    const auditOnly = await createStaffMember(database(), 'audit-only@northwind.test', ['audit'])
    expect(await statusOf(auditLoader, database(), '/audit', auditOnly)).toBe(200)
    expect(await statusOf(membersLoader, database(), '/members', auditOnly)).toBe(403)
  })
})
