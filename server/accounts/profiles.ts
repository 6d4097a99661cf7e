import type { Database } from '../../db/index'
import { isUuid } from '../http/query'

/**
 * A permission profile of one of the org's products (of `productId` when given), or undefined: the one
 * check every form naming a profile goes through, so another org's profile is never taken. An id that is
 * not a UUID is unknown, not a database error.
 */
export async function orgProfile(db: Database, orgId: string, profileId: string, productId?: string) {
  if (!isUuid(profileId)) return undefined
  let query = db
    .selectFrom('permission_profiles')
    .innerJoin('products', 'products.id', 'permission_profiles.product_id')
    .select(['permission_profiles.id', 'permission_profiles.name', 'permission_profiles.product_id'])
    .where('permission_profiles.id', '=', profileId)
    .where('products.org_id', '=', orgId)
  if (productId) query = query.where('products.id', '=', productId)
  return query.executeTakeFirst()
}

/** Every profile of the org's products, by product then name, with its product's name. */
export function orgProfiles(db: Database, orgId: string) {
  return db
    .selectFrom('permission_profiles')
    .innerJoin('products', 'products.id', 'permission_profiles.product_id')
    .select([
      'permission_profiles.id',
      'permission_profiles.name',
      'permission_profiles.product_id',
      'permission_profiles.all_restricted',
      'permission_profiles.created_at',
      'products.name as productName',
    ])
    .where('products.org_id', '=', orgId)
    .orderBy('products.position')
    .orderBy('products.name')
    .orderBy('permission_profiles.name')
    .execute()
}
