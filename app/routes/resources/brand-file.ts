import { data } from 'react-router'
import type { Route } from './+types/brand-file'
import { inlineFileHeaders } from '@server/files/headers'
import { readBrandFile } from '@server/settings/company'

// An org's logo or favicon: its brand, public on every host. The address names the file, whose bytes never
// change (a new logo is a new file), so browsers and proxies keep it for a year.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch images with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const file = await readBrandFile(context.db, context.env, params.fileId)
  if (file.status !== 'found') {
    throw file.status === 'missing' ? data('This image does not exist.', { status: 404 }) : data('This image is temporarily unavailable.', { status: 503 })
  }
  const headers = {
    'Content-Type': file.contentType,
    'Content-Length': String(file.bytes.byteLength),
    'Cache-Control': 'public, max-age=31536000, immutable',
    ...inlineFileHeaders(file.contentType),
  }
  return new Response(request.method === 'HEAD' ? null : Buffer.from(file.bytes), { headers })
}
