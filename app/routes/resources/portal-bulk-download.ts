import { data } from 'react-router'
import type { Route } from './+types/portal-bulk-download'
import { getViewer } from '@server/access/viewer'
import { recordAudit } from '@server/audit/record'
import { bulkArchiveResponse, planBulkDownload } from '@server/files/bulk'
import { readForm } from '@server/http/forms'
import { resolvePortalOrg } from '@server/portal/resolve'

/**
 * POST {portal}/bulk-download with `fileId` fields: the documents as one ZIP (cards-and-items spec
 * section 7), each checked as a single download is. A plain form post without JavaScript; the dialog
 * posts the same form and reads the archive.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const viewer = await getViewer(request, context.db, org)
  const fileIds = form.getAll('fileId').filter((value): value is string => typeof value === 'string')
  const plan = await planBulkDownload(context.db, context.env, org, viewer, fileIds)
  if (!plan.ok) throw data(plan.message, { status: plan.status })
  await recordAudit(context.db, {
    orgId: org.id,
    actor: viewer.account?.member?.email ?? viewer.mode,
    action: 'file.bulk-download',
    target: `${plan.files.length} documents`,
    after: { fileIds: plan.files.map((file) => file.id), failed: plan.failed.map((file) => file.id) },
    ip: context.clientAddress,
    userAgent: request.headers.get('user-agent'),
  })
  return bulkArchiveResponse(context.env, org.name, plan)
}

export async function loader() {
  throw data('Choose the documents on the Trust Center and download them from there.', { status: 405, headers: { Allow: 'POST' } })
}
