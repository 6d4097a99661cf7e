import { data } from 'react-router'
import { redirectTo } from '@server/http/redirect'
import type { Route } from './+types/portal-brand-image'
import { brandImage, loadBrandSource } from '@server/portal/brand-images'
import { resolvePortalOrg } from '@server/portal/resolve'

// The org's share image ({portal}/share.png, the og:image of its pages) and favicon ({portal}/favicon.png),
// drawn once per version and then served from the store (docs/decisions/042-share-image.md). The same for
// everyone: only the org's name, logo, colour and portal title are in them. A URL naming the current version
// (the one the pages link) is cached for a year; any other answers the current image, cached briefly.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch images with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const url = new URL(request.url)
  const kind = url.pathname.endsWith('/favicon.png') ? 'icon' : 'share'
  const image = await brandImage(context.db, context.env, await loadBrandSource(context.db, org), kind)
  if (!image) throw redirectTo('/favicon.svg')
  const headers = {
    'Content-Type': 'image/png',
    'Content-Length': String(image.png.byteLength),
    'Cache-Control': url.searchParams.get('v') === image.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  }
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(image.png), { headers })
}
