// Document analytics (issue 9, /analytics): views and downloads per document and per account, counted
// from the audit entries real fetches write, visitors only (account members and the public, never staff,
// previews or crawlers); the 30-day chart, the CSV export, the scope, and an account's "Documents opened".
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, it } from 'vitest'
import Accounts, { loader as accountsLoader } from '../../app/routes/staff/accounts/index'
import Analytics, { loader as analyticsLoader } from '../../app/routes/staff/analytics/index'
import { loader as exportLoader } from '../../app/routes/staff/analytics/export'
import { loader as layoutLoader } from '../../app/routes/staff/layout'
import { loader as fileLoader } from '../../app/routes/resources/portal-file'
import { up as grantAnalyticsScope } from '../../migrations/0009-analytics-scope'
import { getViewer } from '../../server/access/viewer'
import { ANALYTICS_CSV_HEADER, documentFetchesCsvStream } from '../../server/analytics/documents'
import { recordDocumentFetches } from '../../server/files/fetches'
import { countPublicFetch, flushPublicFetches } from '../../server/files/public-fetches'
import { describeEachDatabase } from '../setup/database'
import { createAccountWithMember, createFile, createItem, createOrg, createPermissionProfile, createStaffMember, visitorCookie, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

const DAY = 86_400_000
const YEAR = 365 * DAY
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const FORMULA = '=HYPERLINK("https://evil.test","Click").pdf'

type DocumentRow = { name: string; itemTitle: string | null; views: number; downloads: number; accounts: number; letter: boolean }

describeEachDatabase('document analytics', (database) => {
  const db = () => database().handle.db

  /** One fetch through the real file route, as whoever the cookie and user agent say. */
  const fetchFile = (org: OrgFixture, fileId: string, options: { download?: boolean; cookie?: string; userAgent?: string; query?: string } = {}) =>
    callRoute(fileLoader, database(), {
      path: `${org.home}/files/${fileId}?${[options.download ? 'download' : '', options.query ?? ''].filter(Boolean).join('&')}`,
      params: { ...org.params, fileId },
      cookie: options.cookie,
      headers: { 'user-agent': options.userAgent ?? BROWSER },
    })
  const load = (cookie: string, query = '') => callRoute(analyticsLoader, database(), { path: `/analytics${query}`, cookie })
  const exportCsv = (cookie: string, query = '') => callRoute(exportLoader, database(), { path: `/analytics/export.csv${query}`, cookie })
  const csvLines = async (response: Response | null) => {
    expect(response).toBeInstanceOf(Response)
    return (await response!.text()).split('\r\n').slice(0, -1)
  }
  const byName = <T extends { name: string }>(rows: T[]) => Object.fromEntries(rows.map((row) => [row.name, row]))

  /**
   * An org with a public and a restricted document (and one named like a formula), an account whose
   * member may read the restricted one, and fetches by everyone who can fetch: the member, the public,
   * staff (Main and Preview), a crawler; a bulk archive's and a bridge letter's entries as
   * `recordDocumentFetches` writes them; the member's first view backdated 40 days.
   */
  async function setup() {
    const org = await createOrg(database())
    // Watermarking is its own concern (the factory's PDFs are stubs): analytics counts either way.
    await db().updateTable('portal_customizations').set({ watermark_enabled: false }).where('org_id', '=', org.id).execute()
    const policies = await createItem(database(), org.product, { kind: 'Documents', title: 'Policies' })
    const soc2 = await createItem(database(), org.product, { kind: 'Documents', title: 'SOC 2', access: 'restricted' })
    const files = {
      policy: await createFile(database(), org, { item: policies, name: 'Security policy.pdf' }),
      handbook: await createFile(database(), org, { item: policies, name: 'Handbook.pdf' }),
      formula: await createFile(database(), org, { item: policies, name: FORMULA }),
      report: await createFile(database(), org, { item: soc2, name: 'SOC 2 Type II.pdf' }),
    }
    const profile = await createPermissionProfile(database(), org.product, { name: 'SOC 2 readers', itemUids: [soc2.uid] })
    const memberEmail = `casey-${org.slug}@contoso.test`
    const account = await createAccountWithMember(database(), org, {
      name: `Contoso ${org.slug}`,
      products: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + YEAR) }],
      member: { email: memberEmail },
    })
    const member = await visitorCookie(database(), org, account.memberId)

    // The member: the policy once (to be backdated), the report viewed twice and downloaded once.
    const fetches = [
      await fetchFile(org, files.policy.id, { cookie: member }),
      await fetchFile(org, files.report.id, { cookie: member }),
      await fetchFile(org, files.report.id, { cookie: member }),
      await fetchFile(org, files.report.id, { cookie: member, download: true }),
      // The public: views the policy, downloads the formula-named file.
      await fetchFile(org, files.policy.id),
      await fetchFile(org, files.formula.id, { download: true }),
      // Not counted: staff in Main mode, staff previewing the account, a crawler.
      await fetchFile(org, files.policy.id, { cookie: org.admin.cookie }),
      await fetchFile(org, files.report.id, { cookie: org.admin.cookie, download: true }),
      await fetchFile(org, files.report.id, { cookie: org.admin.cookie, query: `accountId=${account.id}` }),
      await fetchFile(org, files.policy.id, { userAgent: GOOGLEBOT }),
    ]
    expect(fetches.map((fetched) => fetched.status)).toEqual(fetches.map(() => 200))
    // The public's fetches are counted in memory and written in a batch.
    await flushPublicFetches(db())

    // A bulk archive's entries and a bridge letter, recorded as their routes record them.
    const request = new Request(`http://localhost:3000${org.home}/bulk-download`, { method: 'POST', headers: { cookie: member, 'user-agent': BROWSER } })
    const viewer = await getViewer(request, db(), org)
    expect(viewer.mode).toBe('AccountExternal')
    await recordDocumentFetches(db(), request, '127.0.0.1', org, viewer, [
      { action: 'file.download', fileId: files.policy.id, itemUid: policies.uid, name: 'Security policy.pdf', via: 'bulk-download' },
      { action: 'file.download', fileId: files.handbook.id, itemUid: policies.uid, name: 'Handbook.pdf', via: 'bulk-download' },
    ])
    await recordDocumentFetches(db(), request, '127.0.0.1', org, viewer, [
      { action: 'file.download', fileId: null, itemUid: soc2.uid, name: `${org.name}-SOC 2.pdf`, via: 'letter' },
    ])
    // The newest, whatever the clock's resolution: rows written in one millisecond would tie.
    await db()
      .updateTable('audit_entries')
      .set({ created_at: new Date(Date.now() + 1000) })
      .where('org_id', '=', org.id)
      .where('target', '=', `letter:${soc2.uid}`)
      .execute()

    const first = await db()
      .selectFrom('audit_entries')
      .select('id')
      .where('org_id', '=', org.id)
      .where('actor', '=', memberEmail)
      .where('file_id', '=', files.policy.id)
      .where('action', '=', 'file.view')
      .executeTakeFirstOrThrow()
    await db()
      .updateTable('audit_entries')
      .set({ created_at: new Date(Date.now() - 40 * DAY) })
      .where('id', '=', first.id)
      .execute()
    return { org, account, memberEmail, files, items: { policies, soc2 } }
  }

  it('counts views and downloads by document and by account, visitors only, for the last 30 days and all time', async () => {
    const { org, account, files } = await setup()
    // Another org's visitors are another org's figures.
    const other = await createOrg(database())
    const elsewhere = await createFile(database(), other, {
      item: await createItem(database(), other.product, { kind: 'Documents', title: 'Elsewhere' }),
      name: 'Security policy.pdf',
    })
    expect((await fetchFile(other, elsewhere.id)).status).toBe(200)
    await flushPublicFetches(db())

    // Staff and previews are in the audit log all the same; the public and the crawler are counts, no entry each.
    const actors = await db().selectFrom('audit_entries').select('actor').where('org_id', '=', org.id).where('action', 'in', ['file.view', 'file.download']).execute()
    expect(actors.filter((row) => row.actor === org.admin.email)).toHaveLength(3)
    expect(actors.filter((row) => row.actor.startsWith('Public'))).toEqual([])
    const counts = await db()
      .selectFrom('public_document_fetches')
      .select(['file_id', 'action', 'crawler', 'count'])
      .where('org_id', '=', org.id)
      .orderBy('action')
      .orderBy('crawler')
      .execute()
    expect(counts).toEqual([
      { file_id: files.formula.id, action: 'file.download', crawler: false, count: 1 },
      { file_id: files.policy.id, action: 'file.view', crawler: false, count: 1 },
      { file_id: files.policy.id, action: 'file.view', crawler: true, count: 1 },
    ])

    const recent = await load(org.admin.cookie)
    expect(recent.status).toBe(200)
    expect(recent.data.period).toBe('30d')
    expect(recent.data.totals).toEqual({ views: 3, downloads: 5, accounts: 1, documents: 5 })
    expect(recent.data.documents.rows[0]).toMatchObject({ name: 'SOC 2 Type II.pdf', itemTitle: 'SOC 2', views: 2, downloads: 1, accounts: 1 })
    const documents = byName<DocumentRow>(recent.data.documents.rows)
    expect(Object.keys(documents).sort()).toEqual([FORMULA, 'Handbook.pdf', `${org.name}-SOC 2.pdf`, 'SOC 2 Type II.pdf', 'Security policy.pdf'].sort())
    expect(documents['Security policy.pdf']).toMatchObject({ itemTitle: 'Policies', views: 1, downloads: 1, accounts: 1, letter: false })
    expect(documents[`${org.name}-SOC 2.pdf`]).toMatchObject({ itemTitle: 'SOC 2', views: 0, downloads: 1, accounts: 1, letter: true })
    expect(documents[FORMULA]).toMatchObject({ views: 0, downloads: 1, accounts: 0 })
    expect(recent.data.accounts.rows).toEqual([expect.objectContaining({ accountId: account.id, name: account.name, exists: true, views: 2, downloads: 4, documents: 4 })])

    // The chart: 30 UTC days ending today, adding up to the 30-day totals.
    expect(recent.data.daily).toHaveLength(30)
    expect(recent.data.daily.at(-1).day).toBe(new Date().toISOString().slice(0, 10))
    const sum = (key: 'views' | 'downloads') => recent.data.daily.reduce((total: number, day: Record<string, number>) => total + day[key], 0)
    expect({ views: sum('views'), downloads: sum('downloads') }).toEqual({ views: 3, downloads: 5 })

    // All time brings back the member's view from 40 days ago.
    const all = await load(org.admin.cookie, '?period=all')
    expect(all.data.period).toBe('all')
    expect(all.data.totals).toEqual({ views: 4, downloads: 5, accounts: 1, documents: 5 })
    expect(byName<DocumentRow>(all.data.documents.rows)['Security policy.pdf']).toMatchObject({ views: 2, downloads: 1 })
    expect(all.data.accounts.rows).toEqual([expect.objectContaining({ accountId: account.id, views: 3, downloads: 4, documents: 4 })])

    // A renamed file shows its name now; a deleted account keeps the name its members fetched under.
    await db().updateTable('files').set({ original_name: 'Security policy 2026.pdf' }).where('id', '=', files.policy.id).execute()
    await db().deleteFrom('accounts').where('id', '=', account.id).execute()
    const later = await load(org.admin.cookie, '?period=all')
    expect(byName<DocumentRow>(later.data.documents.rows)['Security policy 2026.pdf']).toMatchObject({ views: 2, downloads: 1 })
    expect(later.data.accounts.rows).toEqual([expect.objectContaining({ accountId: account.id, name: account.name, exists: false, views: 3 })])
  })

  it('counts the public per document and day, adding up batches from several app servers, and shows them in analytics and the CSV', async () => {
    const { org, files, items } = await setup()
    // Ten more anonymous views through the real route: still no entry each, one count once written.
    for (let index = 0; index < 10; index++) expect((await fetchFile(org, files.handbook.id)).status).toBe(200)
    const entries = () =>
      db().selectFrom('audit_entries').select('id').where('org_id', '=', org.id).where('file_id', '=', files.handbook.id).where('account_id', 'is', null).execute()
    expect(await entries()).toEqual([])
    const counted = () =>
      db()
        .selectFrom('public_document_fetches')
        .select(['count', 'day'])
        .where('org_id', '=', org.id)
        .where('file_id', '=', files.handbook.id)
        .where('action', '=', 'file.view')
        .execute()
    expect(await counted()).toEqual([])
    await flushPublicFetches(db())
    expect(await counted()).toEqual([{ count: 10, day: expect.anything() }])
    // Another app server's batch for the same document and day adds to it (the upsert), as does this one's next.
    const fetch = { action: 'file.view' as const, fileId: files.handbook.id, itemUid: items.policies.uid, name: 'Handbook.pdf' }
    await db()
      .insertInto('public_document_fetches')
      .values({
        org_id: org.id,
        day: new Date().toISOString().slice(0, 10),
        action: 'file.view',
        document: files.handbook.id,
        file_id: files.handbook.id,
        item_uid: items.policies.uid,
        via: null,
        crawler: false,
        name: 'Handbook.pdf',
        count: 5,
        last_fetched_at: new Date(),
      })
      .onConflict((conflict) =>
        conflict
          .columns(['org_id', 'day', 'action', 'document', 'item_uid', 'via', 'crawler'])
          .doUpdateSet({ count: (eb) => eb('public_document_fetches.count', '+', eb.ref('excluded.count')) }),
      )
      .execute()
    countPublicFetch(db(), org.id, fetch, false)
    countPublicFetch(db(), org.id, fetch, false)
    await flushPublicFetches(db())
    expect(await counted()).toEqual([{ count: 17, day: expect.anything() }])

    const page = await load(org.admin.cookie)
    expect(byName<DocumentRow>(page.data.documents.rows)['Handbook.pdf']).toMatchObject({ views: 17, downloads: 1, accounts: 1 })
    expect(page.data.totals).toEqual({ views: 3 + 17, downloads: 5, accounts: 1, documents: 5 })
    expect(page.data.daily.at(-1).views).toBe(page.data.totals.views)
    const lines = await csvLines((await exportCsv(org.admin.cookie)).response)
    expect(lines.map((line) => line.slice(25))).toContain('view,Single file,Handbook.pdf,Policies,,,17')
  })

  it('renders the chart, the period switch, both tables and the CSV link on the server, and says when there is nothing', async () => {
    const { org, account } = await setup()
    const page = await load(org.admin.cookie)
    const Stub = createRoutesStub([{ id: 'analytics', path: '/analytics', Component: Analytics as never }])
    const render = (path: string, loaderData: unknown) => renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { analytics: loaderData } } }))
    const html = render('/analytics', page.data)
    expect(html).toContain('<h1>Analytics</h1>')
    const label = 'Views and downloads per day over the last 30 days: 3 views and 5 downloads; busiest day'
    expect(html).toMatch(new RegExp(`<svg[^>]*role="img"[^>]*aria-label="${label}`))
    expect(html).toMatch(new RegExp(`<title>${label}`))
    expect(html).toContain('>Views</text>')
    expect(html).toContain('>Downloads</text>')
    expect(html).toContain('Day (UTC)')
    expect((html.match(/<rect /g) ?? []).length).toBe(2 + 2 * 30)
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/analytics"[^>]*>Last 30 days<\/a>|<a[^>]*href="\/analytics"[^>]*aria-current="page"[^>]*>Last 30 days<\/a>/)
    expect(html).toContain('href="/analytics?period=all"')
    expect(html).toContain('href="/analytics/export.csv"')
    expect(html).toContain('Download CSV')
    expect(html).toContain('<h2 id="analytics-documents-title">By document</h2>')
    expect(html).toContain('<h2 id="analytics-accounts-title">By account</h2>')
    expect(html).toContain(`href="/accounts?account=${account.id}#documents-opened-${account.id}"`)
    expect(html).toContain('&quot;https://evil.test&quot;')
    expect(render('/analytics?period=all', (await load(org.admin.cookie, '?period=all')).data)).toContain('href="/analytics/export.csv?period=all"')

    // Staff who may not open accounts see the names without links.
    const analyst = await createStaffMember(database(), `analyst@${org.slug}.test`, ['analytics'], { org })
    expect(render('/analytics', (await load(analyst)).data)).not.toContain('href="/accounts?account=')

    const empty = await createOrg(database())
    const none = render('/analytics?period=all', (await load(empty.admin.cookie, '?period=all')).data)
    expect(none).toContain('No document has been viewed or downloaded yet.')
    expect(none).toContain('No account member has viewed or downloaded a document yet.')
    expect(none).toContain('0 views and 0 downloads.')
    expect(render('/analytics', (await load(empty.admin.cookie)).data)).toContain('No document has been viewed or downloaded in the last 30 days.')
  })

  it('exports every counted fetch of the period as CSV, newest first, formulas defused, in keyset chunks', async () => {
    const { org, account, memberEmail } = await setup()
    const recent = await exportCsv(org.admin.cookie)
    expect(recent.status).toBe(200)
    expect(recent.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(recent.headers.get('content-disposition')).toBe(`attachment; filename="document-analytics-last-30-days.csv"; filename*=UTF-8''document-analytics-last-30-days.csv`)
    expect(recent.headers.get('cache-control')).toBe('private, no-store')
    const lines = await csvLines(recent.response)
    expect(lines[0]).toBe(ANALYTICS_CSV_HEADER.join(','))
    expect(lines).toHaveLength(1 + 8)
    const rows = lines.slice(1)
    const times = rows.map((line) => line.slice(0, 24))
    expect(times.every((time) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(time))).toBe(true)
    expect([...times].sort().reverse()).toEqual(times)
    const fields = rows.map((line) => line.slice(25))
    // The formula-named document is quoted and prefixed, so a spreadsheet shows it as text.
    expect(fields).toContain(`download,Single file,"'=HYPERLINK(""https://evil.test"",""Click"").pdf",Policies,,,1`)
    expect(fields).toContain(`view,Single file,Security policy.pdf,Policies,,,1`)
    expect(fields.filter((line) => line === `view,Single file,SOC 2 Type II.pdf,SOC 2,${account.name},${memberEmail},1`)).toHaveLength(2)
    expect(fields).toContain(`download,Single file,SOC 2 Type II.pdf,SOC 2,${account.name},${memberEmail},1`)
    expect(fields).toContain(`download,Bulk download,Handbook.pdf,Policies,${account.name},${memberEmail},1`)
    expect(fields).toContain(`download,Bridge letter,${org.name}-SOC 2.pdf,SOC 2,${account.name},${memberEmail},1`)
    expect(fields.join('\n')).not.toContain(org.admin.email)
    expect(fields.join('\n')).not.toContain('bot')

    const all = await exportCsv(org.admin.cookie, '?period=all')
    expect(all.headers.get('content-disposition')).toBe(`attachment; filename="document-analytics-all-time.csv"; filename*=UTF-8''document-analytics-all-time.csv`)
    const allLines = await csvLines(all.response)
    expect(allLines).toHaveLength(1 + 9)
    expect(allLines.at(-1)!.slice(25)).toBe(`view,Single file,Security policy.pdf,Policies,${account.name},${memberEmail},1`)

    // Read two rows at a time (the bulk entries share one timestamp), the export is the same, row for row.
    const chunked = (await new Response(documentFetchesCsvStream(db(), org.id, 'all', new Date(), 2)).text()).split('\r\n').slice(0, -1)
    expect(chunked).toEqual(allLines)
  })

  it('refuses the page and the export to staff without the analytics scope, and shows its nav link to those with it', async () => {
    const { org } = await setup()
    const cookie = await createStaffMember(database(), `accounts-only@${org.slug}.test`, ['accounts', 'audit', 'subscribers'], { org })
    expect(await load(cookie)).toMatchObject({ status: 403, data: "You don't have access to this page" })
    expect(await exportCsv(cookie)).toMatchObject({ status: 403, data: "You don't have access to this page" })
    // Signed out: sent to sign in, shown nothing.
    expect([302, 303]).toContain((await load('')).status)
    expect([302, 303]).toContain((await exportCsv('')).status)

    // The navigation's links, across its groups (decision 055).
    type NavGroup = { title: string; links: { scope: string; title: string }[] }
    const links = async (cookie: string) => ((await callRoute(layoutLoader, database(), { path: '/analytics', cookie })).data.groups as NavGroup[]).flatMap((group) => group.links)
    expect((await links(cookie)).map((entry) => entry.scope)).not.toContain('analytics')
    expect(await links(org.admin.cookie)).toContainEqual(expect.objectContaining({ scope: 'analytics', title: 'Analytics' }))
  })

  it('gives the scope to members who already read the audit log, when a workspace from before it migrates', async () => {
    const org = await createOrg(database())
    const staffOf = async (email: string) =>
      (await db().selectFrom('staff_members').select('permissions').where('org_id', '=', org.id).where('email', '=', email).executeTakeFirstOrThrow()).permissions
    await createStaffMember(database(), `auditor@${org.slug}.test`, ['members', 'audit'], { org })
    await createStaffMember(database(), `editor@${org.slug}.test`, ['documents'], { org })
    await grantAnalyticsScope(db())
    await grantAnalyticsScope(db())
    expect(await staffOf(`auditor@${org.slug}.test`)).toEqual(['members', 'audit', 'analytics'])
    expect(await staffOf(`editor@${org.slug}.test`)).toEqual(['documents'])
  })

  it('lists what an account’s members opened on the account’s own page, newest first; the list of accounts reads none of it', async () => {
    const { org, account, memberEmail } = await setup()
    const list = await callRoute(accountsLoader, database(), { path: '/accounts', cookie: org.admin.cookie })
    expect(list.status).toBe(200)
    const listed = list.data.accounts.find((entry: { id: string }) => entry.id === account.id)
    // The list is a table of accounts: no per-account log is read for it.
    expect(listed.opened).toBeUndefined()
    expect(list.data.focus).toBeNull()

    const own = await callRoute(accountsLoader, database(), { path: `/accounts?account=${account.id}`, cookie: org.admin.cookie })
    expect(own.data.accounts.map((entry: { id: string }) => entry.id)).toEqual([account.id])
    expect(own.data.focus).toMatchObject({ accountId: account.id, page: 1, hasMore: false })
    expect(own.data.focus.entries).toHaveLength(7)
    expect(own.data.focus.entries.at(-1)).toMatchObject({ action: 'view', via: null, memberEmail, document: 'Security policy.pdf', itemTitle: 'Policies' })
    // Staff fetches, even a preview as this account, are not the account's.
    expect(own.data.focus.entries.every((entry: { memberEmail: string }) => entry.memberEmail === memberEmail)).toBe(true)

    const Stub = createRoutesStub([{ id: 'accounts', path: '/accounts', Component: Accounts as never }])
    const render = (path: string, loaderData: unknown) => renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { accounts: loaderData } } }))
    expect(render('/accounts', list.data)).not.toContain('Documents opened')
    const ownHtml = render(`/accounts?account=${account.id}`, own.data)
    expect(ownHtml).toContain('All accounts')
    expect(ownHtml).toContain('Security policy.pdf')
    expect(ownHtml).toContain('Viewed')
    expect(ownHtml).toContain(`<h4 id="documents-opened-${account.id}-title">Documents opened</h4>`)
    expect(ownHtml).toContain('Bridge letter')

    // An account nobody from opened anything says so; an unknown or foreign id shows the whole list.
    const quiet = await createAccountWithMember(database(), org, { name: 'Quiet', products: [], member: { email: `quiet-${org.slug}@fabrikam.test` } })
    const again = await callRoute(accountsLoader, database(), { path: `/accounts?account=${quiet.id}`, cookie: org.admin.cookie })
    expect(again.data.focus).toMatchObject({ entries: [], hasMore: false })
    expect(render(`/accounts?account=${quiet.id}`, again.data)).toContain('No member has opened a document yet.')
    const stranger = await createOrg(database())
    const foreign = await createAccountWithMember(database(), stranger, { name: 'Foreign', products: [], member: { email: `foreign-${org.slug}@fabrikam.test` } })
    const refused = await callRoute(accountsLoader, database(), { path: `/accounts?account=${foreign.id}`, cookie: org.admin.cookie })
    expect(refused.data.focus).toBeNull()
    expect(refused.data.accounts.map((entry: { id: string }) => entry.id)).toContain(account.id)
  })
})
