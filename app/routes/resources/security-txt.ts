import { data } from 'react-router'
import type { Route } from './+types/security-txt'
import { resolvePortalOrg } from '@server/portal/resolve'
import { securityTxt } from '@server/portal/security-txt'
import { SHARED_PAGE_HEADER } from '@server/page-cache'

// /.well-known/security.txt (RFC 9116) of the org this host serves: the same for everyone, stored per
// content version (server/page-cache.ts), so an anonymous loop costs no database work.
export async function loader({ request, context }: Route.LoaderArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch security.txt with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const org = await resolvePortalOrg(context.db, context.env, request, undefined)
  const text = await securityTxt(context.db, org)
  if (!text) throw data('This trust center names no security contact.', { status: 404 })
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600', [SHARED_PAGE_HEADER]: 'public' }
  return new Response(request.method === 'HEAD' ? null : text, { headers })
}
