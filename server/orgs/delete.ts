// Removing an org with all its rows and stored files (issue 23, `npm run org:delete`): a deployment that
// started from the demo drops Northwind; an operator removes a tenant.

import { sql } from 'kysely'
import type { Database } from '../../db/index'
import type { FileStore } from '../files/store'

export interface DeletedOrg {
  name: string
  slug: string
  /** Blobs removed from the store: those no file of another org shares. */
  blobsRemoved: number
  /** Blobs kept because another org's file has the same bytes. */
  blobsShared: number
}

/** The org a slug names, for the confirmation question; null when there is none. */
export async function findOrgBySlug(db: Database, slug: string) {
  return (await db.selectFrom('orgs').select(['id', 'name', 'slug']).where('slug', '=', slug).executeTakeFirst()) ?? null
}

/** Every stored blob the org's rows name: its files, and the questionnaires its accounts uploaded. */
async function blobsOf(db: Database, orgId: string) {
  const rows = await db
    .selectFrom('files')
    .select('sha256')
    .where('org_id', '=', orgId)
    .union(db.selectFrom('questionnaires').select('file_sha256 as sha256').where('org_id', '=', orgId).where('file_sha256', 'is not', null).$narrowType<{ sha256: string }>())
    .execute()
  return rows.map((row) => row.sha256)
}

/**
 * Deletes the org and every row of it in one transaction (the foreign keys cascade), then removes from the
 * store each of its blobs that no other org's row names: the store is content-addressed, so two orgs that
 * uploaded the same bytes share one blob. Null when no org has the slug.
 */
export async function deleteOrg(db: Database, store: FileStore, slug: string): Promise<DeletedOrg | null> {
  const deleted = await db.transaction().execute(async (trx) => {
    const org = await trx.selectFrom('orgs').select(['id', 'name', 'slug']).where('slug', '=', slug).forUpdate().executeTakeFirst()
    if (!org) return null
    const blobs = await blobsOf(trx, org.id)
    // Counted by org with no foreign key (kept after a file is gone, decision 019).
    await trx.deleteFrom('public_document_fetches').where('org_id', '=', org.id).execute()
    // Memberships name a permission profile with `on delete restrict`: gone before the products that hold the profiles.
    await trx
      .deleteFrom('account_products')
      .where('account_id', 'in', trx.selectFrom('accounts').select('id').where('org_id', '=', org.id))
      .execute()
    await trx.deleteFrom('orgs').where('id', '=', org.id).execute()
    return { org, blobs }
  })
  if (!deleted) return null
  let blobsRemoved = 0
  let blobsShared = 0
  for (const sha256 of new Set(deleted.blobs)) {
    const { rows } = await sql<{ used: boolean }>`
      select exists (select 1 from files where sha256 = ${sha256})
        or exists (select 1 from questionnaires where file_sha256 = ${sha256}) as used`.execute(db)
    if (rows[0].used) {
      blobsShared++
      continue
    }
    await store.remove(sha256)
    blobsRemoved++
  }
  return { name: deleted.org.name, slug: deleted.org.slug, blobsRemoved, blobsShared }
}
