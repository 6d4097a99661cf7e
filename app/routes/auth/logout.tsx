import type { Route } from './+types/logout'
import { destroyStaffSession } from '@server/auth/staff-session'
import { redirectTo } from '@server/http/redirect'

export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await destroyStaffSession(context.db, context.env, request)
  return redirectTo('/login', { headers: { 'Set-Cookie': cookie } })
}

/** Signing out changes state, so it takes a POST; a GET only shows where to do it. */
export function loader() {
  return redirectTo('/login')
}
