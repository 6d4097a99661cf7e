// Signs staff in without a password, and calls the portal's action the way a browser form post would.
import { action as portalAction } from '../../app/routes/portal/portal'
import { DEMO_ADMIN_EMAIL, DEMO_ORG_SLUG } from '../../db/seed/northwind'
import type { TestDatabase } from './database'
import { sessionCookie } from './factories'
import { callRoute } from './route'

export { createStaffMember } from './factories'

/** A session cookie for a member of the demo org (the demo admin unless told otherwise). */
export async function staffCookie(database: TestDatabase, email = DEMO_ADMIN_EMAIL) {
  const member = await database.handle.db
    .selectFrom('staff_members')
    .innerJoin('orgs', 'orgs.id', 'staff_members.org_id')
    .select('staff_members.id')
    .where('orgs.slug', '=', DEMO_ORG_SLUG)
    .where('staff_members.email', '=', email)
    .executeTakeFirstOrThrow()
  return sessionCookie(database, member.id)
}

export async function postPortal(
  database: TestDatabase,
  cookie: string,
  fields: Record<string, string | string[]>,
  path = '/portal/northwind',
  params: Record<string, string> = { orgSlug: 'northwind' },
) {
  return callRoute(portalAction, database, { path, params, cookie, form: fields })
}
