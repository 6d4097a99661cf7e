// Staff add, remove and re-order the Trusted-by card's companies through the portal action
// (cards-and-items: Trusted-by card and company).
import { expect, it } from 'vitest'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { companyById } from '../../app/lib/companies'
import type { PortalView } from '../../app/lib/portal-view'
import { TRUSTED_BY } from '../../db/seed/northwind'
import { describeEachDatabase } from '../setup/database'
import { createOrg, createProduct, createStaffMember, createTrustedByCompany, type ProductFixture } from '../setup/factories'
import { callRoute, type RouteResult } from '../setup/route'
import { postPortal, staffCookie } from '../setup/staff'

type Reply = { intent: string; result: { error?: Record<string, string[] | null> } }

const errorsOf = (result: RouteResult) => (result.data as Reply).result.error ?? {}

const DEMO = { home: '/portal/northwind', params: { orgSlug: 'northwind' } }

describeEachDatabase('trusted-by editing', (database) => {
  const db = () => database().handle.db

  const post = (product: ProductFixture, cookie: string, fields: Record<string, string>) => postPortal(database(), cookie, fields, product.home, product.params)

  async function view(page: { home: string; params: Record<string, string> }, cookie?: string, search = '') {
    return (await callRoute<PortalView>(portalLoader, database(), { path: `${page.home}${search}`, params: page.params, cookie })).data
  }

  async function revision(product: { id: string }) {
    return (await db().selectFrom('products').select('revision').where('id', '=', product.id).executeTakeFirstOrThrow()).revision
  }

  async function companies(product: { id: string }) {
    return db().selectFrom('trusted_by_companies').selectAll().where('product_id', '=', product.id).orderBy('position').orderBy('name').execute()
  }

  async function auditEntries(org: { id: string }, action: string, target: string) {
    return db().selectFrom('audit_entries').selectAll().where('org_id', '=', org.id).where('action', '=', action).where('target', '=', target).execute()
  }

  /** A new org whose Trusted-by card lists these companies, in this order. */
  async function orgListing(names: string[]) {
    const org = await createOrg(database())
    for (const name of names) await createTrustedByCompany(database(), org.product, { name })
    return org
  }

  it('gives staff the companies with their ids, and visitors the same list', async () => {
    const cookie = await staffCookie(database())
    const staff = await view(DEMO, cookie, '?dialog=trustedByEdit&target=TrustedBy')
    expect(staff.editor?.dialog).toEqual({ name: 'trustedByEdit', target: 'TrustedBy' })
    const platform = await db()
      .selectFrom('products')
      .innerJoin('orgs', 'orgs.id', 'products.org_id')
      .select('products.id')
      .where('orgs.slug', '=', 'northwind')
      .where('products.slug', '=', 'platform')
      .executeTakeFirstOrThrow()
    const rows = await companies(platform)
    expect(staff.trustedBy?.companies).toEqual(rows.map((row) => ({ id: row.id, name: row.name, logoUrl: row.logo_url, uploadedLogo: false })))
    expect(staff.trustedBy?.companies.map((company) => company.name)).toEqual(TRUSTED_BY.map((company) => company.name))
    const visitor = await view(DEMO)
    expect(visitor.editor).toBeNull()
    expect(visitor.trustedBy?.companies.map((company) => company.name)).toEqual(TRUSTED_BY.map((company) => company.name))
  })

  it('adds a built-in company with its id, domain and logo from the list, at the end, audited', async () => {
    const org = await orgListing(['Contoso', 'Fabrikam'])
    const before = await revision(org.product)
    const stripe = companyById('stripe')!
    const result = await post(org.product, org.admin.cookie, {
      intent: 'trustedBy.add',
      returnTo: `${org.home}?dialog=trustedByEdit&target=TrustedBy`,
      // Only the id counts: a name, domain or logo in the form never overrides the list.
      companyName: 'Not Stripe',
      companyDomain: 'evil.example',
      companyId: 'stripe',
      companySource: 'Addendum',
    })
    expect(result.status).toBe(302)
    expect(result.location).toBe(`${org.home}?target=TrustedBy`)
    expect(result.toast).toBe('Added Stripe')

    const rows = await companies(org.product)
    expect(rows.at(-1)).toMatchObject({ source: 'Addendum', name: 'Stripe', company_id: 'stripe', domain: stripe.domain, logo_url: stripe.logo })
    expect(rows.at(-1)!.position).toBeGreaterThan(rows.at(-2)!.position)
    expect(await revision(org.product)).toBe(before + 1)
    const [entry] = await auditEntries(org, 'trustedBy.add', 'Stripe')
    expect(entry.actor).toBe(org.admin.email)
    expect(entry.after).toMatchObject({ source: 'Addendum', company_id: 'stripe', name: 'Stripe' })

    const visitor = await view(org)
    expect(visitor.trustedBy?.companies.at(-1)).toMatchObject({ name: 'Stripe', logoUrl: stripe.logo })
  })

  it('without JavaScript, a plain name is the built-in company of that name, else a custom one without a logo', async () => {
    const org = await createOrg(database())
    expect((await post(org.product, org.admin.cookie, { intent: 'trustedBy.add', companyName: '  sentry ' })).status).toBe(302)
    expect((await companies(org.product)).find((row) => row.name === 'Sentry')).toMatchObject({
      source: 'Addendum',
      company_id: 'sentry',
      logo_url: '/images/subprocessors/sentry.svg',
    })

    const result = await post(org.product, org.admin.cookie, { intent: 'trustedBy.add', companyName: '  Graphic Design Institute  ' })
    expect(result.status).toBe(302)
    expect(result.toast).toBe('Added Graphic Design Institute')
    expect((await companies(org.product)).find((row) => row.name === 'Graphic Design Institute')).toMatchObject({
      source: 'Custom',
      company_id: null,
      domain: null,
      logo_url: null,
    })
  })

  it('adds a custom company chosen with Just use, even one that shares words with a built-in name', async () => {
    const org = await createOrg(database())
    const result = await post(org.product, org.admin.cookie, { intent: 'trustedBy.add', companyName: 'Slack Consulting', companySource: 'Custom', companyId: '' })
    expect(result.status).toBe(302)
    expect((await companies(org.product)).find((row) => row.name === 'Slack Consulting')).toMatchObject({ source: 'Custom', logo_url: null })
  })

  it('rejects a missing, too short, too long or unknown company with a clear message and writes nothing', async () => {
    const org = await orgListing(['Contoso'])
    const before = await revision(org.product)
    const count = (await companies(org.product)).length
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
      const result = await post(org.product, org.admin.cookie, { intent: 'trustedBy.add', ...fields })
      expect(result.status, JSON.stringify(fields)).toBe(400)
      expect(result.data.intent).toBe('trustedBy.add')
      expect(errorsOf(result).companyName, JSON.stringify(fields)).toEqual([message])
    }
    expect((await companies(org.product)).length).toBe(count)
    expect(await revision(org.product)).toBe(before)
  })

  it('refuses a company already listed in the same product, whatever its case, but not one listed in another product', async () => {
    const org = await orgListing(['Contoso', 'Fabrikam'])
    const mobile = await createProduct(database(), org, { slug: 'mobile' })
    for (const name of ['Tailspin Toys', 'Fourth Coffee']) await createTrustedByCompany(database(), mobile, { name })
    const before = await revision(org.product)
    const count = (await companies(org.product)).length
    for (const fields of [{ companyName: 'Contoso' }, { companyName: 'CONTOSO ', companySource: 'Custom' }] as Record<string, string>[]) {
      const result = await post(org.product, org.admin.cookie, { intent: 'trustedBy.add', ...fields })
      expect(result.status).toBe(400)
      expect(errorsOf(result).companyName).toEqual(['This company is already listed'])
    }
    expect((await companies(org.product)).length).toBe(count)
    expect(await revision(org.product)).toBe(before)
    expect(await auditEntries(org, 'trustedBy.add', 'Contoso')).toHaveLength(0)

    // Contoso is on the default product only; the mobile product can list it too.
    const mobileNames = (await companies(mobile)).map((row) => row.name)
    expect(mobileNames).not.toContain('Contoso')
    const added = await post(mobile, org.admin.cookie, { intent: 'trustedBy.add', companyName: 'Contoso', companySource: 'Custom' })
    expect(added.status).toBe(302)
    expect((await companies(mobile)).map((row) => row.name)).toEqual([...mobileNames, 'Contoso'])
  })

  it('lets only one of two simultaneous adds of the same name through', async () => {
    const org = await createOrg(database())
    const add = () => post(org.product, org.admin.cookie, { intent: 'trustedBy.add', companyName: 'Humongous Insurance', companySource: 'Custom' })
    const results = await Promise.all([add(), add()])
    expect(results.map((result) => result.status).sort()).toEqual([302, 400])
    expect((await companies(org.product)).filter((row) => row.name === 'Humongous Insurance')).toHaveLength(1)
  })

  it("removes a company of this product, audited, and refuses an unknown id or another product's company", async () => {
    const org = await orgListing(['Contoso'])
    const fabrikam = await createTrustedByCompany(database(), org.product, { name: 'Fabrikam', logoUrl: '/images/companies/fabrikam.svg' })
    const mobile = await createProduct(database(), org, { slug: 'mobile' })
    const mobileCompany = await createTrustedByCompany(database(), mobile, { name: 'Tailspin Toys' })
    const before = await revision(org.product)
    const result = await post(org.product, org.admin.cookie, { intent: 'trustedBy.remove', id: fabrikam.id, returnTo: org.home })
    expect(result.status).toBe(302)
    expect(result.toast).toBe('Removed Fabrikam')
    expect((await companies(org.product)).map((row) => row.name)).not.toContain('Fabrikam')
    expect(await revision(org.product)).toBe(before + 1)
    const [entry] = await auditEntries(org, 'trustedBy.remove', 'Fabrikam')
    expect(entry.before).toMatchObject({ name: 'Fabrikam', logo_url: '/images/companies/fabrikam.svg' })
    expect((await view(org)).trustedBy?.companies.map((company) => company.name)).toEqual(['Contoso'])

    // Removed already, malformed, or on the mobile product while posting to the default one.
    for (const id of [fabrikam.id, 'not-an-id', mobileCompany.id]) {
      const again = await post(org.product, org.admin.cookie, { intent: 'trustedBy.remove', id })
      expect(again.status).toBe(400)
      expect(again.data.result.error['']).toEqual(['This company is no longer listed.'])
    }
    expect((await companies(mobile)).map((row) => row.id)).toContain(mobileCompany.id)
  })

  it('saves a whole new order, and refuses one that is not exactly the listed companies', async () => {
    const org = await orgListing(['Contoso', 'Fabrikam', 'Tailspin Toys', 'Litware'])
    const rows = await companies(org.product)
    const ids = rows.map((row) => row.id)
    const reversed = [...ids].reverse()
    const before = await revision(org.product)

    for (const order of [ids.slice(1).join(','), [...ids, ids[0]].join(','), [...ids.slice(1), '00000000-0000-4000-8000-000000000000'].join(','), '']) {
      const bad = await post(org.product, org.admin.cookie, { intent: 'trustedBy.order', order })
      expect(bad.status).toBe(400)
      expect(bad.data.result.error['']).toEqual(['Failed to update the order of companies'])
    }
    expect(await revision(org.product)).toBe(before)

    const result = await post(org.product, org.admin.cookie, { intent: 'trustedBy.order', order: reversed.join(','), returnTo: `${org.home}?dialog=trustedByEdit&order=x` })
    expect(result.status).toBe(302)
    expect(result.location).toBe(`${org.home}?order=x`)
    expect(result.toast).toBe('Updated the order of companies')
    expect((await companies(org.product)).map((row) => row.id)).toEqual(reversed)
    expect((await view(org)).trustedBy?.companies.map((company) => company.id)).toEqual(reversed)
    const [entry] = await auditEntries(org, 'trustedBy.order', org.product.slug)
    expect(entry.before).toEqual({ order: rows.map((row) => row.name) })
    expect(entry.after).toEqual({ order: [...rows].reverse().map((row) => row.name) })
  })

  it('refuses staff without statuspage:edit and visitors', async () => {
    const org = await orgListing(['Contoso', 'Fabrikam'])
    const cookie = await createStaffMember(database(), 'reader@example.test', ['members', 'files:view'], { org })
    const count = (await companies(org.product)).length
    const denied = await post(org.product, cookie, { intent: 'trustedBy.add', companyName: 'Northwind Readers' })
    expect(denied.status).toBe(403)
    const [first] = await companies(org.product)
    expect((await post(org.product, cookie, { intent: 'trustedBy.remove', id: first.id })).status).toBe(403)
    const anonymous = await post(org.product, '', { intent: 'trustedBy.add', companyName: 'Northwind Readers' })
    expect(anonymous.status).toBeGreaterThanOrEqual(300)
    expect(anonymous.status).toBeLessThan(500)
    expect((await companies(org.product)).length).toBe(count)
    // A reader never gets the editing dialog either.
    expect((await view(org, cookie, '?dialog=trustedByEdit&target=TrustedBy')).editor).toBeNull()
  })
})
