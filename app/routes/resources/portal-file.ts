import { Readable } from 'node:stream'
import { data } from 'react-router'
import type { Route } from './+types/portal-file'
import { getViewer } from '@server/access/viewer'
import { authoriseFile } from '@server/files/access'
import { recordDocumentFetches } from '@server/files/fetches'
import { contentDisposition, inlineFileHeaders } from '@server/files/headers'
import { deliverFile, storedFileState, watermarkStamp } from '@server/files/delivery'
import { portalTitle, resolvePortalOrg } from '@server/portal/resolve'
import { COUNTED_FETCH_HEADER, SHARED_PAGE_HEADER, STORED_FILE_MAX_BYTES } from '@server/page-cache'

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
    throw data(`This file is view-only and not downloadable in the ${await portalTitle(context.db, org.id)}`, { status: 403 })
  }
  const { file, download } = decision
  const headers = {
    'Content-Type': file.content_type,
    'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', file.original_name),
    'Cache-Control': 'private, no-store',
    ...inlineFileHeaders(file.content_type),
  }
  // A HEAD is checked like a GET and answers what it would, but nothing is read, stamped or counted for
  // it: nothing left the portal.
  const delivered =
    request.method === 'HEAD'
      ? await storedFileState(context.env, file.sha256)
      : await deliverFile(context.env, file, decision.public, await watermarkStamp(context.db, org, viewer))
  if (delivered === 'gone') throw data('This document is temporarily unavailable.', { status: 404 })
  if (delivered === 'unavailable') throw data('This document is temporarily unavailable.', { status: 503 })
  if (delivered === 'present') return new Response(null, { headers })
  // A PDF that cannot be stamped is not sent unstamped: staff may share it by turning watermarks off.
  if (delivered === 'unreadable') throw data('This document cannot be watermarked for you, so it cannot be shared here. Please contact the company.', { status: 403 })

  const fetched = { action: download ? 'file.download' : 'file.view', fileId: file.id, itemUid: decision.itemUid, name: file.original_name } as const
  await recordDocumentFetches(context.db, request, context.clientAddress, org, viewer, [fetched])
  // A small public document as the public gets it: the app may keep it and answer the next anonymous
  // fetches itself, each still counted (server/page-cache.ts).
  const shared = viewer.mode === 'Public' && decision.public && file.size_bytes <= STORED_FILE_MAX_BYTES
  return new Response(Readable.toWeb(delivered.body) as ReadableStream<Uint8Array>, {
    headers: {
      ...headers,
      ...(delivered.size !== null ? { 'Content-Length': String(delivered.size) } : {}),
      ...(shared ? { [SHARED_PAGE_HEADER]: 'public', [COUNTED_FETCH_HEADER]: JSON.stringify({ orgId: org.id, fetch: fetched }) } : {}),
    },
  })
}
