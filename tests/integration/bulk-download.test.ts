// POST {portal}/bulk-download (issue 9): the documents an account member may download, as one ZIP
// checked file by file at the moment of the request; everything else is refused or left out.
import JSZip from 'jszip'
import { expect, it } from 'vitest'
import { action as bulkAction, loader as bulkLoader } from '../../app/routes/resources/portal-bulk-download'
import { BULK_MAX_FILES, BULK_MESSAGES } from '../../server/files/bulk'
import { describeEachDatabase } from '../setup/database'
import { createAccountWithMember, createFile, createItem, createOrg, createPermissionProfile, visitorCookie, type OrgFixture } from '../setup/factories'
import { compact, pdfText } from '../setup/pdf-text'
import { callRoute } from '../setup/route'

const YEAR = 365 * 86_400_000

describeEachDatabase('bulk download', (database) => {
  const db = () => database().handle.db
  const post = (org: OrgFixture, fileIds: string[], cookie?: string, letterIds: string[] = []) =>
    callRoute(bulkAction, database(), { path: `/portal/${org.slug}/bulk-download`, params: { orgSlug: org.slug }, cookie, form: { fileId: fileIds, letterId: letterIds } })

  /** An org whose account member may download the public and one granted restricted document, but not another restricted one. */
  async function setup() {
    const org = await createOrg(database())
    const policies = await createItem(database(), org.product, { kind: 'Documents', title: 'Policies' })
    const granted = await createItem(database(), org.product, { kind: 'Documents', title: 'SOC 2', access: 'restricted' })
    const withheld = await createItem(database(), org.product, { kind: 'Documents', title: 'Pen test', access: 'restricted' })
    const files = {
      policy: await createFile(database(), org, { item: policies, name: 'Security policy.pdf' }),
      sameName: await createFile(database(), org, { item: policies, name: 'security policy.PDF' }),
      soc2: await createFile(database(), org, { item: granted, name: '../SOC 2 Type II.pdf' }),
      penTest: await createFile(database(), org, { item: withheld, name: 'Pen test.pdf' }),
      viewOnly: await createFile(database(), org, { item: policies, name: 'Read here only.pdf', documentAccessType: 'view-only' }),
    }
    const profile = await createPermissionProfile(database(), org.product, { name: 'SOC 2 readers', itemUids: [granted.uid] })
    const account = await createAccountWithMember(database(), org, {
      name: 'Contoso',
      products: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + YEAR) }],
      member: { email: `casey-${org.slug}@contoso.test` },
    })
    return { org, files, cookie: await visitorCookie(database(), org, account.memberId) }
  }

  it('streams one ZIP of exactly the documents the member may download, under safe unique names', async () => {
    const { org, files, cookie } = await setup()
    const other = await createOrg(database())
    const foreign = await createFile(database(), other, { name: 'Other org.pdf' })
    // The same file asked for twice, once in capitals: one entry.
    const asked = [files.policy.id, files.sameName.id, files.soc2.id, files.penTest.id, files.viewOnly.id, foreign.id, files.policy.id.toUpperCase(), files.policy.id]
    const result = await post(org, asked, cookie)
    expect(result.status).toBe(200)
    expect(result.headers.get('content-type')).toBe('application/zip')
    expect(result.headers.get('content-disposition')).toContain('attachment')
    expect(result.headers.get('cache-control')).toBe('private, no-store')
    expect(result.headers.get('x-bulk-included')).toBe('3')
    expect(result.headers.get('x-bulk-failed')!.split(',')).toEqual([files.penTest.id, files.viewOnly.id, foreign.id])

    const zip = await JSZip.loadAsync(await result.response!.arrayBuffer())
    expect(Object.keys(zip.files)).toEqual(['Security policy.pdf', 'security policy (2).PDF', '-SOC 2 Type II.pdf'])
    // The restricted report is stamped with the member's name; the public policy leaves as it was stored.
    const stamped = (await pdfText(await zip.file('-SOC 2 Type II.pdf')!.async('uint8array'))).join(' ')
    expect(compact(stamped)).toContain(compact(`casey-${org.slug}@contoso.test`))
    expect(compact(stamped)).toContain('Contoso')
    expect(await zip.file('Security policy.pdf')!.async('string')).toMatch(/% Security policy\.pdf\n$/)
    const audit = await db().selectFrom('audit_entries').select(['action', 'actor']).where('org_id', '=', org.id).where('action', '=', 'file.bulk-download').execute()
    expect(audit).toEqual([{ action: 'file.bulk-download', actor: `casey-${org.slug}@contoso.test` }])
    // Each document in the archive is a download of its own for the audit log and analytics.
    const fetched = await db()
      .selectFrom('audit_entries')
      .select(['file_id', 'item_uid', 'account_id', 'member_id'])
      .where('org_id', '=', org.id)
      .where('action', '=', 'file.download')
      .execute()
    expect(fetched.map((entry) => entry.file_id).sort()).toEqual([files.policy.id, files.sameName.id, files.soc2.id].sort())
    expect(fetched.every((entry) => entry.account_id && entry.member_id && entry.item_uid)).toBe(true)
  })

  it('refuses a selection naming anything but document ids, before reading or recording anything', async () => {
    const { org, files, cookie } = await setup()
    for (const hostile of ['not-a-uuid', '-'.repeat(36), `${files.policy.id}\r\nX-Injected: 1`, 'é'.repeat(36), `${files.policy.id} `, '']) {
      const result = await post(org, [files.policy.id, hostile], cookie)
      expect({ hostile, status: result.status, data: result.data }).toEqual({ hostile, status: 400, data: BULK_MESSAGES.malformed })
      expect((await post(org, [files.policy.id], cookie, [hostile])).status).toBe(400)
    }
    expect(await db().selectFrom('audit_entries').select('id').where('org_id', '=', org.id).where('action', 'like', 'file.%').execute()).toEqual([])
  })

  it('includes the bridge letter of a report the member may download, generated as a PDF named for the org and report', async () => {
    const { org, files, cookie } = await setup()
    const letter = { letterEnabled: true, letterType: 'SOC 2', letterContent: 'No changes since the period ended.', signerName: 'Dana Whitaker', signerTitle: 'CISO' }
    const report = await createItem(database(), org.product, { catalogueUid: 'soc-2-type-2-report', access: 'public' })
    const hiddenReport = await createItem(database(), org.product, { catalogueUid: 'soc-1-type-2-report', access: 'hidden' })
    const off = await createItem(database(), org.product, { catalogueUid: 'soc-3-report', access: 'public' })
    for (const [item, enabled] of [
      [report, true],
      [hiddenReport, true],
      [off, false],
    ] as const) {
      await db()
        .updateTable('items')
        .set({ bridge_letter: JSON.stringify({ ...letter, letterEnabled: enabled }) })
        .where('id', '=', item.id)
        .execute()
    }
    const result = await post(org, [files.policy.id], cookie, [report.id, hiddenReport.id, off.id])
    expect(result.status).toBe(200)
    expect(result.headers.get('x-bulk-failed')!.split(',')).toEqual([hiddenReport.id, off.id])
    const zip = await JSZip.loadAsync(await result.response!.arrayBuffer())
    const name = `${org.name.replace(/ /g, '-')}-SOC-2-Type-II.pdf`
    expect(Object.keys(zip.files)).toEqual(['Security policy.pdf', name])
    const pdf = await zip.file(name)!.async('uint8array')
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-')
    const text = (await pdfText(pdf)).join(' ').replace(/\s+/g, ' ')
    expect(text).toContain('Dana Whitaker')
    expect(text).toContain('No changes since the period ended.')
  })

  it('answers only POST', async () => {
    const { org, files, cookie } = await setup()
    const put = await callRoute(bulkAction, database(), {
      path: `/portal/${org.slug}/bulk-download`,
      params: { orgSlug: org.slug },
      cookie,
      method: 'PUT',
      form: { fileId: [files.policy.id] },
    })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('POST')
  })

  it('leaves out a document whose stored bytes are gone, and says so before the archive', async () => {
    const { org, files, cookie } = await setup()
    await db()
      .updateTable('files')
      .set({ sha256: 'f'.repeat(64) })
      .where('id', '=', files.sameName.id)
      .execute()
    const result = await post(org, [files.policy.id, files.sameName.id], cookie)
    expect(result.headers.get('x-bulk-failed')).toBe(files.sameName.id)
    expect(Object.keys((await JSZip.loadAsync(await result.response!.arrayBuffer())).files)).toEqual(['Security policy.pdf'])
  })

  it('refuses visitors who are not signed-in members, an org that turned it off, and bad selections', async () => {
    const { org, files, cookie } = await setup()
    expect(await post(org, [files.policy.id])).toMatchObject({ status: 403, data: BULK_MESSAGES.notAllowed })
    expect(await post(org, [files.policy.id], org.admin.cookie)).toMatchObject({ status: 403, data: BULK_MESSAGES.notAllowed })
    expect(await post(org, [], cookie)).toMatchObject({ status: 400, data: BULK_MESSAGES.noFiles })
    const many = Array.from({ length: BULK_MAX_FILES + 1 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`)
    expect(await post(org, many, cookie)).toMatchObject({ status: 400, data: BULK_MESSAGES.tooMany })
    expect(await post(org, [files.penTest.id, files.viewOnly.id], cookie)).toMatchObject({ status: 404, data: BULK_MESSAGES.nothing })
    await db().updateTable('portal_customizations').set({ bulk_download_enabled: false }).where('org_id', '=', org.id).execute()
    expect(await post(org, [files.policy.id], cookie)).toMatchObject({ status: 403, data: BULK_MESSAGES.turnedOff })
    // A member of another org is nobody here.
    const other = await setup()
    expect(await post(org, [files.policy.id], other.cookie)).toMatchObject({ status: 403, data: BULK_MESSAGES.notAllowed })
    expect(await callRoute(bulkLoader, database(), { path: `/portal/${org.slug}/bulk-download`, params: { orgSlug: org.slug } })).toMatchObject({ status: 405 })
  })
})
