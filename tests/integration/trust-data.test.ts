// Machine-readable trust data and the TPRM token (issue 10, parts 5 and 6; docs/trust-data.md): trust.json
// and llms.txt carry what the public sees and nothing more; a token made by an account member fetches what
// that account may see now, for 24 hours, and is kept as a hash only.
import { createHash } from 'node:crypto'
import { expect, it } from 'vitest'
import type { PortalView } from '../../app/lib/portal-view'
import { action as portalAction, loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as llmsLoader } from '../../app/routes/resources/portal-llms'
import { loader as trustDataLoader } from '../../app/routes/resources/portal-trust-data'
import { action as settingsAction, loader as settingsLoader } from '../../app/routes/staff/settings/index'
import { DEMO_ORG_SLUG } from '../../db/seed/northwind'
import type { TrustData } from '../../server/portal/trust-data'
import { bumpOrgRevision } from '../../server/portal/revision'
import { ndaVersion } from '../../server/access/viewer'
import { describeEachDatabase } from '../setup/database'
import {
  createAccount,
  createFile,
  createItem,
  createMember,
  createOrg,
  createPermissionProfile,
  createStaffMember,
  createSubprocessor,
  grantProductAccess,
  visitorCookie,
  type OrgFixture,
} from '../setup/factories'
import { callRoute } from '../setup/route'

const DAY = 86_400_000

describeEachDatabase('trust data and TPRM tokens', (database) => {
  const db = () => database().handle.db
  let address = 0
  const nextAddress = () => `10.9.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`

  const fetchTrustData = (org: { home: string; params: Record<string, string> }, options: { token?: string; authorization?: string; cookie?: string; method?: string } = {}) =>
    callRoute(trustDataLoader as never, database(), {
      path: `${org.home}/trust.json`,
      params: org.params,
      cookie: options.cookie,
      method: options.method,
      headers: (options.authorization ?? options.token) ? { authorization: options.authorization ?? `Bearer ${options.token}` } : {},
    })
  const json = async (result: Awaited<ReturnType<typeof fetchTrustData>>) => {
    expect(result.response, JSON.stringify(result.data)).not.toBeNull()
    return (await result.response!.json()) as TrustData
  }
  const portal = (org: OrgFixture, options: { cookie?: string; query?: string } = {}) =>
    callRoute<PortalView>(portalLoader as never, database(), { path: `${org.home}${options.query ?? ''}`, params: org.params, cookie: options.cookie })
  const post = (org: OrgFixture, form: Record<string, string>, options: { cookie?: string } = {}) =>
    callRoute(portalAction, database(), { path: `${org.home}?tprm=true`, params: org.params, form, cookie: options.cookie, clientAddress: nextAddress() })
  const items = (data: TrustData) => data.products.flatMap((product) => [...product.certifications, ...product.cards.flatMap((card) => card.items)])
  const audit = (orgId: string, action: string) =>
    db().selectFrom('audit_entries').select(['actor', 'target', 'after']).where('org_id', '=', orgId).where('action', '=', action).execute()

  /** An org with a public, a restricted and a hidden item, documents on each, a private and a public update. */
  async function contentOrg() {
    const org = await createOrg(database())
    const open = await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Encryption at rest', explanation: 'AES-256 on every volume.' })
    const granted = await createItem(database(), org.product, {
      kind: 'DataSecurity',
      title: 'Key management',
      access: 'restricted',
      explanation: 'Keys rotate every 90 days in our HSM.',
    })
    const other = await createItem(database(), org.product, {
      kind: 'Legal',
      title: 'Master services agreement',
      access: 'restricted',
      explanation: 'Liability is capped at fees paid.',
    })
    const hidden = await createItem(database(), org.product, { kind: 'Legal', title: 'Draft merger terms', access: 'hidden', explanation: 'Nobody outside may read this.' })
    const publicFile = await createFile(database(), org, { item: open, name: 'encryption-whitepaper.pdf' })
    const grantedFile = await createFile(database(), org, { item: granted, name: 'key-ceremony.pdf' })
    const otherFile = await createFile(database(), org, { item: other, name: 'msa-2024.pdf' })
    const hiddenFile = await createFile(database(), org, { item: hidden, name: 'merger.pdf' })
    await createSubprocessor(database(), org.product, { name: 'Amazon Web Services', domain: 'aws.amazon.com', purpose: 'Hosting', location: 'EU' })
    await db().insertInto('faqs').values({ product_id: org.product.id, question: 'Do you encrypt backups?', answer: 'Yes, with AES-256.', position: 0 }).execute()
    const topic = await db().insertInto('update_topics').values({ org_id: org.id, subject: 'Quarterly review', category: 'compliance' }).returning('id').executeTakeFirstOrThrow()
    await db()
      .insertInto('updates')
      .values([
        { topic_id: topic.id, title: 'SOC 2 report out', message: 'Our SOC 2 report is out.', audience: 'public' },
        { topic_id: topic.id, title: 'Finding remediated', message: 'Customers only: a finding was remediated.', audience: 'private' },
      ])
      .execute()
    await bumpOrgRevision(db(), org.id)
    return { org, open, granted, other, hidden, publicFile, grantedFile, otherFile, hiddenFile }
  }

  /** An account of the org whose profile unlocks `granted` only, a signed-in member, and the org's partners. */
  async function tprmOrg(options: { partners?: string[] } = {}) {
    const content = await contentOrg()
    const { org, granted } = content
    const profile = await createPermissionProfile(database(), org.product, { name: 'Reviewers', itemUids: [granted.uid] })
    const account = await createAccount(database(), org, {
      name: 'Contoso',
      access: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + 30 * DAY) }],
    })
    const member = await createMember(database(), account, { email: `casey-${org.slug}@contoso.test` })
    const cookie = await visitorCookie(database(), org, member.id)
    const partners = []
    for (const name of options.partners ?? ['OneTrust', 'Whistic']) {
      partners.push(
        await db()
          .insertInto('tprm_partners')
          .values({ org_id: org.id, name, domain: `${name.toLowerCase()}.com` })
          .returning(['id', 'name'])
          .executeTakeFirstOrThrow(),
      )
    }
    return { ...content, profile, account, member, cookie, partners }
  }

  async function createToken(context: Awaited<ReturnType<typeof tprmOrg>>, partnerIndex = 0) {
    const created = await post(context.org, { intent: 'tprm-token', partnerId: context.partners[partnerIndex].id }, { cookie: context.cookie })
    expect(created.status, JSON.stringify(created.data)).toBe(200)
    return { token: created.data.token as string, created }
  }

  // ---- trust.json ------------------------------------------------------------------------------------

  it('publishes the public view: locked items by title only, nothing withheld, no private update, no restricted document', async () => {
    const { org, open, granted, other, hidden, publicFile, grantedFile, otherFile, hiddenFile } = await contentOrg()
    const result = await fetchTrustData(org)
    expect(result.status).toBe(200)
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(result.headers.get('cache-control')).toBe('public, max-age=60')
    const data = await json(result)
    const text = JSON.stringify(data)
    expect(data).toMatchObject({
      version: 1,
      viewer: { mode: 'public', account: null },
      org: { name: org.name },
      portal: {
        url: `http://localhost:3000${org.home}/`,
        trust_data_url: `http://localhost:3000${org.home}/trust.json`,
        feed_url: `http://localhost:3000${org.home}/updates.atom`,
      },
    })
    expect(Date.parse(data.updated_at)).not.toBeNaN()

    const product = data.products[0]
    const security = product.cards.find((card) => card.kind === 'DataSecurity')!
    expect(security.items).toContainEqual({ title: open.title, text: 'AES-256 on every volume.', link: null })
    expect(security.items).toContainEqual({ title: granted.title, locked: true })
    expect(items(data)).toContainEqual({ title: other.title, locked: true })
    // Locked: the title and nothing else. Withheld: not even that.
    for (const secret of ['Keys rotate every 90 days', 'Liability is capped', hidden.title, 'Nobody outside may read this']) expect(text).not.toContain(secret)
    for (const file of [grantedFile, otherFile, hiddenFile]) {
      expect(text).not.toContain(file.id)
      expect(text).not.toContain(file.name)
    }
    expect(product.documents).toContainEqual({
      name: publicFile.name,
      item: open.title,
      card: 'Data Security',
      access: 'download',
      url: `http://localhost:3000${org.home}/files/${publicFile.id}/${publicFile.name}`,
    })
    expect(product.documents).toContainEqual({ name: granted.title, item: granted.title, card: 'Data Security', access: 'locked' })
    expect(product.subprocessors).toEqual([{ name: 'Amazon Web Services', domain: 'aws.amazon.com', purpose: 'Hosting', location: 'EU', details: null }])
    expect(product.faqs).toEqual([{ question: 'Do you encrypt backups?', answer: 'Yes, with AES-256.', comment: null }])
    expect(data.updates.map((update) => update.message)).toEqual(['Our SOC 2 report is out.'])
    expect(text).not.toContain('Customers only')

    // The public document's URL is one the public can fetch.
    expect(product.documents.find((entry) => entry.access === 'download')!.url).toContain(`/files/${publicFile.id}/`)
  })

  it('holds back everything the demo org restricts', async () => {
    const demo = { home: `/portal/${DEMO_ORG_SLUG}`, params: { orgSlug: DEMO_ORG_SLUG } }
    const data = await json(await fetchTrustData(demo))
    const text = JSON.stringify(data)
    const org = await db().selectFrom('orgs').select('id').where('slug', '=', DEMO_ORG_SLUG).executeTakeFirstOrThrow()
    const rows = await db()
      .selectFrom('items')
      .innerJoin('products', 'products.id', 'items.product_id')
      .select(['items.id', 'items.title', 'items.explanation', 'items.public_access', 'items.hidden', 'items.enabled_state'])
      .where('products.org_id', '=', org.id)
      .execute()
    const restricted = rows.filter((row) => !row.public_access && row.enabled_state !== 'NotEnabled')
    expect(restricted.length).toBeGreaterThan(3)
    for (const row of restricted) {
      if (row.explanation) expect(text, row.explanation).not.toContain(row.explanation.slice(0, 60))
      expect(text).not.toContain(`/letters/${row.id}`)
    }
    // Files linked only to restricted items are named nowhere.
    const links = await db()
      .selectFrom('item_files')
      .innerJoin('items', 'items.id', 'item_files.item_id')
      .innerJoin('files', 'files.id', 'item_files.file_id')
      .select(['files.id', 'items.public_access', 'items.hidden', 'items.enabled_state'])
      .where('files.org_id', '=', org.id)
      .execute()
    const publicFiles = new Set(links.filter((link) => link.public_access && !link.hidden && link.enabled_state !== 'NotEnabled').map((link) => link.id))
    const restrictedFiles = [...new Set(links.filter((link) => !publicFiles.has(link.id)).map((link) => link.id))]
    expect(restrictedFiles.length).toBeGreaterThan(0)
    for (const id of restrictedFiles) expect(text).not.toContain(id)
    for (const url of data.products.flatMap((product) => product.documents.flatMap((entry) => entry.url ?? []))) {
      const id = /\/files\/([0-9a-f-]{36})\//.exec(url)?.[1]
      if (id) expect(publicFiles.has(id)).toBe(true)
    }
    // The private update is the seed's one update for accounts only.
    const privateUpdates = await db()
      .selectFrom('updates')
      .innerJoin('update_topics', 'update_topics.id', 'updates.topic_id')
      .select('updates.message')
      .where('update_topics.org_id', '=', org.id)
      .where('updates.audience', '=', 'private')
      .execute()
    expect(privateUpdates.length).toBeGreaterThan(0)
    for (const update of privateUpdates) expect(text).not.toContain(update.message.slice(0, 60))
    expect(data.products.map((product) => product.name)).toEqual(['Northwind Platform', 'Northwind Mobile'])
    expect(data.updates.every((update) => update.audience === 'public')).toBe(true)
  })

  it('answers GET and HEAD only', async () => {
    const { org } = await contentOrg()
    const head = await fetchTrustData(org, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.response!.text()).toBe('')
    const posted = await fetchTrustData(org, { method: 'DELETE' })
    expect(posted.status).toBe(405)
    expect(posted.headers.get('allow')).toBe('GET, HEAD')
  })

  it('lists every FAQ the portal lists, not only the first few the page previews', async () => {
    const { org } = await contentOrg()
    const more = Array.from({ length: 11 }, (_, index) => ({ product_id: org.product.id, question: `Question ${index + 2}?`, answer: `Answer ${index + 2}.`, position: index + 1 }))
    await db().insertInto('faqs').values(more).execute()
    await bumpOrgRevision(db(), org.id)
    const listed = (await json(await fetchTrustData(org))).products[0].faqs
    expect(listed).toHaveLength(12)
    // In the portal's order, as its Knowledge Base dialog lists them.
    const dialog = await portal(org, { query: '?faqs=true' })
    expect(listed.map((faq) => faq.question)).toEqual(dialog.data.faqs.map((faq) => faq.question))
    const text = await (await callRoute(llmsLoader as never, database(), { path: `${org.home}/llms.txt`, params: org.params })).response!.text()
    for (const faq of listed) expect(text).toContain(faq.question)
  })

  // ---- llms.txt --------------------------------------------------------------------------------------

  it('serves llms.txt from the public view', async () => {
    const { org, open, granted, hidden, publicFile, grantedFile } = await contentOrg()
    const result = await callRoute(llmsLoader as never, database(), { path: `${org.home}/llms.txt`, params: org.params })
    expect(result.status).toBe(200)
    expect(result.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await result.response!.text()
    const lines = text.split('\n')
    expect(lines[0]).toBe(`# ${org.name} Trust Center`)
    expect(lines[2]).toMatch(/^> \S/)
    expect(text).toContain(`](http://localhost:3000${org.home}/)`)
    expect(text).toContain(`[Trust data (JSON)](http://localhost:3000${org.home}/trust.json)`)
    expect(text).toContain(`[Updates (Atom feed)](http://localhost:3000${org.home}/updates.atom)`)
    expect(text).toContain(`- [${publicFile.name}](http://localhost:3000${org.home}/files/${publicFile.id}/${publicFile.name})`)
    expect(text).toContain(`${open.title} (AES-256 on every volume.)`)
    expect(text).toContain(`On request (restricted): `)
    expect(text).toContain(granted.title)
    expect(text).toContain('Amazon Web Services (aws.amazon.com): Hosting, EU')
    expect(text).toContain('Our SOC 2 report is out.')
    for (const secret of ['Keys rotate', grantedFile.id, hidden.title, 'Customers only']) expect(text).not.toContain(secret)

    // A signed-in member gets the same public file: it is never personal.
    const { cookie, org: memberOrg } = await tprmOrg()
    const asMember = await callRoute(llmsLoader as never, database(), { path: `${memberOrg.home}/llms.txt`, params: memberOrg.params, cookie })
    expect(await asMember.response!.text()).not.toContain('Keys rotate')
  })

  // ---- TPRM: offering and creating tokens ------------------------------------------------------------

  it('offers the dialog to account members only, with the setting on and partners listed', async () => {
    const context = await tprmOrg()
    const { org, cookie } = context
    const member = await portal(org, { cookie })
    expect(member.data.visitor?.tprm).toEqual({ partners: expect.arrayContaining([expect.objectContaining({ name: 'OneTrust', domain: 'onetrust.com' })]), open: false })
    expect((await portal(org, { cookie, query: '?tprm=true' })).data.visitor?.tprm?.open).toBe(true)
    // The public and staff are not offered it, and cannot make a token.
    expect((await portal(org, { query: '?tprm=true' })).data.visitor?.tprm).toBeNull()
    expect((await portal(org, { cookie: org.admin.cookie, query: '?tprm=true' })).data.visitor?.tprm).toBeNull()
    const anonymous = await post(org, { intent: 'tprm-token', partnerId: context.partners[0].id })
    expect(anonymous.status).toBe(401)
    const staff = await post(org, { intent: 'tprm-token', partnerId: context.partners[0].id }, { cookie: org.admin.cookie })
    expect(staff.status).toBe(401)

    // The setting off: not offered, and a POST is refused.
    await db().updateTable('portal_customizations').set({ tprm_enabled: false }).where('org_id', '=', org.id).execute()
    expect((await portal(org, { cookie, query: '?tprm=true' })).data.visitor?.tprm).toBeNull()
    expect((await post(org, { intent: 'tprm-token', partnerId: context.partners[0].id }, { cookie })).status).toBe(403)

    // No partners: the same.
    const bare = await tprmOrg({ partners: [] })
    expect((await portal(bare.org, { cookie: bare.cookie })).data.visitor?.tprm).toBeNull()
    expect((await post(bare.org, { intent: 'tprm-token', partnerId: context.partners[0].id }, { cookie: bare.cookie })).status).toBe(403)
    expect(await db().selectFrom('tprm_tokens').select('id').where('org_id', 'in', [org.id, bare.org.id]).execute()).toEqual([])
  })

  it('makes a token shown once, kept as its hash, valid for 24 hours', async () => {
    const context = await tprmOrg()
    const before = Date.now()
    const { token, created } = await createToken(context)
    expect(created.headers.get('cache-control')).toBe('private, no-store')
    expect(created.data).toMatchObject({ intent: 'tprm-token', partnerName: 'OneTrust' })
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const rows = await db().selectFrom('tprm_tokens').selectAll().where('org_id', '=', context.org.id).execute()
    expect(rows).toHaveLength(1)
    const row = rows[0]
    expect(row).toMatchObject({ account_id: context.account.id, member_id: context.member.id, partner_id: context.partners[0].id, last_used_at: null })
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)
    const lifetime = Date.parse(String(row.expires_at)) - before
    expect(lifetime).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000)
    expect(lifetime).toBeLessThanOrEqual(24 * 3_600_000 + 60_000)
    expect(await audit(context.org.id, 'tprm.token')).toEqual([expect.objectContaining({ actor: context.member.email, target: 'OneTrust' })])

    // The page loaded afterwards (Back, or a reload) carries no token.
    const again = await portal(context.org, { cookie: context.cookie, query: '?tprm=true' })
    expect(JSON.stringify(again.data)).not.toContain(token)
  })

  it('refuses a partner that is not the org’s, a missing choice, and too many tokens', async () => {
    const context = await tprmOrg()
    const elsewhere = await tprmOrg()
    const foreign = await post(context.org, { intent: 'tprm-token', partnerId: elsewhere.partners[0].id }, { cookie: context.cookie })
    expect(foreign.status).toBe(400)
    expect(foreign.data.result.error.partnerId).toEqual(['This tool is no longer offered. Choose another one.'])
    const missing = await post(context.org, { intent: 'tprm-token' }, { cookie: context.cookie })
    expect(missing.status).toBe(400)
    expect(missing.data.result.error.partnerId).toEqual(['Choose a tool'])
    expect(await db().selectFrom('tprm_tokens').select('id').where('org_id', '=', context.org.id).execute()).toEqual([])

    // Ten attempts an hour per member: the refused partner was one of them.
    for (let made = 0; made < 9; made++) await createToken(context)
    const over = await post(context.org, { intent: 'tprm-token', partnerId: context.partners[0].id }, { cookie: context.cookie })
    expect(over.status).toBe(429)
    expect(await db().selectFrom('tprm_tokens').select('id').where('org_id', '=', context.org.id).execute()).toHaveLength(9)
  })

  // ---- TPRM: fetching with a token ---------------------------------------------------------------------

  it('answers a token with what the account may see now', async () => {
    const context = await tprmOrg()
    const { org, granted, other, hidden, grantedFile, otherFile } = context
    const { token } = await createToken(context)
    const result = await fetchTrustData(org, { token })
    expect(result.status).toBe(200)
    expect(result.headers.get('cache-control')).toBe('private, no-store')
    const data = await json(result)
    const text = JSON.stringify(data)
    expect(data.viewer).toEqual({ mode: 'account', account: 'Contoso' })
    expect(items(data)).toContainEqual(expect.objectContaining({ title: granted.title, text: 'Keys rotate every 90 days in our HSM.' }))
    expect(items(data)).toContainEqual({ title: other.title, locked: true })
    expect(text).not.toContain('Liability is capped')
    expect(text).not.toContain(hidden.title)
    expect(data.products[0].documents).toContainEqual(expect.objectContaining({ name: grantedFile.name, access: 'download' }))
    expect(text).not.toContain(otherFile.id)
    // Accounts see private updates, as on the page.
    expect(data.updates.map((update) => update.message)).toContain('Customers only: a finding was remediated.')

    const row = await db().selectFrom('tprm_tokens').select('last_used_at').where('org_id', '=', org.id).executeTakeFirstOrThrow()
    expect(row.last_used_at).not.toBeNull()
    expect(await audit(org.id, 'tprm.fetch')).toEqual([expect.objectContaining({ actor: context.member.email, target: 'OneTrust' })])

    // Access that ended counts at once: the token then sees what an expired member would.
    await grantProductAccess(database(), context.account, { productId: org.product.id, profileId: context.profile.id, expiresAt: new Date(Date.now() - DAY) })
    const expired = JSON.stringify(await json(await fetchTrustData(org, { token })))
    expect(expired).not.toContain('Keys rotate')
    expect(expired).toContain(granted.title)

    // An NDA the account must sign and has not: the same as for a member who has not signed.
    await grantProductAccess(database(), context.account, { productId: org.product.id, profileId: context.profile.id, ndaRequired: true })
    await db().updateTable('orgs').set({ nda_type: 'clickwrap' }).where('id', '=', org.id).execute()
    await db().updateTable('portal_customizations').set({ nda_text: 'Keep it secret.' }).where('org_id', '=', org.id).execute()
    expect(JSON.stringify(await json(await fetchTrustData(org, { token })))).not.toContain('Keys rotate')
    // Once a colleague signs it for the account, the token sees the granted item again.
    await db()
      .insertInto('nda_signatures')
      .values({
        org_id: org.id,
        account_id: context.account.id,
        member_id: context.member.id,
        signer_name: 'Casey',
        signer_email: context.member.email,
        nda_version: ndaVersion('Keep it secret.'),
        nda_text: 'Keep it secret.',
      })
      .execute()
    expect(JSON.stringify(await json(await fetchTrustData(org, { token })))).toContain('Keys rotate')
  })

  it('refuses an expired token, another org’s token and anything that is not a token, with no data', async () => {
    const context = await tprmOrg()
    const elsewhere = await tprmOrg()
    const { token } = await createToken(context)
    const { token: foreignToken } = await createToken(elsewhere)

    const refused = async (options: { token?: string; authorization?: string }) => {
      const result = await fetchTrustData(context.org, options)
      expect(result.status).toBe(401)
      expect(result.headers.get('cache-control')).toBe('private, no-store')
      expect(result.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
      const body = await result.response!.json()
      expect(Object.keys(body).sort()).toEqual(['error', 'message'])
      expect(body.error).toBe('invalid_token')
    }
    await refused({ token: foreignToken })
    await refused({ token: 'x'.repeat(43) })
    await refused({ authorization: 'Basic dXNlcjpwYXNz' })
    await refused({ authorization: `Bearer ${token}extra` })
    expect((await fetchTrustData(context.org, { token })).status).toBe(200)

    // 24 hours on, the token is refused.
    await db()
      .updateTable('tprm_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('org_id', '=', context.org.id)
      .execute()
    await refused({ token })

    // A member who leaves the account takes their tokens along.
    const { token: fresh } = await createToken(elsewhere)
    expect((await fetchTrustData(elsewhere.org, { token: fresh })).status).toBe(200)
    await db().deleteFrom('account_members').where('id', '=', elsewhere.member.id).execute()
    expect((await fetchTrustData(elsewhere.org, { token: fresh })).status).toBe(401)
    // No fetch was recorded for a refused token.
    expect(await audit(context.org.id, 'tprm.fetch')).toHaveLength(1)
  })

  // ---- Staff: the partners on /settings ----------------------------------------------------------------

  it('lets staff add and remove partners, audited, with clear messages for bad input', async () => {
    const org = await createOrg(database())
    const settings = (form: Record<string, string>) => callRoute(settingsAction, database(), { path: '/settings', cookie: org.admin.cookie, form })
    const revision = async () => (await db().selectFrom('portal_customizations').select('revision').where('org_id', '=', org.id).executeTakeFirstOrThrow()).revision

    const before = await revision()
    const added = await settings({ intent: 'tprm-partner-add', name: 'OneTrust', domain: 'https://www.OneTrust.com/' })
    expect(added.status, JSON.stringify(added.data)).toBe(302)
    expect(added.toast).toBe('TPRM partner added')
    expect(added.location).toBe('/settings/integrations')
    expect(await revision()).toBe(before + 1)
    const loaded = await callRoute(settingsLoader, database(), { path: '/settings', cookie: org.admin.cookie })
    expect(loaded.data.tprmPartners).toEqual([{ id: expect.any(String), name: 'OneTrust', domain: 'onetrust.com' }])
    expect(await audit(org.id, 'tprm.partner.add')).toEqual([expect.objectContaining({ actor: org.admin.email, target: 'OneTrust' })])

    const duplicate = await settings({ intent: 'tprm-partner-add', name: 'OneTrust again', domain: 'onetrust.com' })
    expect(duplicate.status).toBe(400)
    expect(duplicate.data).toMatchObject({ intent: 'tprm-partners', result: { error: { domain: ['This domain is already listed'] } } })
    const invalid = await settings({ intent: 'tprm-partner-add', name: '', domain: 'not a domain' })
    expect(invalid.status).toBe(400)
    expect(invalid.data.result.error).toMatchObject({ name: ['Enter the tool’s name'], domain: ['Enter a domain name such as onetrust.com'] })
    expect(await db().selectFrom('tprm_partners').select('id').where('org_id', '=', org.id).execute()).toHaveLength(1)

    // Another org's partner cannot be removed from here.
    const elsewhere = await tprmOrg()
    const foreign = await settings({ intent: 'tprm-partner-remove', partnerId: elsewhere.partners[0].id })
    expect(foreign.status).toBe(404)
    expect(await db().selectFrom('tprm_partners').select('id').where('id', '=', elsewhere.partners[0].id).execute()).toHaveLength(1)

    const removed = await settings({ intent: 'tprm-partner-remove', partnerId: loaded.data.tprmPartners[0].id })
    expect(removed.status).toBe(302)
    expect(removed.toast).toBe('TPRM partner removed')
    expect(await db().selectFrom('tprm_partners').select('id').where('org_id', '=', org.id).execute()).toEqual([])
    expect(await audit(org.id, 'tprm.partner.remove')).toEqual([expect.objectContaining({ target: 'OneTrust' })])

    // Settings scope only.
    const editor = await createStaffMember(database(), `editor@${org.slug}.test`, ['statuspage:edit'], { org })
    const forbidden = await callRoute(settingsAction, database(), {
      path: '/settings',
      cookie: editor,
      form: { intent: 'tprm-partner-add', name: 'Whistic', domain: 'whistic.com' },
    })
    expect(forbidden.status).toBe(403)
  })

  it('seeds three partners for the demo org', async () => {
    const partners = await db()
      .selectFrom('tprm_partners')
      .innerJoin('orgs', 'orgs.id', 'tprm_partners.org_id')
      .select(['tprm_partners.name', 'tprm_partners.domain'])
      .where('orgs.slug', '=', DEMO_ORG_SLUG)
      .orderBy('tprm_partners.name')
      .execute()
    expect(partners).toEqual([
      { name: 'OneTrust', domain: 'onetrust.com' },
      { name: 'ProcessUnity', domain: 'processunity.com' },
      { name: 'Whistic', domain: 'whistic.com' },
    ])
  })
})
