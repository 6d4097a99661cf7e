import { hashToken, newToken } from './tokens'
import { StaffSignInRequired } from '../errors'
import type { Database } from '../../db/index'
import type { Env } from '../env'
import { readCookie, serializeCookie } from './cookies'

export const STAFF_COOKIE = 'tc_staff'
const SESSION_DAYS = 14

export interface StaffMember {
  id: string
  orgId: string
  email: string
  name: string
  permissions: readonly string[]
  sessionId: string
}

/** A new session row; the cookie holds the token, the database only its hash. */
export async function createStaffSession(db: Database, env: Env, staffMemberId: string, request: Request, clientAddress?: string) {
  const token = newToken()
  await db
    .insertInto('staff_sessions')
    .values({
      id: hashToken(token),
      staff_member_id: staffMemberId,
      expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000),
      ip: clientAddress ?? null,
      user_agent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
    })
    .execute()
  return serializeCookie(STAFF_COOKIE, token, { maxAgeSeconds: SESSION_DAYS * 86_400, secure: env.APP_URL.startsWith('https:') })
}

export async function getStaffMember(db: Database, request: Request): Promise<StaffMember | null> {
  const token = readCookie(request, STAFF_COOKIE)
  if (!token || token.length > 200) return null
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff_members', 'staff_members.id', 'staff_sessions.staff_member_id')
    .select(['staff_sessions.id as session_id', 'staff_members.id', 'staff_members.org_id', 'staff_members.email', 'staff_members.name', 'staff_members.permissions'])
    .where('staff_sessions.id', '=', hashToken(token))
    .where('staff_sessions.expires_at', '>', new Date())
    .executeTakeFirst()
  if (!row) return null
  return {
    id: row.id,
    orgId: row.org_id,
    email: row.email,
    name: row.name,
    permissions: Array.isArray(row.permissions) ? (row.permissions as string[]) : [],
    sessionId: row.session_id,
  }
}

export async function destroyStaffSession(db: Database, env: Env, request: Request) {
  const token = readCookie(request, STAFF_COOKIE)
  if (token) await db.deleteFrom('staff_sessions').where('id', '=', hashToken(token)).execute()
  return serializeCookie(STAFF_COOKIE, '', { maxAgeSeconds: 0, secure: env.APP_URL.startsWith('https:') })
}

/** The staff member behind this request; without one, sign-in is required (a redirect to /login that comes back here afterwards). */
export async function requireStaffSession(db: Database, request: Request) {
  const staff = await getStaffMember(db, request)
  if (staff) return staff
  const url = new URL(request.url)
  throw new StaffSignInRequired(url.pathname + url.search)
}
