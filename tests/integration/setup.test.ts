// First start on an empty database (issue 23 item 1): the setup link, its page, and the org it creates.
import fc from 'fast-check'
import { sql } from 'kysely'
import { beforeAll, beforeEach, expect, it } from 'vitest'
import { action as setupAction, loader as setupLoader } from '../../app/routes/auth/setup'
import { action as dismissAction } from '../../app/routes/staff/settings/getting-started'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { CARD_KINDS } from '../../app/lib/card-kinds'
import { CATALOGUE } from '../../app/lib/catalogue/index'
import { STAFF_PERMISSIONS } from '../../app/lib/permissions'
import { DEFAULT_SECTION_ORDER } from '../../app/lib/sections'
import { NO_TRUST_CENTER } from '../../app/lib/setup-copy'
import { getStaffMember } from '../../server/auth/staff-session'
import { fileStore } from '../../server/files/store'
import { deleteOrg } from '../../server/orgs/delete'
import { issueSetupToken, SETUP_LIMITS, SETUP_LINK_REFUSED } from '../../server/orgs/setup'
import { describeEachDatabase } from '../setup/database'
import { callRoute } from '../setup/route'

const PASSWORD = 'a-very-long-password'
const goodForm = (overrides: Record<string, string> = {}) => ({
  name: 'Acme Security',
  slug: '',
  website: 'acme.example',
  ownerName: 'Ada Owner',
  ownerEmail: 'Ada@Acme.example',
  password: PASSWORD,
  confirm: PASSWORD,
  ...overrides,
})

describeEachDatabase('first start and the setup page', (database) => {
  const db = () => database().handle.db
  const orgCount = async () =>
    Number(
      (
        await db()
          .selectFrom('orgs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  let address = 0
  /** Each call from an address of its own, so the rate limit only bites where a test means it to. */
  const from = () => `192.0.2.${++address}`
  const open = (token: string, host?: string) => callRoute(setupLoader, database(), { path: `/setup/${token}`, params: { token }, host, clientAddress: from() })
  const submit = (token: string, form: Record<string, string>, options: { host?: string; clientAddress?: string } = {}) =>
    callRoute(setupAction, database(), { path: `/setup/${token}`, params: { token }, form, host: options.host, clientAddress: options.clientAddress ?? from() })

  beforeAll(async () => {
    // The seeded demo goes first: this file starts from an empty database, as `SEED_DEMO=false` does.
    await deleteOrg(db(), fileStore(database().env), 'northwind')
    expect(await orgCount()).toBe(0)
  })
  // Tests run shuffled: each starts from no org (the one that creates one deletes it) and fresh setup counters.
  beforeEach(async () => {
    await db().deleteFrom('rate_limits').where('key', 'like', 'setup:%').execute()
    expect(await orgCount()).toBe(0)
  })

  it('says on every portal URL where the setup link is, as a 404 page', async () => {
    for (const [path, params] of [
      ['/', {}],
      ['/portal/acme', { orgSlug: 'acme' }],
    ] as const) {
      const page = await callRoute(portalLoader, database(), { path, params })
      expect(page.status).toBe(404)
      expect(page.data).toBe(NO_TRUST_CENTER)
    }
  })

  it('prints a new link at each start while there is no org; the earlier one stops working', async () => {
    const first = (await issueSetupToken(db()))!
    const second = (await issueSetupToken(db()))!
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await open(first)).status).toBe(404)
    expect((await open(second)).status).toBe(200)
    // Kept hashed: the table holds no usable token.
    const rows = await db().selectFrom('setup_tokens').select('token_hash').execute()
    expect(rows).toHaveLength(1)
    expect(rows[0].token_hash).not.toContain(second)
  })

  it('refuses a wrong token and another host with the same 404', async () => {
    const token = (await issueSetupToken(db()))!
    for (const answer of [await open('A'.repeat(43)), await open('short'), await open(token, 'trust.acme.example'), await submit(token, goodForm(), { host: 'evil.example' })]) {
      expect(answer.status).toBe(404)
      expect(answer.data).toBe(SETUP_LINK_REFUSED)
    }
    expect(await orgCount()).toBe(0)
  })

  it('answers bad input with field messages and creates nothing', async () => {
    const token = (await issueSetupToken(db()))!
    const answer = await submit(token, goodForm({ name: '', slug: '-Bad slug', website: 'http://acme.example', ownerEmail: 'nope', password: 'short', confirm: 'other' }))
    expect(answer.status).toBe(400)
    const errors = answer.data.result.error
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['name', 'website', 'ownerEmail', 'password']))
    expect(errors.website).toEqual(['Use an https:// address'])
    // The password is never sent back.
    expect(answer.data.result.initialValue?.password).toBeUndefined()
    const slug = await submit(token, goodForm({ slug: '-bad' }))
    expect(slug.status).toBe(400)
    expect(slug.data.result.error.slug).toBeTruthy()
    expect(await orgCount()).toBe(0)
    expect((await open(token)).status).toBe(200)
  })

  it('takes hostile input without a 5xx, and creates nothing from it', async () => {
    const token = (await issueSetupToken(db()))!
    const hostile = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom(
        '\u0000',
        '\r\nSet-Cookie: x=1',
        '<script>alert(1)</script>',
        'x'.repeat(5_000),
        '-',
        '--',
        'a'.repeat(64),
        'javascript:alert(1)',
        'https://user:pw@acme.example',
      ),
    )
    await fc.assert(
      fc.asyncProperty(fc.record({ name: hostile, slug: hostile, website: hostile, ownerName: hostile, ownerEmail: hostile, password: hostile }), async (form) => {
        const answer = await submit(token, { ...form, confirm: form.password + 'x' }).catch((error: unknown) => ({ status: 500, data: String(error) }))
        expect([400, 404]).toContain(answer.status)
      }),
      { numRuns: 40 },
    )
    expect(await orgCount()).toBe(0)
  })

  it('creates nothing when any part of the org fails: one transaction', async () => {
    const token = (await issueSetupToken(db()))!
    // A fault in the database itself, at the last insert (the owner): everything before it must roll back.
    await sql`create function refuse_staff() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`.execute(db())
    await sql`create trigger refuse_staff before insert on staff_members for each row execute function refuse_staff()`.execute(db())
    try {
      await expect(submit(token, goodForm())).rejects.toThrow(/refused by the test/)
    } finally {
      await sql`drop trigger refuse_staff on staff_members`.execute(db())
      await sql`drop function refuse_staff`.execute(db())
    }
    expect(await orgCount()).toBe(0)
    for (const table of ['products', 'cards', 'items', 'permission_profiles', 'portal_customizations', 'staff_members'] as const) {
      expect(
        await db()
          .selectFrom(table)
          .select(sql`1`.as('x'))
          .limit(1)
          .execute(),
      ).toEqual([])
    }
    // The token was not used up by the failure.
    expect((await open(token)).status).toBe(200)
  })

  it('rate-limits the POST per client address, as /login does', async () => {
    const token = (await issueSetupToken(db()))!
    const address = '198.51.100.77'
    const statuses: number[] = []
    for (let attempt = 0; attempt <= SETUP_LIMITS.perAddress; attempt++) statuses.push((await submit(token, { name: '' }, { clientAddress: address })).status)
    expect(statuses.slice(0, SETUP_LIMITS.perAddress).every((status) => status === 400)).toBe(true)
    const refused = await submit(token, goodForm(), { clientAddress: address })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await orgCount()).toBe(0)
  })

  it('creates one org under two submissions at once, signs its owner in, and refuses the link afterwards', async () => {
    const token = (await issueSetupToken(db()))!
    const [first, second] = await Promise.all([submit(token, goodForm()), submit(token, goodForm({ name: 'Other Co', ownerEmail: 'other@other.example' }))])
    const answers = [first, second].sort((a, b) => a.status - b.status)
    const org = await db().selectFrom('orgs').selectAll().executeTakeFirst()
    try {
      expect(answers.map((answer) => answer.status)).toEqual([302, 404])
      expect(await orgCount()).toBe(1)
      await checkCreated(answers[0], token, org!)
    } finally {
      if (org) await deleteOrg(db(), fileStore(database().env), org.slug)
    }
  })

  async function checkCreated(created: Awaited<ReturnType<typeof submit>>, token: string, org: { id: string; slug: string; name: string; website: string | null }) {
    expect(created.location).toBe(`/portal/${org.slug}`)
    expect(['acme-security', 'other-co']).toContain(org.slug)
    expect(org.website).toMatch(/^https:\/\/(acme|other)\.example\/$/)
    const customization = await db().selectFrom('portal_customizations').selectAll().where('org_id', '=', org.id).executeTakeFirstOrThrow()
    expect(customization.nda_text).toContain(org.name)
    const products = await db().selectFrom('products').selectAll().where('org_id', '=', org.id).execute()
    expect(products).toHaveLength(1)
    expect(products[0]).toMatchObject({ is_default: true, section_order: DEFAULT_SECTION_ORDER })
    const cards = await db().selectFrom('cards').select('kind').where('product_id', '=', products[0].id).execute()
    expect(cards.map((card) => card.kind).sort()).toEqual([...CARD_KINDS].sort())
    const items = await db().selectFrom('items').select('enabled_state').where('product_id', '=', products[0].id).execute()
    expect(items).toHaveLength(CATALOGUE.length)
    expect(items.every((item) => item.enabled_state === 'NotEnabled')).toBe(true)
    expect(await db().selectFrom('permission_profiles').select('name').where('product_id', '=', products[0].id).execute()).toHaveLength(1)
    const owners = await db().selectFrom('staff_members').selectAll().where('org_id', '=', org.id).execute()
    expect(owners).toHaveLength(1)
    expect(owners[0].permissions).toEqual([...STAFF_PERMISSIONS])
    expect(owners[0].password_hash).not.toContain(PASSWORD)
    const audit = await db().selectFrom('audit_entries').select('action').where('org_id', '=', org.id).execute()
    expect(audit.map((entry) => entry.action)).toContain('org.create')

    // Signed in: the cookie is a staff session of the owner.
    const cookie = created.headers.get('set-cookie')!.split(';')[0]
    const staff = await getStaffMember(db(), new Request('http://localhost:3000/', { headers: { cookie } }))
    expect(staff?.id).toBe(owners[0].id)

    // Used: the link, and any new one, are refused once an org exists.
    expect((await open(token)).status).toBe(404)
    expect((await submit(token, goodForm())).status).toBe(404)
    expect(await issueSetupToken(db())).toBeNull()
    expect(await db().selectFrom('setup_tokens').selectAll().execute()).toEqual([])

    // Main mode: the owner sees the Getting started checklist, each step ticked from the data.
    const portal = (path = `/portal/${org.slug}`) => callRoute(portalLoader, database(), { path, params: { orgSlug: org.slug }, cookie })
    const checklist = (await portal()).data.gettingStarted
    expect(checklist.steps.map((step: { step: string; done: boolean }) => [step.step, step.done])).toEqual([
      ['logo', false],
      ['certification', false],
      ['document', false],
      ['access', false],
      ['publish', false],
    ])
    expect(checklist.steps.find((step: { step: string }) => step.step === 'logo').href).toBe('/settings/company')
    await db().updateTable('orgs').set({ logo_url: '/images/acme.svg' }).where('id', '=', org.id).execute()
    await db().updateTable('items').set({ enabled_state: 'Enabled' }).where('product_id', '=', products[0].id).where('card_kind', '=', 'Certifications').execute()
    const ticked = (await portal()).data.gettingStarted.steps.filter((step: { done: boolean }) => step.done).map((step: { step: string }) => step.step)
    expect(ticked).toEqual(expect.arrayContaining(['logo', 'certification']))
    // Visitors never get it.
    expect((await callRoute(portalLoader, database(), { path: `/portal/${org.slug}`, params: { orgSlug: org.slug } })).data.gettingStarted).toBeUndefined()

    // Dismissed for the org, audited; back to the page it was dismissed from.
    const dismissed = await callRoute(dismissAction, database(), { path: '/settings/getting-started', cookie, form: { redirectTo: `/portal/${org.slug}` } })
    expect(dismissed.location).toBe(`/portal/${org.slug}`)
    expect((await portal()).data.gettingStarted).toBeNull()
    expect((await db().selectFrom('audit_entries').select('action').where('org_id', '=', org.id).execute()).map((entry) => entry.action)).toContain('org.getting_started.dismiss')
  }
})
