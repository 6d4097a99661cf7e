import type { Database } from '../../db/index'
import { getStaffMember, type StaffMember } from '../auth/staff-session'
import type { PortalOrg } from '../portal/resolve'
import { PUBLIC_VIEWER, type Viewer } from './visibility'

/**
 * Decides the mode once per request, from who is looking (PRODUCT.md section 1), never from the URL
 * alone: a signed-in staff member of this org is in Main mode; everyone else is Public until visitor
 * sign-in and previews arrive.
 */
export async function getViewer(request: Request, db: Database, org: PortalOrg): Promise<Viewer> {
  const staff = await getStaffMember(db, request)
  return staff && staff.orgId === org.id ? staffViewer(staff) : PUBLIC_VIEWER
}

/** A staff member of the org, looking at its portal in Main mode. */
export function staffViewer(staff: StaffMember): Viewer {
  return { mode: 'Main', grants: null, staff: { id: staff.id, name: staff.name, email: staff.email, permissions: staff.permissions } }
}
