// Questionnaires (issue 10, spec section 2.6; docs/decisions/021-share-and-questionnaires.md): an account
// member sends a file or a link from the portal, staff holding `questionnaires` list, download and answer
// them, and the member is mailed the answer. Bad input is refused with the dialog's message and leaves no
// trace; whoever is not a signed-in member of the org, or an org with the setting off, gets nothing.
// Also the Share popover's published state, which the same visitor view carries.
import { randomUUID } from 'node:crypto'
import JSZip from 'jszip'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, it, vi } from 'vitest'
import type { PortalView } from '../../app/lib/portal-view'
import { MAX_LINK_LENGTH, QUESTIONNAIRE_MESSAGES } from '../../app/lib/questionnaires'
import { fileTooLargeMessage } from '../../app/lib/schemas/documents'
import { SharePopover } from '../../app/components/portal/share-popover'
import { action as portalAction, loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as fileLoader } from '../../app/routes/staff/questionnaires/file'
import { action as staffAction, loader as staffLoader } from '../../app/routes/staff/questionnaires/index'
import { fileStore, sha256Hex } from '../../server/files/store'
import { STORE_UNAVAILABLE } from '../../server/files/upload'
import { hasVisitorSession, isQuestionnaireUpload, questionnaireFile } from '../../server/questionnaires/upload'
import { describeEachDatabase } from '../setup/database'
import { createAccountWithMember, createItem, createMember, createOrg, createPermissionProfile, createStaffMember, visitorCookie, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

const YEAR = 365 * 86_400_000
const PDF = new TextEncoder().encode('%PDF-1.4\n% questionnaire\n1 0 obj << >> endobj\n%%EOF\n')
/** A PDF no other test stores (the file store is content-addressed and shared by the tests of a database). */
const uniquePdf = () => new TextEncoder().encode(`%PDF-1.4\n% ${randomUUID()}\n%%EOF\n`)
const OLE = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)])

/** A minimal OOXML package of the given main part type (what Word and Excel write first). */
async function office(mainType: string) {
  const zip = new JSZip()
  zip.file('[Content_Types].xml', `<?xml version="1.0"?><Types><Override PartName="/main.xml" ContentType="${mainType}"/></Types>`)
  zip.file('main.xml', '<x/>')
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array' }))
}
const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'
const DOCX_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'

describeEachDatabase('questionnaires', (database) => {
  const db = () => database().handle.db
  let address = 0
  const nextAddress = () => `10.9.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`

  const portal = (org: OrgFixture, query: string, cookie?: string) =>
    callRoute<PortalView>(portalLoader as never, database(), { path: `${org.home}${query}`, params: org.params, cookie })
  const postFile = (org: OrgFixture, file: File, cookie?: string, options: { note?: string; env?: Record<string, string | number> } = {}) =>
    callRoute(portalAction, database(), {
      path: `${org.home}?questionnaire=file`,
      params: org.params,
      cookie,
      form: { file, ...(options.note ? { note: options.note } : {}) },
      env: options.env,
      clientAddress: nextAddress(),
    })
  const postLink = (org: OrgFixture, url: string, cookie?: string, note?: string) =>
    callRoute(portalAction, database(), {
      path: `${org.home}?questionnaire=link`,
      params: org.params,
      cookie,
      form: { url, ...(note ? { note } : {}) },
      clientAddress: nextAddress(),
    })
  const staffPage = (cookie: string, query = '') => callRoute(staffLoader as never, database(), { path: `/questionnaires${query}`, cookie })
  const answer = (cookie: string, questionnaireId: string, text: string) =>
    callRoute(staffAction as never, database(), { path: '/questionnaires', cookie, form: { intent: 'answer', questionnaireId, answer: text } })
  const download = (cookie: string, id: string) => callRoute(fileLoader as never, database(), { path: `/questionnaires/${id}/file`, params: { questionnaireId: id }, cookie })

  const rows = (org: { id: string }) => db().selectFrom('questionnaires').selectAll().where('org_id', '=', org.id).orderBy('created_at').execute()
  const audit = (org: { id: string }, action: string) =>
    db().selectFrom('audit_entries').select(['actor', 'target', 'after']).where('org_id', '=', org.id).where('action', '=', action).execute()
  const mails = (org: { id: string }) => db().selectFrom('outbox').select(['recipient', 'subject', 'text_body']).where('org_id', '=', org.id).orderBy('created_at').execute()

  /** An org with a public item (so its portal is published), and an account with a signed-in member. */
  async function setup() {
    const org = await createOrg(database())
    await createItem(database(), org.product, { kind: 'DataSecurity', title: 'Encryption at rest' })
    const profile = await createPermissionProfile(database(), org.product, { name: 'Reviewers', allRestricted: true })
    const account = await createAccountWithMember(database(), org, {
      name: 'Contoso',
      products: [{ productId: org.product.id, profileId: profile.id, expiresAt: new Date(Date.now() + YEAR) }],
      member: { email: `casey-${org.slug}@contoso.test`, firstName: 'Casey', lastName: 'Jones' },
    })
    return { org, account, email: `casey-${org.slug}@contoso.test`, cookie: await visitorCookie(database(), org, account.memberId) }
  }

  /** Nothing was kept for the org: no row, no audit entry, no mail, and the bytes not in the store. */
  async function expectNothingWritten(org: { id: string }, bytes?: Uint8Array) {
    expect(await rows(org)).toEqual([])
    expect(await audit(org, 'questionnaire.submit')).toEqual([])
    expect(await mails(org)).toEqual([])
    if (bytes) expect(await fileStore(database().env).has(sha256Hex(bytes))).toBe(false)
  }

  it('takes a file and a link from an account member, each with its audit entry and a mail to the staff who answer them', async () => {
    const { org, account, email, cookie } = await setup()
    // The menu offers it; the modal, the two forms and the success dialog open from the URL.
    const menu = await portal(org, '', cookie)
    expect(menu.data.visitor!.questionnairesOffered).toBe(true)
    for (const [query, step] of [
      ['?questionnaire=true', 'intro'],
      ['?questionnaire=file', 'file'],
      ['?questionnaire=link', 'link'],
      ['?questionnaire=submitted', 'submitted'],
    ] as const) {
      const page = await portal(org, query, cookie)
      expect(page.data.visitor!.questionnaire).toEqual({ step, maxUploadMb: database().env.MAX_UPLOAD_MB })
      // A page showing a questionnaire dialog is never stored for the account (decision 014).
      expect(page.headers.get('x-tc-shared-page')).toBeNull()
    }

    const xlsx = await office(XLSX_MAIN)
    const sent = await postFile(org, new File([xlsx], 'Vendor assessment 2026.xlsx'), cookie, { note: 'Due by Friday, please.' })
    expect(sent.status).toBe(302)
    expect(sent.location).toBe(`${org.home}?questionnaire=submitted`)
    const link = await postLink(org, '  https://forms.contoso.test/q/123?lang=en  ', cookie)
    expect(link.location).toBe(`${org.home}?questionnaire=submitted`)

    const [file, linked] = await rows(org)
    expect(file).toMatchObject({
      account_id: account.id,
      member_id: account.memberId,
      member_email: email,
      member_name: 'Casey Jones',
      product_id: org.product.id,
      kind: 'file',
      file_name: 'Vendor assessment 2026.xlsx',
      file_content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      file_size_bytes: xlsx.byteLength,
      file_sha256: sha256Hex(xlsx),
      link_url: null,
      note: 'Due by Friday, please.',
      status: 'submitted',
      answer: null,
    })
    expect(linked).toMatchObject({ kind: 'link', link_url: 'https://forms.contoso.test/q/123?lang=en', file_sha256: null, note: null })
    // The bytes are in the file store, not in the documents library.
    expect(await fileStore(database().env).has(sha256Hex(xlsx))).toBe(true)
    expect(await db().selectFrom('files').select('id').where('org_id', '=', org.id).execute()).toEqual([])

    const entries = await audit(org, 'questionnaire.submit')
    expect(entries.map((entry) => [entry.actor, entry.target]).sort()).toEqual(
      [
        [email, file.id],
        [email, linked.id],
      ].sort(),
    )
    const notices = await mails(org)
    expect(notices.map((mail) => [mail.recipient, mail.subject])).toEqual([
      [org.admin.email, 'New questionnaire from Casey Jones (Contoso)'],
      [org.admin.email, 'New questionnaire from Casey Jones (Contoso)'],
    ])
    expect(notices[0].text_body).toContain('Vendor assessment 2026.xlsx')
    expect(notices[0].text_body).toContain('http://localhost:3000/questionnaires')

    // The account's list, for any of its members: newest first, with status.
    const colleague = await createMember(database(), { id: account.id, orgId: org.id }, { email: `robin-${org.slug}@contoso.test` })
    const list = await portal(org, '?questionnaires=list', await visitorCookie(database(), org, colleague.id))
    expect(list.data.visitor!.questionnaire).toMatchObject({
      step: 'list',
      entries: [
        { id: linked.id, kind: 'link', name: 'https://forms.contoso.test/q/123?lang=en', submittedBy: 'Casey Jones', status: 'submitted', answer: null },
        { id: file.id, kind: 'file', name: 'Vendor assessment 2026.xlsx', status: 'submitted' },
      ],
    })
  })

  it('takes each of the spec’s file types when its bytes are what its name says', async () => {
    const { org, cookie } = await setup()
    const zip = new JSZip()
    zip.file('questions.csv', 'a,b\n')
    const accepted: [string, Uint8Array<ArrayBuffer>, string][] = [
      ['q.pdf', PDF, 'application/pdf'],
      ['q.docx', await office(DOCX_MAIN), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['q.xls', OLE, 'application/vnd.ms-excel'],
      ['q.doc', OLE, 'application/msword'],
      ['q.csv', new TextEncoder().encode('Question,Answer\nDo you encrypt data at rest?,\n'), 'text/csv; charset=utf-8'],
      ['q.txt', new TextEncoder().encode('1. Do you have a SOC 2 report?\n'), 'text/plain; charset=utf-8'],
      ['q.zip', new Uint8Array(await zip.generateAsync({ type: 'uint8array' })), 'application/zip'],
    ]
    for (const [name, bytes] of accepted) expect({ name, status: (await postFile(org, new File([bytes], name), cookie)).status }).toEqual({ name, status: 302 })
    expect((await rows(org)).map((row) => [row.file_name, row.file_content_type])).toEqual(accepted.map(([name, , type]) => [name, type]))
  })

  it('keeps a hostile file name only as its safe last segment', async () => {
    // As the names arrive: the last path segment, no control characters or direction overrides, at most 200 characters.
    expect(await questionnaireFile(PDF, 'C:\\Users\\x\\..\\answers.pdf')).toEqual({ name: 'answers.pdf', contentType: 'application/pdf' })
    expect((await questionnaireFile(PDF, '\u0000\r\nSet-Cookie: x.pdf')).name).toBe('Set-Cookie: x.pdf')
    // As a browser sends them, through the portal.
    const { org, cookie } = await setup()
    const names = ['../../etc/cron.d/questionnaire.pdf', 'report\u202Efdp.pdf', '.hidden.pdf', `${'a'.repeat(300)}.pdf`, 'x\r\nSet-Cookie: y.pdf', '..\\..\\windows.pdf']
    for (const name of names) expect((await postFile(org, new File([PDF], name), cookie)).status).toBe(302)
    const stored = (await rows(org)).map((row) => row.file_name!)
    expect(stored.slice(0, 3)).toEqual(['questionnaire.pdf', 'reportfdp.pdf', 'hidden.pdf'])
    expect([...stored[3]].length).toBe(200)
    for (const name of stored) {
      expect(name).toMatch(/\.pdf$/)
      expect(name).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e/\\]|^\./)
    }
  })

  it('refuses a file over MAX_UPLOAD_MB with the dialog’s message and keeps nothing', async () => {
    const { org, cookie } = await setup()
    const bytes = new Uint8Array(1024 * 1024 + 1).fill(0x41)
    bytes.set(PDF)
    const result = await postFile(org, new File([bytes], 'big.pdf'), cookie, { env: { MAX_UPLOAD_MB: 1 } })
    expect(result.status).toBe(413)
    expect(result.data).toMatchObject({ intent: 'questionnaire-file', result: { error: { file: [fileTooLargeMessage(1)] } } })
    await expectNothingWritten(org, bytes)
  })

  it('answers 503 with a message, keeping nothing, while the file store cannot be reached', async () => {
    const { org, cookie } = await setup()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    // Bytes of its own: the store is shared by content with the other tests.
    const bytes = new TextEncoder().encode(`%PDF-1.4\n% outage ${randomUUID()}\n%%EOF\n`)
    // The same data, its files in a bucket where nothing listens (port 9: discard, not served here).
    const outage = { S3_BUCKET: 'outage', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: 'x' }
    try {
      const result = await postFile(org, new File([bytes], 'q.pdf'), cookie, { env: outage })
      expect(result.status).toBe(503)
      expect(result.data).toMatchObject({ intent: 'questionnaire-file', result: { error: { file: [STORE_UNAVAILABLE] } } })
    } finally {
      errors.mockRestore()
    }
    await expectNothingWritten(org, bytes)
  })

  it('refuses a file whose type is not one of the spec’s, or whose bytes are not what its name says', async () => {
    const { org, cookie } = await setup()
    const pdf = uniquePdf()
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
    const refused: [string, Uint8Array<ArrayBuffer>][] = [
      ['malware.exe', new TextEncoder().encode('MZ\u0090\u0000')],
      ['diagram.png', png],
      ['diagram.pdf', png],
      ['sheet.xlsx', pdf],
      ['page.txt', new TextEncoder().encode('<!doctype html><script>alert(1)</script>')],
      ['binary.csv', new Uint8Array([0, 1, 2, 3])],
      ['old.xls', pdf],
      ['slides.zip', new TextEncoder().encode('not a zip')],
      ['no-extension', pdf],
    ]
    for (const [name, bytes] of refused) {
      const result = await postFile(org, new File([bytes], name), cookie)
      expect({ name, status: result.status, data: result.data }).toEqual({
        name,
        status: 400,
        data: { intent: 'questionnaire-file', result: expect.objectContaining({ error: { file: [QUESTIONNAIRE_MESSAGES.fileType] } }) },
      })
    }
    const empty = await postFile(org, new File([], 'empty.pdf'), cookie)
    expect(empty.status).toBe(400)
    expect(empty.data.result.error.file).toEqual([QUESTIONNAIRE_MESSAGES.fileRequired])
    await expectNothingWritten(org, pdf)
  })

  it('refuses a link that is not http(s), too long, or disguised, and a note over its limit', async () => {
    const { org, cookie } = await setup()
    const cases: [string, string][] = [
      ['', QUESTIONNAIRE_MESSAGES.linkRequired],
      ['javascript:alert(1)', QUESTIONNAIRE_MESSAGES.linkInvalid],
      ['ftp://files.contoso.test/q.xlsx', QUESTIONNAIRE_MESSAGES.linkInvalid],
      ['forms.contoso.test/q', QUESTIONNAIRE_MESSAGES.linkInvalid],
      ['https://forms.con\ntoso.test/q', QUESTIONNAIRE_MESSAGES.linkInvalid],
      ['https://user:secret@forms.contoso.test/q', QUESTIONNAIRE_MESSAGES.linkInvalid],
      [`https://forms.contoso.test/${'q'.repeat(MAX_LINK_LENGTH)}`, QUESTIONNAIRE_MESSAGES.linkTooLong],
    ]
    for (const [url, message] of cases) {
      const result = await postLink(org, url, cookie)
      expect({ url: url.slice(0, 40), status: result.status, errors: result.data?.result?.error?.url }).toEqual({ url: url.slice(0, 40), status: 400, errors: [message] })
    }
    const longNote = await postLink(org, 'https://forms.contoso.test/q', cookie, 'n'.repeat(2001))
    expect(longNote.status).toBe(400)
    expect(longNote.data.result.error.note).toEqual([QUESTIONNAIRE_MESSAGES.noteTooLong])
    // Exactly at the limit is fine.
    const atLimit = `https://f.test/${'q'.repeat(MAX_LINK_LENGTH - 'https://f.test/'.length)}`
    expect((await postLink(org, atLimit, cookie)).status).toBe(302)
    expect((await rows(org)).map((row) => row.link_url)).toEqual([atLimit])
  })

  it('offers nothing to, and refuses, public visitors, staff and members of another org', async () => {
    const { org } = await setup()
    const pdf = uniquePdf()
    const other = await setup()
    const intruders = [
      ['public visitor', undefined, 401],
      // Another org's member: their session counts for nothing here, so they are a public visitor.
      ['member of another org', other.cookie, 401],
      ['staff', org.admin.cookie, 403],
    ] as const
    for (const [who, cookie, status] of intruders) {
      for (const query of ['', '?questionnaire=true', '?questionnaire=file', '?questionnaires=list']) {
        const page = await portal(org, query, cookie)
        expect({ who, query, offered: page.data.visitor!.questionnairesOffered, dialog: page.data.visitor!.questionnaire }).toEqual({ who, query, offered: false, dialog: null })
      }
      const file = await postFile(org, new File([pdf], 'q.pdf'), cookie)
      const link = await postLink(org, 'https://forms.contoso.test/q', cookie)
      expect({ who, file: file.status, link: link.status, thrown: file.thrown && link.thrown }).toEqual({ who, file: status, link: status, thrown: true })
    }
    await expectNothingWritten(org, pdf)
  })

  it('hides and refuses questionnaires when the org turned them off', async () => {
    const { org, cookie } = await setup()
    const pdf = uniquePdf()
    await db().updateTable('portal_customizations').set({ questionnaires_enabled: false }).where('org_id', '=', org.id).execute()
    const page = await portal(org, '?questionnaire=true', cookie)
    expect(page.data.visitor!.questionnairesOffered).toBe(false)
    expect(page.data.visitor!.questionnaire).toBeNull()
    expect((await portal(org, '?questionnaires=list', cookie)).data.visitor!.questionnaire).toBeNull()
    const file = await postFile(org, new File([pdf], 'q.pdf'), cookie)
    expect(file.status).toBe(403)
    expect(file.data).toBe(QUESTIONNAIRE_MESSAGES.notOffered)
    expect((await postLink(org, 'https://forms.contoso.test/q', cookie)).status).toBe(403)
    await expectNothingWritten(org, pdf)
  })

  it('limits how many questionnaires a member sends in an hour', async () => {
    const { org, cookie } = await setup()
    for (let index = 0; index < 20; index++) expect((await postLink(org, `https://forms.contoso.test/q/${index}`, cookie)).status).toBe(302)
    const over = await postLink(org, 'https://forms.contoso.test/q/21', cookie)
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await rows(org)).toHaveLength(20)
  })

  it('lets staff holding the scope list, download and answer; the member is mailed the answer with a link to their list', async () => {
    const { org, email, cookie } = await setup()
    const xlsx = await office(XLSX_MAIN)
    await postFile(org, new File([xlsx], 'Assessment.xlsx'), cookie)
    await postLink(org, 'https://forms.contoso.test/q', cookie)
    const [file, link] = await rows(org)
    const answerer = await createStaffMember(database(), `answers-${org.slug}@${org.slug}.test`, ['questionnaires'], { org, name: 'Dana Whitaker' })
    const bystander = await createStaffMember(database(), `docs-${org.slug}@${org.slug}.test`, ['documents', 'accounts'], { org })

    const page = await staffPage(answerer)
    expect(page.status).toBe(200)
    expect(page.data).toMatchObject({ total: 2, page: 1, pageCount: 1, answering: null })
    expect(page.data.rows.map((row: { id: string; accountName: string; memberEmail: string; status: string }) => [row.id, row.accountName, row.memberEmail, row.status])).toEqual([
      [link.id, 'Contoso', email, 'submitted'],
      [file.id, 'Contoso', email, 'submitted'],
    ])
    expect((await staffPage(answerer, `?answer=${file.id}`)).data.answering).toMatchObject({ id: file.id, fileName: 'Assessment.xlsx' })

    const fetched = await download(answerer, file.id)
    expect(fetched.status).toBe(200)
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment; filename="Assessment.xlsx"/)
    expect(fetched.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(fetched.headers.get('cache-control')).toBe('private, no-store')
    expect(new Uint8Array(await fetched.response!.arrayBuffer())).toEqual(xlsx)
    expect((await download(answerer, link.id)).status).toBe(404)

    // Without the scope: the page, the answer and the file are refused.
    expect((await staffPage(bystander)).status).toBe(403)
    expect((await download(bystander, file.id)).status).toBe(403)
    expect((await answer(bystander, file.id, 'Done')).status).toBe(403)

    // Bad input writes nothing.
    expect((await answer(answerer, file.id, '   ')).status).toBe(400)
    expect((await answer(answerer, 'not-a-uuid', 'Done')).status).toBe(400)
    expect((await answer(answerer, file.id, 'x'.repeat(5001))).status).toBe(400)
    expect(await audit(org, 'questionnaire.answer')).toEqual([])

    const answered = await answer(answerer, file.id, 'Completed: see the attached answers in our SOC 2 report.\nSection 4 covers encryption.')
    expect(answered.status).toBe(302)
    expect(answered.location).toBe('/questionnaires')
    expect(answered.toast).toBe(`Answer sent to ${email}`)
    const [stored] = await rows(org)
    expect(stored).toMatchObject({
      status: 'answered',
      answered_by_name: 'Dana Whitaker',
      answer: 'Completed: see the attached answers in our SOC 2 report.\nSection 4 covers encryption.',
    })
    expect(stored.answered_at).not.toBeNull()
    const entries = await audit(org, 'questionnaire.answer')
    expect(entries.map((entry) => [entry.actor, entry.target])).toEqual([[`answers-${org.slug}@${org.slug}.test`, file.id]])

    const [mail] = (await mails(org)).filter((entry) => entry.recipient === email)
    expect(mail.subject).toBe(`Your questionnaire on ${org.name}'s Trust Center has been answered`)
    expect(mail.text_body).toContain('Section 4 covers encryption.')
    expect(mail.text_body).toContain(`http://localhost:3000/portal/${org.slug}?questionnaires=list`)

    // The member sees the answer, and no staff name.
    const list = await portal(org, '?questionnaires=list', cookie)
    const dialog = list.data.visitor!.questionnaire
    const entry = dialog?.step === 'list' ? dialog.entries.find((row) => row.id === file.id) : undefined
    expect(entry).toMatchObject({ status: 'answered', answer: stored.answer })
    expect(JSON.stringify(list.data.visitor)).not.toContain('Dana Whitaker')
  })

  it('shows another org’s staff nothing of the questionnaires, and lets them change none', async () => {
    const { org, cookie } = await setup()
    await postFile(org, new File([PDF], 'q.pdf'), cookie)
    const [row] = await rows(org)
    const other = await createOrg(database())
    expect((await staffPage(other.admin.cookie)).data).toMatchObject({ rows: [], total: 0 })
    expect((await staffPage(other.admin.cookie, `?answer=${row.id}`)).data.answering).toBeNull()
    expect((await download(other.admin.cookie, row.id)).status).toBe(404)
    expect((await answer(other.admin.cookie, row.id, 'Taken over')).status).toBe(404)
    expect(await rows(org)).toMatchObject([{ status: 'submitted', answer: null }])
    expect(await audit(other, 'questionnaire.answer')).toEqual([])
  })

  it('takes an upload body only on the portal home’s questionnaire URL, and only from a live session of a member of that portal’s org', async () => {
    for (const url of [
      '/?questionnaire=file',
      '/_root.data?questionnaire=file',
      '/portal/northwind?questionnaire=file',
      '/portal/northwind.data?questionnaire=file',
      '/portal/northwind/product/mobile?questionnaire=file',
      '/product/mobile.data?questionnaire=file',
    ]) {
      expect({ url, upload: isQuestionnaireUpload('POST', url) }).toEqual({ url, upload: true })
    }
    for (const [method, url] of [
      ['GET', '/?questionnaire=file'],
      ['POST', '/?questionnaire=link'],
      ['POST', '/'],
      ['POST', '/documents?questionnaire=file'],
      ['POST', '/item/soc-2?questionnaire=file'],
      ['POST', '/portal/northwind/nda?questionnaire=file'],
    ]) {
      expect({ method, url, upload: isQuestionnaireUpload(method, url) }).toEqual({ method, url, upload: false })
    }
    const { org, cookie } = await setup()
    const other = await createOrg(database())
    const env = database().env
    const session = (cookieHeader: string | undefined, home = org.home) => hasVisitorSession(db(), env, env.APP_URL, `${home}?questionnaire=file`, cookieHeader)
    expect(await session(cookie)).toBe(true)
    expect(await session(`other=1; ${cookie}`)).toBe(true)
    // A member of one org is nobody on another org's portal, nor on one that does not exist.
    expect(await session(cookie, other.home)).toBe(false)
    expect(await session(cookie, '/portal/no-such-org')).toBe(false)
    expect(await session(org.admin.cookie)).toBe(false)
    expect(await session(`tc_visitor=${'A'.repeat(43)}`)).toBe(false)
    expect(await session(undefined)).toBe(false)
  })

  it('shares links only once the org’s public portal lists something besides the Overview', async () => {
    const org = await createOrg(database())
    const shared = async (cookie?: string) => (await portal(org, '', cookie)).data.visitor!.sharePublished
    expect(await shared()).toBe(false)
    // As the server renders it (no JavaScript): the notice, and links that lead nowhere.
    const draft = renderToStaticMarkup(createElement(SharePopover, { view: (await portal(org, '?utm_source=x')).data }))
    expect(draft).toContain(`Share the ${org.name} Trust Center`)
    expect(draft).toContain('Share links will be disabled until a public portal is published')
    expect(draft).toContain('<a class="share__action" role="link" aria-disabled="true">Share to LinkedIn</a>')
    expect(draft).toContain('<a class="share__action" role="link" aria-disabled="true">Share via email</a>')
    expect(draft).toMatch(/<input readOnly="" disabled="" value=""\/>/)
    // The Overview every portal has does not count.
    await createItem(database(), org.product, { catalogueUid: 'overview', explanation: 'Welcome.' })
    expect(await shared()).toBe(false)
    // A hidden restricted item is withheld from the public: still nothing to share.
    await createItem(database(), org.product, { kind: 'Legal', title: 'Master services agreement', access: 'hidden' })
    expect(await shared()).toBe(false)
    // A restricted item is listed, locked, under Limited: there is a public portal.
    await createItem(database(), org.product, { kind: 'Legal', title: 'Data processing agreement', access: 'restricted' })
    expect(await shared()).toBe(true)
    expect(await shared(org.admin.cookie)).toBe(true)
    const published = renderToStaticMarkup(createElement(SharePopover, { view: (await portal(org, '?utm_source=x&accountId=y')).data }))
    const url = `http://localhost:3000/portal/${org.slug}`
    expect(published).not.toContain('Share links will be disabled')
    expect(published).toContain(`href="https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}"`)
    expect(published).toContain(`href="mailto:?subject=${encodeURIComponent(`${org.name} Trust Center`)}&amp;body=${encodeURIComponent(url)}"`)
    expect(published).toContain(`<input readOnly="" value="${url}"/>`)
    expect(published).not.toContain('utm_source')
    // Minimal publishes the Overview and Certifications only.
    await db().updateTable('orgs').set({ public_access_level: 'Minimal' }).where('id', '=', org.id).execute()
    expect(await shared()).toBe(false)
    await createItem(database(), org.product, { kind: 'Certifications', title: 'ISO 27001' })
    expect(await shared()).toBe(true)
  })
})
