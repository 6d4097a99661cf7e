// The documents library: uploads judged by their bytes and capped in size, the list, access checks,
// and the links an item save applies.
import { existsSync } from 'node:fs'
import path from 'node:path'
import JSZip from 'jszip'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { renderToString } from 'react-dom/server'
import { createElement } from 'react'
import { expect, it, vi } from 'vitest'
import { action as documentsAction, loader as documentsLoader } from '../../app/routes/staff/documents/index'
import { DocumentLinksField } from '../../app/components/portal/editing/document-links'
import { listLibrary } from '../../server/files/library'
import { applyDocumentLinks, DocumentLinkError } from '../../server/files/links'
import { sanitiseFileName, sniffDocumentType, UploadRejected } from '../../server/files/upload'
import { sha256Hex } from '../../server/files/store'
import { describeEachDatabase, type TestDatabase } from '../setup/database'
import { createFile, createItem, createOrg } from '../setup/factories'
import { callRoute } from '../setup/route'
import { createStaffMember, staffCookie } from '../setup/staff'

async function samplePdf(title: string) {
  const pdf = await PDFDocument.create()
  pdf.setTitle(title)
  const page = pdf.addPage([300, 200])
  page.drawText(title, { x: 20, y: 100, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) })
  return pdf.save()
}

async function officeZip(mainType: string, folder: string) {
  const zip = new JSZip()
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${folder}/main.xml" ContentType="${mainType}"/></Types>`,
  )
  zip.file(`${folder}/main.xml`, '<document/>')
  return zip.generateAsync({ type: 'uint8array' })
}

describeEachDatabase('documents library', (database) => {
  const db = () => database().handle.db
  const orgId = async () => (await db().selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()).id

  /** The library's action, posted as the demo admin unless another cookie is given. */
  async function post(form: FormData, options: { cookie?: string; env?: Partial<TestDatabase['env']>; path?: string } = {}) {
    return callRoute(documentsAction, database(), {
      path: options.path ?? '/documents?uploadModal=true',
      form,
      cookie: options.cookie ?? (await staffCookie(database())),
      env: options.env,
    })
  }

  async function load(path = '/documents', cookie?: string) {
    return callRoute(documentsLoader, database(), { path, cookie: cookie ?? (await staffCookie(database())) })
  }

  function uploadForm(bytes: Uint8Array, name: string, type: string, documentAccessType = 'view-and-download') {
    const form = new FormData()
    form.set('intent', 'upload')
    form.set('documentAccessType', documentAccessType)
    form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }))
    return form
  }

  const fileCount = async () =>
    (
      await db()
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count

  it('uploads a real PDF: stored by its SHA-256 under its name, audited and listed', async () => {
    const bytes = await samplePdf('Penetration test summary')
    const result = await post(uploadForm(bytes, 'Pentest summary 2026.pdf', 'application/pdf', 'view-only'))
    expect(result.status).toBe(302)
    expect(result.location).toBe('/documents')
    expect(result.headers.get('set-cookie')).toContain('tc_flash=')

    const row = await db().selectFrom('files').selectAll().where('original_name', '=', 'Pentest summary 2026.pdf').executeTakeFirstOrThrow()
    expect(row.sha256).toBe(sha256Hex(bytes))
    expect(row.content_type).toBe('application/pdf')
    expect(row.size_bytes).toBe(bytes.byteLength)
    expect(row.document_access_type).toBe('view-only')
    expect(row.created_by_name).toBeTruthy()
    expect(existsSync(path.join(database().env.DATA_DIR, 'files', row.sha256.slice(0, 2), row.sha256))).toBe(true)
    const audit = await db().selectFrom('audit_entries').select(['actor', 'action']).where('target', '=', row.id).executeTakeFirstOrThrow()
    expect(audit).toEqual({ actor: 'admin@northwind.test', action: 'document.upload' })

    const page = await load('/documents?uploadModal=true')
    const body = page.data as { documents: { id: string; name: string; accessType: string; links: unknown[] }[]; uploadOpen: boolean }
    expect(body.uploadOpen).toBe(true)
    const listed = body.documents.find((document) => document.id === row.id)
    expect(listed).toMatchObject({ name: 'Pentest summary 2026.pdf', accessType: 'view-only', links: [] })
    const names = body.documents.map((document) => document.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })))

    const filtered = (await load('/documents?q=pentest')).data as { documents: { name: string }[] }
    expect(filtered.documents.map((document) => document.name)).toEqual(['Pentest summary 2026.pdf'])
    const library = await listLibrary(db(), await orgId())
    expect(library.find((entry) => entry.id === row.id)).toMatchObject({ name: 'Pentest summary 2026.pdf', contentType: 'application/pdf' })
  })

  it('lists which items link each seeded document, with their card titles', async () => {
    const body = (await load()).data as { documents: { links: { itemTitle: string; cardTitle: string; href: string }[] }[] }
    const linked = body.documents.filter((document) => document.links.length)
    expect(linked.length).toBeGreaterThan(0)
    expect(linked[0].links[0].cardTitle).toBeTruthy()
    expect(linked[0].links[0].href).toMatch(/^\/portal\/northwind\/(item|product)\//)
  })

  it('refuses an HTML file renamed .pdf, and stores nothing', async () => {
    const before = await fileCount()
    const html = new TextEncoder().encode('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')
    const result = await post(uploadForm(html, 'report.pdf', 'application/pdf'))
    expect(result.status).toBe(400)
    expect(JSON.stringify(result.data)).toContain('This file type is not allowed')
    expect(await fileCount()).toBe(before)
  })

  it('refuses a file over MAX_UPLOAD_MB with a 4xx and its message, and stores nothing', async () => {
    const before = await fileCount()
    const big = new Uint8Array(1.5 * 1024 * 1024)
    big.set(new TextEncoder().encode('%PDF-1.7\n'))
    const result = await post(uploadForm(big, 'big.pdf', 'application/pdf'), { env: { MAX_UPLOAD_MB: 1 } })
    expect(result.status).toBe(413)
    expect(JSON.stringify(result.data)).toContain('The file is larger than 1 MB')
    expect(await fileCount()).toBe(before)
  })

  it('answers 503 with a message, storing nothing, while the file store cannot be reached', async () => {
    const before = await fileCount()
    const pdf = new Uint8Array(2048)
    pdf.set(new TextEncoder().encode('%PDF-1.7\n'))
    // A bucket where nothing listens (port 9: discard, not served here).
    const outage = { S3_BUCKET: 'outage', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: 'x' }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const result = await post(uploadForm(pdf, 'outage.pdf', 'application/pdf'), { env: outage })
      expect(result.status).toBe(503)
      expect(JSON.stringify(result.data)).toContain('The file could not be stored just now. Please try again in a few minutes.')
    } finally {
      errors.mockRestore()
    }
    expect(await fileCount()).toBe(before)
  })

  it('asks for a file when none is chosen', async () => {
    const form = new FormData()
    form.set('intent', 'upload')
    form.set('documentAccessType', 'view-only')
    form.set('file', new File([], '', { type: 'application/octet-stream' }))
    const result = await post(form)
    expect(result.status).toBe(400)
    expect(JSON.stringify(result.data)).toContain('Choose a file to upload')
  })

  it('gives a member without the documents scope a 403 from the loader and the action', async () => {
    const cookie = await createStaffMember(database(), 'editor-no-docs@northwind.test', ['statuspage:edit', 'files:view'], { name: 'No Docs' })
    const loaded = await load('/documents', cookie)
    expect(loaded.status).toBe(403)
    expect(loaded.data).toBe("You don't have access to this page")
    const before = await fileCount()
    const posted = await post(uploadForm(await samplePdf('x'), 'x.pdf', 'application/pdf'), { cookie })
    expect(posted.status).toBe(403)
    expect(await fileCount()).toBe(before)
  })

  it('sends a visitor without a session to the login page', async () => {
    const result = await callRoute(documentsLoader, database(), { path: '/documents' })
    expect(result.status).toBe(302)
    expect(result.location).toBe('/login?redirectTo=%2Fdocuments')
  })

  it('changes the access type, and deletes only a document no item links', async () => {
    const org = await createOrg(database())
    const item = await createItem(database(), org.product, { kind: 'Policies', title: 'Information security policy' })
    const linked = await createFile(database(), org, { item })
    const cookie = org.admin.cookie
    const access = new FormData()
    access.set('intent', 'accessType')
    access.set('fileId', linked.id)
    access.set('documentAccessType', 'view-only')
    expect((await post(access, { path: '/documents', cookie })).status).toBe(302)
    expect((await db().selectFrom('files').select('document_access_type').where('id', '=', linked.id).executeTakeFirstOrThrow()).document_access_type).toBe('view-only')

    const remove = new FormData()
    remove.set('intent', 'delete')
    remove.set('fileId', linked.id)
    const refused = await post(remove, { path: '/documents', cookie })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.data)).toContain('Unlink this document from its items first')
    expect(await db().selectFrom('files').select('id').where('id', '=', linked.id).executeTakeFirst()).toBeTruthy()

    await post(uploadForm(new TextEncoder().encode('name,role\nAda,admin\n'), 'people.csv', 'text/csv'), { cookie })
    const csv = await db().selectFrom('files').select(['id', 'content_type']).where('org_id', '=', org.id).where('original_name', '=', 'people.csv').executeTakeFirstOrThrow()
    expect(csv.content_type).toBe('text/csv; charset=utf-8')
    remove.set('fileId', csv.id)
    expect((await post(remove, { path: '/documents', cookie })).status).toBe(302)
    expect(await db().selectFrom('files').select('id').where('id', '=', csv.id).executeTakeFirst()).toBeUndefined()
    const actions = await db().selectFrom('audit_entries').select('action').where('target', 'in', [linked.id, csv.id]).execute()
    expect(actions.map((entry) => entry.action).sort()).toEqual(['document.accessType', 'document.delete', 'document.upload'])

    const garbage = new FormData()
    garbage.set('intent', 'delete')
    garbage.set('fileId', "'; drop table files; --")
    expect((await post(garbage, { path: '/documents', cookie })).status).toBe(400)
  })

  it('applyDocumentLinks links and unlinks within its transaction, and rolls back with it', async () => {
    const org = await createOrg(database())
    const item = await createItem(database(), org.product, { kind: 'Policies', title: 'Information security policy' })
    for (const name of ['policy.pdf', 'policy-appendix.pdf']) await createFile(database(), org, { item, name })
    for (const name of ['first.pdf', 'second.pdf', 'stranger.pdf']) await createFile(database(), org, { name })
    const positions = async () =>
      (await db().selectFrom('item_files').select(['file_id', 'position']).where('item_id', '=', item.id).orderBy('position').execute()).map((row) => row.file_id)
    const start = await positions()
    expect(start.length).toBeGreaterThanOrEqual(1)
    const library = await listLibrary(db(), org.id)
    const [first, second, stranger] = library.filter((entry) => !start.includes(entry.id)).map((entry) => entry.id)
    expect(stranger).toBeTruthy()
    const apply = (link: string[], unlink: string[]) =>
      db()
        .transaction()
        .execute((trx) => applyDocumentLinks(trx, { itemId: item.id, link, unlink }))

    // Rolled back with the save: nothing changes.
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const changes = await applyDocumentLinks(trx, { itemId: item.id, link: [first, second], unlink: [start[0]] })
          expect(changes.linked.map((entry) => entry.id)).toEqual([first, second])
          expect(changes.unlinked.map((entry) => entry.id)).toEqual([start[0]])
          throw new Error('save failed')
        }),
    ).rejects.toThrow('save failed')
    expect(await positions()).toEqual(start)

    // Links appended in order; an already-linked one and an unlink of a document not linked are ignored.
    const linked = await apply([first, second, start[0]], [stranger])
    expect(linked.linked.map((entry) => entry.id)).toEqual([first, second])
    expect(linked.unlinked).toEqual([])
    expect(await positions()).toEqual([...start, first, second])

    const unlinked = await apply([], [start[0]])
    expect(unlinked.unlinked.map((entry) => entry.id)).toEqual([start[0]])
    expect(await positions()).toEqual([...start.slice(1), first, second])
    const after = await positions()

    // A document of another org cannot be linked, and the whole call fails.
    const foreign = await createFile(database(), await createOrg(database()), { name: 'theirs.pdf' })
    await expect(
      db()
        .transaction()
        .execute((trx) => applyDocumentLinks(trx, { itemId: item.id, link: [foreign.id], unlink: [] })),
    ).rejects.toBeInstanceOf(DocumentLinkError)
    await expect(
      db()
        .transaction()
        .execute((trx) => applyDocumentLinks(trx, { itemId: item.id, link: ['not-a-uuid'], unlink: [] })),
    ).rejects.toBeInstanceOf(DocumentLinkError)
    expect(await positions()).toEqual(after)
  })
})

it('sniffs document types by content against the allow-list', async () => {
  const text = (value: string) => new TextEncoder().encode(value)
  expect(await sniffDocumentType(await samplePdf('a'), 'a.bin')).toBe('application/pdf')
  expect(await sniffDocumentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'x')).toBe('image/png')
  expect(await sniffDocumentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'x')).toBe('image/jpeg')
  expect(await sniffDocumentType(text('GIF89a....'), 'x')).toBe('image/gif')
  expect(await sniffDocumentType(text('RIFF\0\0\0\0WEBPVP8 '), 'x')).toBe('image/webp')
  expect(await sniffDocumentType(await officeZip('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', 'word'), 'a.docx')).toBe(
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  )
  expect(await sniffDocumentType(await officeZip('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'xl'), 'a.xlsx')).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  )
  expect(await sniffDocumentType(await officeZip('application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml', 'ppt'), 'a.pptx')).toBe(
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  )
  expect(await sniffDocumentType(text('# Notes\nplain'), 'notes.md')).toBe('text/markdown; charset=utf-8')
  expect(await sniffDocumentType(text('héllo'), 'a.txt')).toBe('text/plain; charset=utf-8')

  // Each call gets bytes of its own: a zip's or a text file's are handed to the inspection worker.
  const refused = async (bytes: Uint8Array, name: string) => {
    await expect(sniffDocumentType(bytes.slice(), name)).rejects.toThrow(UploadRejected)
    await expect(sniffDocumentType(bytes.slice(), name)).rejects.toThrow('This file type is not allowed')
  }
  await refused(text('<html><body>hi</body></html>'), 'page.html')
  await refused(text('<!doctype html><p>hi'), 'page.txt')
  await refused(text('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg')
  await refused(text('<?xml version="1.0"?><svg/>'), 'logo.txt')
  await refused(new Uint8Array([0x4d, 0x5a, 0x90, 0x00]), 'setup.exe')
  await refused(new Uint8Array([0x7f, 0x45, 0x4c, 0x46]), 'run.txt')
  await refused(text('plain but\0with a NUL'), 'a.txt')
  await refused(new Uint8Array([0xc3, 0x28]), 'broken.txt')
  await refused(text('just text'), 'a.json')
  const plainZip = new JSZip()
  plainZip.file('readme.txt', 'hello')
  await refused(await plainZip.generateAsync({ type: 'uint8array' }), 'archive.zip')
  await refused(await officeZip('application/vnd.ms-word.document.macroEnabled.main+xml', 'word'), 'macro.docm')
  await refused(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'broken.docx')
})

it('keeps a safe original name', () => {
  expect(sanitiseFileName('C:\\Users\\me\\Report.pdf')).toBe('Report.pdf')
  expect(sanitiseFileName('../../etc/passwd')).toBe('passwd')
  expect(sanitiseFileName('bad\u0000na\u0007me\u202e.pdf')).toBe('badname.pdf')
  expect(sanitiseFileName('   ')).toBe('document')
  const long = sanitiseFileName(`${'a'.repeat(300)}.pdf`)
  expect(long).toHaveLength(200)
  expect(long.endsWith('.pdf')).toBe(true)
})

it('DocumentLinksField renders checkboxes without JavaScript, the library without linked documents', () => {
  const html = renderToString(
    createElement(DocumentLinksField, {
      linked: [{ id: '11111111-1111-4111-8111-111111111111', name: 'SOC 2 report.pdf' }],
      library: [
        { id: '11111111-1111-4111-8111-111111111111', name: 'SOC 2 report.pdf' },
        { id: '22222222-2222-4222-8222-222222222222', name: 'ISO certificate.pdf' },
      ],
    }),
  )
  expect(html).toMatch(/name="unlinkFileIds" value="11111111-1111-4111-8111-111111111111"/)
  expect(html).toMatch(/name="linkFileIds" value="22222222-2222-4222-8222-222222222222"/)
  expect(html).not.toMatch(/name="linkFileIds" value="11111111/)
  expect(html).toContain('ISO certificate.pdf')
  expect(html).toMatch(/href="\/documents\?uploadModal=true" target="_blank"/)
  expect(html).toContain('Upload a new document')
})
