import { data } from 'react-router'
import type { Route } from './+types/portal-trust-data'
import { getViewer } from '@server/access/viewer'
import { loadTrustData } from '@server/portal/trust-data'
import { resolvePortalOrg } from '@server/portal/resolve'
import { bearerToken, recordTprmFetch, tprmViewer } from '@server/tprm/tokens'
import { SHARED_PAGE_HEADER } from '@server/page-cache'

// The portal's content as JSON (docs/trust-data.md): what the public sees, or with a TPRM token
// (`Authorization: Bearer …`) what the token's account may see now. A signed-in visitor gets their own view.
// The public's answer is stored per content version and shared (server/page-cache.ts); no other is.

const PRIVATE_CACHE = 'private, no-store'

const INVALID_TOKEN = {
  error: 'invalid_token',
  message: 'This token is not valid for this trust center, or it has expired. Tokens last 24 hours: ask for a new one in the trust center.',
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // React Router runs a resource route's loader for any method without a body; this is only read.
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch trust data with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const authorization = request.headers.get('authorization')

  if (authorization !== null) {
    const token = bearerToken(authorization)
    const fetched = token ? await tprmViewer(context.db, org.id, token) : null
    if (!fetched) {
      return Response.json(INVALID_TOKEN, {
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"', 'Cache-Control': PRIVATE_CACHE },
      })
    }
    const trustData = await loadTrustData(context.db, org, fetched.viewer)
    if (!trustData) throw data('This trust center has no content yet.', { status: 404 })
    // A HEAD is checked like a GET, but nothing left the portal.
    if (request.method === 'GET') {
      await recordTprmFetch(context.db, fetched, { ip: context.clientAddress, userAgent: request.headers.get('user-agent') })
    }
    return json(request, trustData, false)
  }

  const viewer = await getViewer(request, context.db, org)
  const trustData = await loadTrustData(context.db, org, viewer)
  if (!trustData) throw data('This trust center has no content yet.', { status: 404 })
  return json(request, trustData, viewer.mode === 'Public')
}

function json(request: Request, body: unknown, shared: boolean) {
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    // The public's answer takes the stored pages' caching headers and validator when the store keeps it.
    'Cache-Control': shared ? 'public, max-age=60' : PRIVATE_CACHE,
    // The answer depends on who asks; a shared cache must not hand one viewer's answer to another.
    Vary: 'Authorization, Cookie',
    ...(shared ? { [SHARED_PAGE_HEADER]: 'public' } : {}),
  }
  return new Response(request.method === 'HEAD' ? null : `${JSON.stringify(body, null, 2)}\n`, { headers })
}
