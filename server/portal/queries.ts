import type { Database } from '../../db/index'

/** The rows behind one product's portal page, read in a handful of queries. */
export async function loadPortalData(db: Database, orgId: string, selector: { productSlug?: string; productId?: string }) {
  const [customization, products] = await Promise.all([
    db.selectFrom('portal_customizations').selectAll().where('org_id', '=', orgId).executeTakeFirst(),
    db
      .selectFrom('products')
      .select(['id', 'slug', 'name', 'is_default', 'section_order', 'banner_url', 'revision', 'updated_at'])
      .where('org_id', '=', orgId)
      .orderBy('position')
      .orderBy('name')
      .execute(),
  ])
  if (!customization || !products.length) return null
  const { productSlug, productId } = selector
  const product = productSlug
    ? products.find((entry) => entry.slug === productSlug.toLowerCase())
    : productId
      ? products.find((entry) => entry.id === productId)
      : (products.find((entry) => entry.is_default) ?? products[0])
  if (!product) return null

  const [cards, items, files, subprocessors, trustedBy, faqs, updates] = await Promise.all([
    db.selectFrom('cards').selectAll().where('product_id', '=', product.id).orderBy('position').execute(),
    db.selectFrom('items').selectAll().where('product_id', '=', product.id).execute(),
    db
      .selectFrom('item_files')
      .innerJoin('items', 'items.id', 'item_files.item_id')
      .innerJoin('files', 'files.id', 'item_files.file_id')
      .select(['item_files.item_id', 'files.id', 'files.original_name', 'files.content_type', 'files.document_access_type'])
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
      .select([
        'updates.id',
        'updates.message',
        'updates.audience',
        'updates.pinned',
        'updates.created_at',
        'update_topics.subject',
        'update_topics.category',
      ])
      .where('update_topics.org_id', '=', orgId)
      .where('update_topics.hidden', '=', false)
      .where('updates.channel_portal', '=', true)
      .execute(),
  ])

  const filesByItem = new Map<string, typeof files>()
  for (const file of files) {
    const list = filesByItem.get(file.item_id) ?? []
    list.push(file)
    filesByItem.set(file.item_id, list)
  }
  return { customization, products, product, cards, items, filesByItem, subprocessors, trustedBy, faqs, updates }
}

export type PortalData = NonNullable<Awaited<ReturnType<typeof loadPortalData>>>
export type ItemRow = PortalData['items'][number]
