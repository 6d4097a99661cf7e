import type { Insertable } from 'kysely'
import type { Database } from '../../db/index'
import type { SearchEntries } from '../../db/types'
import { itemTitle } from '../../app/lib/catalogue/index'
import { oneLine } from '../../app/lib/one-line'

// The search index's text (migration 0010): one search_entries row per item, subprocessor, FAQ entry and
// trust update, rewritten in the transaction of the edit that changed it (the revision bumps call these),
// and one per document name and extracted page (server/search/extract.ts). Only text lives here: who may
// see a row is decided when searching, from the live rows it points at (server/search/query.ts).

type Kind = 'item' | 'subprocessor' | 'faq' | 'update'
const KEY_COLUMN = { item: 'item_id', subprocessor: 'subprocessor_id', faq: 'faq_id', update: 'update_id' } as const

interface Entry {
  kind: Kind
  key: string
  title: string
  body: string
}

/** Text longer than this is cut before indexing (PostgreSQL's tsvector holds at most 1 MB). */
const BODY_LIMIT = 100_000

const text = (...parts: Array<string | null | undefined>) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, BODY_LIMIT)

/** Rewrites the entries of one product's items, subprocessors and FAQ entries that changed. */
export async function indexProduct(db: Database, productId: string) {
  const product = await db.selectFrom('products').select('org_id').where('id', '=', productId).executeTakeFirst()
  if (!product) return
  const scope = { orgId: product.org_id, productId }
  // Stored rows first, sources second: a row added by a concurrent edit between the two reads is then
  // written again here (harmless), never taken for a stale one and deleted.
  const stored = await storedEntries(db, scope, ['item', 'subprocessor', 'faq'])
  const [items, subprocessors, faqs] = await Promise.all([
    db.selectFrom('items').select(['id', 'title', 'catalogue_uid', 'explanation', 'choice', 'auditor']).where('product_id', '=', productId).execute(),
    db.selectFrom('subprocessors').select(['id', 'company_name', 'company_domain', 'purpose', 'location', 'additional_details']).where('product_id', '=', productId).execute(),
    db.selectFrom('faqs').select(['id', 'question', 'answer', 'comment']).where('product_id', '=', productId).execute(),
  ])
  const entries: Entry[] = [
    ...items.map((row) => ({
      kind: 'item' as const,
      key: row.id,
      title: oneLine(itemTitle(row)),
      body: text(row.explanation, row.choice, row.auditor && `Auditor: ${row.auditor}`),
    })),
    ...subprocessors.map((row) => ({
      kind: 'subprocessor' as const,
      key: row.id,
      title: oneLine(row.company_name),
      body: text(row.purpose, row.location, row.additional_details, row.company_domain),
    })),
    ...faqs.map((row) => ({ kind: 'faq' as const, key: row.id, title: oneLine(row.question), body: text(row.answer, row.comment) })),
  ]
  await writeEntries(db, scope, stored, entries)
}

/** Rewrites the entries of an org's trust updates that changed (an update's own title, issue 24 item 10). */
export async function indexOrgUpdates(db: Database, orgId: string) {
  const scope = { orgId, productId: null }
  const stored = await storedEntries(db, scope, ['update'])
  const updates = await db
    .selectFrom('updates')
    .innerJoin('update_topics', 'update_topics.id', 'updates.topic_id')
    .select(['updates.id', 'updates.title', 'updates.message'])
    .where('update_topics.org_id', '=', orgId)
    .execute()
  const entries = updates.map((row) => ({ kind: 'update' as const, key: row.id, title: oneLine(row.title), body: text(row.message) }))
  await writeEntries(db, scope, stored, entries)
}

type Scope = { orgId: string; productId: string | null }

function storedEntries(db: Database, scope: Scope, kinds: Kind[]) {
  let query = db
    .selectFrom('search_entries')
    .select(['id', 'kind', 'item_id', 'subprocessor_id', 'faq_id', 'update_id', 'title', 'body'])
    .where('org_id', '=', scope.orgId)
    .where('kind', 'in', kinds)
  query = scope.productId ? query.where('product_id', '=', scope.productId) : query.where('product_id', 'is', null)
  return query.execute()
}

/** Compares what is stored with what should be, and writes only the difference. */
async function writeEntries(db: Database, scope: Scope, stored: Awaited<ReturnType<typeof storedEntries>>, entries: Entry[]) {
  const byKey = new Map(stored.map((row) => [`${row.kind}:${row.item_id ?? row.subprocessor_id ?? row.faq_id ?? row.update_id}`, row]))
  const inserts: Insertable<SearchEntries>[] = []
  for (const entry of entries) {
    const key = `${entry.kind}:${entry.key}`
    const current = byKey.get(key)
    byKey.delete(key)
    if (!current) {
      inserts.push({ org_id: scope.orgId, product_id: scope.productId, kind: entry.kind, [KEY_COLUMN[entry.kind]]: entry.key, title: entry.title, body: entry.body })
    } else if (current.title !== entry.title || current.body !== entry.body) {
      await db.updateTable('search_entries').set({ title: entry.title, body: entry.body }).where('id', '=', current.id).execute()
    }
  }
  // Rows whose source is gone were removed by their foreign keys; any left over are stale.
  const stale = [...byKey.values()].map((row) => row.id)
  if (stale.length) await db.deleteFrom('search_entries').where('id', 'in', stale).execute()
  // Two edits outside a transaction may index the same new row at once: the second one's text wins.
  for (const kind of Object.keys(KEY_COLUMN) as Kind[]) {
    const column = KEY_COLUMN[kind]
    const rows = inserts.filter((row) => row.kind === kind)
    for (let start = 0; start < rows.length; start += 500) {
      await db
        .insertInto('search_entries')
        .values(rows.slice(start, start + 500))
        .onConflict((conflict) =>
          conflict
            .column(column)
            .where(column, 'is not', null)
            .doUpdateSet((eb) => ({ title: eb.ref('excluded.title'), body: eb.ref('excluded.body') })),
        )
        .execute()
    }
  }
}

/** A new document's name, searchable at once; its text follows when extracted (server/search/extract.ts). */
export async function indexDocumentName(db: Database, file: { id: string; orgId: string; name: string }) {
  await db
    .insertInto('search_entries')
    .values({ org_id: file.orgId, kind: 'document', file_id: file.id, page: 0, title: oneLine(file.name), body: '' })
    .onConflict((conflict) =>
      conflict
        .columns(['file_id', 'page'])
        .where('file_id', 'is not', null)
        .doUpdateSet({ title: oneLine(file.name) }),
    )
    .execute()
}
