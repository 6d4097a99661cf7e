import { sql, type Transaction } from 'kysely'
import type { DB } from '../../db/types'
import type { Database } from '../../db/index'
import { jsonb } from '../../db/json'
import { DEFAULT_SECTION_ORDER } from '../../app/lib/sections'
import { applyMove, canMove } from '../../app/lib/reorder'
import { holdsDocumentsMessage, PRODUCT_MESSAGES } from '../../app/lib/schemas/products'
import { recordAudit } from '../audit/record'
import { seedProductCatalogue } from '../orgs/create'
import { createFile, fileStore, type StoreEnv } from '../files/store'
import { bumpOrgRevision, bumpProductRevision } from '../portal/revision'
import type { PreparedPicture } from './pictures'
import { publicPictureUrl } from './public-pictures'

// Products staff manage on /settings/products (issue 23 item 4; docs/decisions/040-products.md). Every
// change is one transaction: the org's products locked, the change, its audit entry, and the revisions
// bumped (the org's, since every product's page shows the product selector; a product's own when what
// it shows changed, which also re-indexes it for search).

/** Who makes the change, for the audit log. */
export interface ProductActor {
  orgId: string
  email: string
  name: string
  ip: string | null
  userAgent: string | null
}

export type ProductResult = { ok: true; message: string; slug?: string } | { ok: false; field: string; message: string; status: 400 | 404 }

/** The default permission profile every new product starts with: approving a request needs one. */
export const DEFAULT_PROFILE = { name: 'All restricted content', all_restricted: true, can_download: true }

export interface ManagedProduct {
  id: string
  slug: string
  name: string
  isDefault: boolean
  termsUrl: string | null
  bannerFileId: string | null
  bannerUrl: string | null
  /** Items of this product with at least one document linked: what a delete must move or delete. */
  itemsWithDocuments: number
  oldSlugs: string[]
}

/** The org's products in the selector's order, with what the settings page shows of each. */
export async function listProducts(db: Database, orgId: string, portalBase: string): Promise<ManagedProduct[]> {
  const rows = await db
    .selectFrom('products')
    .select((eb) => [
      'products.id',
      'products.slug',
      'products.name',
      'products.is_default',
      'products.terms_url',
      'products.banner_file_id',
      'products.banner_url',
      eb
        .selectFrom('items')
        .select((inner) => inner.fn.countAll<string>().as('count'))
        .whereRef('items.product_id', '=', 'products.id')
        .where((inner) => inner.exists(inner.selectFrom('item_files').select('item_files.item_id').whereRef('item_files.item_id', '=', 'items.id')))
        .as('with_documents'),
    ])
    .where('products.org_id', '=', orgId)
    .orderBy('products.position')
    .orderBy('products.name')
    .execute()
  const redirects = await db.selectFrom('product_slug_redirects').select(['product_id', 'old_slug']).where('org_id', '=', orgId).orderBy('created_at').execute()
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    isDefault: row.is_default,
    termsUrl: row.terms_url,
    bannerFileId: row.banner_file_id,
    bannerUrl: row.banner_file_id ? publicPictureUrl(portalBase, row.banner_file_id) : row.banner_url,
    itemsWithDocuments: Number(row.with_documents ?? 0),
    oldSlugs: redirects.filter((redirect) => redirect.product_id === row.id).map((redirect) => redirect.old_slug),
  }))
}

/** The settings page's data: the products, and where the org's portal lives on the deployment's host. */
export async function productsPage(db: Database, orgId: string) {
  const org = await db.selectFrom('orgs').select('slug').where('id', '=', orgId).executeTakeFirstOrThrow()
  const portalBase = `/portal/${org.slug}`
  return { portalBase, products: await listProducts(db, orgId, portalBase) }
}

/** One change: the org's products locked (two staff members' changes wait for each other), audited, revisions bumped. */
async function change<T>(
  db: Database,
  actor: ProductActor,
  audit: { action: string; target: string; before?: unknown; after?: unknown } | null,
  work: (trx: Transaction<DB>) => Promise<{ value: T; changedProducts: string[] } | { refused: ProductResult }>,
): Promise<T | ProductResult> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('orgs').select('id').where('id', '=', actor.orgId).forNoKeyUpdate().execute()
    const outcome = await work(trx)
    if ('refused' in outcome) return outcome.refused
    if (audit) {
      await recordAudit(trx, { orgId: actor.orgId, actor: actor.email, ...audit, ip: actor.ip, userAgent: actor.userAgent })
    }
    for (const id of outcome.changedProducts) await bumpProductRevision(trx, id)
    await bumpOrgRevision(trx, actor.orgId)
    return outcome.value
  })
}

const refused = (field: string, message: string, status: 400 | 404 = 400) => ({ refused: { ok: false as const, field, message, status } })

function productOf(trx: Database, orgId: string, id: string) {
  return trx.selectFrom('products').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst()
}

function slugOwner(trx: Database, orgId: string, slug: string) {
  return trx.selectFrom('products').select(['id', 'name']).where('org_id', '=', orgId).where('slug', '=', slug).executeTakeFirst()
}

/**
 * A new product at the end of the list: the catalogue's cards and items (all off), the default section
 * order, and the default permission profile.
 */
export async function addProduct(db: Database, actor: ProductActor, input: { name: string; slug: string }): Promise<ProductResult> {
  const result = await change<ProductResult>(db, actor, { action: 'product.add', target: input.slug, after: { name: input.name, slug: input.slug } }, async (trx) => {
    if (await slugOwner(trx, actor.orgId, input.slug)) return refused('slug', PRODUCT_MESSAGES.slugTaken)
    const last = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('org_id', '=', actor.orgId)
      .executeTakeFirst()
    const product = await trx
      .insertInto('products')
      .values({
        org_id: actor.orgId,
        slug: input.slug,
        name: input.name,
        is_default: false,
        position: last?.position == null ? 0 : Number(last.position) + 1,
        section_order: jsonb(DEFAULT_SECTION_ORDER),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await seedProductCatalogue(trx, product.id)
    await trx
      .insertInto('permission_profiles')
      .values({ product_id: product.id, ...DEFAULT_PROFILE })
      .execute()
    // The slug is live again: a redirect of another product's old slug gives way.
    await trx.deleteFrom('product_slug_redirects').where('org_id', '=', actor.orgId).where('old_slug', '=', input.slug).execute()
    return { value: { ok: true, message: `Added ${input.name}`, slug: input.slug }, changedProducts: [product.id] }
  })
  return result
}

/**
 * A product's name, slug and terms link. A new slug keeps the old one answering: /product/{old} and its
 * item pages redirect (301) to the new address (server/products/redirects.ts).
 */
export async function updateProduct(db: Database, actor: ProductActor, input: { id: string; name: string; slug: string; termsUrl?: string }): Promise<ProductResult> {
  const before = await productOf(db, actor.orgId, input.id)
  if (!before) return { ok: false, field: '', message: PRODUCT_MESSAGES.notFound, status: 404 }
  const termsUrl = input.termsUrl || null
  const audit = {
    action: 'product.update',
    target: input.slug,
    before: { name: before.name, slug: before.slug, termsUrl: before.terms_url },
    after: { name: input.name, slug: input.slug, termsUrl },
  }
  return change<ProductResult>(db, actor, audit, async (trx) => {
    const current = await productOf(trx, actor.orgId, input.id)
    if (!current) return refused('', PRODUCT_MESSAGES.notFound, 404)
    if (current.slug !== input.slug) {
      const owner = await slugOwner(trx, actor.orgId, input.slug)
      if (owner) return refused('slug', PRODUCT_MESSAGES.slugTaken)
      await trx.deleteFrom('product_slug_redirects').where('org_id', '=', actor.orgId).where('old_slug', '=', input.slug).execute()
      await trx
        .insertInto('product_slug_redirects')
        .values({ org_id: actor.orgId, old_slug: current.slug, product_id: current.id })
        .onConflict((conflict) => conflict.columns(['org_id', 'old_slug']).doUpdateSet({ product_id: current.id, created_at: new Date() }))
        .execute()
    }
    await trx.updateTable('products').set({ name: input.name, slug: input.slug, terms_url: termsUrl }).where('id', '=', current.id).execute()
    return { value: { ok: true, message: `Saved ${input.name}`, slug: input.slug }, changedProducts: [current.id] }
  })
}

/** Moves a product one place up or down the selector. */
export async function moveProduct(db: Database, actor: ProductActor, input: { id: string; direction: 'up' | 'down' }): Promise<ProductResult> {
  return change<ProductResult>(db, actor, null, async (trx) => {
    const rows = await trx.selectFrom('products').select(['id', 'name', 'slug']).where('org_id', '=', actor.orgId).orderBy('position').orderBy('name').execute()
    const order = rows.map((row) => row.id)
    const moved = rows.find((row) => row.id === input.id)
    if (!moved) return refused('', PRODUCT_MESSAGES.notFound, 404)
    if (!canMove(order, input.id, input.direction)) return { value: { ok: true, message: 'The order is unchanged' }, changedProducts: [] }
    const next = applyMove(order, input.id, input.direction)
    for (const [position, id] of next.entries()) await trx.updateTable('products').set({ position }).where('id', '=', id).execute()
    const slugOf = new Map(rows.map((row) => [row.id, row.slug]))
    await recordAudit(trx, {
      orgId: actor.orgId,
      actor: actor.email,
      action: 'product.order',
      target: moved.slug,
      before: { order: order.map((id) => slugOf.get(id)) },
      after: { order: next.map((id) => slugOf.get(id)) },
      ip: actor.ip,
      userAgent: actor.userAgent,
    })
    return { value: { ok: true, message: `Moved ${moved.name} ${input.direction}` }, changedProducts: [] }
  })
}

/** Makes a product the default (the one the portal's home shows): exactly one per org. */
export async function setDefaultProduct(db: Database, actor: ProductActor, input: { id: string }): Promise<ProductResult> {
  const previous = await db.selectFrom('products').select(['id', 'slug']).where('org_id', '=', actor.orgId).where('is_default', '=', true).executeTakeFirst()
  const target = await productOf(db, actor.orgId, input.id)
  if (!target) return { ok: false, field: '', message: PRODUCT_MESSAGES.notFound, status: 404 }
  return change<ProductResult>(
    db,
    actor,
    { action: 'product.default', target: target.slug, before: { default: previous?.slug ?? null }, after: { default: target.slug } },
    async (trx) => {
      const current = await productOf(trx, actor.orgId, input.id)
      if (!current) return refused('', PRODUCT_MESSAGES.notFound, 404)
      // Off first: the index allows one default per org at any moment.
      await trx.updateTable('products').set({ is_default: false }).where('org_id', '=', actor.orgId).where('is_default', '=', true).execute()
      await trx.updateTable('products').set({ is_default: true }).where('id', '=', current.id).execute()
      return { value: { ok: true, message: `${current.name} is now the default product` }, changedProducts: previous ? [current.id, previous.id] : [current.id] }
    },
  )
}

/**
 * Deletes a product. Refused for the last one, and while it holds items with documents unless the staff
 * member chose to move them to another product or delete them with it.
 */
export async function deleteProduct(db: Database, actor: ProductActor, input: { id: string; documents?: 'move' | 'delete'; targetId?: string }): Promise<ProductResult> {
  const doomed = await productOf(db, actor.orgId, input.id)
  if (!doomed) return { ok: false, field: '', message: PRODUCT_MESSAGES.notFound, status: 404 }
  return change<ProductResult>(db, actor, null, async (trx) => {
    const products = await trx.selectFrom('products').select(['id', 'slug', 'name', 'is_default']).where('org_id', '=', actor.orgId).orderBy('position').orderBy('name').execute()
    const product = products.find((row) => row.id === input.id)
    if (!product) return refused('', PRODUCT_MESSAGES.notFound, 404)
    if (products.length === 1) return refused('', PRODUCT_MESSAGES.lastProduct)
    const withDocuments = await trx
      .selectFrom('items')
      .selectAll('items')
      .where('items.product_id', '=', product.id)
      .where((eb) => eb.exists(eb.selectFrom('item_files').select('item_files.item_id').whereRef('item_files.item_id', '=', 'items.id')))
      .execute()
    let moved: { target: string; items: string[] } | null = null
    if (withDocuments.length) {
      if (!input.documents) return refused('documents', holdsDocumentsMessage(product.name, withDocuments.length))
      if (input.documents === 'move') {
        const target = products.find((row) => row.id === input.targetId && row.id !== product.id)
        if (!target) return refused('targetId', PRODUCT_MESSAGES.moveTarget)
        await moveItems(trx, withDocuments, target.id)
        moved = { target: target.slug, items: withDocuments.map((item) => item.uid) }
      }
    }
    // Accounts' access to this product goes with it (their profile row is restricted from deletion before it).
    await trx.deleteFrom('account_products').where('product_id', '=', product.id).execute()
    await trx.deleteFrom('products').where('id', '=', product.id).execute()
    const changed: string[] = []
    if (product.is_default) {
      const next = products.find((row) => row.id !== product.id)!
      await trx.updateTable('products').set({ is_default: true }).where('id', '=', next.id).execute()
      changed.push(next.id)
    }
    if (moved) changed.push(products.find((row) => row.slug === moved.target)!.id)
    await recordAudit(trx, {
      orgId: actor.orgId,
      actor: actor.email,
      action: 'product.delete',
      target: product.slug,
      before: { name: product.name, slug: product.slug, default: product.is_default, itemsWithDocuments: withDocuments.map((item) => item.uid) },
      after: moved ? { movedTo: moved.target, items: moved.items } : withDocuments.length ? { deletedItems: withDocuments.map((item) => item.uid) } : null,
      ip: actor.ip,
      userAgent: actor.userAgent,
    })
    return { value: { ok: true, message: `Deleted ${product.name}` }, changedProducts: [...new Set(changed)] }
  })
}

type ItemRow = Awaited<ReturnType<typeof itemsOf>>[number]
function itemsOf(trx: Database, productId: string) {
  return trx.selectFrom('items').selectAll().where('product_id', '=', productId).execute()
}

/** Item content a move carries into a catalogue item the target has switched off. */
const CONTENT_FIELDS = [
  'title',
  'enabled_state',
  'explanation',
  'href',
  'choice',
  'maturity',
  'recurrence',
  'auditor',
  'expires_on',
  'bridge_letter',
  'public_access',
  'hidden',
  'featured',
  'integrations',
  'list_entries',
  'item_type',
  'updated_by_name',
] as const

/**
 * Moves items with documents into another product. The target has its own row of each catalogue item:
 * the documents join it, and its content is taken over when the target had it switched off. A custom
 * item moves whole, its uid and slug made unique in the target.
 */
async function moveItems(trx: Transaction<DB>, items: ItemRow[], targetId: string) {
  const targetItems = await itemsOf(trx, targetId)
  const byUid = new Map(targetItems.map((item) => [item.uid, item]))
  const slugs = new Set(targetItems.map((item) => item.slug))
  const uids = new Set(targetItems.map((item) => item.uid))
  for (const item of items) {
    const match = byUid.get(item.uid)
    if (match) {
      if (match.enabled_state === 'NotEnabled') {
        const content = Object.fromEntries(CONTENT_FIELDS.map((field) => [field, item[field]]))
        await trx
          .updateTable('items')
          .set({
            ...content,
            bridge_letter: item.bridge_letter === null ? null : jsonb(item.bridge_letter),
            integrations: item.integrations === null ? null : jsonb(item.integrations),
            list_entries: item.list_entries === null ? null : jsonb(item.list_entries),
            updated_at: new Date(),
          })
          .where('id', '=', match.id)
          .execute()
      }
      await sql`
        insert into item_files (item_id, file_id, position)
        select ${match.id}, file_id, position + 1000 from item_files where item_id = ${item.id}
        on conflict do nothing
      `.execute(trx)
      continue
    }
    const uid = unique(item.uid, uids)
    const slug = unique(item.slug, slugs)
    await trx.updateTable('items').set({ product_id: targetId, uid, slug, updated_at: new Date() }).where('id', '=', item.id).execute()
  }
}

/** `value`, or `value-2`, `value-3`… when taken; remembered as taken. */
function unique(value: string, taken: Set<string>) {
  let candidate = value
  for (let n = 2; taken.has(candidate); n++) candidate = `${value.slice(0, 90)}-${n}`
  taken.add(candidate)
  return candidate
}

/** A new banner for a product: the picture stored as a file of the org, shown in place of the old one. */
export async function setProductBanner(db: Database, env: StoreEnv, actor: ProductActor, input: { id: string; picture: PreparedPicture }): Promise<ProductResult> {
  const product = await productOf(db, actor.orgId, input.id)
  if (!product) return { ok: false, field: '', message: PRODUCT_MESSAGES.notFound, status: 404 }
  const { picture } = input
  const audit = {
    action: 'product.banner',
    target: product.slug,
    before: { bannerFileId: product.banner_file_id },
    after: { name: picture.name, contentType: picture.contentType, sha256: picture.sha256 },
  }
  return change<ProductResult>(db, actor, audit, async (trx) => {
    const file = await createFile(trx, fileStore(env), {
      orgId: actor.orgId,
      originalName: picture.name,
      contentType: picture.contentType,
      bytes: picture.bytes,
      createdByName: actor.name,
    })
    const updated = await trx.updateTable('products').set({ banner_file_id: file.id }).where('id', '=', product.id).where('org_id', '=', actor.orgId).executeTakeFirst()
    if (!updated.numUpdatedRows) return refused('', PRODUCT_MESSAGES.notFound, 404)
    return { value: { ok: true, message: `Banner saved for ${product.name}` }, changedProducts: [product.id] }
  })
}

/** Back to no uploaded banner (a built-in banner address, as the demo's, stays as it is). */
export async function removeProductBanner(db: Database, actor: ProductActor, input: { id: string }): Promise<ProductResult> {
  const product = await productOf(db, actor.orgId, input.id)
  if (!product) return { ok: false, field: '', message: PRODUCT_MESSAGES.notFound, status: 404 }
  return change<ProductResult>(
    db,
    actor,
    { action: 'product.banner', target: product.slug, before: { bannerFileId: product.banner_file_id }, after: { bannerFileId: null } },
    async (trx) => {
      await trx.updateTable('products').set({ banner_file_id: null }).where('id', '=', product.id).execute()
      return { value: { ok: true, message: `Banner removed from ${product.name}` }, changedProducts: [product.id] }
    },
  )
}
