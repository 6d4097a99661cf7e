import { Suspense } from 'react'
import { Link, useLocation } from 'react-router'
import type { DocumentView, PortalView } from './types'
import { GetAccessLink, itemHref, LockedNoteText } from './cards'
import { DownloadIcon, EyeIcon, FileIcon, LockIcon } from '~/components/icons'
import { documentDateText, withQuery } from '~/lib/format'
import { CardMenu } from './editing/card-menu'
import { StateTag, stateClass } from './state-tag'
import { DOCUMENTS_COLLAPSED } from '~/lib/portal-view'
import { BulkDownloadDialog, loadBulkDownload } from './visitor-tools'

/** A bridge letter's file name longer than this shows whole in a tooltip (cards-and-items spec section 9). */
const LETTER_NAME_TOOLTIP = 60

const TABS = [
  { id: 'public', label: 'Public' },
  { id: 'private', label: 'Private' },
  { id: 'all', label: 'All' },
] as const

export function DocumentsSection({ view }: { view: PortalView }) {
  const documents = view.documents
  const location = useLocation()
  if (!documents) return null
  const here = (changes: Record<string, string | null>) => withQuery(location.pathname, location.search, changes)
  // With featured documents the list stays collapsed to its toggle; without, 12 show (9 on small screens).
  const collapsedCount = documents.featured.length ? 0 : DOCUMENTS_COLLAPSED
  const shown = documents.expanded ? documents.entries : documents.entries.slice(0, collapsedCount)
  const canExpand = documents.entries.length > collapsedCount
  // The dialog's code arrives as the pointer or focus nears the button, or as the page hydrates with it open.
  const prefetchBulkDownload = () => void loadBulkDownload()
  if (documents.bulkDialog && typeof document !== 'undefined') prefetchBulkDownload()

  return (
    <>
      <section className="panel documents" id="documents" aria-labelledby="documents-title">
        <div className="panel__header">
          <h2 id="documents-title">{documents.title}</h2>
          <CardMenu view={view} kind="Documents" title={documents.title} />
          {documents.bulkDownload ? (
            <Link
              id="bulk-download-button"
              className="button button--secondary button--small documents__bulk"
              to={here({ bulkDownload: 'true' })}
              preventScrollReset
              onPointerEnter={prefetchBulkDownload}
              onFocus={prefetchBulkDownload}
            >
              <DownloadIcon size={14} /> Bulk download
            </Link>
          ) : null}
          {documents.tabs ? (
            <div className="tabs" role="tablist" aria-label="Filter documents">
              {TABS.map((tab) => (
                <Link
                  key={tab.id}
                  role="tab"
                  aria-selected={documents.filter === tab.id}
                  aria-controls="documents-list"
                  className="tabs__tab"
                  to={here({ docs: tab.id === 'all' ? null : tab.id })}
                  preventScrollReset
                  replace
                >
                  {tab.label}
                </Link>
              ))}
            </div>
          ) : null}
        </div>
        {documents.featured.length ? (
          <div className="documents__featured">
            <h3>Featured documents</h3>
            <ul className="document-grid">
              {documents.featured.map((document) => (
                <DocumentRow key={document.key} view={view} document={document} />
              ))}
            </ul>
          </div>
        ) : null}
        <div
          id="documents-list"
          role={documents.tabs ? 'tabpanel' : undefined}
          aria-labelledby={documents.tabs ? undefined : 'documents-title'}
          aria-label={documents.tabs ? `${TABS.find((tab) => tab.id === documents.filter)?.label} documents` : undefined}
        >
          {shown.length ? (
            <ul className={`document-grid${documents.expanded ? '' : ' document-grid--collapsed'}`}>
              {shown.map((document) => (
                <DocumentRow key={document.key} view={view} document={document} />
              ))}
            </ul>
          ) : null}
          {documents.entries.length === 0 && view.mode === 'Main' ? <p className="empty">Uploaded documents from all cards will appear here.</p> : null}
        </div>
        {canExpand ? (
          <Link className="documents__toggle" to={here({ documents: documents.expanded ? null : 'all' }) + '#documents'} preventScrollReset replace>
            {documents.expanded ? 'View less' : 'View all documents'}
          </Link>
        ) : null}
      </section>
      {documents.bulkDialog ? (
        <Suspense fallback={null}>
          <BulkDownloadDialog view={view} dialog={documents.bulkDialog} />
        </Suspense>
      ) : null}
    </>
  )
}

function DocumentRow({ view, document }: { view: PortalView; document: DocumentView }) {
  return (
    <li className={stateClass('document', document.state)}>
      <span className="document__icon">{document.locked ? <LockIcon size={18} label="Restricted" /> : <FileIcon size={18} />}</span>
      <span className="document__text">
        <Link
          className="document__title"
          to={`${itemHref(view, { slug: document.itemSlug })}`}
          preventScrollReset
          title={document.file?.letter && document.file.name.length > LETTER_NAME_TOOLTIP ? document.file.name : undefined}
        >
          {document.title}
        </Link>
        <span className="document__meta">
          {document.date ? `${documentDateText(document.date)} · ` : ''}
          {document.cardTitle}
        </span>
        <StateTag state={document.state} />
        {document.lockedNote ? (
          <span className="locked-note">
            <LockedNoteText note={document.lockedNote} />
          </span>
        ) : null}
      </span>
      <span className="document__actions">
        {document.locked ? (
          <GetAccessLink view={view} item={{ uid: document.itemUid, title: document.title }} />
        ) : document.file ? (
          <>
            <a className="icon-button" href={document.file.viewerUrl ?? document.file.viewUrl} target="_blank" rel="noopener" aria-label={`View ${document.title}`}>
              <EyeIcon size={16} />
            </a>
            {document.file.downloadUrl ? (
              <a className="icon-button" href={document.file.downloadUrl} download={document.file.name} aria-label={`Download ${document.title}`}>
                <DownloadIcon size={16} />
              </a>
            ) : null}
          </>
        ) : null}
      </span>
    </li>
  )
}
