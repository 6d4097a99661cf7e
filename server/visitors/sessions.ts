import type { Database } from '../../db/index'
import type { Env } from '../env'
import { readCookie, serializeCookie } from '../auth/cookies'
import { hashToken, looksLikeToken, newToken } from '../auth/tokens'

export const VISITOR_COOKIE = 'tc_visitor'
const SESSION_DAYS = 30

export interface VisitorMember {
  sessionId: string
  id: string
  orgId: string
  accountId: string
  accountName: string
  email: string
  firstName: string
  lastName: string
  isAutoApproved: boolean
  welcomedAt: string | null
}

const secure = (env: Env) => env.APP_URL.startsWith('https:')

/** A session row for a member who consumed a login link; the cookie holds the token, the row its hash. */
export async function createVisitorSession(db: Database, env: Env, input: { orgId: string; memberId: string; ip: string | null; userAgent: string | null }) {
  const token = newToken()
  await db
    .insertInto('visitor_sessions')
    .values({
      id: hashToken(token),
      org_id: input.orgId,
      member_id: input.memberId,
      expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000),
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 500) ?? null,
    })
    .execute()
  return serializeCookie(VISITOR_COOKIE, token, { maxAgeSeconds: SESSION_DAYS * 86_400, secure: secure(env) })
}

/** The account member signed in on this request for this org, or null (another org's session counts for nothing). */
export async function getVisitorMember(db: Database, request: Request, orgId: string): Promise<VisitorMember | null> {
  const token = readCookie(request, VISITOR_COOKIE)
  if (!looksLikeToken(token)) return null
  const row = await db
    .selectFrom('visitor_sessions')
    .innerJoin('account_members', 'account_members.id', 'visitor_sessions.member_id')
    .innerJoin('accounts', 'accounts.id', 'account_members.account_id')
    .select(['visitor_sessions.id as session_id', ...VISITOR_MEMBER_COLUMNS])
    .where('visitor_sessions.id', '=', hashToken(token))
    .where('visitor_sessions.org_id', '=', orgId)
    .where('visitor_sessions.expires_at', '>', new Date())
    .executeTakeFirst()
  return row ? visitorMember(row, row.session_id) : null
}

/**
 * Whether the request's visitor cookie is a live session: of a member of `orgId` when given (a questionnaire
 * upload's body limit), of any org otherwise (a cookie that is none makes no page personal).
 */
export async function hasLiveVisitorSession(db: Database, request: Request, orgId?: string) {
  const token = readCookie(request, VISITOR_COOKIE)
  if (!looksLikeToken(token)) return false
  const row = await db
    .selectFrom('visitor_sessions')
    .select('visitor_sessions.id')
    .where('visitor_sessions.id', '=', hashToken(token))
    .where('visitor_sessions.expires_at', '>', new Date())
    .$if(orgId !== undefined, (query) =>
      query
        .where('visitor_sessions.org_id', '=', orgId!)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('account_members')
              .select('account_members.id')
              .whereRef('account_members.id', '=', 'visitor_sessions.member_id')
              .where('account_members.org_id', '=', orgId!),
          ),
        ),
    )
    .executeTakeFirst()
  return row !== undefined
}

/** What a VisitorMember is read from, in a query joining `account_members` and `accounts` (TPRM tokens read it too). */
export const VISITOR_MEMBER_COLUMNS = [
  'account_members.id',
  'account_members.org_id',
  'account_members.account_id',
  'accounts.name as account_name',
  'account_members.email',
  'account_members.first_name',
  'account_members.last_name',
  'account_members.is_auto_approved',
  'account_members.welcomed_at',
] as const

type VisitorMemberRow = {
  id: string
  org_id: string
  account_id: string
  account_name: string
  email: string
  first_name: string
  last_name: string
  is_auto_approved: boolean
  welcomed_at: string | Date | null
}

export function visitorMember(row: VisitorMemberRow, sessionId: string): VisitorMember {
  return {
    sessionId,
    id: row.id,
    orgId: row.org_id,
    accountId: row.account_id,
    accountName: row.account_name,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAutoApproved: row.is_auto_approved,
    welcomedAt: row.welcomed_at ? new Date(row.welcomed_at).toISOString() : null,
  }
}

/** Deletes this request's session row and clears the cookie. */
export async function destroyVisitorSession(db: Database, env: Env, request: Request) {
  const token = readCookie(request, VISITOR_COOKIE)
  if (looksLikeToken(token)) await db.deleteFrom('visitor_sessions').where('id', '=', hashToken(token)).execute()
  return serializeCookie(VISITOR_COOKIE, '', { maxAgeSeconds: 0, secure: secure(env) })
}
