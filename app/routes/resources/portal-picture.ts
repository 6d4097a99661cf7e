import { data } from 'react-router'
import type { Route } from './+types/portal-picture'
import { deliverBlob } from '@server/files/delivery'
import { contentDisposition, inlineFileHeaders } from '@server/files/headers'
import { resolvePortalOrg } from '@server/portal/resolve'
import { publicPicture } from '@server/products/public-pictures'

/**
 * A product banner or an uploaded company logo: public portal content, the same for every viewer, and
 * immutable under its file id (a new upload is a new file), so browsers and proxies may keep it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch pictures with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const picture = await publicPicture(context.db, org, params.fileId)
  if (!picture) throw data('This picture does not exist.', { status: 404 })
  const headers = {
    'Content-Type': picture.content_type,
    'Content-Length': String(picture.size_bytes),
    'Content-Disposition': contentDisposition('inline', picture.original_name),
    'Cache-Control': 'public, max-age=31536000, immutable',
    ...inlineFileHeaders(picture.content_type),
  }
  if (request.method === 'HEAD') return new Response(null, { headers })
  const body = await deliverBlob(context.env, picture.sha256)
  if (body === 'gone') throw data('This picture is temporarily unavailable.', { status: 404 })
  if (body === 'unavailable') throw data('This picture is temporarily unavailable.', { status: 503 })
  return new Response(body, { headers })
}
