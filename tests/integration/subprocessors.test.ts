// Staff add, edit and delete subprocessors through the portal action (cards-and-items: Subprocessors).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { COMPANIES, searchCompanies } from '../../app/lib/companies'
import type { PortalView } from '../../app/lib/portal-view'
import { describeEachDatabase } from '../setup/database'
import { createOrg, createProduct, createStaffMember, createSubprocessor, type OrgFixture } from '../setup/factories'
import { callRoute, type RouteResult } from '../setup/route'
import { postPortal } from '../setup/staff'

type Reply = { intent: string; result: { error?: Record<string, string[] | null> } }

describeEachDatabase('subprocessor editing', (database) => {
  const db = () => database().handle.db

  /** Posts a form to the org's portal action as it would arrive from the page. */
  const post = (org: OrgFixture, fields: Record<string, string>, cookie = org.admin.cookie) => postPortal(database(), cookie, fields, org.home, org.params)

  const errorsOf = (result: RouteResult) => (result.data as Reply).result.error ?? {}

  async function view(org: OrgFixture, cookie?: string, search = '') {
    return (await callRoute<PortalView>(portalLoader, database(), { path: `${org.home}${search}`, params: org.params, cookie })).data
  }

  async function revision(org: OrgFixture) {
    return (await db().selectFrom('products').select('revision').where('id', '=', org.product.id).executeTakeFirstOrThrow()).revision
  }

  async function rowsNamed(org: OrgFixture, name: string) {
    return db().selectFrom('subprocessors').selectAll().where('product_id', '=', org.product.id).where('company_name', '=', name).execute()
  }

  async function auditEntries(org: OrgFixture, action: string, target: string) {
    return db().selectFrom('audit_entries').selectAll().where('org_id', '=', org.id).where('action', '=', action).where('target', '=', target).execute()
  }

  async function subprocessorCount(org: OrgFixture) {
    const row = await db()
      .selectFrom('subprocessors')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('product_id', '=', org.product.id)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  it('adds a built-in company picked in the combobox, with its domain and logo, at the end of the table', async () => {
    const org = await createOrg(database())
    for (const name of ['Amazon Web Services', 'Cloudflare']) await createSubprocessor(database(), org.product, { name })
    const before = await revision(org)
    const result = await post(org, {
      intent: 'subprocessor.add',
      returnTo: `${org.home}?dialog=subprocessorAdd`,
      companyName: 'MongoDB',
      companyDomain: 'mongodb.com',
      companyId: 'mongodb',
      companySource: 'Addendum',
      purpose: 'Operational database for job scheduling',
      location: 'European Union',
      additionalDetails: '',
    })
    expect(result.status).toBe(302)
    expect(result.location).toBe(org.home)
    expect(result.headers.get('set-cookie')).toContain('tc_flash')

    const [row] = await rowsNamed(org, 'MongoDB')
    expect(row).toMatchObject({
      company_domain: 'mongodb.com',
      logo_url: null,
      purpose: 'Operational database for job scheduling',
      location: 'European Union',
      additional_details: null,
    })
    expect(await revision(org)).toBe(before + 1)
    const [entry] = await auditEntries(org, 'subprocessor.add', 'MongoDB')
    expect(entry.actor).toBe(org.admin.email)
    expect(entry.after).toMatchObject({ company: 'MongoDB', source: 'Addendum', location: 'European Union' })

    const rows = (await view(org)).subprocessors!.rows
    expect(rows.map((entry) => entry.company)).toEqual(['Amazon Web Services', 'Cloudflare', 'MongoDB'])
    expect(rows.at(-1)).toMatchObject({ company: 'MongoDB', domain: 'mongodb.com', purpose: 'Operational database for job scheduling' })
    expect(rows.at(-1)).not.toHaveProperty('createdAt')
    const staffRow = (await view(org, org.admin.cookie)).subprocessors!.rows.find((entry) => entry.company === 'MongoDB')
    expect(staffRow?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('takes the logo and domain from the built-in list, never from the form', async () => {
    const org = await createOrg(database())
    const result = await post(org, {
      intent: 'subprocessor.add',
      companyName: 'Not Datadog',
      companyDomain: 'evil.example',
      companyId: 'datadog',
      companySource: 'Addendum',
      purpose: 'Synthetic monitoring',
    })
    expect(result.status).toBe(302)
    const rows = await rowsNamed(org, 'Datadog')
    const added = rows.find((row) => row.purpose === 'Synthetic monitoring')
    expect(added).toMatchObject({ company_domain: 'datadoghq.com', logo_url: '/images/subprocessors/datadog.svg' })
    expect(await rowsNamed(org, 'Not Datadog')).toHaveLength(0)
  })

  it('without JavaScript, a plain company name is the built-in company of that name, else a custom one', async () => {
    const org = await createOrg(database())
    expect((await post(org, { intent: 'subprocessor.add', companyName: 'cloudflare', purpose: 'Zero Trust access for staff' })).status).toBe(302)
    const cloudflare = (await rowsNamed(org, 'Cloudflare')).find((row) => row.purpose === 'Zero Trust access for staff')
    expect(cloudflare).toMatchObject({ company_domain: 'cloudflare.com', logo_url: '/images/subprocessors/cloudflare.svg' })

    expect((await post(org, { intent: 'subprocessor.add', companyName: '  Acme Analytics  ', location: 'Canada' })).status).toBe(302)
    const [acme] = await rowsNamed(org, 'Acme Analytics')
    expect(acme).toMatchObject({ company_domain: null, logo_url: null, location: 'Canada', purpose: null })
    const [entry] = await auditEntries(org, 'subprocessor.add', 'Acme Analytics')
    expect(entry.after).toMatchObject({ source: 'Custom' })
  })

  it('adds a custom company chosen with Just use, even when it shares a built-in name', async () => {
    const org = await createOrg(database())
    expect((await post(org, { intent: 'subprocessor.add', companyName: 'Fastly Consulting', companySource: 'Custom' })).status).toBe(302)
    expect(await rowsNamed(org, 'Fastly Consulting')).toHaveLength(1)
  })

  it('rejects invalid input with the spec messages and writes nothing', async () => {
    const org = await createOrg(database())
    const count = await subprocessorCount(org)
    const before = await revision(org)
    const audits = await db().selectFrom('audit_entries').select('id').execute()

    const missing = await post(org, { intent: 'subprocessor.add', purpose: 'No company' })
    expect(missing.status).toBe(400)
    expect(errorsOf(missing).companyName).toEqual(['This field is required'])
    expect((missing.data as Reply).intent).toBe('subprocessor.add')

    const addendumWithoutId = await post(org, { intent: 'subprocessor.add', companyName: 'Stripe', companySource: 'Addendum' })
    expect(addendumWithoutId.status).toBe(400)
    expect(errorsOf(addendumWithoutId).companyName).toEqual(['This field is required'])

    const unknownId = await post(org, { intent: 'subprocessor.add', companyId: 'no-such-company', companySource: 'Addendum' })
    expect(unknownId.status).toBe(400)
    expect(errorsOf(unknownId).companyName).toEqual(['Choose a company from the list'])

    const badSource = await post(org, { intent: 'subprocessor.add', companyName: 'Acme', companySource: 'Brandfetch' })
    expect(badSource.status).toBe(400)
    expect(errorsOf(badSource).companySource).toEqual(['Choose a company from the list'])

    const short = await post(org, { intent: 'subprocessor.add', companyName: 'A', companySource: 'Custom' })
    expect(short.status).toBe(400)
    expect(errorsOf(short).companyName).toEqual(['Subprocessor name must be at least 2 characters'])

    const long = await post(org, { intent: 'subprocessor.add', companyName: 'x'.repeat(101), companySource: 'Custom' })
    expect(long.status).toBe(400)
    expect(errorsOf(long).companyName).toEqual(['Subprocessor name must be at most 100 characters'])

    const longPurpose = await post(org, { intent: 'subprocessor.add', companyName: 'Acme Hosting', companySource: 'Custom', purpose: 'p'.repeat(501) })
    expect(longPurpose.status).toBe(400)
    expect(errorsOf(longPurpose).purpose).toEqual(['Purpose must be at most 500 characters'])

    const badId = await post(org, { intent: 'subprocessor.edit', id: 'not-a-uuid', companyName: 'Acme Hosting', companySource: 'Custom' })
    expect(badId.status).toBe(400)
    expect(errorsOf(badId).id).toEqual(['This subprocessor does not exist.'])

    const unknownRow = await post(org, { intent: 'subprocessor.edit', id: '00000000-0000-4000-8000-000000000000', companyName: 'Acme Hosting', companySource: 'Custom' })
    expect(unknownRow.status).toBe(400)
    expect(errorsOf(unknownRow)['']).toEqual(['This subprocessor does not exist.'])

    expect(await subprocessorCount(org)).toBe(count)
    expect(await revision(org)).toBe(before)
    expect(await db().selectFrom('audit_entries').select('id').execute()).toHaveLength(audits.length)
  })

  it('edits a subprocessor: company, purpose, location and details', async () => {
    const org = await createOrg(database())
    const row = await createSubprocessor(database(), org.product, { name: 'Acme Analytics', location: 'Canada' })
    const before = await revision(org)
    const result = await post(org, {
      intent: 'subprocessor.edit',
      id: row.id,
      companyName: 'Intercom',
      companyDomain: 'intercom.com',
      companyId: 'intercom',
      companySource: 'Addendum',
      purpose: 'In-app customer messaging',
      location: 'United States',
      additionalDetails: 'Receives account e-mail addresses only.',
      returnTo: `${org.home}?dialog=subprocessorEdit`,
    })
    expect(result.status).toBe(302)
    expect(result.location).toBe(org.home)

    const updated = await db().selectFrom('subprocessors').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    expect(updated).toMatchObject({
      company_name: 'Intercom',
      company_domain: 'intercom.com',
      purpose: 'In-app customer messaging',
      location: 'United States',
      additional_details: 'Receives account e-mail addresses only.',
      position: row.position,
    })
    expect(await revision(org)).toBe(before + 1)
    const [entry] = await auditEntries(org, 'subprocessor.edit', 'Intercom')
    expect(entry.before).toMatchObject({ company: 'Acme Analytics', location: 'Canada' })
    expect(entry.after).toMatchObject({ company: 'Intercom', location: 'United States' })

    const shown = (await view(org)).subprocessors!.rows.find((entry) => entry.id === row.id)
    expect(shown).toMatchObject({ company: 'Intercom', purpose: 'In-app customer messaging', additionalDetails: 'Receives account e-mail addresses only.' })
  })

  it('keeps the logo and domain of an unchanged custom company, and clears emptied fields', async () => {
    const org = await createOrg(database())
    const row = await createSubprocessor(database(), org.product, {
      name: 'Legacy Vendor',
      domain: 'legacy.example',
      logoUrl: '/images/subprocessors/slack.svg',
      purpose: 'Old purpose',
      location: 'Spain',
    })
    const result = await post(org, { intent: 'subprocessor.edit', id: row.id, companyName: 'Legacy Vendor', companySource: 'Custom', purpose: 'New purpose', location: '' })
    expect(result.status).toBe(302)
    const updated = await db().selectFrom('subprocessors').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    expect(updated).toMatchObject({ company_domain: 'legacy.example', logo_url: '/images/subprocessors/slack.svg', purpose: 'New purpose', location: null })
  })

  it('deletes only when the typed name is the company name, case-sensitive once trimmed', async () => {
    const org = await createOrg(database())
    await createSubprocessor(database(), org.product, { name: 'Cloudflare' })
    const row = await createSubprocessor(database(), org.product, { name: 'Fastly Consulting' })
    const before = await revision(org)

    for (const typed of ['fastly consulting', 'Fastly', '']) {
      const wrong = await post(org, { intent: 'subprocessor.delete', id: row.id, confirmName: typed })
      expect(wrong.status).toBe(400)
      expect(errorsOf(wrong).confirmName).toEqual([typed ? 'The name you typed does not match "Fastly Consulting".' : 'Type the company name to confirm'])
    }
    expect(await rowsNamed(org, 'Fastly Consulting')).toHaveLength(1)
    expect(await revision(org)).toBe(before)

    const result = await post(org, {
      intent: 'subprocessor.delete',
      id: row.id,
      confirmName: '  Fastly Consulting ',
      returnTo: `${org.home}?subprocessorSearch=fastly&dialog=subprocessorDelete`,
    })
    expect(result.status).toBe(302)
    expect(result.location).toBe(`${org.home}?subprocessorSearch=fastly`)
    expect(await rowsNamed(org, 'Fastly Consulting')).toHaveLength(0)
    expect(await revision(org)).toBe(before + 1)
    const [entry] = await auditEntries(org, 'subprocessor.delete', 'Fastly Consulting')
    expect(entry.before).toMatchObject({ company: 'Fastly Consulting' })
    expect((await view(org)).subprocessors!.rows.map((entry) => entry.company)).toEqual(['Cloudflare'])
  })

  it("never touches another product's subprocessors", async () => {
    const org = await createOrg(database())
    const mobile = await createProduct(database(), org, { slug: 'mobile' })
    const other = await createSubprocessor(database(), mobile, { name: 'Twilio', purpose: 'SMS' })
    const edit = await post(org, { intent: 'subprocessor.edit', id: other.id, companyName: 'Hijacked', companySource: 'Custom' })
    expect(edit.status).toBe(400)
    const remove = await post(org, { intent: 'subprocessor.delete', id: other.id, confirmName: other.company_name })
    expect(remove.status).toBe(400)
    expect(await db().selectFrom('subprocessors').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow()).toEqual(other)
  })

  it('refuses a member without statuspage:edit with 403, and nobody signed in is sent to log in', async () => {
    const org = await createOrg(database())
    const target = await createSubprocessor(database(), org.product, { name: 'Intercom' })
    // A member who may read the workspace but not edit the trust center.
    const viewer = await createStaffMember(database(), 'viewer@example.test', ['members', 'files:view'], { org, name: 'Read Only' })
    const count = await subprocessorCount(org)
    const attempts: Record<string, string>[] = [
      { intent: 'subprocessor.add', companyName: 'Sneaky Corp', companySource: 'Custom' },
      { intent: 'subprocessor.edit', id: target.id, companyName: 'Sneaky Corp', companySource: 'Custom' },
      { intent: 'subprocessor.delete', id: target.id, confirmName: 'Intercom' },
    ]
    for (const fields of attempts) {
      expect((await post(org, fields, viewer)).status).toBe(403)
      const anonymous = await post(org, fields, '')
      expect(anonymous.status).toBe(302)
      expect(anonymous.location).toMatch(/^\/login\?redirectTo=/)
    }
    expect(await subprocessorCount(org)).toBe(count)
    expect(await rowsNamed(org, 'Intercom')).toHaveLength(1)
    expect(await rowsNamed(org, 'Sneaky Corp')).toHaveLength(0)
  })
})

it('the built-in companies have unique ids, shipped logos and case-insensitive search', () => {
  expect(COMPANIES.length).toBeGreaterThanOrEqual(20)
  expect(new Set(COMPANIES.map((company) => company.id)).size).toBe(COMPANIES.length)
  for (const company of COMPANIES) {
    const shipped = existsSync(path.join(import.meta.dirname, '../../public/images/subprocessors', `${company.id}.svg`))
    expect(company.logo, company.name).toBe(shipped ? `/images/subprocessors/${company.id}.svg` : null)
  }
  expect(searchCompanies('JIRA').map((company) => company.name)).toEqual(['Atlassian'])
  expect(searchCompanies('datadoghq').map((company) => company.name)).toEqual(['Datadog'])
  expect(searchCompanies('gcp').map((company) => company.name)).toEqual(['Google Cloud'])
  expect(searchCompanies('s')[0].name.toLowerCase().startsWith('s')).toBe(true)
  expect(searchCompanies('zzzz')).toEqual([])
  expect(searchCompanies('')).toHaveLength(COMPANIES.length)
})
