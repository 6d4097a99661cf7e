// Search (issue 10): the index kept by every edit, PDF text read in the background, prefix and web-search
// syntax, excerpts, groups and counts, and access inside the query, on the demo data and on both databases.
import { expect, it } from 'vitest'
import { loader as searchLoader } from '../../app/routes/portal/search'
import type { SearchResults } from '../../app/lib/search'
import { plainText } from '../../app/lib/search'
import { extractNext } from '../../server/search/extract'
import { describeEachDatabase } from '../setup/database'
import { createItem, createOrg, visitorCookie } from '../setup/factories'
import { callRoute } from '../setup/route'
import { staffCookie } from '../setup/staff'

interface Page {
  term: string
  results: SearchResults | null
  failed: boolean
}

describeEachDatabase('search', (database) => {
  const db = () => database().handle.db
  const search = (query: string, options: { cookie?: string } = {}) =>
    callRoute<Page>(searchLoader as never, database(), { path: `/portal/northwind/search?${query}`, params: { orgSlug: 'northwind' }, cookie: options.cookie })
  const titles = (page: Page, type?: string) =>
    (page.results?.groups ?? []).filter((group) => !type || group.type === type).flatMap((group) => group.hits.map((hit) => plainText(hit.title)))
  async function memberCookie() {
    const org = await db().selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
    const member = await db().selectFrom('account_members').select('id').where('email', '=', 'visitor@contoso.test').executeTakeFirstOrThrow()
    return visitorCookie(database(), org, member.id)
  }

  it('finds items, FAQs and updates by a prefix of a word, grouped, the top match’s group first and the rest by label, with highlighted excerpts', async () => {
    const page = (await search('q=encr')).data
    expect(page.results!.total).toBeGreaterThan(0)
    expect(page.results!.groups[0].type).toBe(page.results!.top!.type)
    const labels = page.results!.groups.slice(1).map((group) => group.label)
    expect(labels).toEqual([...labels].sort())
    expect(page.results!.groups.every((group) => group.hits.length <= 3 && group.count >= group.hits.length)).toBe(true)
    const marks = page.results!.groups.flatMap((group) => group.hits.flatMap((hit) => [...hit.title, ...hit.excerpt])).filter((part) => part.mark)
    expect(marks.length).toBeGreaterThan(0)
    expect(marks.every((part) => /^encr/i.test(part.text))).toBe(true)
    expect(page.results!.top).not.toBeNull()
  })

  it('finds what companies write by the words reviewers type: security synonyms at query time', async () => {
    // "2FA" and "MFA" find the demo's multi-factor items; "pen test" the penetration test; "SOC2" the SOC 2 report.
    for (const term of ['2FA', 'mfa', 'two-factor']) {
      const page = (await search(new URLSearchParams({ q: term, group: 'items' }).toString())).data
      expect(titles(page, 'items'), term).toContain('Multi-factor authentication (MFA)')
      const marks = page.results!.groups.flatMap((group) => group.hits.flatMap((hit) => [...hit.title, ...hit.excerpt])).filter((part) => part.mark)
      expect(
        marks.some((part) => /^(multi|factor|mfa)$/i.test(part.text)),
        term,
      ).toBe(true)
    }
    for (const term of ['pen test', 'pentest']) {
      const page = (await search(new URLSearchParams({ q: term }).toString())).data
      expect(
        titles(page).some((title) => /penetration test/i.test(title)),
        term,
      ).toBe(true)
    }
    const soc = (await search('q=SOC2')).data
    expect(titles(soc).some((title) => /SOC 2/.test(title))).toBe(true)
    // Without the list, "2FA" would find nothing: no demo text holds it.
    const plain = await db().selectFrom('search_entries').select('id').where('body', 'ilike', '%2fa%').execute()
    expect(plain).toEqual([])
  })

  it('names a document by its title, with its file name under it', async () => {
    const page = (await search('q=northwind')).data
    const documents = page.results!.groups.find((group) => group.type === 'documents')
    expect(documents).toBeDefined()
    for (const hit of documents!.hits) {
      if (hit.source === 'Document') continue
      expect(plainText(hit.title)).not.toMatch(/\.pdf$/)
      expect(hit.source).toMatch(/^Document · .+\.\w+$/)
    }
  })

  it('answers odd input without an error: punctuation only, tsquery syntax, SQL, markup; 400 over 512 characters', async () => {
    for (const query of ['!!!', "'&|:*()", 'encryption & | !', "x'); drop table items; --", '<script>alert(1)</script>', '"unterminated', '-', 'or or or']) {
      const page = await search(new URLSearchParams({ q: query }).toString())
      expect(page.status, query).toBe(200)
      expect(page.data.failed).toBe(false)
    }
    const long = await search(new URLSearchParams({ q: 'a'.repeat(10_000) }).toString())
    expect(long.status).toBe(400)
    expect(String(long.data)).toContain('at most 512 characters')
  })

  it('keeps the index current in the edit transaction and reads PDF pages in the background', async () => {
    // The demo's PDFs are waiting for their text.
    let extracted = 0
    while (await extractNext(db(), database().env)) extracted++
    expect(extracted).toBeGreaterThan(0)
    const pending = await db().selectFrom('files').select('id').where('text_status', '=', 'pending').execute()
    expect(pending).toEqual([])
    const pages = await db().selectFrom('search_entries').select('id').where('kind', '=', 'document').where('page', '>', 0).execute()
    expect(pages.length).toBeGreaterThan(0)
  })

  it('shows a restricted item to an anonymous visitor by its title only, and its text to a member it is granted to', async () => {
    const anonymous = (await search('q=continuity')).data
    const locked = anonymous.results!.groups.flatMap((group) => group.hits).filter((hit) => hit.locked)
    for (const hit of locked) {
      expect(hit.excerpt).toEqual([])
      expect(hit.item?.explanation).toBeNull()
    }
    const cookie = await memberCookie()
    const member = (await search('q=continuity', { cookie })).data
    expect(member.results!.total).toBeGreaterThanOrEqual(anonymous.results!.total)
  })

  it('matches and ranks a locked item on its title alone, so no query can probe its withheld text', async () => {
    const org = await createOrg(database())
    await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Penetration test report', access: 'restricted', explanation: 'Performed by Quillfeather Labs.' })
    await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Penetration test scope', access: 'restricted', explanation: 'Covers the API.' })
    const hits = async (q: string) => {
      const page = await callRoute<Page>(searchLoader as never, database(), { path: `${org.home}/search?${new URLSearchParams({ q })}`, params: org.params })
      return (page.data.results?.groups ?? []).flatMap((group) => group.hits.map((hit) => `${plainText(hit.title)}${hit.locked ? ' (locked)' : ''}`))
    }
    const plain = await hits('penetration test')
    expect(plain.sort()).toEqual(['Penetration test report (locked)', 'Penetration test scope (locked)'])
    expect(await hits('"penetration test" -quillfeather')).toEqual(await hits('"penetration test"'))
    expect(await hits('quillfeather')).toEqual([])
    // A word of one item's text does not move it ahead of the other.
    expect(await hits('"penetration test" or quillfeather')).toEqual(await hits('"penetration test" or nonexistentword'))
  })

  it('lets staff in Main mode find everything, hidden items included', async () => {
    const cookie = await staffCookie(database())
    const staff = (await search('q=security', { cookie })).data
    const anonymous = (await search('q=security')).data
    expect(staff.results!.total).toBeGreaterThanOrEqual(anonymous.results!.total)
    expect(titles(staff).length).toBeGreaterThan(0)
  })
})
