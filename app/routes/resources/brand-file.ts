import { data } from 'react-router'
import type { Route } from './+types/brand-file'
import { deliverBlob } from '@server/files/delivery'
import { inlineFileHeaders } from '@server/files/headers'
import { findBrandFile } from '@server/settings/company'

// An org's logo or favicon: its brand, public on every host. The address names the file, whose bytes never
// change (a new logo is a new file), so browsers and proxies keep it for a year.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch images with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const file = await findBrandFile(context.db, params.fileId)
  if (!file) throw data('This image does not exist.', { status: 404 })
  const headers = {
    'Content-Type': file.content_type,
    'Content-Length': String(file.size_bytes),
    'Cache-Control': 'public, max-age=31536000, immutable',
    ...inlineFileHeaders(file.content_type),
  }
  if (request.method === 'HEAD') return new Response(null, { headers })
  const body = await deliverBlob(context.env, file.sha256)
  if (body === 'gone') throw data('This image does not exist.', { status: 404 })
  if (body === 'unavailable') throw data('This image is temporarily unavailable.', { status: 503 })
  return new Response(body, { headers })
}
