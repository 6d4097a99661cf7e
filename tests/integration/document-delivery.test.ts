// What leaves the portal for whom (issue 9): a restricted PDF stamped with the member's e-mail, company and
// the date (public ones and staff's never), bridge letters generated for whoever may open their report,
// and the inline viewer that offers no download of a view-only document.
import { expect, it } from 'vitest'
import { handle as viewerHandle, loader as viewerLoader, meta as viewerMeta } from '../../app/routes/portal/document-viewer'
import { handle as portalHandle, loader as portalLoader, meta as portalMeta } from '../../app/routes/portal/portal'
import { brandOfMatches } from '../../app/lib/portal-brand'
import { handle as searchHandle, loader as searchLoader, meta as searchMeta } from '../../app/routes/portal/search'
import { action as bulkAction } from '../../app/routes/resources/portal-bulk-download'
import { loader as fileLoader } from '../../app/routes/resources/portal-file'
import { loader as letterLoader } from '../../app/routes/resources/portal-letter'
import { letterDate } from '../../server/files/letter'
import { createFile as createFileRecord, fileStore } from '../../server/files/store'
import { describeEachDatabase } from '../setup/database'
import { createAccountWithMember, createFile, createItem, createOrg, createPermissionProfile, visitorCookie } from '../setup/factories'
import { compact, pdfText } from '../setup/pdf-text'
import { callRoute } from '../setup/route'

const YEAR = 365 * 86_400_000
const LETTER = {
  letterEnabled: true,
  letterType: 'SOC 2',
  letterContent: 'Nothing changed after the audit period.',
  signerName: 'Dana Whitaker',
  signerTitle: 'Chief Information Security Officer',
}

describeEachDatabase('document delivery', (database) => {
  const db = () => database().handle.db

  async function setup() {
    const org = await createOrg(database())
    const policies = await createItem(database(), org.product, { kind: 'Documents', title: 'Policies' })
    const report = await createItem(database(), org.product, { catalogueUid: 'soc-2-type-2-report', access: 'restricted' })
    await db()
      .updateTable('items')
      .set({ bridge_letter: JSON.stringify(LETTER) })
      .where('id', '=', report.id)
      .execute()
    const files = {
      policy: await createFile(database(), org, { item: policies, name: 'Security policy.pdf' }),
      report: await createFile(database(), org, { item: report, name: 'SOC 2 report.pdf' }),
      readOnly: await createFile(database(), org, { item: report, name: 'Read here.pdf', documentAccessType: 'view-only' }),
    }
    const profile = await createPermissionProfile(database(), org.product, { name: 'Reports', itemUids: [report.uid] })
    const account = await createAccountWithMember(database(), org, {
      name: 'Contoso',
      products: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + YEAR) }],
      member: { email: `casey-${org.slug}@contoso.test` },
    })
    const cookie = await visitorCookie(database(), org, account.memberId)
    const fetchFile = (id: string, options: { cookie?: string; download?: boolean } = {}) =>
      callRoute(fileLoader, database(), {
        path: `/portal/${org.slug}/files/${id}${options.download ? '?download=1' : ''}`,
        params: { orgSlug: org.slug, fileId: id },
        cookie: options.cookie,
      })
    const fetchLetter = (itemId: string, options: { cookie?: string; download?: boolean } = {}) =>
      callRoute(letterLoader, database(), {
        path: `/portal/${org.slug}/letters/${itemId}${options.download ? '?download' : ''}`,
        params: { orgSlug: org.slug, itemId },
        cookie: options.cookie,
      })
    return { org, report, files, cookie, email: `casey-${org.slug}@contoso.test`, fetchFile, fetchLetter }
  }

  const bytesOf = async (result: { response: Response | null }) => new Uint8Array(await result.response!.arrayBuffer())
  const stored = async (sha256: string) => new Uint8Array(await new Response((await fileStore(database().env).get(sha256))!).arrayBuffer())

  it("stamps a restricted PDF with the member's e-mail, company and the date, and leaves public ones and staff's as stored", async () => {
    const { org, files, cookie, email, fetchFile } = await setup()
    const viewed = await fetchFile(files.report.id, { cookie })
    expect(viewed.status).toBe(200)
    const stamped = await bytesOf(viewed)
    expect(Number(viewed.headers.get('content-length'))).toBe(stamped.byteLength)
    expect(stamped).not.toEqual(await stored(files.report.sha256))
    const text = compact((await pdfText(stamped)).join(' '))
    for (const part of [email, 'Contoso', letterDate(new Date())]) expect(text).toContain(compact(part))
    // The download is the same stamped copy, made once for the day.
    expect(await bytesOf(await fetchFile(files.report.id, { cookie, download: true }))).toEqual(stamped)

    expect(await bytesOf(await fetchFile(files.policy.id, { cookie }))).toEqual(await stored(files.policy.sha256))
    expect(await bytesOf(await fetchFile(files.report.id, { cookie: org.admin.cookie }))).toEqual(await stored(files.report.sha256))

    await db().updateTable('portal_customizations').set({ watermark_enabled: false }).where('org_id', '=', org.id).execute()
    expect(await bytesOf(await fetchFile(files.report.id, { cookie }))).toEqual(await stored(files.report.sha256))
  })

  it('refuses a restricted PDF it cannot stamp rather than send it unstamped', async () => {
    const { org, report, cookie, fetchFile } = await setup()
    const broken = await createFileRecord(db(), fileStore(database().env), {
      orgId: org.id,
      originalName: 'Broken.pdf',
      contentType: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.4\nnot really\n%%EOF\n'),
    })
    await db().insertInto('item_files').values({ item_id: report.id, file_id: broken.id, position: 9 }).execute()
    const result = await fetchFile(broken.id, { cookie })
    expect(result.status).toBe(403)
    expect(String(result.data)).toContain('cannot be watermarked')
    expect(await fetchFile(broken.id, { cookie: org.admin.cookie })).toMatchObject({ status: 200 })
  })

  it('serves a file a browser cannot show only to whoever may download it, and counts neither a HEAD nor an entry left out of a zip', async () => {
    const { org, report, files, cookie, fetchFile } = await setup()
    const word = await createFileRecord(db(), fileStore(database().env), {
      orgId: org.id,
      originalName: 'Controls.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: new TextEncoder().encode('PK not really a document'),
      documentAccessType: 'view-only',
    })
    await db().insertInto('item_files').values({ item_id: report.id, file_id: word.id, position: 8 }).execute()
    // "Viewing" it would be downloading it whole.
    expect(await fetchFile(word.id, { cookie })).toMatchObject({ status: 403, data: 'This file is view-only and not downloadable in the Trust Center' })
    expect(await fetchFile(word.id, { cookie: org.admin.cookie })).toMatchObject({ status: 200 })

    const head = await callRoute(fileLoader, database(), {
      path: `/portal/${org.slug}/files/${word.id}`,
      params: { orgSlug: org.slug, fileId: word.id },
      cookie: org.admin.cookie,
      method: 'HEAD',
    })
    expect(head.status).toBe(200)
    const counted = () => db().selectFrom('audit_entries').select('file_id').where('org_id', '=', org.id).where('action', 'in', ['file.view', 'file.download']).execute()
    expect(await counted()).toHaveLength(1)

    const broken = await createFileRecord(db(), fileStore(database().env), {
      orgId: org.id,
      originalName: 'Broken.pdf',
      contentType: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.4 no\n%%EOF'),
    })
    await db().insertInto('item_files').values({ item_id: report.id, file_id: broken.id, position: 9 }).execute()
    const zip = await callRoute(bulkAction, database(), {
      path: `/portal/${org.slug}/bulk-download`,
      params: { orgSlug: org.slug },
      cookie,
      form: { fileId: [broken.id, files.report.id] },
    })
    expect(zip.status).toBe(200)
    await zip.response!.arrayBuffer()
    expect((await counted()).map((entry) => entry.file_id)).not.toContain(broken.id)
  })

  it('generates the bridge letter for whoever may open the report, named for the org and report, and records it', async () => {
    const { org, report, cookie, email, fetchLetter } = await setup()
    expect((await fetchLetter(report.id)).status).toBe(404)
    const letter = await fetchLetter(report.id, { cookie, download: true })
    expect(letter.status).toBe(200)
    expect(letter.headers.get('content-type')).toBe('application/pdf')
    const name = `${org.name.replace(/ /g, '-')}-SOC-2-Type-II.pdf`
    expect(letter.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    const text = compact((await pdfText(await bytesOf(letter))).join(' '))
    for (const part of [org.name, LETTER.letterContent, LETTER.signerName, LETTER.signerTitle, letterDate(new Date()), email]) expect(text).toContain(compact(part))
    const [entry] = await db()
      .selectFrom('audit_entries')
      .select(['action', 'file_id', 'item_uid', 'target'])
      .where('org_id', '=', org.id)
      .where('action', '=', 'file.download')
      .execute()
    expect(entry).toEqual({ action: 'file.download', file_id: null, item_uid: report.uid, target: `letter:${report.uid}` })

    // Switched off, or not an item of this org, or not an id: no letter.
    for (const id of ['not-an-id', '-'.repeat(36), (await setup()).report.id]) expect((await fetchLetter(id, { cookie })).status).toBe(404)
    await db()
      .updateTable('items')
      .set({ bridge_letter: JSON.stringify({ ...LETTER, letterEnabled: false }) })
      .where('id', '=', report.id)
      .execute()
    expect((await fetchLetter(report.id, { cookie })).status).toBe(404)
  })

  it('shows a view-only document in the viewer without a download, and refuses its download form', async () => {
    const { org, files, cookie, fetchFile } = await setup()
    const view = (id: string, who?: string) =>
      callRoute(viewerLoader, database(), { path: `/portal/${org.slug}/view/${id}`, params: { orgSlug: org.slug, fileId: id }, cookie: who })
    const readOnly = await view(files.readOnly.id, cookie)
    expect(readOnly.status).toBe(200)
    expect(readOnly.data).toMatchObject({ name: 'Read here.pdf', kind: 'pdf', downloadUrl: null, src: `/portal/${org.slug}/files/${files.readOnly.id}/Read%20here.pdf` })
    const inline = await fetchFile(files.readOnly.id, { cookie })
    expect(inline.status).toBe(200)
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/)
    const refused = await fetchFile(files.readOnly.id, { cookie, download: true })
    expect(refused).toMatchObject({ status: 403, data: 'This file is view-only and not downloadable in the Trust Center' })

    expect((await view(files.report.id, cookie)).data).toMatchObject({ downloadUrl: `/portal/${org.slug}/files/${files.report.id}/SOC%202%20report.pdf?download=1` })
    // Staff in Main mode may download even a view-only document; the public sees no restricted one.
    expect((await view(files.readOnly.id, org.admin.cookie)).data).toMatchObject({ downloadUrl: expect.stringContaining('?download=1') })
    expect((await view(files.readOnly.id)).status).toBe(404)
    expect((await view('not-an-id', cookie)).status).toBe(404)
  })

  it('carries the org’s favicon and brand colour in the viewer, as its portal pages do', async () => {
    const { org, files } = await setup()
    const icon = await createFile(database(), org, { name: 'icon.png' })
    await db().updateTable('orgs').set({ brand_color: '#0f766e', favicon_file_id: icon.id }).where('id', '=', org.id).execute()
    const path = `/portal/${org.slug}/view/${files.policy.id}`
    const viewer = await callRoute(viewerLoader, database(), { path, params: { orgSlug: org.slug, fileId: files.policy.id } })
    expect(viewer.status).toBe(200)
    const portal = await callRoute(portalLoader, database(), { path: `/portal/${org.slug}`, params: { orgSlug: org.slug } })
    const iconOf = (tags: readonly unknown[]) => tags.find((tag) => (tag as { rel?: string }).rel === 'icon')
    const portalIcon = iconOf(portalMeta({ data: portal.data } as Parameters<typeof portalMeta>[0]))
    expect(portalIcon).toMatchObject({ href: expect.stringMatching(new RegExp(`^http://localhost:3000/portal/${org.slug}/favicon\\.png\\?v=`)), type: 'image/png' })
    expect(iconOf(viewerMeta({ data: viewer.data } as Parameters<typeof viewerMeta>[0]))).toEqual(portalIcon)
    expect(brandOfMatches([{ handle: viewerHandle, data: viewer.data }])).toEqual({ brandColor: '#0f766e' })
    expect(brandOfMatches([{ handle: portalHandle, data: portal.data }])).toEqual({ brandColor: '#0f766e' })
    // The search results page is another page of the portal: the same favicon and colour.
    const search = await callRoute(searchLoader, database(), { path: `/portal/${org.slug}/search?q=policy`, params: { orgSlug: org.slug } })
    expect(iconOf(searchMeta({ data: search.data } as Parameters<typeof searchMeta>[0]))).toEqual(portalIcon)
    expect(brandOfMatches([{ handle: searchHandle, data: search.data }])).toEqual({ brandColor: '#0f766e' })
  })
})
