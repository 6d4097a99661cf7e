import { data } from 'react-router'
import type { Route } from './+types/portal-letter'
import { getViewer } from '@server/access/viewer'
import { deliverLetter, watermarkStamp } from '@server/files/delivery'
import { recordDocumentFetches } from '@server/files/fetches'
import { orgPdfLogo } from '@server/files/org-pdf-logo'
import { contentDisposition, inlineFileHeaders } from '@server/files/headers'
import { bridgeLetterFileName } from '@server/files/letter'
import { authoriseLetter } from '@server/files/letters'
import { resolvePortalOrg } from '@server/portal/resolve'
import { Readable } from 'node:stream'

/** A SOC report's bridge letter, generated on request for whoever may open the report's documents. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw data('Fetch documents with GET.', { status: 405, headers: { Allow: 'GET, HEAD' } })
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const viewer = await getViewer(request, context.db, org)
  const download = new URL(request.url).searchParams.has('download')
  const decision = await authoriseLetter(context.db, org, viewer, params.itemId, download)
  if (decision.status !== 'allowed') throw data('This document does not exist or is not available to you.', { status: 404 })
  const name = bridgeLetterFileName(org.name, decision.letter.itemTitle)
  const headers = {
    'Content-Type': 'application/pdf',
    'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', name),
    'Cache-Control': 'private, no-store',
    ...inlineFileHeaders('application/pdf'),
  }
  // A HEAD is checked like a GET, but nothing is generated or counted for it.
  if (request.method === 'HEAD') return new Response(null, { headers })
  const delivered = await deliverLetter(org, decision.letter, decision.public, await watermarkStamp(context.db, org, viewer), await orgPdfLogo(context.db, context.env, org.id))
  if (typeof delivered === 'string') throw data('This letter cannot be prepared right now.', { status: 503 })
  await recordDocumentFetches(context.db, request, context.clientAddress, org, viewer, [
    { action: download ? 'file.download' : 'file.view', fileId: null, itemUid: decision.letter.itemUid, name, via: 'letter' },
  ])
  return new Response(Readable.toWeb(delivered.body) as ReadableStream<Uint8Array>, {
    headers: { ...headers, ...(delivered.size !== null ? { 'Content-Length': String(delivered.size) } : {}) },
  })
}
