import type { Database } from '../../db/index'
import type { PortalOrg } from '../portal/resolve'

/**
 * Where a product page under a slug the product no longer has now lives: /product/{old} and
 * /product/{old}/{item} answer 301 to the same page under the product's current slug, query string kept,
 * so links shared before a rename keep working. Null when no product of the org ever had this slug.
 */
export async function movedProductPath(db: Database, org: PortalOrg, request: Request, params: { productSlug?: string; itemSlug?: string }) {
  const old = params.productSlug?.toLowerCase()
  if (!old) return null
  const moved = await db
    .selectFrom('product_slug_redirects')
    .innerJoin('products', 'products.id', 'product_slug_redirects.product_id')
    .select('products.slug')
    .where('product_slug_redirects.org_id', '=', org.id)
    .where('product_slug_redirects.old_slug', '=', old)
    .executeTakeFirst()
  if (!moved || moved.slug === old) return null
  const item = params.itemSlug ? `/${encodeURIComponent(params.itemSlug)}` : ''
  return `${org.basePath}/product/${moved.slug}${item}${new URL(request.url).search}`
}
