import { data } from 'react-router'
import { fileUrl } from '@server/files/urls'
import type { Route } from './+types/document-viewer'
import { getViewer } from '@server/access/viewer'
import { authoriseFile } from '@server/files/access'
import { previewKind } from '@server/files/headers'
import { portalTitle, resolvePortalOrg } from '@server/portal/resolve'

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
  return data(
    {
      name: decision.file.original_name,
      src,
      kind: previewKind(decision.file.content_type),
      downloadUrl: download.status === 'allowed' && download.download ? `${src}?download=1` : null,
      home: org.basePath || '/',
      portalTitle: `${org.name} ${await portalTitle(context.db, org.id)}`,
    },
    { headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } },
  )
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.name} | ${loaderData.portalTitle}` : 'Document' }, { name: 'robots', content: 'noindex' }]
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
