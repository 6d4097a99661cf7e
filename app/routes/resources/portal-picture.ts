import { data } from 'react-router'
import type { Route } from './+types/portal-picture'
import { getViewer } from '@server/access/viewer'
import { pictureAccess } from '@server/access/portal-access'
import { deliverBlob } from '@server/files/delivery'
import { contentDisposition, inlineFileHeaders } from '@server/files/headers'
import { resolvePortalOrg } from '@server/portal/resolve'
import { pictureCacheControl, portalPicture } from '@server/products/public-pictures'

const NOT_FOUND = 'This picture does not exist.'

/**
 * A product banner or an uploaded company logo, for whoever sees where it is used (a company's logo only with
 * its card): what the public sees may be kept by browsers and proxies, what one viewer sees is not.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch pictures with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const picture = await portalPicture(context.db, org, params.fileId)
  if (!picture) throw data(NOT_FOUND, { status: 404 })
  const access = await pictureAccess(org, picture.uses, () => getViewer(request, context.db, org))
  if (access === 'withheld') throw data(NOT_FOUND, { status: 404 })
  const headers = {
    'Content-Type': picture.content_type,
    'Content-Length': String(picture.size_bytes),
    'Content-Disposition': contentDisposition('inline', picture.original_name),
    'Cache-Control': pictureCacheControl(access, picture.uses),
    ...inlineFileHeaders(picture.content_type),
  }
  if (request.method === 'HEAD') return new Response(null, { headers })
  const body = await deliverBlob(context.env, picture.sha256)
  if (body === 'gone') throw data('This picture is temporarily unavailable.', { status: 404 })
  if (body === 'unavailable') throw data('This picture is temporarily unavailable.', { status: 503 })
  return new Response(body, { headers })
}
