import { data } from 'react-router'
import type { Route } from './+types/portal-bulk-download'
import { getViewer } from '@server/access/viewer'
import { recordAudit } from '@server/audit/record'
import { bulkArchive, bulkFetch, planBulkDownload } from '@server/files/bulk'
import { deliverFile, deliverLetter, watermarkStamp } from '@server/files/delivery'
import { recordDocumentFetches } from '@server/files/fetches'
import { orgPdfLogo } from '@server/files/org-pdf-logo'
import { readForm } from '@server/http/forms'
import { respond } from '@server/http/responses'
import { resolvePortalOrg } from '@server/portal/resolve'

const ONLY_POST = { status: 405, headers: { Allow: 'POST' } }

/** The answer is an archive streamed as it is built: never as React Router's data form (server/http/route-match.ts). */
export const handle = { streams: true }

/**
 * POST {portal}/bulk-download with `fileId` and `letterId` fields: the documents as one ZIP
 * (cards-and-items spec section 7), each checked as a single download is. A plain form post without
 * JavaScript; the dialog posts the same form and reads the archive.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  // React Router hands every method with a body to the action.
  if (request.method !== 'POST') throw data('Download documents with POST.', ONLY_POST)
  const form = await readForm(request)
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const viewer = await getViewer(request, context.db, org)
  const ids = (name: string) => form.getAll(name).filter((value): value is string => typeof value === 'string')
  const plan = await planBulkDownload(context.db, context.env, org, viewer, { fileIds: ids('fileId'), letterIds: ids('letterId') })
  if (!plan.ok) throw data(plan.message, { status: plan.status })
  await recordAudit(context.db, {
    orgId: org.id,
    actor: viewer.account?.member?.email ?? viewer.mode,
    action: 'file.bulk-download',
    target: `${plan.documents.length} documents`,
    after: { included: plan.documents.map((entry) => entry.id), failed: plan.failed },
    ip: context.clientAddress,
    userAgent: request.headers.get('user-agent'),
  })
  const stamp = await watermarkStamp(context.db, org, viewer)
  const logo = await orgPdfLogo(context.db, context.env, org.id)
  const archive = bulkArchive(org.name, plan, async (entry) => {
    const delivered = entry.kind === 'file' ? await deliverFile(context.env, entry.file, entry.public, stamp) : await deliverLetter(org, entry.letter, entry.public, stamp, logo)
    if (typeof delivered === 'string') return null
    // Counted as it goes into the archive: one that could not be stamped, or vanished, was not downloaded.
    await recordDocumentFetches(context.db, request, context.clientAddress, org, viewer, [bulkFetch(entry)])
    return delivered.body
  })
  return respond(archive, context.env)
}

export async function loader() {
  throw data('Choose the documents on the Trust Center and download them from there.', ONLY_POST)
}
