// Calls the portal's action as a signed-in staff member, the way a browser form post would.
import { action as portalAction } from '../../app/routes/portal/portal'
import { hashPassword } from '../../server/auth/password'
import { createStaffSession } from '../../server/auth/staff-session'
import type { TestDatabase } from './database'
import { callRoute } from './route'

export async function staffCookie(database: TestDatabase, email = 'admin@northwind.test') {
  const { db } = database.handle
  const member = await db.selectFrom('staff_members').select('id').where('email', '=', email).executeTakeFirstOrThrow()
  const setCookie = await createStaffSession(db, database.env, member.id, new Request('http://localhost:3000/login'))
  return setCookie.split(';')[0]
}

/** A second staff member of the demo org with only the given permissions. */
export async function createStaffMember(database: TestDatabase, email: string, permissions: string[]) {
  const { db } = database.handle
  const org = await db.selectFrom('orgs').select('id').where('slug', '=', 'northwind').executeTakeFirstOrThrow()
  await db
    .insertInto('staff_members')
    .values({ org_id: org.id, email, name: email.split('@')[0], password_hash: await hashPassword('a-long-test-password'), permissions: JSON.stringify(permissions) })
    .onConflict((conflict) => conflict.columns(['org_id', 'email']).doNothing())
    .execute()
  return staffCookie(database, email)
}

export async function postPortal(database: TestDatabase, cookie: string, fields: Record<string, string | string[]>, path = '/portal/northwind', params: Record<string, string> = { orgSlug: 'northwind' }) {
  return callRoute(portalAction, database, { path, params, cookie, form: fields })
}
