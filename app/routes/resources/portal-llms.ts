import { data } from 'react-router'
import type { Route } from './+types/portal-llms'
import { llmsText, loadPublicTrustData } from '@server/portal/trust-data'
import { resolvePortalOrg } from '@server/portal/resolve'
import { SHARED_PAGE_HEADER } from '@server/page-cache'

// The portal's llms.txt (https://llmstxt.org): what the public may read, with links to the portal, its
// trust data and its feed. The same for everyone, whoever asks: built from the public view only, and
// stored per content version (server/page-cache.ts).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch llms.txt with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const trustData = await loadPublicTrustData(context.db, org)
  if (!trustData) throw data('This trust center has no content yet.', { status: 404 })
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60', [SHARED_PAGE_HEADER]: 'public' }
  return new Response(request.method === 'HEAD' ? null : llmsText(trustData), { headers })
}
