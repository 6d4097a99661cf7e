import type { Database } from '../../db/index'
import { isUuid } from '../http/query'
import type { PortalOrg } from '../portal/resolve'

// The pictures a portal shows to everyone: product banners and the logos staff uploaded for trusted-by
// companies and subprocessors. Public content, so served without a viewer check and cacheable for good
// (a file row's bytes never change: a new upload is a new file); any other file of the org is not
// reachable here.

/** Where the portal links a picture of the org's. */
export const publicPictureUrl = (basePath: string, fileId: string) => `${basePath}/pictures/${fileId}`

/** The stored picture, when `fileId` is one of the org's public pictures. */
export async function publicPicture(db: Database, org: Pick<PortalOrg, 'id'>, fileId: string) {
  if (!isUuid(fileId)) return undefined
  return db
    .selectFrom('files')
    .select(['id', 'sha256', 'content_type', 'size_bytes', 'original_name'])
    .where('files.id', '=', fileId)
    .where('files.org_id', '=', org.id)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('products').select('products.id').whereRef('products.banner_file_id', '=', 'files.id')),
        eb.exists(eb.selectFrom('trusted_by_companies').select('trusted_by_companies.id').whereRef('trusted_by_companies.logo_file_id', '=', 'files.id')),
        eb.exists(eb.selectFrom('subprocessors').select('subprocessors.id').whereRef('subprocessors.logo_file_id', '=', 'files.id')),
      ]),
    )
    .executeTakeFirst()
}
