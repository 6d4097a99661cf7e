import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import Subscribers, { action as subscribersAction, loader as subscribersLoader } from '../../app/routes/staff/subscribers/index'
import { loader as exportLoader } from '../../app/routes/staff/subscribers/export'
import { readBlockPattern } from '../../app/lib/schemas/subscribers'
import { BLOCKED_DOMAIN, SUBSCRIBERS } from '../../db/seed/northwind-subscribers'
import { isSubscriptionBlocked } from '../../server/subscriptions/blocks'
import { csvField } from '../../server/csv'
import { CSV_CHUNK, subscribersCsvStream } from '../../server/subscriptions/staff'
import { subscriberRecipients } from '../../server/updates/recipients'
import { describeEachDatabase } from '../setup/database'
import { createOrg, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'
import { staffCookie } from '../setup/staff'

const DAY = 86_400_000

describeEachDatabase('staff subscribers page', (database) => {
  const db = () => database().handle.db

  type Row = { email: string; status?: 'pending' | 'confirmed' | 'unsubscribed'; source?: string; daysAgo?: number }
  async function addSubscribers(org: { id: string }, rows: Row[]) {
    return db()
      .insertInto('subscribers')
      .values(
        rows.map((row) => ({
          org_id: org.id,
          email: row.email,
          status: row.status ?? 'confirmed',
          source: row.source ?? 'subscribe_button',
          created_at: new Date(Date.now() - (row.daysAgo ?? 1) * DAY),
          confirmed_at: (row.status ?? 'confirmed') === 'pending' ? null : new Date(Date.now() - (row.daysAgo ?? 1) * DAY + 60_000),
        })),
      )
      .returning(['id', 'email'])
      .execute()
  }

  const load = (cookie: string, path = '/subscribers') => callRoute(subscribersLoader, database(), { path, cookie })
  /** The CSV download route, with the list's filters. */
  const exportCsv = (cookie: string, query = '') => callRoute(exportLoader as never, database(), { path: `/subscribers/export.csv${query}`, cookie })
  const post = (org: OrgFixture, form: Record<string, string>, cookie = org.admin.cookie, path = '/subscribers') => callRoute(subscribersAction, database(), { path, cookie, form })
  const auditOf = (orgId: string) => db().selectFrom('audit_entries').select(['action', 'target']).where('org_id', '=', orgId).orderBy('created_at').execute()
  const blocksOf = (orgId: string) => db().selectFrom('subscriber_blocks').select(['pattern', 'kind']).where('org_id', '=', orgId).orderBy('pattern').execute()
  const emailsOf = async (orgId: string) => (await db().selectFrom('subscribers').select('email').where('org_id', '=', orgId).orderBy('email').execute()).map((row) => row.email)
  const csvOf = async (response: Response | null) => {
    expect(response).toBeInstanceOf(Response)
    return response!.text()
  }

  it('lists the org’s subscribers with counts, labels, search and a status filter', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    await addSubscribers(org, [
      { email: 'ada@contoso.test', source: 'direct_link', daysAgo: 1 },
      { email: 'bob@fabrikam.test', status: 'pending', source: 'trust_center_updates_button', daysAgo: 2 },
      { email: 'cy@contoso.test', status: 'unsubscribed', source: 'access_request', daysAgo: 3 },
      { email: 'dee_x@litware.test', source: 'staff', daysAgo: 4 },
      { email: 'deeyx@litware.test', daysAgo: 5 },
      { email: '100%@adatum.test', daysAgo: 6 },
    ])
    await addSubscribers(other, [{ email: 'ada@contoso.test' }, { email: 'eve@contoso.test' }])

    const page = await load(org.admin.cookie)
    expect(page.status).toBe(200)
    expect(page.data.counts).toEqual({ confirmed: 4, pending: 1, unsubscribed: 1 })
    expect(page.data.total).toBe(6)
    expect(page.data.subscribers.map((row: { email: string }) => row.email)).toEqual([
      'ada@contoso.test',
      'bob@fabrikam.test',
      'cy@contoso.test',
      'dee_x@litware.test',
      'deeyx@litware.test',
      '100%@adatum.test',
    ])
    expect(page.data.subscribers[0]).toMatchObject({ status: 'confirmed', statusLabel: 'Confirmed', source: 'direct_link', sourceLabel: 'Direct link', blocked: false })
    expect(page.data.subscribers.slice(1, 4).map((row: { statusLabel: string; sourceLabel: string }) => [row.statusLabel, row.sourceLabel])).toEqual([
      ['Awaiting confirmation', 'Trust Center updates'],
      ['Unsubscribed', 'Access request'],
      ['Confirmed', 'Added by staff'],
    ])

    const emails = async (path: string) => ((await load(org.admin.cookie, path)).data.subscribers as { email: string }[]).map((row) => row.email)
    expect(await emails('/subscribers?q=CONTOSO')).toEqual(['ada@contoso.test', 'cy@contoso.test'])
    // LIKE wildcards in the search are the characters themselves.
    expect(await emails('/subscribers?q=dee_')).toEqual(['dee_x@litware.test'])
    expect(await emails('/subscribers?q=%25')).toEqual(['100%@adatum.test'])
    expect(await emails('/subscribers?q=%5C')).toEqual([])
    expect(await emails('/subscribers?status=pending')).toEqual(['bob@fabrikam.test'])
    expect(await emails('/subscribers?status=unsubscribed&q=contoso')).toEqual(['cy@contoso.test'])
    // An unknown status is no filter; counts stay the org's whatever the filter.
    expect(await emails('/subscribers?status=bogus')).toHaveLength(6)
    const filtered = await load(org.admin.cookie, '/subscribers?status=pending')
    expect(filtered.data.counts).toEqual({ confirmed: 4, pending: 1, unsubscribed: 1 })
    expect(filtered.data.filter).toEqual({ q: '', status: 'pending', page: 1 })
  })

  it('pages by 50 and lands every junk page parameter inside the range', async () => {
    const org = await createOrg(database())
    await addSubscribers(
      org,
      Array.from({ length: 120 }, (_, index) => ({ email: `person${String(index).padStart(3, '0')}@paged.test`, daysAgo: index + 1 })),
    )
    const first = await load(org.admin.cookie)
    expect(first.data.subscribers).toHaveLength(50)
    expect(first.data.pageCount).toBe(3)
    expect(first.data.subscribers[0].email).toBe('person000@paged.test')
    const third = await load(org.admin.cookie, '/subscribers?page=3')
    expect(third.data.subscribers).toHaveLength(20)
    expect(third.data.subscribers[19].email).toBe('person119@paged.test')
    expect(third.data.filter.page).toBe(3)

    for (const junk of ['abc', '-1', '0', '99999999999999999999', '1e400', 'NaN', '2.5', '', '%00', '1;drop']) {
      const page = await load(org.admin.cookie, `/subscribers?page=${encodeURIComponent(junk)}`)
      expect(page.status, junk).toBe(200)
      expect(page.data.subscribers.length, junk).toBeGreaterThan(0)
      expect(page.data.filter.page, junk).toBeGreaterThanOrEqual(1)
      expect(page.data.filter.page, junk).toBeLessThanOrEqual(3)
    }
    // Past the end is the last page, not an empty one.
    expect((await load(org.admin.cookie, '/subscribers?page=99999999999999999999')).data.filter.page).toBe(3)
    // A search that matches nothing is page 1 of 1.
    const none = await load(org.admin.cookie, '/subscribers?q=nobody&page=7')
    expect(none.data).toMatchObject({ total: 0, pageCount: 1, subscribers: [], filter: { page: 1 } })
    // A search longer than any address is cut, not refused.
    expect((await load(org.admin.cookie, `/subscribers?q=${'a'.repeat(5000)}`)).status).toBe(200)
  })

  it('exports the filtered subscribers as CSV, quoted and safe from formulas', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    await addSubscribers(org, [
      { email: 'plain@contoso.test', source: 'direct_link' },
      { email: '-2+3@evil.test' },
      { email: '+cmd@evil.test' },
      { email: '@sum@evil.test' },
      { email: 'pending@contoso.test', status: 'pending' },
    ])
    await addSubscribers(other, [{ email: 'foreign@contoso.test' }])
    await db().insertInto('subscriber_blocks').values({ org_id: org.id, pattern: 'evil.test', kind: 'domain', created_by: 'x@y.test' }).execute()

    const exported = await exportCsv(org.admin.cookie)
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="subscribers.csv"; filename*=UTF-8''subscribers.csv`)
    const csv = await csvOf(exported.response)
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('Email,Status,Source,Subscribed at,Confirmed at,Unsubscribed at,Blocked')
    expect(lines.at(-1)).toBe('')
    expect(lines).toHaveLength(7)
    const byEmail = (start: string) => lines.find((line) => line.startsWith(start))!
    expect(byEmail(`"'-2+3@evil.test"`)).toMatch(/^"'-2\+3@evil\.test",Confirmed,Subscribe button,\d{4}-\d\d-\d\dT[^,]+Z,\d{4}-[^,]+Z,,Yes$/)
    expect(byEmail(`"'+cmd@evil.test"`)).toBeTruthy()
    expect(byEmail(`"'@sum@evil.test"`)).toBeTruthy()
    expect(byEmail('plain@contoso.test')).toMatch(/^plain@contoso\.test,Confirmed,Direct link,[^,]+,[^,]+,,No$/)
    expect(byEmail('pending@contoso.test')).toMatch(/^pending@contoso\.test,Awaiting confirmation,Subscribe button,[^,]+,,,No$/)
    expect(csv).not.toContain('foreign@')

    // The same filters as the list.
    const pending = await csvOf((await exportCsv(org.admin.cookie, '?status=pending')).response)
    expect(pending.split('\r\n').filter(Boolean)).toHaveLength(2)
    const searched = await csvOf((await callRoute(exportLoader, database(), { path: '/subscribers/export.csv?q=CONTOSO', cookie: org.admin.cookie })).response)
    expect(
      searched
        .split('\r\n')
        .filter(Boolean)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['pending@contoso.test', 'plain@contoso.test'])
  })

  it('quotes CSV fields as RFC 4180 has it', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(null)).toBe('')
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`)
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
  })

  it('streams a large export in keyset chunks without losing or repeating a row', async () => {
    const org = await createOrg(database())
    const count = CSV_CHUNK * 2 + 345
    await sql`
      insert into subscribers (org_id, email, source, status, created_at)
      select ${org.id}::uuid, 'bulk' || lpad(n::text, 6, '0') || '@bulk.test', 'direct_link', 'confirmed', now() - (n || ' minutes')::interval
      from generate_series(1, ${count}) as n
    `.execute(db())
    const response = await exportCsv(org.admin.cookie)
    const reader = response.response!.body!.getReader()
    let chunks = 0
    let text = ''
    const decoder = new TextDecoder()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks++
      text += decoder.decode(value, { stream: true })
    }
    const lines = text.split('\r\n').filter(Boolean)
    expect(lines).toHaveLength(count + 1)
    // A header, then one chunk per keyset page.
    expect(chunks).toBe(1 + Math.ceil(count / CSV_CHUNK))
    const emails = lines.slice(1).map((line) => line.split(',')[0])
    expect(new Set(emails).size).toBe(count)
    expect(emails).toEqual([...emails].sort())

    // Small chunks, a filter, and a chunk boundary exactly at the end.
    const small = await new Response(subscribersCsvStream(db(), org.id, { q: 'bulk00000', status: 'all' }, 3)).text()
    expect(
      small
        .split('\r\n')
        .filter(Boolean)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(Array.from({ length: 9 }, (_, index) => `bulk00000${index + 1}@bulk.test`))
  })

  it('blocks an address or a domain with its subdomains, which stops subscribing and sending', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    await addSubscribers(org, [{ email: 'casey@contoso.test' }, { email: 'lee@eu.fabrikam.test' }, { email: 'kim@fabrikam.test' }, { email: 'ok@litware.test' }])

    const address = await post(org, { intent: 'block', pattern: '  Casey@Contoso.test ' })
    expect(address.status).toBe(302)
    expect(address.toast).toBe('casey@contoso.test blocked')
    const domain = await post(org, { intent: 'block', pattern: '@Fabrikam.test' })
    expect(domain.status).toBe(302)
    expect(domain.toast).toBe('Addresses at fabrikam.test blocked')
    expect(await blocksOf(org.id)).toEqual([
      { pattern: 'casey@contoso.test', kind: 'email' },
      { pattern: 'fabrikam.test', kind: 'domain' },
    ])

    expect(await isSubscriptionBlocked(db(), org.id, 'casey@contoso.test')).toBe(true)
    expect(await isSubscriptionBlocked(db(), org.id, 'CASEY@contoso.test')).toBe(true)
    expect(await isSubscriptionBlocked(db(), org.id, 'other@contoso.test')).toBe(false)
    expect(await isSubscriptionBlocked(db(), org.id, 'anyone@fabrikam.test')).toBe(true)
    expect(await isSubscriptionBlocked(db(), org.id, 'anyone@mail.eu.fabrikam.test')).toBe(true)
    // Not a subdomain: a domain that merely ends alike.
    expect(await isSubscriptionBlocked(db(), org.id, 'anyone@notfabrikam.test')).toBe(false)
    expect(await isSubscriptionBlocked(db(), org.id, 'not-an-address')).toBe(false)
    // Blocks are the org's own.
    expect(await isSubscriptionBlocked(db(), other.id, 'anyone@fabrikam.test')).toBe(false)

    // Nobody is deleted: blocked subscribers stay listed and are marked.
    const page = await load(org.admin.cookie)
    expect(page.data.blocks.map((block: { pattern: string; kind: string; createdBy: string }) => [block.pattern, block.kind, block.createdBy])).toEqual([
      ['casey@contoso.test', 'email', org.admin.email],
      ['fabrikam.test', 'domain', org.admin.email],
    ])
    expect(Object.fromEntries(page.data.subscribers.map((row: { email: string; blocked: boolean }) => [row.email, row.blocked]))).toEqual({
      'casey@contoso.test': true,
      'lee@eu.fabrikam.test': true,
      'kim@fabrikam.test': true,
      'ok@litware.test': false,
    })
    expect((await subscriberRecipients(db(), org.id, 'public').execute()).map((row) => row.email)).not.toContain('kim@fabrikam.test')
    expect((await subscriberRecipients(db(), org.id, 'public').execute()).map((row) => row.email)).not.toContain('casey@contoso.test')
    expect(await auditOf(org.id)).toEqual([
      { action: 'subscriber.block', target: 'casey@contoso.test' },
      { action: 'subscriber.block', target: 'fabrikam.test' },
    ])

    // Already blocked, by itself or by its domain: 400 on the field.
    const again = await post(org, { intent: 'block', pattern: 'fabrikam.test' })
    expect(again.status).toBe(400)
    expect(again.data.result.error.pattern).toEqual(['fabrikam.test is already blocked.'])
    const covered = await post(org, { intent: 'block', pattern: 'x@eu.fabrikam.test' })
    expect(covered.status).toBe(400)
    expect(covered.data.result.error.pattern).toEqual(['x@eu.fabrikam.test is already blocked: the domain fabrikam.test is.'])
    expect(await blocksOf(org.id)).toHaveLength(2)
  })

  it('refuses what is neither an address nor a domain with 400 and the field’s message', async () => {
    const org = await createOrg(database())
    for (const pattern of ['', '   ']) {
      const answer = await post(org, { intent: 'block', pattern })
      expect(answer.status).toBe(400)
      expect(answer.data.result.error.pattern).toEqual(['Enter an e-mail address or a domain'])
    }
    const missing = await post(org, { intent: 'block' })
    expect(missing.status).toBe(400)
    expect(missing.data.result.error.pattern).toEqual(['Enter an e-mail address or a domain'])
    for (const pattern of ['localhost', 'not a domain', 'a@', '@', '@@example.com', 'x@y@z.test', '*.example.com', '%.test', 'exa_mple.com', 'a'.repeat(300), '-bad.test']) {
      const answer = await post(org, { intent: 'block', pattern })
      expect(answer.status, pattern).toBe(400)
      expect(answer.data.result.error.pattern, pattern).toEqual(['Enter an e-mail address (name@example.com) or a domain (example.com)'])
    }
    expect(readBlockPattern('Sub.Example.COM.')).toEqual({ pattern: 'sub.example.com', kind: 'domain' })
    expect(readBlockPattern('@xn--bcher-kva.example')).toEqual({ pattern: 'xn--bcher-kva.example', kind: 'domain' })
    expect((await post(org, { intent: 'unblock', blockId: 'not-a-uuid' })).status).toBe(400)
    expect((await post(org, { intent: 'remove', subscriberId: "1' or '1'='1" })).status).toBe(400)
    const unknown = await post(org, { intent: 'bogus' })
    expect(unknown.status).toBe(400)
    expect(unknown.thrown).toBe(true)
    expect(await blocksOf(org.id)).toEqual([])
    expect(await auditOf(org.id)).toEqual([])
  })

  it('unblocks, after which the address may subscribe and receive again', async () => {
    const org = await createOrg(database())
    await addSubscribers(org, [{ email: 'kim@fabrikam.test' }])
    await post(org, { intent: 'block', pattern: 'fabrikam.test' })
    const [block] = (await load(org.admin.cookie)).data.blocks
    const lifted = await post(org, { intent: 'unblock', blockId: block.id }, org.admin.cookie, '/subscribers?status=confirmed&q=kim&page=2&remove=whatever')
    expect(lifted.status).toBe(302)
    expect(lifted.toast).toBe('fabrikam.test unblocked')
    expect(lifted.location).toBe('/subscribers?q=kim&status=confirmed&page=2')
    expect(await blocksOf(org.id)).toEqual([])
    expect(await isSubscriptionBlocked(db(), org.id, 'kim@fabrikam.test')).toBe(false)
    expect((await subscriberRecipients(db(), org.id, 'public').execute()).map((row) => row.email)).toEqual(['kim@fabrikam.test'])
    expect((await auditOf(org.id)).map((entry) => entry.action)).toEqual(['subscriber.block', 'subscriber.unblock'])
    // Twice: it is gone.
    const twice = await post(org, { intent: 'unblock', blockId: block.id })
    expect(twice.status).toBe(404)
    expect(twice.data.result.error['']).toEqual(['This block no longer exists.'])
  })

  it('removes a subscriber after a confirmation the URL opens', async () => {
    const org = await createOrg(database())
    const [gone, kept] = await addSubscribers(org, [{ email: 'gone@contoso.test' }, { email: 'kept@contoso.test' }])
    const confirm = await load(org.admin.cookie, `/subscribers?q=contoso&remove=${gone.id}`)
    expect(confirm.data.removing).toEqual({ id: gone.id, email: 'gone@contoso.test' })
    expect((await load(org.admin.cookie, '/subscribers?remove=junk')).data.removing).toBeNull()

    const removed = await post(org, { intent: 'remove', subscriberId: gone.id }, org.admin.cookie, '/subscribers?q=contoso')
    expect(removed.status).toBe(302)
    expect(removed.location).toBe('/subscribers?q=contoso')
    expect(removed.toast).toBe('gone@contoso.test removed')
    expect(await emailsOf(org.id)).toEqual(['kept@contoso.test'])
    expect(await auditOf(org.id)).toEqual([{ action: 'subscriber.remove', target: 'gone@contoso.test' }])
    expect((await load(org.admin.cookie, `/subscribers?remove=${gone.id}`)).data.removing).toBeNull()
    const twice = await post(org, { intent: 'remove', subscriberId: gone.id })
    expect(twice.status).toBe(404)
    expect(twice.data.result.error['']).toEqual(['This subscriber no longer exists.'])
    expect(kept.email).toBe('kept@contoso.test')
  })

  it('never touches another org’s subscribers or blocks', async () => {
    const org = await createOrg(database())
    const other = await createOrg(database())
    const [foreign] = await addSubscribers(other, [{ email: 'foreign@contoso.test' }])
    await db().insertInto('subscriber_blocks').values({ org_id: other.id, pattern: 'blocked.test', kind: 'domain', created_by: other.admin.email }).execute()
    const foreignBlock = await db().selectFrom('subscriber_blocks').select('id').where('org_id', '=', other.id).executeTakeFirstOrThrow()

    expect((await post(org, { intent: 'remove', subscriberId: foreign.id })).status).toBe(404)
    expect((await post(org, { intent: 'unblock', blockId: foreignBlock.id })).status).toBe(404)
    expect((await load(org.admin.cookie, `/subscribers?remove=${foreign.id}`)).data.removing).toBeNull()
    const page = await load(org.admin.cookie)
    expect(page.data.subscribers).toEqual([])
    expect(page.data.blocks).toEqual([])
    // The same pattern is the other org's to block as well.
    expect((await post(org, { intent: 'block', pattern: 'blocked.test' })).status).toBe(302)

    expect(await emailsOf(other.id)).toEqual(['foreign@contoso.test'])
    expect(await blocksOf(other.id)).toEqual([{ pattern: 'blocked.test', kind: 'domain' }])
    expect(await auditOf(other.id)).toEqual([])
    expect((await auditOf(org.id)).map((entry) => entry.action)).toEqual(['subscriber.block'])
  })

  it('denies the page, the export and the changes to staff without the subscribers permission', async () => {
    const org = await createOrg(database())
    const [subscriber] = await addSubscribers(org, [{ email: 'ada@contoso.test' }])
    const cookie = await createStaffMember(database(), `updates-only@${org.slug}.test`, ['updates'], { org })
    expect((await load(cookie)).status).toBe(403)
    expect((await exportCsv(cookie)).status).toBe(403)
    // The list's old ?export=csv address sends a browser to the download route.
    expect((await load(org.admin.cookie, '/subscribers?export=csv&status=pending')).location).toBe('/subscribers/export.csv?status=pending')
    expect((await callRoute(exportLoader, database(), { path: '/subscribers/export.csv', cookie })).status).toBe(403)
    expect((await post(org, { intent: 'block', pattern: 'contoso.test' }, cookie)).status).toBe(403)
    expect((await post(org, { intent: 'remove', subscriberId: subscriber.id }, cookie)).status).toBe(403)
    expect(await emailsOf(org.id)).toEqual(['ada@contoso.test'])
    expect(await blocksOf(org.id)).toEqual([])
    // Signed out: sent to sign in, not shown anything.
    const anonymous = await load('')
    expect([302, 303]).toContain(anonymous.status)
  })

  it('renders the seeded demo: counts, labels, the blocked domain and the removal’s confirmation', async () => {
    const cookie = await staffCookie(database())
    const demo = await db().selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
    const seeded = await db().selectFrom('subscribers').select(['id', 'email', 'status']).where('org_id', '=', demo.id).execute()
    expect(seeded.length).toBeGreaterThanOrEqual(SUBSCRIBERS.length)
    expect(await isSubscriptionBlocked(db(), demo.id, `someone@${BLOCKED_DOMAIN}`)).toBe(true)
    const target = seeded.find((row) => row.email === 'visitor@contoso.test')!
    const path = `/subscribers?remove=${target.id}`
    const page = await load(cookie, path)
    expect(page.data.counts.confirmed).toBeGreaterThan(page.data.counts.pending + page.data.counts.unsubscribed)
    const Stub = createRoutesStub([{ id: 'subscribers', path: '/subscribers', Component: Subscribers as never }])
    const html = renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { subscribers: page.data } } }))
    expect(html).toContain('<h1>Subscribers</h1>')
    expect(html).toContain('Awaiting confirmation')
    expect(html).toContain('Trust Center updates')
    expect(html).toContain('Added by staff')
    expect(html).toContain(BLOCKED_DOMAIN)
    expect(html).toContain('Domain and subdomains')
    expect(html).toContain('aria-label="Remove visitor@contoso.test"')
    expect(html).toContain('Remove subscriber')
    expect(html).toContain('href="/subscribers/export.csv"')
  })
})
