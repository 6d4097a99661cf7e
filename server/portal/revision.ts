import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { indexOrgUpdates, indexProduct } from '../search/index-content'

/**
 * Every change to what a product's portal shows bumps its revision: caches key on it. The search index's
 * text follows in the same transaction (server/search/index-content.ts).
 */
export async function bumpProductRevision(db: Database, productId: string) {
  await db
    .updateTable('products')
    .set({ revision: sql`revision + 1`, updated_at: new Date() })
    .where('id', '=', productId)
    .execute()
  await indexProduct(db, productId)
}

/** Org-wide changes (customization, updates, org settings) bump the org's portal revision. */
export async function bumpOrgRevision(db: Database, orgId: string) {
  await db
    .updateTable('portal_customizations')
    .set({ revision: sql`revision + 1`, updated_at: new Date() })
    .where('org_id', '=', orgId)
    .execute()
  await indexOrgUpdates(db, orgId)
}
