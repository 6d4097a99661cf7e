import { data } from 'react-router'
import type { Route } from './+types/portal-nda'
import { accountMember, getViewer } from '@server/access/viewer'
import { recordAudit } from '@server/audit/record'
import { contentDisposition } from '@server/files/headers'
import { orgPdfLogo } from '@server/files/org-pdf-logo'
import { readForm } from '@server/http/forms'
import { redirectWithToast } from '@server/http/redirect'
import { NDA_DOWNLOAD_FAILED } from '~/lib/portal-view'
import { portalTitle, resolvePortalOrg } from '@server/portal/resolve'
import { signatureRecord } from '@server/visitors/nda'
import { signedNdaPdf } from '@server/visitors/nda-pdf'

/**
 * "Download NDA": the signed clickwrap NDA as a PDF, for a member its signature covers (a POST, as the spec's call).
 * With `copy=unsigned`, the NDA the member is asked to sign, to read or keep before signing it (issue 24).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const viewer = await getViewer(request, context.db, org)
  const member = accountMember(viewer)
  // The spec's failure toast on the page the visitor came from, rather than an error page.
  const failed = () => redirectWithToast(context.env, org.basePath || '/', NDA_DOWNLOAD_FAILED)
  if (form.get('copy') === 'unsigned') {
    const nda = member ? viewer.account?.nda : null
    if (!member || nda?.type !== 'clickwrap' || !nda.text || !nda.version) return failed()
    const pdf = await signedNdaPdf({
      orgName: org.name,
      logo: await orgPdfLogo(context.db, context.env, org.id),
      portalTitle: await portalTitle(context.db, org.id),
      text: nda.text,
      version: nda.version,
      signature: null,
    })
    return pdfResponse(pdf, `${org.name} NDA (not signed).pdf`)
  }
  const signature = member ? viewer.account?.nda.signature : null
  if (!member || !signature) return failed()
  const record = await signatureRecord(context.db, signature.id, org.id)
  if (!record) return failed()
  const pdf = await signedNdaPdf({
    orgName: org.name,
    logo: await orgPdfLogo(context.db, context.env, org.id),
    portalTitle: await portalTitle(context.db, org.id),
    text: record.nda_text,
    version: record.nda_version,
    signature: {
      name: record.signer_name,
      email: record.signer_email,
      accountName: record.account_name,
      signedAt: new Date(record.signed_at),
      ip: record.ip,
      userAgent: record.user_agent,
    },
  })
  await recordAudit(context.db, {
    orgId: org.id,
    actor: member.email,
    action: 'nda.download',
    target: signature.id,
    ip: context.clientAddress,
    userAgent: request.headers.get('user-agent'),
  })
  return pdfResponse(pdf, `${org.name} NDA.pdf`)
}

function pdfResponse(pdf: Uint8Array, fileName: string) {
  return new Response(Buffer.from(pdf), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition('attachment', fileName), 'Cache-Control': 'private, no-store' },
  })
}

export async function loader() {
  throw data('Download the NDA from the account menu.', { status: 405, headers: { Allow: 'POST' } })
}
