import type { Database } from '../../db/index'
import type { PortalOrg } from '../portal/resolve'
import { PUBLIC_VIEWER, type Viewer } from './visibility'

/**
 * Decides the mode once per request, from who is looking (PRODUCT.md section 1), never from the URL
 * alone. Staff and visitor sessions arrive with the sign-in work; until then everyone is Public.
 */
export async function getViewer(_request: Request, _db: Database, _org: PortalOrg): Promise<Viewer> {
  return PUBLIC_VIEWER
}
