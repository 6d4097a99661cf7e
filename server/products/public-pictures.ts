import { sql } from 'kysely'
import type { Database } from '../../db/index'
import type { PictureUse } from '../access/portal-access'
import { isUuid } from '../http/query'
import type { PortalOrg } from '../portal/resolve'

// The pictures a portal shows: product banners and the logos staff uploaded for trusted-by companies and
// subprocessors. Who may see one is the access policy's call (pictureAccess, server/access): a banner is for
// everyone, a company's logo for whoever sees its card. Any other file of the org is not reachable here.

/** Where the portal links a picture of the org's. */
export const publicPictureUrl = (basePath: string, fileId: string) => `${basePath}/pictures/${fileId}`

/** The stored picture, with the places it is used (none: it is nobody's picture any more). */
export async function portalPicture(db: Database, org: Pick<PortalOrg, 'id'>, fileId: string) {
  if (!isUuid(fileId)) return undefined
  const file = await db
    .selectFrom('files')
    .select(['id', 'sha256', 'content_type', 'size_bytes', 'original_name'])
    .where('files.id', '=', fileId)
    .where('files.org_id', '=', org.id)
    .executeTakeFirst()
  if (!file) return undefined
  const companyLogos = (table: 'trusted_by_companies' | 'subprocessors', kind: 'TrustedBy' | 'Subprocessors') =>
    db
      .selectFrom(table)
      .leftJoin('cards', (join) => join.onRef('cards.product_id', '=', `${table}.product_id`).on('cards.kind', '=', kind))
      .select([sql.lit(kind).as('kind'), sql<boolean>`coalesce(cards.hidden, false)`.as('card_hidden')])
      .where(`${table}.logo_file_id`, '=', fileId)
  const rows = await db
    .selectFrom('products')
    .select([sql.lit('Banner').as('kind'), sql<boolean>`false`.as('card_hidden')])
    .where('banner_file_id', '=', fileId)
    .unionAll(companyLogos('trusted_by_companies', 'TrustedBy'))
    .unionAll(companyLogos('subprocessors', 'Subprocessors'))
    .execute()
  const uses = rows.map(({ kind, card_hidden }): PictureUse =>
    kind === 'Banner' ? { banner: true } : { card: { kind: kind as 'TrustedBy' | 'Subprocessors', hidden: card_hidden } },
  )
  return { ...file, uses }
}

/**
 * How long a picture may be kept: one for this viewer only, not at all; a banner (public while its product
 * exists) for good under its id, whose bytes never change; a company's logo, whose card staff may hide or whose
 * company they may remove, an hour, so shared caches stop handing it out soon after.
 */
export function pictureCacheControl(access: 'public' | 'viewer', uses: readonly PictureUse[]) {
  if (access === 'viewer') return 'private, no-store'
  return uses.some((use) => 'banner' in use) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'
}
