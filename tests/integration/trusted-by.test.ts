// Staff add, remove and re-order the Trusted-by card's companies through the portal action
// (cards-and-items: Trusted-by card and company).
import { expect, it } from 'vitest'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { companyById } from '../../app/lib/companies'
import { MOBILE_TRUSTED_BY, TRUSTED_BY } from '../../db/seed/northwind'
import { describeEachDatabase, type TestDatabase } from '../setup/database'
import { createStaffMember, postPortal, staffCookie } from '../setup/staff'

type Reply = { intent: string; result: { error?: Record<string, string[] | null> } }

const toast = (result: { headers: Headers }) => {
  const match = /tc_flash=([^;]*)/.exec(result.headers.get('set-cookie') ?? '')
  return match ? decodeURIComponent(match[1]) : null
}
const errorsOf = (result: { data: unknown }) => (result.data as Reply).result.error ?? {}

async function view(database: TestDatabase, cookie?: string, url = '/portal/northwind', params: Record<string, string> = { orgSlug: 'northwind' }) {
  const headers: Record<string, string> = { host: 'localhost:3000' }
  if (cookie) headers.cookie = cookie
  const request = new Request(`http://localhost:3000${url}`, { headers })
  return portalLoader({ request, params, context: { db: database.handle.db, env: database.env, nonce: 't', clientAddress: '127.0.0.1' } } as never)
}

async function product(database: TestDatabase, slug = 'platform') {
  return database.handle.db.selectFrom('products').select(['id', 'revision']).where('slug', '=', slug).executeTakeFirstOrThrow()
}

async function companies(database: TestDatabase, slug = 'platform') {
  const { id } = await product(database, slug)
  return database.handle.db
    .selectFrom('trusted_by_companies')
    .selectAll()
    .where('product_id', '=', id)
    .orderBy('position')
    .orderBy('name')
    .execute()
}

async function auditEntries(database: TestDatabase, action: string, target: string) {
  return database.handle.db.selectFrom('audit_entries').selectAll().where('action', '=', action).where('target', '=', target).execute()
}

describeEachDatabase('trusted-by editing', (database) => {
  it('gives staff the companies with their ids, and visitors the same list', async () => {
    const cookie = await staffCookie(database())
    const staff = await view(database(), cookie, '/portal/northwind?dialog=trustedByEdit&target=TrustedBy')
    expect(staff.editor?.dialog).toEqual({ name: 'trustedByEdit', target: 'TrustedBy' })
    const rows = await companies(database())
    expect(staff.trustedBy?.companies).toEqual(rows.map((row) => ({ id: row.id, name: row.name, logoUrl: row.logo_url })))
    expect(staff.trustedBy?.companies.map((company) => company.name)).toEqual(TRUSTED_BY.map((company) => company.name))
    const visitor = await view(database())
    expect(visitor.editor).toBeNull()
    expect(visitor.trustedBy?.companies.map((company) => company.name)).toEqual(TRUSTED_BY.map((company) => company.name))
  })

  it('adds a built-in company with its id, domain and logo from the list, at the end, audited', async () => {
    const cookie = await staffCookie(database())
    const before = await product(database())
    const stripe = companyById('stripe')!
    const result = await postPortal(database(), cookie, {
      intent: 'trustedBy.add',
      returnTo: '/portal/northwind?dialog=trustedByEdit&target=TrustedBy',
      // Only the id counts: a name, domain or logo in the form never overrides the list.
      companyName: 'Not Stripe',
      companyDomain: 'evil.example',
      companyId: 'stripe',
      companySource: 'Addendum',
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('location')).toBe('/portal/northwind?target=TrustedBy')
    expect(toast(result)).toBe('Added Stripe')

    const rows = await companies(database())
    expect(rows.at(-1)).toMatchObject({ source: 'Addendum', name: 'Stripe', company_id: 'stripe', domain: stripe.domain, logo_url: stripe.logo })
    expect(rows.at(-1)!.position).toBeGreaterThan(rows.at(-2)!.position)
    expect((await product(database())).revision).toBe(before.revision + 1)
    const [entry] = await auditEntries(database(), 'trustedBy.add', 'Stripe')
    expect(entry.actor).toBe('admin@northwind.test')
    expect(entry.after).toMatchObject({ source: 'Addendum', company_id: 'stripe', name: 'Stripe' })

    const visitor = await view(database())
    expect(visitor.trustedBy?.companies.at(-1)).toMatchObject({ name: 'Stripe', logoUrl: stripe.logo })
  })

  it('without JavaScript, a plain name is the built-in company of that name, else a custom one without a logo', async () => {
    const cookie = await staffCookie(database())
    expect((await postPortal(database(), cookie, { intent: 'trustedBy.add', companyName: '  sentry ' })).status).toBe(302)
    expect((await companies(database())).find((row) => row.name === 'Sentry')).toMatchObject({ source: 'Addendum', company_id: 'sentry', logo_url: '/images/subprocessors/sentry.svg' })

    const result = await postPortal(database(), cookie, { intent: 'trustedBy.add', companyName: '  Graphic Design Institute  ' })
    expect(result.status).toBe(302)
    expect(toast(result)).toBe('Added Graphic Design Institute')
    expect((await companies(database())).find((row) => row.name === 'Graphic Design Institute')).toMatchObject({ source: 'Custom', company_id: null, domain: null, logo_url: null })
  })

  it('adds a custom company chosen with Just use, even one that shares words with a built-in name', async () => {
    const cookie = await staffCookie(database())
    const result = await postPortal(database(), cookie, { intent: 'trustedBy.add', companyName: 'Slack Consulting', companySource: 'Custom', companyId: '' })
    expect(result.status).toBe(302)
    expect((await companies(database())).find((row) => row.name === 'Slack Consulting')).toMatchObject({ source: 'Custom', logo_url: null })
  })

  it('rejects a missing, too short, too long or unknown company with a clear message and writes nothing', async () => {
    const cookie = await staffCookie(database())
    const before = await product(database())
    const count = (await companies(database())).length
    const cases: [Record<string, string>, string][] = [
      [{ companyName: '' }, 'This field is required'],
      [{ companyName: '   ' }, 'This field is required'],
      [{ companyName: 'Q', companySource: 'Custom' }, 'Company name must be at least 2 characters'],
      [{ companyName: 'x'.repeat(101), companySource: 'Custom' }, 'Company name must be at most 100 characters'],
      [{ companyName: 'Nobody', companyId: 'no-such-company', companySource: 'Addendum' }, 'Choose a company from the list'],
      [{ companyName: 'Stripe', companySource: 'Addendum' }, 'This field is required'],
      [{ companyName: 'Acme', companySource: 'Clearbit' }, 'Choose a company from the list'],
    ]
    for (const [fields, message] of cases) {
      const result = await postPortal(database(), cookie, { intent: 'trustedBy.add', ...fields })
      expect(result.status, JSON.stringify(fields)).toBe(400)
      expect(result.data.intent).toBe('trustedBy.add')
      expect(errorsOf(result).companyName, JSON.stringify(fields)).toEqual([message])
    }
    expect((await companies(database())).length).toBe(count)
    expect((await product(database())).revision).toBe(before.revision)
  })

  it('refuses a company already listed in the same product, whatever its case, but not one listed in another product', async () => {
    const cookie = await staffCookie(database())
    const before = await product(database())
    const count = (await companies(database())).length
    for (const fields of [{ companyName: 'Contoso' }, { companyName: 'CONTOSO ', companySource: 'Custom' }] as Record<string, string>[]) {
      const result = await postPortal(database(), cookie, { intent: 'trustedBy.add', ...fields })
      expect(result.status).toBe(400)
      expect(errorsOf(result).companyName).toEqual(['This company is already listed'])
    }
    expect((await companies(database())).length).toBe(count)
    expect((await product(database())).revision).toBe(before.revision)
    expect(await auditEntries(database(), 'trustedBy.add', 'Contoso')).toHaveLength(0)

    // Contoso is on the platform product only; the mobile product can list it too.
    expect(MOBILE_TRUSTED_BY).not.toContain('Contoso')
    const mobile = await postPortal(database(), cookie, { intent: 'trustedBy.add', companyName: 'Contoso', companySource: 'Custom' }, '/portal/northwind/product/mobile', {
      orgSlug: 'northwind',
      productSlug: 'mobile',
    })
    expect(mobile.status).toBe(302)
    expect((await companies(database(), 'mobile')).map((row) => row.name)).toEqual([...MOBILE_TRUSTED_BY, 'Contoso'])
  })

  it('lets only one of two simultaneous adds of the same name through', async () => {
    const cookie = await staffCookie(database())
    const add = () => postPortal(database(), cookie, { intent: 'trustedBy.add', companyName: 'Humongous Insurance', companySource: 'Custom' })
    const results = await Promise.all([add(), add()])
    expect(results.map((result) => result.status).sort()).toEqual([302, 400])
    expect((await companies(database())).filter((row) => row.name === 'Humongous Insurance')).toHaveLength(1)
  })

  it('removes a company of this product, audited, and refuses an unknown id or another product\'s company', async () => {
    const cookie = await staffCookie(database())
    const [fabrikam] = (await companies(database())).filter((row) => row.name === 'Fabrikam')
    const before = await product(database())
    const result = await postPortal(database(), cookie, { intent: 'trustedBy.remove', id: fabrikam.id, returnTo: '/portal/northwind' })
    expect(result.status).toBe(302)
    expect(toast(result)).toBe('Removed Fabrikam')
    expect((await companies(database())).map((row) => row.name)).not.toContain('Fabrikam')
    expect((await product(database())).revision).toBe(before.revision + 1)
    const [entry] = await auditEntries(database(), 'trustedBy.remove', 'Fabrikam')
    expect(entry.before).toMatchObject({ name: 'Fabrikam', logo_url: '/images/companies/fabrikam.svg' })
    expect((await view(database())).trustedBy?.companies.map((company) => company.name)).not.toContain('Fabrikam')

    // Removed already, malformed, or on the mobile product while posting to the platform one.
    const [mobileCompany] = await companies(database(), 'mobile')
    for (const id of [fabrikam.id, 'not-an-id', mobileCompany.id]) {
      const again = await postPortal(database(), cookie, { intent: 'trustedBy.remove', id })
      expect(again.status).toBe(400)
      expect(again.data.result.error['']).toEqual(['This company is no longer listed.'])
    }
    expect((await companies(database(), 'mobile')).map((row) => row.id)).toContain(mobileCompany.id)
  })

  it('saves a whole new order, and refuses one that is not exactly the listed companies', async () => {
    const cookie = await staffCookie(database())
    const rows = await companies(database())
    const ids = rows.map((row) => row.id)
    const reversed = [...ids].reverse()
    const before = await product(database())

    for (const order of [ids.slice(1).join(','), [...ids, ids[0]].join(','), [...ids.slice(1), '00000000-0000-4000-8000-000000000000'].join(','), '']) {
      const bad = await postPortal(database(), cookie, { intent: 'trustedBy.order', order })
      expect(bad.status).toBe(400)
      expect(bad.data.result.error['']).toEqual(['Failed to update the order of companies'])
    }
    expect((await product(database())).revision).toBe(before.revision)

    const result = await postPortal(database(), cookie, { intent: 'trustedBy.order', order: reversed.join(','), returnTo: '/portal/northwind?dialog=trustedByEdit&order=x' })
    expect(result.status).toBe(302)
    expect(result.headers.get('location')).toBe('/portal/northwind?order=x')
    expect(toast(result)).toBe('Updated the order of companies')
    expect((await companies(database())).map((row) => row.id)).toEqual(reversed)
    expect((await view(database())).trustedBy?.companies.map((company) => company.id)).toEqual(reversed)
    const [entry] = await auditEntries(database(), 'trustedBy.order', 'platform')
    expect(entry.before).toEqual({ order: rows.map((row) => row.name) })
    expect(entry.after).toEqual({ order: [...rows].reverse().map((row) => row.name) })
  })

  it('refuses staff without statuspage:edit and visitors', async () => {
    const cookie = await createStaffMember(database(), 'reader@northwind.test', ['members', 'files:view'])
    const count = (await companies(database())).length
    const denied = await postPortal(database(), cookie, { intent: 'trustedBy.add', companyName: 'Northwind Readers' })
    expect(denied.status).toBe(403)
    const [first] = await companies(database())
    expect((await postPortal(database(), cookie, { intent: 'trustedBy.remove', id: first.id })).status).toBe(403)
    const anonymous = await postPortal(database(), '', { intent: 'trustedBy.add', companyName: 'Northwind Readers' })
    expect(anonymous.status).toBeGreaterThanOrEqual(300)
    expect(anonymous.status).toBeLessThan(500)
    expect((await companies(database())).length).toBe(count)
    // A reader never gets the editing dialog either.
    expect((await view(database(), cookie, '/portal/northwind?dialog=trustedByEdit&target=TrustedBy')).editor).toBeNull()
  })
})
