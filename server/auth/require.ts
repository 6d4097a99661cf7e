import type { StaffPermission } from '../../app/lib/permissions'
import type { LoadContext } from '../context'
import { forbidden } from '../errors'
import { requireStaffSession, type StaffMember } from './staff-session'

export const ACCESS_DENIED = "You don't have access to this page"

/**
 * The signed-in staff member, holding `permission` when one is named. Called in every loader and action
 * that needs it: a parent layout's check protects no child, since loaders run in parallel.
 */
export async function requireStaff(request: Request, context: Pick<LoadContext, 'db'>, permission?: StaffPermission): Promise<StaffMember> {
  const staff = await requireStaffSession(context.db, request)
  if (permission && !staff.permissions.includes(permission)) throw forbidden(ACCESS_DENIED)
  return staff
}
