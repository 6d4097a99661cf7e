// The knowledge base (issue 10, part 3): /knowledge-base adds, edits, moves, deletes, exports and imports a
// product's FAQ entries, each change audited and bumping the product's revision so the portal shows it; the
// portal's Knowledge Base (FAQs) section shows the first five and the FAQ dialog (?faqs=true) all of them.
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, it } from 'vitest'
import KnowledgeBase, { action as kbAction, loader as kbLoader } from '../../app/routes/staff/knowledge-base/index'
import { loader as exportLoader } from '../../app/routes/staff/knowledge-base/export'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { FaqDialog } from '../../app/components/portal/visitor/faq-dialog'
import { FAQ_IMPORT_MAX_BYTES, FAQ_MESSAGES } from '../../app/lib/schemas/faqs'
import type { PortalView } from '../../app/lib/portal-view'
import { parseCsv } from '../../server/csv'
import { describeEachDatabase } from '../setup/database'
import { createOrg, createProduct, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

const CSV_BOM = '\uFEFF'

describeEachDatabase('knowledge base', (database) => {
  const db = () => database().handle.db

  const post = (org: OrgFixture, form: Record<string, string | File>, cookie = org.admin.cookie) => callRoute(kbAction, database(), { path: '/knowledge-base', cookie, form })
  const load = (cookie: string, query = '') => callRoute(kbLoader, database(), { path: `/knowledge-base${query}`, cookie })
  const exportCsv = (cookie: string, query = '') => callRoute(exportLoader, database(), { path: `/knowledge-base/export.csv${query}`, cookie })
  const portal = async (org: OrgFixture, query = '', cookie?: string) =>
    (await callRoute<PortalView>(portalLoader, database(), { path: `${org.home}${query}`, params: org.params, cookie })).data

  const faqsOf = (productId: string) =>
    db().selectFrom('faqs').select(['id', 'question', 'answer', 'comment', 'position']).where('product_id', '=', productId).orderBy('position').orderBy('id').execute()
  const questionsOf = async (productId: string) => (await faqsOf(productId)).map((faq) => faq.question)
  const revision = async (productId: string) => (await db().selectFrom('products').select('revision').where('id', '=', productId).executeTakeFirstOrThrow()).revision
  const audit = (orgId: string) =>
    db()
      .selectFrom('audit_entries')
      .select(['action', 'actor', 'target', 'before', 'after'])
      .where('org_id', '=', orgId)
      .where('action', 'like', 'faq.%')
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  const csvFile = (text: string, name = 'faqs.csv') => new File([text], name, { type: 'text/csv' })

  async function addFaqs(org: OrgFixture, count: number, productId = org.product.id) {
    for (let index = 1; index <= count; index++) {
      const added = await post(org, { intent: 'faq.create', productId, question: `Question ${index}?`, answer: `Answer ${index}.` })
      expect(added.status).toBe(302)
    }
    return faqsOf(productId)
  }

  // -------------------------------------------------------------------------------------------------
  // Changes

  it('adds, edits and deletes an entry, each audited, bumping the revision the portal shows', async () => {
    const org = await createOrg(database())
    const start = await revision(org.product.id)
    expect((await portal(org)).knowledgeBase).toBeNull()

    const added = await post(org, { intent: 'faq.create', productId: org.product.id, question: '  Do you support SSO?  ', answer: 'Yes.\r\nOn every plan.', comment: '' })
    expect(added.status).toBe(302)
    expect(added.toast).toBe('Question added')
    const [faq] = await faqsOf(org.product.id)
    expect(faq).toMatchObject({ question: 'Do you support SSO?', answer: 'Yes.\nOn every plan.', comment: null, position: 0 })
    expect(added.location).toBe(`/knowledge-base?product=platform#faq-${faq.id}`)
    expect(await revision(org.product.id)).toBe(start + 1)
    let view = await portal(org)
    expect(view.sections).toContain('knowledge_base')
    expect(view.faqs).toEqual([{ id: faq.id, question: 'Do you support SSO?', answer: 'Yes.\nOn every plan.', comment: null }])

    const edited = await post(org, { intent: 'faq.update', faqId: faq.id, question: 'Is SSO on every plan?', answer: 'Yes.', comment: 'SCIM on Business and up.' })
    expect(edited.status).toBe(302)
    expect(edited.toast).toBe('Question saved')
    expect(await faqsOf(org.product.id)).toEqual([{ ...faq, question: 'Is SSO on every plan?', answer: 'Yes.', comment: 'SCIM on Business and up.' }])
    expect(await revision(org.product.id)).toBe(start + 2)
    view = await portal(org)
    expect(view.faqs[0]).toMatchObject({ question: 'Is SSO on every plan?', comment: 'SCIM on Business and up.' })

    const deleted = await post(org, { intent: 'faq.delete', faqId: faq.id })
    expect(deleted.status).toBe(302)
    expect(deleted.toast).toBe('Question deleted')
    expect(await faqsOf(org.product.id)).toEqual([])
    expect(await revision(org.product.id)).toBe(start + 3)
    view = await portal(org)
    expect(view.knowledgeBase).toBeNull()
    expect(view.sections).not.toContain('knowledge_base')

    const entries = await audit(org.id)
    expect(entries.map((entry) => entry.action)).toEqual(['faq.create', 'faq.update', 'faq.delete'])
    expect(entries.every((entry) => entry.actor === org.admin.email)).toBe(true)
    expect(entries[1]).toMatchObject({ target: 'Is SSO on every plan?', before: { question: 'Do you support SSO?' }, after: { question: 'Is SSO on every plan?' } })
    expect(entries[2]).toMatchObject({ before: { faqId: faq.id, question: 'Is SSO on every plan?' } })
  })

  it('moves an entry up and down one step, and refuses a move past either end', async () => {
    const org = await createOrg(database())
    const [first, second, third] = await addFaqs(org, 3)
    expect([first, second, third].map((faq) => faq.position)).toEqual([0, 1, 2])

    const up = await post(org, { intent: 'faq.move', faqId: third.id, direction: 'up' })
    expect(up.status).toBe(302)
    expect(up.toast).toBe('Question moved up')
    expect(up.location).toBe(`/knowledge-base?product=platform#faq-${third.id}`)
    expect(await questionsOf(org.product.id)).toEqual(['Question 1?', 'Question 3?', 'Question 2?'])

    const down = await post(org, { intent: 'faq.move', faqId: first.id, direction: 'down' })
    expect(down.toast).toBe('Question moved down')
    expect(await questionsOf(org.product.id)).toEqual(['Question 3?', 'Question 1?', 'Question 2?'])
    expect((await portal(org)).faqs.map((faq) => faq.question)).toEqual(['Question 3?', 'Question 1?', 'Question 2?'])

    const before = await revision(org.product.id)
    const top = await post(org, { intent: 'faq.move', faqId: third.id, direction: 'up' })
    expect(top.status).toBe(400)
    expect(top.data.result.error['']).toEqual(['This question is already the first'])
    const bottom = await post(org, { intent: 'faq.move', faqId: second.id, direction: 'down' })
    expect(bottom.status).toBe(400)
    expect(bottom.data.result.error['']).toEqual(['This question is already the last'])
    const sideways = await post(org, { intent: 'faq.move', faqId: second.id, direction: 'left' })
    expect(sideways.status).toBe(400)
    expect(await revision(org.product.id)).toBe(before)
    expect((await audit(org.id)).filter((entry) => entry.action === 'faq.move')).toHaveLength(2)

    // Rows that share a position (written by hand) still move one step at a time.
    await db().updateTable('faqs').set({ position: 7 }).where('product_id', '=', org.product.id).execute()
    const byId = (await faqsOf(org.product.id)).map((faq) => faq.id)
    await post(org, { intent: 'faq.move', faqId: byId[2], direction: 'up' })
    expect((await faqsOf(org.product.id)).map((faq) => faq.id)).toEqual([byId[0], byId[2], byId[1]])
  })

  it('refuses staff without the knowledge-base scope, and another org’s staff, changing nothing', async () => {
    const org = await createOrg(database())
    const [faq] = await addFaqs(org, 1)
    const start = await revision(org.product.id)

    const editor = await createStaffMember(database(), `editor@${org.slug}.test`, ['statuspage:edit', 'documents'], { org })
    for (const answer of [await load(editor), await exportCsv(editor), await post(org, { intent: 'faq.delete', faqId: faq.id }, editor)]) {
      expect(answer).toMatchObject({ status: 403, thrown: true })
    }
    expect(await load(org.admin.cookie)).toMatchObject({ status: 200 })

    const other = await createOrg(database())
    const attempts: Record<string, string | File>[] = [
      { intent: 'faq.update', faqId: faq.id, question: 'Hijacked?', answer: 'Yes.' },
      { intent: 'faq.delete', faqId: faq.id },
      { intent: 'faq.move', faqId: faq.id, direction: 'down' },
      { intent: 'faq.create', productId: org.product.id, question: 'Planted?', answer: 'Yes.' },
      { intent: 'faq.import', productId: org.product.id, file: csvFile('question,answer\r\nPlanted?,Yes.\r\n') },
    ]
    for (const form of attempts) {
      const answer = await post(other, form)
      expect(answer.status, String(form.intent)).toBe(404)
      expect(Object.values(answer.data.result.error).flat()[0]).toMatch(/no longer exists/)
    }
    // The other org's list and export are its own: the first org's product slug names the other's product.
    expect((await load(other.admin.cookie, '?product=platform')).data.entries).toEqual([])
    expect(await (await exportCsv(other.admin.cookie, '?product=platform')).response!.text()).toBe('question,answer,comment\r\n')

    expect(await faqsOf(org.product.id)).toEqual([faq])
    expect(await revision(org.product.id)).toBe(start)
    expect((await audit(other.id)).length).toBe(0)
  })

  it('answers bad input with 400 and the field messages, writing nothing', async () => {
    const org = await createOrg(database())
    const refused = async (form: Record<string, string>) => {
      const answer = await post(org, { intent: 'faq.create', productId: org.product.id, ...form })
      expect(answer.status).toBe(400)
      return answer.data.result.error as Record<string, string[]>
    }
    expect(await refused({ question: '   ', answer: '' })).toMatchObject({ question: [FAQ_MESSAGES.questionRequired], answer: [FAQ_MESSAGES.answerRequired] })
    expect(await refused({ question: 'q'.repeat(501), answer: 'a'.repeat(10_001), comment: 'c'.repeat(2_001) })).toMatchObject({
      question: ['Question must be at most 500 characters'],
      answer: ['Answer must be at most 10,000 characters'],
      comment: ['Comment must be at most 2,000 characters'],
    })
    expect(await refused({ question: 'Two\nlines?', answer: 'No.' })).toMatchObject({ question: [FAQ_MESSAGES.questionOneLine] })
    // At the limits, with CRLF line breaks counted once as the textarea does.
    const answer = `${'a'.repeat(4_999)}\r\n${'b'.repeat(5_000)}`
    expect((await post(org, { intent: 'faq.create', productId: org.product.id, question: 'q'.repeat(500), answer })).status).toBe(302)
    expect((await faqsOf(org.product.id)).map((faq) => faq.answer.length)).toEqual([10_000])

    const bogus = await post(org, { intent: 'faq.create', productId: 'not-a-uuid', question: 'Q?', answer: 'A.' })
    expect(bogus.status).toBe(400)
    expect((await post(org, { intent: 'faq.update', faqId: crypto.randomUUID(), question: 'Q?', answer: 'A.' })).status).toBe(404)
    expect(await post(org, { intent: 'faq.explode' })).toMatchObject({ status: 400, thrown: true })
    expect(await faqsOf(org.product.id)).toHaveLength(1)
    expect((await audit(org.id)).length).toBe(1)
  })

  it('shows the form again with its messages when the page renders a refused edit', async () => {
    const org = await createOrg(database())
    const [faq] = await addFaqs(org, 2)
    const loaded = await load(org.admin.cookie)
    const refused = await post(org, { intent: 'faq.update', faqId: faq.id, question: '', answer: 'Still here.' })
    const Stub = createRoutesStub([{ id: 'kb', path: '/knowledge-base', Component: KnowledgeBase as never, loader: () => loaded.data, action: () => refused.data }])
    const html = renderToString(createElement(Stub, { initialEntries: ['/knowledge-base'], hydrationData: { loaderData: { kb: loaded.data }, actionData: { kb: refused.data } } }))
    expect(html).toContain(FAQ_MESSAGES.questionRequired)
    expect(html).toContain('Save question')
    // The entry being edited shows its form; the last entry can move up, not down.
    expect(html).not.toContain('Move up<span class="visually-hidden"> <!-- -->Question 1?')
    expect(html).toMatch(/<button type="submit" value="up" class="[^"]*" name="direction">Move up<span class="visually-hidden"> <!-- -->Question 2\?/)
    expect(html).toMatch(/<button type="submit" value="down" class="[^"]*" disabled="" name="direction">Move down<span class="visually-hidden"> <!-- -->Question 2\?/)
  })

  it('lists a chosen product’s entries, and answers an unknown product with 404', async () => {
    const org = await createOrg(database())
    const mobile = await createProduct(database(), org, { slug: 'mobile' })
    await addFaqs(org, 1)
    await post(org, { intent: 'faq.create', productId: mobile.id, question: 'Offline?', answer: 'Yes.' })
    const platformPage = (await load(org.admin.cookie)).data
    expect(platformPage.product.slug).toBe('platform')
    expect(platformPage.products.map((product: { slug: string }) => product.slug)).toEqual(['platform', 'mobile'])
    expect(platformPage.entries.map((entry: { question: string }) => entry.question)).toEqual(['Question 1?'])
    const mobilePage = (await load(org.admin.cookie, '?product=mobile')).data
    expect(mobilePage.entries.map((entry: { question: string }) => entry.question)).toEqual(['Offline?'])
    expect(mobilePage.portalHref).toBe(`${org.home}/product/mobile`)
    expect(await load(org.admin.cookie, '?product=nope')).toMatchObject({ status: 404, thrown: true })
    expect(await exportCsv(org.admin.cookie, '?product=nope')).toMatchObject({ status: 404, thrown: true })
  })

  // -------------------------------------------------------------------------------------------------
  // CSV

  it('exports question, answer and comment in display order, as RFC 4180 that reads back', async () => {
    const org = await createOrg(database())
    const entries = [
      { question: 'Plain?', answer: 'Yes.', comment: '' },
      { question: 'Commas, "quotes"?', answer: 'Line one,\r\nline two.', comment: 'A comment.' },
      { question: '=HYPERLINK("https://evil.test")', answer: '- a list item', comment: '' },
    ]
    for (const entry of entries) await post(org, { intent: 'faq.create', productId: org.product.id, ...entry })
    const [, second] = await faqsOf(org.product.id)
    await post(org, { intent: 'faq.move', faqId: second.id, direction: 'up' })

    const answer = await exportCsv(org.admin.cookie, '?product=platform')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="knowledge-base-platform.csv"; filename*=UTF-8''knowledge-base-platform.csv`)
    const text = await answer.response!.text()
    expect(text.startsWith('question,answer,comment\r\n')).toBe(true)
    // A would-be formula is quoted so a spreadsheet shows it as text.
    expect(text).toContain(`"'=HYPERLINK(""https://evil.test"")","'- a list item",`)
    expect(parseCsv(text).map((record) => record.fields)).toEqual([
      ['question', 'answer', 'comment'],
      ['Commas, "quotes"?', 'Line one,\nline two.', 'A comment.'],
      ['Plain?', 'Yes.', ''],
      [`'=HYPERLINK("https://evil.test")`, "'- a list item", ''],
    ])
    // Without ?product, the default product's.
    expect(await (await exportCsv(org.admin.cookie)).response!.text()).toBe(text)

    // What was exported imports back as it was.
    const copy = await createProduct(database(), org, { slug: 'copy' })
    const imported = await post(org, { intent: 'faq.import', productId: copy.id, file: csvFile(text) })
    expect(imported.status).toBe(302)
    expect((await faqsOf(copy.id)).map(({ question, answer, comment }) => ({ question, answer, comment }))).toEqual(
      (await faqsOf(org.product.id)).map(({ question, answer, comment }) => ({ question, answer, comment })),
    )
  })

  it('imports a CSV with a BOM and quoted multi-line fields, appending after the existing entries', async () => {
    const org = await createOrg(database())
    await addFaqs(org, 2)
    const start = await revision(org.product.id)
    const csv =
      `${CSV_BOM}Question,Answer,Comment\r\n` +
      '"Is data encrypted, at rest and in transit?","Yes:\r\n- AES-256 at rest\r\n- TLS 1.2+ in transit","Keys rotate yearly."\r\n' +
      '\r\n' +
      'Where is data stored?,"In the region you choose, US or EU.",\r\n' +
      '"Who are your ""subprocessors""?",See the Subprocessors section.,\r\n'
    const imported = await post(org, { intent: 'faq.import', productId: org.product.id, file: csvFile(csv) })
    expect(imported.status).toBe(302)
    expect(imported.toast).toBe('3 questions imported')
    expect(imported.location).toBe('/knowledge-base?product=platform#faqs')
    const faqs = await faqsOf(org.product.id)
    expect(faqs.map(({ question, answer, comment, position }) => ({ question, answer, comment, position }))).toEqual([
      { question: 'Question 1?', answer: 'Answer 1.', comment: null, position: 0 },
      { question: 'Question 2?', answer: 'Answer 2.', comment: null, position: 1 },
      { question: 'Is data encrypted, at rest and in transit?', answer: 'Yes:\n- AES-256 at rest\n- TLS 1.2+ in transit', comment: 'Keys rotate yearly.', position: 2 },
      { question: 'Where is data stored?', answer: 'In the region you choose, US or EU.', comment: null, position: 3 },
      { question: 'Who are your "subprocessors"?', answer: 'See the Subprocessors section.', comment: null, position: 4 },
    ])
    expect(await revision(org.product.id)).toBe(start + 1)
    expect((await audit(org.id)).at(-1)).toMatchObject({ action: 'faq.import', target: 'faqs.csv', after: { productId: org.product.id, count: 3 } })

    // Without a comment column, and with LF line breaks.
    const plain = await post(org, { intent: 'faq.import', productId: org.product.id, file: csvFile('answer,question\nYes.,Pen tests yearly?\n') })
    expect(plain.toast).toBe('1 question imported')
    expect((await faqsOf(org.product.id)).at(-1)).toMatchObject({ question: 'Pen tests yearly?', answer: 'Yes.', comment: null, position: 5 })

    const view = await portal(org)
    expect(view.faqs).toHaveLength(5)
    expect(view.knowledgeBase?.total).toBe(6)
  })

  it('refuses a file with one bad row whole, naming its line, and refuses bad files', async () => {
    const org = await createOrg(database())
    await addFaqs(org, 1)
    const start = await revision(org.product.id)
    const refused = async (file: File, status = 400) => {
      const answer = await post(org, { intent: 'faq.import', productId: org.product.id, file })
      expect(answer.status).toBe(status)
      return answer.data.result.error.file[0] as string
    }
    // The bad row starts on line 5: the quoted answer above it spans two lines.
    const badRow = 'question,answer\r\nFirst?,Fine.\r\nSecond?,"Two\r\nlines."\r\nThird?,\r\nFourth?,Fine.\r\n'
    expect(await refused(csvFile(badRow))).toBe('Line 5: Answer is required')
    expect(await refused(csvFile(`question,answer\r\n${'q'.repeat(501)},A.\r\n`))).toBe('Line 2: Question must be at most 500 characters')
    expect(await refused(csvFile('question,answer,comment\r\nQ?,A.\r\n'))).toMatch(/^Line 2: expected 3 fields, found 2/)
    expect(await refused(csvFile('question,answer\r\n"Q?,A.\r\n'))).toBe('Line 2: a quoted field is never closed')
    expect(await refused(csvFile('title,body\r\nQ?,A.\r\n'))).toMatch(/^Line 1: the first row must name the columns question and answer/)
    expect(await refused(csvFile('question,answer\r\n'))).toBe('The file has no questions below its header row')
    expect(await refused(new File([new Uint8Array([0x71, 0x2c, 0x61, 0x0d, 0x0a, 0xff, 0xfe])], 'latin.csv'))).toMatch(/not UTF-8/)
    expect(await refused(new File([], 'empty.csv'))).toBe(FAQ_MESSAGES.fileRequired)
    // Valid UTF-8 that PostgreSQL cannot store: refused whole, never a failed insert.
    expect(await refused(csvFile('question,answer\r\nQ?,"A\u0000B."\r\n'))).toMatch(/NUL character/)

    const tooMany = `question,answer\r\n${Array.from({ length: 1_001 }, (_, index) => `Q${index}?,A.\r\n`).join('')}`
    expect(await refused(csvFile(tooMany))).toBe(FAQ_MESSAGES.tooManyRows)
    const atLimit = `question,answer\r\n${Array.from({ length: 1_000 }, (_, index) => `Q${index}?,A.\r\n`).join('')}`
    const tooLarge = `question,answer\r\n"${'x'.repeat(FAQ_IMPORT_MAX_BYTES)}",A.\r\n`
    expect(await refused(csvFile(tooLarge), 413)).toBe(FAQ_MESSAGES.fileTooLarge)

    expect(await faqsOf(org.product.id)).toHaveLength(1)
    expect(await revision(org.product.id)).toBe(start)
    expect((await audit(org.id)).filter((entry) => entry.action === 'faq.import')).toEqual([])

    const thousand = await post(org, { intent: 'faq.import', productId: org.product.id, file: csvFile(atLimit) })
    expect(thousand.toast).toBe('1000 questions imported')
    expect(await faqsOf(org.product.id)).toHaveLength(1_001)
  })

  // -------------------------------------------------------------------------------------------------
  // The portal

  it('shows the first five entries, all of them in the FAQ dialog, and Manage to staff with the scope', async () => {
    const org = await createOrg(database())
    await addFaqs(org, 7)
    await db().updateTable('faqs').set({ comment: 'Backups are encrypted.' }).where('product_id', '=', org.product.id).where('question', '=', 'Question 6?').execute()

    const section = await portal(org)
    expect(section.faqs.map((faq) => faq.question)).toEqual(['Question 1?', 'Question 2?', 'Question 3?', 'Question 4?', 'Question 5?'])
    expect(section.knowledgeBase).toEqual({ total: 7, dialog: null, manageHref: null })

    const dialog = await portal(org, '?faqs=true&faqQuery=%20backups%20')
    expect(dialog.faqs).toHaveLength(7)
    expect(dialog.knowledgeBase?.dialog).toEqual({ query: 'backups' })

    // Staff in Main mode with the scope get Manage; without it, none.
    expect((await portal(org, '', org.admin.cookie)).knowledgeBase?.manageHref).toBe('/knowledge-base?product=platform')
    const editor = await createStaffMember(database(), `editor@${org.slug}.test`, ['statuspage:edit'], { org })
    expect((await portal(org, '', editor)).knowledgeBase?.manageHref).toBeNull()

    // Under Minimal the knowledge base is not published to anonymous visitors.
    await db().updateTable('orgs').set({ public_access_level: 'Minimal' }).where('id', '=', org.id).execute()
    const minimal = await portal(org, '?faqs=true')
    expect(minimal.faqs).toEqual([])
    expect(minimal.knowledgeBase).toBeNull()
  })

  it('renders the FAQ dialog on the server filtered by faqQuery', async () => {
    const org = await createOrg(database())
    await addFaqs(org, 3)
    await db().updateTable('faqs').set({ comment: 'Restores are tested quarterly.' }).where('product_id', '=', org.product.id).where('question', '=', 'Question 2?').execute()
    const render = async (query: string) => {
      const view = await portal(org, query)
      const Stub = createRoutesStub([{ path: org.home, Component: () => createElement(FaqDialog, { view }) }])
      return renderToString(createElement(Stub, { initialEntries: [`${org.home}${query}`] }))
    }
    const all = await render('?faqs=true')
    expect(all).toContain('Knowledge Base (FAQs)')
    expect(all).toContain('Filter questions')
    for (const question of ['Question 1?', 'Question 2?', 'Question 3?']) expect(all).toContain(question)

    const filtered = await render('?faqs=true&faqQuery=RESTORES+quarterly')
    expect(filtered).toContain('Question 2?')
    expect(filtered).toContain('Restores are tested quarterly.')
    expect(filtered).not.toContain('Question 1?')
    expect(filtered).not.toContain('Question 3?')
    expect(filtered).toContain('1 question of 3 match')
    expect(filtered).toMatch(/name="faqQuery"[^>]*value="RESTORES quarterly"/)

    expect(await render('?faqs=true&faqQuery=nothing')).toContain('No questions match')
  })
})
