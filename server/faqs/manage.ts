import type { LoadContext } from '../context'
import type { Database } from '../../db/index'
import { recordAudit } from '../audit/record'
import type { StaffMember } from '../auth/staff-session'
import { bumpProductRevision } from '../portal/revision'
import { refusable, refuse, type Refused } from '../refusal'
import { oneLine } from '../../app/lib/one-line'
import { FAQ_MESSAGES, type FaqDirection, type FaqFields } from '../../app/lib/schemas/faqs'
import { readFaqCsv } from './csv'

// The knowledge base (/knowledge-base): a product's FAQ entries, in the order the portal lists them.
// Every change runs in one transaction with its audit entry and the product's revision bump, the product
// row locked first so two changes to one list take turns; then the page cache is dropped. Every id a form
// sends is looked up inside the staff member's org: another org's is "not found".

export interface FaqEntry {
  id: string
  question: string
  answer: string
  comment: string | null
}

export interface KnowledgeBaseProduct {
  id: string
  slug: string
  name: string
}

/** Who changes the knowledge base, and from where: what the audit entry and the cache need. */
export interface FaqEditor {
  db: Database
  staff: StaffMember
  ip: string | null
  userAgent: string | null
  pageCache?: { invalidate(): void }
}

export const faqEditor = (context: LoadContext, request: Request, staff: StaffMember): FaqEditor => ({
  db: context.db,
  staff,
  ip: context.clientAddress ?? null,
  userAgent: request.headers.get('user-agent'),
  pageCache: context.pageCache,
})

export type FaqChangeResult = { ok: true; message: string; product: KnowledgeBaseProduct; faqId: string | null } | Refused

// ---------------------------------------------------------------------------------------------------
// Reading

/** The org's products, the default first; the one `slug` names, else the default. */
export async function knowledgeBaseProducts(db: Database, orgId: string, slug: string | null) {
  const products = await db
    .selectFrom('products')
    .select(['id', 'slug', 'name', 'is_default'])
    .where('org_id', '=', orgId)
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .orderBy('id')
    .execute()
  const selected = slug ? products.find((product) => product.slug === slug) : (products.find((product) => product.is_default) ?? products[0])
  const shape = ({ id, slug, name }: (typeof products)[number]): KnowledgeBaseProduct => ({ id, slug, name })
  return { products: products.map(shape), product: selected ? shape(selected) : null }
}

/** A product's entries in display order. */
export function listFaqs(db: Database, productId: string): Promise<FaqEntry[]> {
  return db.selectFrom('faqs').select(['id', 'question', 'answer', 'comment']).where('product_id', '=', productId).orderBy('position').orderBy('id').execute()
}

// ---------------------------------------------------------------------------------------------------
// Changes

interface Audited {
  message: string
  action: 'faq.create' | 'faq.update' | 'faq.delete' | 'faq.move' | 'faq.import'
  target: string
  before?: unknown
  after?: unknown
  faqId?: string
}

/** The product, locked for the change; refused when it is not the staff member's org's. */
async function lockProduct(trx: Database, orgId: string, productId: string): Promise<KnowledgeBaseProduct> {
  const product = await trx.selectFrom('products').select(['id', 'slug', 'name']).where('id', '=', productId).where('org_id', '=', orgId).forUpdate().executeTakeFirst()
  return product ?? refuse(404, FAQ_MESSAGES.unknownProduct)
}

/** The entry and its product (locked, product first, as every change locks them). */
async function lockFaq(trx: Database, orgId: string, faqId: string) {
  const owner = await trx
    .selectFrom('faqs')
    .innerJoin('products', 'products.id', 'faqs.product_id')
    .select('faqs.product_id')
    .where('faqs.id', '=', faqId)
    .where('products.org_id', '=', orgId)
    .executeTakeFirst()
  if (!owner) refuse(404, FAQ_MESSAGES.unknownFaq)
  const product = await lockProduct(trx, orgId, owner.product_id)
  const faq = await trx
    .selectFrom('faqs')
    .select(['id', 'question', 'answer', 'comment', 'position'])
    .where('id', '=', faqId)
    .where('product_id', '=', product.id)
    .forUpdate()
    .executeTakeFirst()
  // Deleted or moved to another product while we waited for the lock.
  if (!faq) refuse(404, FAQ_MESSAGES.unknownFaq)
  return { product, faq }
}

/** Runs a change to one product's entries: the work, its audit entry, the revision bump; then the cache. */
async function faqChange(editor: FaqEditor, run: (trx: Database) => Promise<{ product: KnowledgeBaseProduct; audited: Audited }>): Promise<FaqChangeResult> {
  const { staff } = editor
  const result = await refusable(editor.db, async (trx) => {
    const { product, audited } = await run(trx)
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: audited.action,
      target: audited.target,
      before: audited.before,
      after: audited.after,
      ip: editor.ip,
      userAgent: editor.userAgent,
    })
    await bumpProductRevision(trx, product.id)
    return { product, audited }
  })
  if (!result.ok) return result
  editor.pageCache?.invalidate()
  return { ok: true, message: result.value.audited.message, product: result.value.product, faqId: result.value.audited.faqId ?? null }
}

async function nextPosition(trx: Database, productId: string) {
  const row = await trx
    .selectFrom('faqs')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('product_id', '=', productId)
    .executeTakeFirst()
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1
}

const snapshot = (faq: FaqFields & { id: string }) => ({ faqId: faq.id, question: faq.question, answer: faq.answer, comment: faq.comment })

/** Adds an entry at the end of the product's list. */
export function createFaq(editor: FaqEditor, productId: string, fields: FaqFields) {
  return faqChange(editor, async (trx) => {
    const product = await lockProduct(trx, editor.staff.orgId, productId)
    const position = await nextPosition(trx, product.id)
    const { id } = await trx
      .insertInto('faqs')
      .values({ product_id: product.id, question: fields.question, answer: fields.answer, comment: fields.comment, position })
      .returning('id')
      .executeTakeFirstOrThrow()
    return {
      product,
      audited: { message: 'Question added', action: 'faq.create', target: fields.question, after: { productId: product.id, ...snapshot({ id, ...fields }) }, faqId: id },
    }
  })
}

export function updateFaq(editor: FaqEditor, faqId: string, fields: FaqFields) {
  return faqChange(editor, async (trx) => {
    const { product, faq } = await lockFaq(trx, editor.staff.orgId, faqId)
    await trx.updateTable('faqs').set({ question: fields.question, answer: fields.answer, comment: fields.comment }).where('id', '=', faq.id).execute()
    return {
      product,
      audited: { message: 'Question saved', action: 'faq.update', target: fields.question, before: snapshot(faq), after: snapshot({ id: faq.id, ...fields }), faqId: faq.id },
    }
  })
}

export function deleteFaq(editor: FaqEditor, faqId: string) {
  return faqChange(editor, async (trx) => {
    const { product, faq } = await lockFaq(trx, editor.staff.orgId, faqId)
    await trx.deleteFrom('faqs').where('id', '=', faq.id).execute()
    return { product, audited: { message: 'Question deleted', action: 'faq.delete', target: faq.question, before: { productId: product.id, ...snapshot(faq) } } }
  })
}

/**
 * Swaps an entry with its neighbour above or below. Positions are renumbered 0..n-1 on the way, so
 * entries that share a position (rows written by hand) still move one step.
 */
export function moveFaq(editor: FaqEditor, faqId: string, direction: FaqDirection) {
  return faqChange(editor, async (trx) => {
    const { product, faq } = await lockFaq(trx, editor.staff.orgId, faqId)
    const order = await trx.selectFrom('faqs').select(['id', 'position']).where('product_id', '=', product.id).orderBy('position').orderBy('id').execute()
    const from = order.findIndex((row) => row.id === faq.id)
    const to = direction === 'up' ? from - 1 : from + 1
    if (to < 0) refuse(400, 'This question is already the first')
    if (to >= order.length) refuse(400, 'This question is already the last')
    const moved = order.slice()
    ;[moved[from], moved[to]] = [moved[to], moved[from]]
    for (const [position, row] of moved.entries()) {
      if (row.position !== position) await trx.updateTable('faqs').set({ position }).where('id', '=', row.id).execute()
    }
    return {
      product,
      audited: {
        message: direction === 'up' ? 'Question moved up' : 'Question moved down',
        action: 'faq.move',
        target: faq.question,
        before: { faqId: faq.id, position: from },
        after: { faqId: faq.id, position: to },
        faqId: faq.id,
      },
    }
  })
}

/** Appends every entry of a CSV file, or none: a file with one bad row is refused whole (readFaqCsv). */
export async function importFaqs(editor: FaqEditor, productId: string, file: { name: string; bytes: Uint8Array }) {
  const read = readFaqCsv(file.bytes)
  if (!read.ok) return { ok: false, status: 400, message: read.message, field: 'file' } satisfies Refused
  const { entries } = read
  return faqChange(editor, async (trx) => {
    const product = await lockProduct(trx, editor.staff.orgId, productId)
    const first = await nextPosition(trx, product.id)
    await trx
      .insertInto('faqs')
      .values(entries.map((entry, index) => ({ product_id: product.id, question: entry.question, answer: entry.answer, comment: entry.comment, position: first + index })))
      .execute()
    const count = `${entries.length} ${entries.length === 1 ? 'question' : 'questions'}`
    return {
      product,
      audited: { message: `${count} imported`, action: 'faq.import', target: oneLine(file.name).slice(0, 200), after: { productId: product.id, count: entries.length } },
    }
  })
}
