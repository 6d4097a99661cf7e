import { data } from 'react-router'
import { fileUrl } from '@server/files/urls'
import type { Route } from './+types/document-viewer'
import { getViewer } from '@server/access/viewer'
import { authoriseFile } from '@server/files/access'
import { previewKind } from '@server/files/headers'
import { resolvePortalOrg } from '@server/portal/resolve'
import { portalPageBrand } from '@server/portal/brand-images'
import { faviconLink, type BrandHandle } from '~/lib/portal-brand'

// The inline viewer (issue 9): a PDF or an image read in the page, with no download control unless this
// viewer may download it. What it cannot prevent is said in the README: a viewer can still print,
// screenshot or save what the browser has shown them; a stamped PDF says whose copy it was.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const viewer = await getViewer(request, context.db, org)
  const decision = await authoriseFile(context.db, org, viewer, params.fileId, false)
  if (decision.status !== 'allowed') throw data('This document does not exist or is not available to you.', { status: 404 })
  const download = await authoriseFile(context.db, org, viewer, params.fileId, true)
  const src = fileUrl(org.basePath, decision.file)
  const brand = await portalPageBrand(context.db, org)
  return data(
    {
      name: decision.file.original_name,
      src,
      kind: previewKind(decision.file.content_type),
      downloadUrl: download.status === 'allowed' && download.download ? `${src}?download=1` : null,
      home: org.basePath || '/',
      portalTitle: `${org.name} ${brand.portalTitle}`,
      // The org's favicon and colour, as every portal page carries them (decisions 039 and 042).
      brand: { brandColor: brand.brandColor, icon: brand.icon },
    },
    { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } },
  )
}

/** The org's brand colour, for the document around the page (app/root.tsx); its favicon is in the meta. */
export const handle: BrandHandle<{ brand: { brandColor: string | null } }> = { brand: (page) => ({ brandColor: page.brand.brandColor }) }

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Document' }, { name: 'robots', content: 'noindex' }]
  return [{ title: `${loaderData.name} | ${loaderData.portalTitle}` }, { name: 'robots', content: 'noindex' }, faviconLink(loaderData.brand.icon)]
}

export default function DocumentViewer({ loaderData }: Route.ComponentProps) {
  const { name, src, kind, downloadUrl, home, portalTitle } = loaderData
  return (
    <main className="viewer">
      <header className="viewer__bar">
        <a className="viewer__back" href={home}>
          Back to {portalTitle}
        </a>
        <h1 className="viewer__title">{name}</h1>
        {downloadUrl ? (
          <a className="button" href={downloadUrl} download={name}>
            Download
          </a>
        ) : (
          <span className="viewer__note">View only</span>
        )}
      </header>
      {kind === 'pdf' ? (
        // The browser's own PDF toolbar (with its save button) hidden; see the README for what that can't stop.
        <iframe className="viewer__frame" title={name} src={`${src}#toolbar=0&navpanes=0`} />
      ) : kind === 'image' ? (
        <div className="viewer__image">
          <img src={src} alt={name} />
        </div>
      ) : (
        <p className="viewer__empty">This document cannot be shown in the browser.</p>
      )}
    </main>
  )
}
