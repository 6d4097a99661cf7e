// Rules of the staff workspace that no test held before: an expired session signs nobody in, and every
// edit's audit entry keeps the address it came from.
import { expect, it } from 'vitest'
import { action as portalAction, loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as auditLoader } from '../../app/routes/staff/audit/index'
import { createOrg } from '../setup/factories'
import { describeEachDatabase } from '../setup/database'
import { callRoute } from '../setup/route'

describeEachDatabase('staff sessions and audit entries', (database) => {
  const db = () => database().handle.db

  it('treats an expired staff session as signed out', async () => {
    const org = await createOrg(database())
    const live = await callRoute(auditLoader, database(), { path: '/audit', cookie: org.admin.cookie })
    expect(live.status).toBe(200)
    const portal = await callRoute(portalLoader, database(), { path: org.home, params: org.params, cookie: org.admin.cookie })
    expect(portal.data.mode).toBe('Main')

    const member = await db().selectFrom('staff_members').select('id').where('email', '=', org.admin.email).executeTakeFirstOrThrow()
    await db()
      .updateTable('staff_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('staff_member_id', '=', member.id)
      .execute()

    const expired = await callRoute(auditLoader, database(), { path: '/audit', cookie: org.admin.cookie })
    expect(expired.status).toBe(302)
    expect(expired.location).toBe('/login?redirectTo=%2Faudit')
    const publicView = await callRoute(portalLoader, database(), { path: org.home, params: org.params, cookie: org.admin.cookie })
    expect(publicView.data.mode).toBe('Public')
    const edit = await callRoute(portalAction, database(), {
      path: org.home,
      params: org.params,
      cookie: org.admin.cookie,
      form: { intent: 'card.visibility', kind: 'Legal', hidden: 'true' },
    })
    expect(edit.status).toBe(302)
    expect(edit.location).toMatch(/^\/login\?redirectTo=/)
    const card = await db().selectFrom('cards').select('hidden').where('product_id', '=', org.product.id).where('kind', '=', 'Legal').executeTakeFirstOrThrow()
    expect(card.hidden).toBe(false)
  })

  it('records the client address and user agent of every edit in its audit entry', async () => {
    const org = await createOrg(database())
    const result = await callRoute(portalAction, database(), {
      path: org.home,
      params: org.params,
      cookie: org.admin.cookie,
      clientAddress: '203.0.113.77',
      headers: { 'user-agent': 'audit-test/1.0' },
      form: { intent: 'card.visibility', kind: 'Legal', hidden: 'true' },
    })
    expect(result.status).toBe(302)
    const entry = await db()
      .selectFrom('audit_entries')
      .select(['action', 'actor', 'ip', 'user_agent'])
      .where('org_id', '=', org.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(entry).toEqual({ action: expect.stringMatching(/^card\./), actor: org.admin.email, ip: '203.0.113.77', user_agent: 'audit-test/1.0' })
  })
})
