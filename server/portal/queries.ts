import type { Database } from '../../db/index'
import { accessCheckedItems } from '../access/items'
import { updateListedSql } from '../access/sql'

// One cache per database handle (tests open several in one process).
const caches = new WeakMap<Database, Map<string, PortalRows>>()
const CACHE_ENTRIES = 64

/**
 * The rows behind one product's portal page. One query reads the revisions; the rest is read once per
 * (org, product, revision) and kept, since every change bumps a revision (docs/decisions/007-portal-cache.md).
 * What a viewer may see is decided afterwards, per request, from these rows.
 */
export async function loadPortalData(db: Database, orgId: string, selector: { productSlug?: string; productId?: string }) {
  const products = await db
    .selectFrom('products')
    .innerJoin('portal_customizations', 'portal_customizations.org_id', 'products.org_id')
    .select([
      'products.id',
      'products.slug',
      'products.name',
      'products.is_default',
      'products.section_order',
      'products.banner_url',
      'products.banner_file_id',
      'products.terms_url',
      'products.revision',
      'products.updated_at',
      'portal_customizations.revision as org_revision',
    ])
    .where('products.org_id', '=', orgId)
    .orderBy('products.position')
    .orderBy('products.name')
    .execute()
  if (!products.length) return null
  const { productSlug, productId } = selector
  const product = productSlug
    ? products.find((entry) => entry.slug === productSlug.toLowerCase())
    : productId
      ? products.find((entry) => entry.id === productId)
      : (products.find((entry) => entry.is_default) ?? products[0])
  if (!product) return null

  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  const key = `${orgId}:${product.id}:${product.org_revision}:${product.revision}`
  let rows = cache.get(key)
  if (!rows) {
    const loaded = await loadPortalRows(db, orgId, product.id)
    if (!loaded) return null
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!)
    cache.set(key, (rows = loaded))
  }
  return { ...rows, products, product }
}

async function loadPortalRows(db: Database, orgId: string, productId: string) {
  const customization = await db.selectFrom('portal_customizations').selectAll().where('org_id', '=', orgId).executeTakeFirst()
  if (!customization) return null
  const product = { id: productId }
  const [cards, items, files, subprocessors, trustedBy, faqs, updates] = await Promise.all([
    db.selectFrom('cards').selectAll().where('product_id', '=', product.id).orderBy('position').execute(),
    accessCheckedItems(db).selectAll('items').where('items.product_id', '=', product.id).execute(),
    db
      .selectFrom('item_files')
      .innerJoin('items', 'items.id', 'item_files.item_id')
      .innerJoin('files', 'files.id', 'item_files.file_id')
      .select(['item_files.item_id', 'files.id', 'files.original_name', 'files.content_type', 'files.document_access_type', 'files.created_at'])
      .where('items.product_id', '=', product.id)
      .orderBy('item_files.position')
      .orderBy('files.original_name')
      .execute(),
    db.selectFrom('subprocessors').selectAll().where('product_id', '=', product.id).orderBy('position').orderBy('company_name').execute(),
    db.selectFrom('trusted_by_companies').selectAll().where('product_id', '=', product.id).orderBy('position').orderBy('name').execute(),
    db.selectFrom('faqs').selectAll().where('product_id', '=', product.id).orderBy('position').execute(),
    db
      .selectFrom('updates')
      .innerJoin('update_topics', 'update_topics.id', 'updates.topic_id')
      .select(['updates.id', 'updates.title', 'updates.message', 'updates.audience', 'updates.pinned', 'updates.created_at', 'update_topics.subject', 'update_topics.category'])
      .where('update_topics.org_id', '=', orgId)
      .where(updateListedSql('updates', 'update_topics'))
      .execute(),
  ])

  const filesByItem = new Map<string, typeof files>()
  for (const file of files) {
    const list = filesByItem.get(file.item_id) ?? []
    list.push(file)
    filesByItem.set(file.item_id, list)
  }
  return { customization, cards, items, filesByItem, subprocessors, trustedBy, faqs, updates }
}

type PortalRows = NonNullable<Awaited<ReturnType<typeof loadPortalRows>>>

export type PortalData = NonNullable<Awaited<ReturnType<typeof loadPortalData>>>
export type ItemRow = PortalData['items'][number]
