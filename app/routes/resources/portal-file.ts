import { isbot } from 'isbot'
import { data } from 'react-router'
import type { Route } from './+types/portal-file'
import { getViewer } from '@server/access/viewer'
import { recordAudit } from '@server/audit/record'
import { authoriseFile } from '@server/files/access'
import { contentDisposition, inlineFileHeaders } from '@server/files/headers'
import { fileStore } from '@server/files/store'
import { resolvePortalOrg } from '@server/portal/resolve'

/** Every view and download of a stored file comes through here, checked each time. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // React Router runs a resource route's loader for any method without a body; a file is only fetched.
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch documents with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const viewer = await getViewer(request, context.db, org)
  const wantsDownload = new URL(request.url).searchParams.has('download')
  const decision = await authoriseFile(context.db, org, viewer, params.fileId, wantsDownload)
  if (decision.status === 'missing') throw data('This document does not exist or is not available to you.', { status: 404 })
  if (decision.status === 'view-only') {
    const title = await context.db.selectFrom('portal_customizations').select('portal_title').where('org_id', '=', org.id).executeTakeFirst()
    throw data(`This file is view-only and not downloadable in the ${title?.portal_title ?? 'Trust Center'}`, { status: 403 })
  }
  const { file, download } = decision
  const body = await fileStore(context.env).get(file.sha256)
  if (!body) throw data('This document is temporarily unavailable.', { status: 404 })

  await recordAudit(context.db, {
    orgId: org.id,
    // Crawlers fetch public documents too; the log (and later analytics) tells them from people.
    actor: viewer.staff?.email ?? (isbot(request.headers.get('user-agent')) ? `${viewer.mode} (bot)` : viewer.mode),
    action: download ? 'file.download' : 'file.view',
    target: file.id,
    after: { name: file.original_name },
    ip: context.clientAddress,
    userAgent: request.headers.get('user-agent'),
  })
  return new Response(body, {
    headers: {
      'Content-Type': file.content_type,
      'Content-Length': String(file.size_bytes),
      'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', file.original_name),
      'Cache-Control': 'private, no-store',
      ...inlineFileHeaders(file.content_type),
    },
  })
}
