// The documents card as the portal loader builds it for bulk download (issue 9; cards-and-items spec
// sections 3, 4 and 7): bridge letters listed with their item's documents and gated as they are, and the
// Bulk download button and dialog offered to signed-in account members only, while the org allows it.
import { expect, it } from 'vitest'
import type { DocumentView, PortalView } from '../../app/lib/portal-view'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { bridgeLetterFileName } from '../../server/files/letter'
import { bumpOrgRevision, bumpProductRevision } from '../../server/portal/revision'
import { describeEachDatabase } from '../setup/database'
import { createAccountWithMember, createFile, createItem, createOrg, createPermissionProfile, visitorCookie, type ItemFixture, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

const YEAR = 365 * 86_400_000
const LETTER = { letterEnabled: true, letterType: 'SOC 2', letterContent: 'No changes since the period ended.', signerName: 'Dana Whitaker', signerTitle: 'CISO' }

describeEachDatabase('bulk download in the documents card', (database) => {
  const db = () => database().handle.db

  const portal = async (org: OrgFixture, options: { cookie?: string; query?: string } = {}) => {
    const result = await callRoute<PortalView>(portalLoader as never, database(), { path: `${org.home}${options.query ?? ''}`, params: org.params, cookie: options.cookie })
    expect(result.status).toBe(200)
    return result.data
  }

  async function storeLetter(item: ItemFixture, letter: Record<string, unknown>) {
    await db()
      .updateTable('items')
      .set({ bridge_letter: JSON.stringify(letter) })
      .where('id', '=', item.id)
      .execute()
    await bumpProductRevision(db(), item.productId)
  }

  /**
   * A restricted SOC 2 report with its letter on, a public policy, a restricted agreement no profile grants,
   * a letter switched off and one stored on a kind without letters; members granted the Reports card with
   * and without downloads, and one granted nothing.
   */
  async function setup() {
    const org = await createOrg(database())
    const soc2 = await createItem(database(), org.product, { catalogueUid: 'soc-2-type-2-report', access: 'restricted' })
    await storeLetter(soc2, LETTER)
    const soc3 = await createItem(database(), org.product, { catalogueUid: 'soc-3-report' })
    await storeLetter(soc3, { ...LETTER, letterEnabled: false })
    const policies = await createItem(database(), org.product, { kind: 'Documents', title: 'Security policy' })
    const agreement = await createItem(database(), org.product, { kind: 'Legal', title: 'Master services agreement', access: 'restricted' })
    await storeLetter(agreement, LETTER)
    const files = {
      soc2: await createFile(database(), org, { item: soc2, name: 'SOC 2 Type II.pdf' }),
      soc3: await createFile(database(), org, { item: soc3, name: 'SOC 3.pdf' }),
      policy: await createFile(database(), org, { item: policies, name: 'Security policy.pdf' }),
      readOnly: await createFile(database(), org, { item: policies, name: 'Read here only.pdf', documentAccessType: 'view-only' }),
      agreement: await createFile(database(), org, { item: agreement, name: 'MSA.pdf' }),
    }
    const member = async (name: string, profile: Parameters<typeof createPermissionProfile>[2]) => {
      const { id } = await createPermissionProfile(database(), org.product, profile)
      const account = await createAccountWithMember(database(), org, {
        name,
        products: [{ productId: org.product.id, profileId: id, expiresAt: new Date(Date.now() + YEAR) }],
        member: { email: `${name.toLowerCase()}-${org.slug}@example.test` },
      })
      return { accountId: account.id, cookie: await visitorCookie(database(), org, account.memberId) }
    }
    const granted = await member('Contoso', { name: 'Reports readers', cardKinds: ['Reports'] })
    const readOnly = await member('Fabrikam', { name: 'Reports, no downloads', cardKinds: ['Reports'], canDownload: false })
    const notGranted = await member('Adatum', { name: 'Nothing restricted' })
    const letterName = bridgeLetterFileName(org.name, soc2.title)
    const letterUrl = `${org.home}/letters/${soc2.id}/${encodeURIComponent(letterName)}`
    return { org, soc2, files, granted, readOnly, notGranted, letterName, letterUrl }
  }

  const letters = (view: PortalView) => view.documents!.entries.filter((entry) => entry.file?.letter)
  const entryOf = (view: PortalView, title: string) => view.documents!.entries.find((entry) => entry.title === title)

  it('names the letter {org}-{title}.pdf with spaces as hyphens (cards-and-items spec section 9)', async () => {
    const { org, soc2, letterName } = await setup()
    expect(letterName).toBe(`${org.name}-${soc2.title}.pdf`.replaceAll(' ', '-'))
  })

  it('gives a granted account member the letter beside the report, Bulk download, and the dialog of what they may download', async () => {
    const { org, soc2, files, granted, letterName, letterUrl } = await setup()
    const view = await portal(org, { cookie: granted.cookie })
    expect(view.mode).toBe('AccountExternal')
    expect(view.documents!.bulkDownload).toBe(true)
    expect(view.documents!.bulkDialog).toBeNull()
    // Only the SOC 2 report's letter: one switched off and one on a kind without letters are not listed.
    expect(letters(view)).toEqual([
      {
        key: `${soc2.uid}:${soc2.id}`,
        // Titled by its report (issue 24 item 5); the file keeps the name the spec gives it.
        title: `Bridge letter for ${soc2.title}`,
        itemUid: soc2.uid,
        itemSlug: soc2.slug,
        cardTitle: 'Reports',
        publicAccess: false,
        locked: false,
        featured: false,
        file: {
          id: soc2.id,
          name: letterName,
          contentType: 'application/pdf',
          viewOnly: false,
          viewUrl: letterUrl,
          downloadUrl: `${letterUrl}?download=1`,
          letter: true,
          updatedAt: expect.any(String),
        },
        date: { kind: 'updated', on: expect.any(String) },
      },
    ])
    // The report's one uploaded document keeps the item's title beside its letter.
    expect(entryOf(view, soc2.title)?.file?.id).toBe(files.soc2.id)

    // The item's own document list carries the letter after its uploads.
    const card = await portal(org, { cookie: granted.cookie, query: '?card=Reports' })
    const item = card.openCard!.items.find((entry) => entry.uid === soc2.uid)!
    expect(item.files!.map((file) => [file.name, Boolean(file.letter), Boolean(file.downloadUrl)])).toEqual([
      ['SOC 2 Type II.pdf', false, true],
      [letterName, true, true],
    ])

    const open = await portal(org, { cookie: granted.cookie, query: '?bulkDownload=true' })
    expect(open.documents!.bulkDialog!.preselected).toBe(true)
    const chosen = open.documents!.bulkDialog!.documents.map((document) => [document.field, document.id, document.fileName])
    expect(chosen).toHaveLength(4)
    expect(chosen).toEqual(
      expect.arrayContaining([
        ['fileId', files.soc2.id, 'SOC 2 Type II.pdf'],
        ['letterId', soc2.id, letterName],
        ['fileId', files.soc3.id, 'SOC 3.pdf'],
        ['fileId', files.policy.id, 'Security policy.pdf'],
      ]),
    )
    // "Clear selection" without JavaScript: the same list, nothing ticked.
    const cleared = await portal(org, { cookie: granted.cookie, query: '?bulkDownload=none' })
    expect(cleared.documents!.bulkDialog).toEqual({ ...open.documents!.bulkDialog, preselected: false })
  })

  it('lists the letter without a download link, and leaves it out of bulk download, for a member who may not download', async () => {
    const { org, soc2, files, readOnly, letterName, letterUrl } = await setup()
    const view = await portal(org, { cookie: readOnly.cookie, query: '?bulkDownload=true' })
    expect(letters(view).map((entry) => entry.file)).toEqual([
      { id: soc2.id, name: letterName, contentType: 'application/pdf', viewOnly: false, viewUrl: letterUrl, letter: true, updatedAt: expect.any(String) },
    ])
    // Public documents are theirs to download: the button stays, the restricted ones are not offered.
    expect(view.documents!.bulkDownload).toBe(true)
    expect(view.documents!.bulkDialog!.documents.map((document) => document.id).sort()).toEqual([files.soc3.id, files.policy.id].sort())
  })

  it('shows a member not granted the report one locked entry for it, its letter unnamed, and offers only public documents', async () => {
    const { org, soc2, files, notGranted, letterName } = await setup()
    const view = await portal(org, { cookie: notGranted.cookie, query: '?bulkDownload=true' })
    expect(letters(view)).toEqual([])
    expect(view.documents!.entries.filter((entry) => entry.itemUid === soc2.uid)).toEqual([expect.objectContaining({ title: soc2.title, locked: true })])
    expect(entryOf(view, soc2.title)?.file).toBeUndefined()
    expect(JSON.stringify(view)).not.toContain(letterName)
    expect(view.documents!.bulkDownload).toBe(true)
    expect(view.documents!.bulkDialog!.documents.map((document) => document.id).sort()).toEqual([files.soc3.id, files.policy.id].sort())
  })

  it('never offers bulk download to the public, and names no letter of a locked report', async () => {
    const { org, soc2, letterName } = await setup()
    for (const query of ['', '?bulkDownload=true']) {
      const view = await portal(org, { query })
      expect(view.mode).toBe('Public')
      expect(view.documents!.bulkDownload).toBe(false)
      expect(view.documents!.bulkDialog).toBeNull()
      expect(letters(view)).toEqual([])
      expect(view.documents!.entries.filter((entry: DocumentView) => entry.itemUid === soc2.uid)).toEqual([expect.objectContaining({ locked: true })])
      expect(JSON.stringify(view)).not.toContain(letterName)
    }
  })

  it('lists the letter for staff and previewers but offers them no bulk download', async () => {
    const { org, soc2, granted, letterName } = await setup()
    const main = await portal(org, { cookie: org.admin.cookie, query: '?bulkDownload=true' })
    expect(main.mode).toBe('Main')
    expect(main.documents!.bulkDownload).toBe(false)
    expect(main.documents!.bulkDialog).toBeNull()
    expect(letters(main).map((entry) => [entry.title, entry.file?.name])).toEqual([[`Bridge letter for ${soc2.title}`, letterName]])

    const preview = await portal(org, { cookie: org.admin.cookie, query: `?accountId=${granted.accountId}&bulkDownload=true` })
    expect(preview.mode).toBe('Preview')
    expect(preview.documents!.bulkDownload).toBe(false)
    expect(preview.documents!.bulkDialog).toBeNull()
    expect(letters(preview).map((entry) => [entry.file?.name, Boolean(entry.file?.downloadUrl)])).toEqual([[letterName, true]])
  })

  it('takes the button and the dialog away when the org turns bulk download off, the letter staying', async () => {
    const { org, granted, letterName } = await setup()
    await db().updateTable('portal_customizations').set({ bulk_download_enabled: false }).where('org_id', '=', org.id).execute()
    await bumpOrgRevision(db(), org.id)
    const view = await portal(org, { cookie: granted.cookie, query: '?bulkDownload=true' })
    expect(view.mode).toBe('AccountExternal')
    expect(view.documents!.bulkDownload).toBe(false)
    expect(view.documents!.bulkDialog).toBeNull()
    expect(letters(view).map((entry) => entry.file?.name)).toEqual([letterName])
  })
})
