// Staff add, edit and delete subprocessors through the portal action (cards-and-items: Subprocessors).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { action as portalAction, loader as portalLoader } from '../../app/routes/portal/portal'
import { COMPANIES, searchCompanies } from '../../app/lib/companies'
import { createStaffSession } from '../../server/auth/staff-session'
import { describeEachDatabase } from '../setup/database'

const HOST = 'localhost:3000'

type ActionResult = { init?: { status?: number } | null; data?: unknown; status?: number; headers?: Headers }
type Reply = { intent: string; result: { error?: Record<string, string[] | null> } }

const statusOf = (result: ActionResult) => (result instanceof Response ? result.status : (result.init?.status ?? result.status))

describeEachDatabase('subprocessor editing', (database) => {
  let adminCookie = ''
  let viewerCookie = ''

  const db = () => database().handle.db
  const context = () => ({ db: db(), env: database().env, nonce: 'test', clientAddress: '127.0.0.1' })

  async function sessionCookie(staffMemberId: string) {
    const setCookie = await createStaffSession(db(), database().env, staffMemberId, new Request(`http://${HOST}/login`))
    return setCookie.split(';')[0]
  }

  beforeAll(async () => {
    const admin = await db().selectFrom('staff_members').select(['id', 'org_id']).where('email', '=', 'admin@northwind.test').executeTakeFirstOrThrow()
    adminCookie = await sessionCookie(admin.id)
    // A member who may read the workspace but not edit the trust center.
    const viewer = await db()
      .insertInto('staff_members')
      .values({ org_id: admin.org_id, email: 'viewer@northwind.test', name: 'Read Only', permissions: JSON.stringify(['members', 'files:view']) })
      .returning('id')
      .executeTakeFirstOrThrow()
    viewerCookie = await sessionCookie(viewer.id)
  })

  /** Posts a form to the portal action as it would arrive from the page, returned or thrown. */
  async function post(fields: Record<string, string>, cookie = adminCookie): Promise<ActionResult> {
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.append(name, value)
    const request = new Request(`http://${HOST}/`, { method: 'POST', body, headers: { host: HOST, cookie } })
    try {
      return (await portalAction({ request, params: {}, context: context() } as never)) as ActionResult
    } catch (thrown) {
      return thrown as ActionResult
    }
  }

  const errorsOf = (result: ActionResult) => (result.data as Reply).result.error ?? {}

  async function publicView() {
    const request = new Request(`http://${HOST}/`, { headers: { host: HOST } })
    return portalLoader({ request, params: {}, context: context() } as never)
  }

  async function staffView(search = '') {
    const request = new Request(`http://${HOST}/${search}`, { headers: { host: HOST, cookie: adminCookie } })
    return portalLoader({ request, params: {}, context: context() } as never)
  }

  async function platform() {
    return db().selectFrom('products').select(['id', 'revision']).where('slug', '=', 'platform').executeTakeFirstOrThrow()
  }

  async function rowsNamed(name: string) {
    const product = await platform()
    return db().selectFrom('subprocessors').selectAll().where('product_id', '=', product.id).where('company_name', '=', name).execute()
  }

  async function auditEntries(action: string, target: string) {
    return db().selectFrom('audit_entries').selectAll().where('action', '=', action).where('target', '=', target).execute()
  }

  async function subprocessorCount() {
    const product = await platform()
    const row = await db()
      .selectFrom('subprocessors')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  it('adds a built-in company picked in the combobox, with its domain and logo, at the end of the table', async () => {
    const before = await platform()
    const result = await post({
      intent: 'subprocessor.add',
      returnTo: '/?dialog=subprocessorAdd',
      companyName: 'MongoDB',
      companyDomain: 'mongodb.com',
      companyId: 'mongodb',
      companySource: 'Addendum',
      purpose: 'Operational database for job scheduling',
      location: 'European Union',
      additionalDetails: '',
    })
    expect(statusOf(result)).toBe(302)
    expect((result as Response).headers.get('location')).toBe('/')
    expect((result as Response).headers.get('set-cookie')).toContain('tc_flash')

    const [row] = await rowsNamed('MongoDB')
    expect(row).toMatchObject({ company_domain: 'mongodb.com', logo_url: null, purpose: 'Operational database for job scheduling', location: 'European Union', additional_details: null })
    expect((await platform()).revision).toBe(before.revision + 1)
    const [entry] = await auditEntries('subprocessor.add', 'MongoDB')
    expect(entry.actor).toBe('admin@northwind.test')
    expect(entry.after).toMatchObject({ company: 'MongoDB', source: 'Addendum', location: 'European Union' })

    const rows = (await publicView()).subprocessors!.rows
    expect(rows.at(-1)).toMatchObject({ company: 'MongoDB', domain: 'mongodb.com', purpose: 'Operational database for job scheduling' })
    expect(rows.at(-1)).not.toHaveProperty('createdAt')
    const staffRow = (await staffView()).subprocessors!.rows.find((entry) => entry.company === 'MongoDB')
    expect(staffRow?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('takes the logo and domain from the built-in list, never from the form', async () => {
    const result = await post({
      intent: 'subprocessor.add',
      companyName: 'Not Datadog',
      companyDomain: 'evil.example',
      companyId: 'datadog',
      companySource: 'Addendum',
      purpose: 'Synthetic monitoring',
    })
    expect(statusOf(result)).toBe(302)
    const rows = await rowsNamed('Datadog')
    const added = rows.find((row) => row.purpose === 'Synthetic monitoring')
    expect(added).toMatchObject({ company_domain: 'datadoghq.com', logo_url: '/images/subprocessors/datadog.svg' })
    expect(await rowsNamed('Not Datadog')).toHaveLength(0)
  })

  it('without JavaScript, a plain company name is the built-in company of that name, else a custom one', async () => {
    expect(statusOf(await post({ intent: 'subprocessor.add', companyName: 'cloudflare', purpose: 'Zero Trust access for staff' }))).toBe(302)
    const cloudflare = (await rowsNamed('Cloudflare')).find((row) => row.purpose === 'Zero Trust access for staff')
    expect(cloudflare).toMatchObject({ company_domain: 'cloudflare.com', logo_url: '/images/subprocessors/cloudflare.svg' })

    expect(statusOf(await post({ intent: 'subprocessor.add', companyName: '  Acme Analytics  ', location: 'Canada' }))).toBe(302)
    const [acme] = await rowsNamed('Acme Analytics')
    expect(acme).toMatchObject({ company_domain: null, logo_url: null, location: 'Canada', purpose: null })
    const [entry] = await auditEntries('subprocessor.add', 'Acme Analytics')
    expect(entry.after).toMatchObject({ source: 'Custom' })
  })

  it('adds a custom company chosen with Just use, even when it shares a built-in name', async () => {
    expect(statusOf(await post({ intent: 'subprocessor.add', companyName: 'Fastly Consulting', companySource: 'Custom' }))).toBe(302)
    expect(await rowsNamed('Fastly Consulting')).toHaveLength(1)
  })

  it('rejects invalid input with the spec messages and writes nothing', async () => {
    const count = await subprocessorCount()
    const before = await platform()
    const audits = await db().selectFrom('audit_entries').select('id').execute()

    const missing = await post({ intent: 'subprocessor.add', purpose: 'No company' })
    expect(statusOf(missing)).toBe(400)
    expect(errorsOf(missing).companyName).toEqual(['This field is required'])
    expect((missing.data as Reply).intent).toBe('subprocessor.add')

    const addendumWithoutId = await post({ intent: 'subprocessor.add', companyName: 'Stripe', companySource: 'Addendum' })
    expect(statusOf(addendumWithoutId)).toBe(400)
    expect(errorsOf(addendumWithoutId).companyName).toEqual(['This field is required'])

    const unknownId = await post({ intent: 'subprocessor.add', companyId: 'no-such-company', companySource: 'Addendum' })
    expect(statusOf(unknownId)).toBe(400)
    expect(errorsOf(unknownId).companyName).toEqual(['Choose a company from the list'])

    const badSource = await post({ intent: 'subprocessor.add', companyName: 'Acme', companySource: 'Brandfetch' })
    expect(statusOf(badSource)).toBe(400)
    expect(errorsOf(badSource).companySource).toEqual(['Choose a company from the list'])

    const short = await post({ intent: 'subprocessor.add', companyName: 'A', companySource: 'Custom' })
    expect(statusOf(short)).toBe(400)
    expect(errorsOf(short).companyName).toEqual(['Subprocessor name must be at least 2 characters'])

    const long = await post({ intent: 'subprocessor.add', companyName: 'x'.repeat(101), companySource: 'Custom' })
    expect(statusOf(long)).toBe(400)
    expect(errorsOf(long).companyName).toEqual(['Subprocessor name must be at most 100 characters'])

    const longPurpose = await post({ intent: 'subprocessor.add', companyName: 'Acme Hosting', companySource: 'Custom', purpose: 'p'.repeat(501) })
    expect(statusOf(longPurpose)).toBe(400)
    expect(errorsOf(longPurpose).purpose).toEqual(['Purpose must be at most 500 characters'])

    const badId = await post({ intent: 'subprocessor.edit', id: 'not-a-uuid', companyName: 'Acme Hosting', companySource: 'Custom' })
    expect(statusOf(badId)).toBe(400)
    expect(errorsOf(badId).id).toEqual(['This subprocessor does not exist.'])

    const unknownRow = await post({ intent: 'subprocessor.edit', id: '00000000-0000-4000-8000-000000000000', companyName: 'Acme Hosting', companySource: 'Custom' })
    expect(statusOf(unknownRow)).toBe(400)
    expect(errorsOf(unknownRow)['']).toEqual(['This subprocessor does not exist.'])

    expect(await subprocessorCount()).toBe(count)
    expect((await platform()).revision).toBe(before.revision)
    expect(await db().selectFrom('audit_entries').select('id').execute()).toHaveLength(audits.length)
  })

  it('edits a subprocessor: company, purpose, location and details', async () => {
    const [row] = await rowsNamed('Acme Analytics')
    const before = await platform()
    const result = await post({
      intent: 'subprocessor.edit',
      id: row.id,
      companyName: 'Intercom',
      companyDomain: 'intercom.com',
      companyId: 'intercom',
      companySource: 'Addendum',
      purpose: 'In-app customer messaging',
      location: 'United States',
      additionalDetails: 'Receives account e-mail addresses only.',
      returnTo: '/?dialog=subprocessorEdit',
    })
    expect(statusOf(result)).toBe(302)
    expect((result as Response).headers.get('location')).toBe('/')

    const updated = await db().selectFrom('subprocessors').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    expect(updated).toMatchObject({
      company_name: 'Intercom',
      company_domain: 'intercom.com',
      purpose: 'In-app customer messaging',
      location: 'United States',
      additional_details: 'Receives account e-mail addresses only.',
      position: row.position,
    })
    expect((await platform()).revision).toBe(before.revision + 1)
    const [entry] = await auditEntries('subprocessor.edit', 'Intercom')
    expect(entry.before).toMatchObject({ company: 'Acme Analytics', location: 'Canada' })
    expect(entry.after).toMatchObject({ company: 'Intercom', location: 'United States' })

    const shown = (await publicView()).subprocessors!.rows.find((entry) => entry.id === row.id)
    expect(shown).toMatchObject({ company: 'Intercom', purpose: 'In-app customer messaging', additionalDetails: 'Receives account e-mail addresses only.' })
  })

  it('keeps the logo and domain of an unchanged custom company, and clears emptied fields', async () => {
    const product = await platform()
    const row = await db()
      .insertInto('subprocessors')
      .values({ product_id: product.id, company_name: 'Legacy Vendor', company_domain: 'legacy.example', logo_url: '/images/subprocessors/slack.svg', purpose: 'Old purpose', location: 'Spain' })
      .returningAll()
      .executeTakeFirstOrThrow()
    const result = await post({ intent: 'subprocessor.edit', id: row.id, companyName: 'Legacy Vendor', companySource: 'Custom', purpose: 'New purpose', location: '' })
    expect(statusOf(result)).toBe(302)
    const updated = await db().selectFrom('subprocessors').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()
    expect(updated).toMatchObject({ company_domain: 'legacy.example', logo_url: '/images/subprocessors/slack.svg', purpose: 'New purpose', location: null })
  })

  it('deletes only when the typed name is the company name, case-sensitive once trimmed', async () => {
    const [row] = await rowsNamed('Fastly Consulting')
    const before = await platform()

    for (const typed of ['fastly consulting', 'Fastly', '']) {
      const wrong = await post({ intent: 'subprocessor.delete', id: row.id, confirmName: typed })
      expect(statusOf(wrong)).toBe(400)
      expect(errorsOf(wrong).confirmName).toEqual([typed ? 'The name you typed does not match "Fastly Consulting".' : 'Type the company name to confirm'])
    }
    expect(await rowsNamed('Fastly Consulting')).toHaveLength(1)
    expect((await platform()).revision).toBe(before.revision)

    const result = await post({ intent: 'subprocessor.delete', id: row.id, confirmName: '  Fastly Consulting ', returnTo: '/?subprocessorSearch=fastly&dialog=subprocessorDelete' })
    expect(statusOf(result)).toBe(302)
    expect((result as Response).headers.get('location')).toBe('/?subprocessorSearch=fastly')
    expect(await rowsNamed('Fastly Consulting')).toHaveLength(0)
    expect((await platform()).revision).toBe(before.revision + 1)
    const [entry] = await auditEntries('subprocessor.delete', 'Fastly Consulting')
    expect(entry.before).toMatchObject({ company: 'Fastly Consulting' })
    expect((await publicView()).subprocessors!.rows.map((entry) => entry.company)).not.toContain('Fastly Consulting')
  })

  it("never touches another product's subprocessors", async () => {
    const mobile = await db().selectFrom('products').select('id').where('slug', '=', 'mobile').executeTakeFirstOrThrow()
    const other = await db().selectFrom('subprocessors').selectAll().where('product_id', '=', mobile.id).executeTakeFirstOrThrow()
    const edit = await post({ intent: 'subprocessor.edit', id: other.id, companyName: 'Hijacked', companySource: 'Custom' })
    expect(statusOf(edit)).toBe(400)
    const remove = await post({ intent: 'subprocessor.delete', id: other.id, confirmName: other.company_name })
    expect(statusOf(remove)).toBe(400)
    expect(await db().selectFrom('subprocessors').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow()).toEqual(other)
  })

  it('refuses a member without statuspage:edit with 403, and nobody signed in is sent to log in', async () => {
    const count = await subprocessorCount()
    const [target] = await rowsNamed('Intercom')
    const attempts: Record<string, string>[] = [
      { intent: 'subprocessor.add', companyName: 'Sneaky Corp', companySource: 'Custom' },
      { intent: 'subprocessor.edit', id: target.id, companyName: 'Sneaky Corp', companySource: 'Custom' },
      { intent: 'subprocessor.delete', id: target.id, confirmName: 'Intercom' },
    ]
    for (const fields of attempts) {
      expect(statusOf(await post(fields, viewerCookie))).toBe(403)
      const anonymous = await post(fields, '')
      expect(statusOf(anonymous)).toBe(302)
      expect((anonymous as Response).headers.get('location')).toMatch(/^\/login\?redirectTo=/)
    }
    expect(await subprocessorCount()).toBe(count)
    expect(await rowsNamed('Intercom')).toHaveLength(1)
    expect(await rowsNamed('Sneaky Corp')).toHaveLength(0)
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
