import { data } from 'react-router'
import type { Route } from './+types/file'
import { requireStaff } from '@server/auth/require'
import { contentDisposition } from '@server/files/headers'
import { deliverBlob, storedFileState } from '@server/files/delivery'
import { questionnaireFileOf } from '@server/questionnaires/staff'

// A questionnaire file as a download (/questionnaires/{id}/file): for staff of its org holding
// `questionnaires` only. Always an attachment, never rendered: it is a customer's upload.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // React Router runs a resource route's loader for any method without a body; a file is only fetched.
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch questionnaires with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const staff = await requireStaff(request, context, 'questionnaires')
  const file = await questionnaireFileOf(context.db, staff.orgId, params.questionnaireId)
  if (!file) throw data('This questionnaire does not exist.', { status: 404 })
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Content-Disposition': contentDisposition('attachment', file.name),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  }
  // A HEAD answers what the GET would, without reading the file.
  const body = request.method === 'HEAD' ? await storedFileState(context.env, file.sha256) : await deliverBlob(context.env, file.sha256)
  if (body === 'gone') throw data('This questionnaire file is no longer available.', { status: 404 })
  if (body === 'unavailable') throw data('This questionnaire file is temporarily unavailable. Please try again in a few minutes.', { status: 503 })
  if (body === 'present') return new Response(null, { headers })
  if (file.sizeBytes !== null) headers['Content-Length'] = String(file.sizeBytes)
  return new Response(body, { headers })
}
