import type { MouseEvent, ReactNode } from 'react'
import type { SearchGroup, SearchHit, SearchResults, Segment } from '~/lib/search'
import { hitKey } from './search-state'

// The results of a search, grouped as the spec's newer dialog groups them (section 2.2). The results page
// renders them with every detail inline and plain links, so it works without JavaScript; the search dialog
// (search-dialog.tsx) renders the same hits with a side detail panel, and opens portal links itself
// (`onOpen`: it closes, then navigates in the page).

/** The spec's message when a search fails (section 8). */
export const SEARCH_FAILED = 'Failed to retrieve search results. Please try again later.'

/** Opens a portal link in the page; without it links are plain. */
export type OpenHref = (href: string) => void

/** A link to a portal page: `onOpen` takes a plain click, a modified one (new tab) stays the browser's. */
export function HitLink({ href, onOpen, className, children }: { href: string; onOpen?: OpenHref; className?: string; children: ReactNode }) {
  const open = onOpen
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        onOpen(href)
      }
    : undefined
  return (
    <a className={className} href={href} onClick={open}>
      {children}
    </a>
  )
}

export function Marked({ segments }: { segments: readonly Segment[] }) {
  return <>{segments.map((segment, index) => (segment.mark ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>))}</>
}

/** What a hit offers, by type: View / Download for documents, Open for trust items (spec 2.2). */
export function HitActions({ hit, onOpen }: { hit: SearchHit; onOpen?: OpenHref }) {
  if (hit.document) {
    return (
      <div className="search-hit__actions">
        {hit.document.viewUrl && viewable(hit.document.contentType) ? (
          <a className="button button--secondary button--small" href={hit.document.viewUrl} target="_blank" rel="noopener">
            View
          </a>
        ) : null}
        {hit.document.downloadUrl ? (
          <a className="button button--secondary button--small" href={hit.document.downloadUrl} download={hit.document.fileName}>
            Download
          </a>
        ) : null}
      </div>
    )
  }
  if (hit.type === 'items') {
    return (
      <div className="search-hit__actions">
        <HitLink className="button button--secondary button--small" href={hit.href} onOpen={onOpen}>
          {hit.locked ? 'Get access' : 'Open'}
        </HitLink>
      </div>
    )
  }
  return null
}

/** Mime types a browser shows inline: only these get View. */
export function viewable(contentType: string) {
  return contentType === 'application/pdf' || contentType.startsWith('image/') || contentType === 'text/plain'
}

/** The details of a hit, as the detail panel shows them (spec 2.2, "Detail by type"). */
export function HitDetail({ hit, onOpen }: { hit: SearchHit; onOpen?: OpenHref }) {
  if (hit.document) {
    return (
      <div className="search-detail">
        <p className="search-detail__meta">
          {documentType(hit.document.contentType)}
          {hit.document.page ? ` · page ${hit.document.page}` : ''}
        </p>
        {hit.excerpt.length ? (
          <p className="search-detail__excerpt">
            <Marked segments={hit.excerpt} />
          </p>
        ) : null}
        <HitActions hit={hit} onOpen={onOpen} />
      </div>
    )
  }
  if (hit.faq) {
    return (
      <div className="search-detail">
        <p className="search-detail__question">{hit.faq.question}</p>
        <p className="search-detail__message">{hit.faq.answer}</p>
        {hit.faq.comment ? <p className="search-detail__comment">{hit.faq.comment}</p> : null}
      </div>
    )
  }
  if (hit.update) {
    return (
      <div className="search-detail">
        <p className="search-detail__meta">{hit.update.subject}</p>
        <p className="search-detail__message">{hit.update.message}</p>
        <HitLink href={hit.href} onOpen={onOpen}>
          Read update
        </HitLink>
      </div>
    )
  }
  return (
    <div className="search-detail">
      <p className="search-detail__meta">{hit.item?.cardTitle}</p>
      {hit.locked ? <p>This item is restricted. Request access to read it.</p> : hit.item?.explanation ? <p className="search-detail__message">{hit.item.explanation}</p> : null}
      <HitActions hit={hit} onOpen={onOpen} />
    </div>
  )
}

function documentType(contentType: string) {
  if (contentType === 'application/pdf') return 'PDF document'
  if (contentType.startsWith('image/')) return 'Image'
  if (contentType.includes('spreadsheet') || contentType.includes('excel') || contentType === 'text/csv') return 'Spreadsheet'
  if (contentType.includes('word')) return 'Word document'
  return 'Document'
}

/** One group on the results page: its label, count, top-match badge and hits with details inline. */
export function ResultGroup({ group, top, moreHref, children }: { group: SearchGroup; top: boolean; moreHref: string | null; children?: ReactNode }) {
  const headingId = `search-group-${group.type}`
  return (
    <section className="search-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="search-group__title">
        {group.label} <span className="search-group__count">({group.count})</span>
        {top ? <span className="tag search-group__top">Top match</span> : null}
      </h2>
      <ul className="search-group__hits">
        {group.hits.map((hit) => (
          <li key={hitKey(hit)} className="search-hit">
            <a className="search-hit__title" href={hit.href}>
              <Marked segments={hit.title} />
              {hit.locked ? <span className="search-hit__lock"> (restricted)</span> : null}
            </a>
            <p className="search-hit__source">{hit.source}</p>
            <HitDetail hit={hit} />
          </li>
        ))}
      </ul>
      {moreHref && group.count > group.hits.length ? (
        <a className="search-group__more" href={moreHref}>
          ...{group.count - group.hits.length} more
        </a>
      ) : null}
      {children}
    </section>
  )
}

/** The hits an AI answer was made from, folded under their count: the dialog's and the results page's. */
export function AnswerSources({ sources, onOpen }: { sources: SearchHit[]; onOpen?: OpenHref }) {
  if (!sources.length) return null
  return (
    <details className="search-answer__sources">
      <summary>
        Generated from {sources.length} {sources.length === 1 ? 'source' : 'sources'}
      </summary>
      <ul>
        {sources.map((hit) => (
          <li key={hitKey(hit)}>
            <HitLink href={hit.href} onOpen={onOpen}>
              <Marked segments={hit.title} />
            </HitLink>{' '}
            <span className="search-hit__source">{hit.source}</span>
          </li>
        ))}
      </ul>
    </details>
  )
}

/** Searches the empty state offers: what reviewers most often look for in a trust center. */
export const SEARCH_SUGGESTIONS = ['SOC 2', 'Penetration test', 'Encryption', 'SSO', 'Subprocessors', 'GDPR'] as const

/**
 * "Try: SOC 2, Penetration test, …" under an empty state: links to the results page without JavaScript,
 * buttons that search at once in the dialog (`onPick`).
 */
export function SearchSuggestions({ href, onPick }: { href: (term: string) => string; onPick?: (term: string) => void }) {
  return (
    <div className="search-suggestions">
      <p className="search-suggestions__label" id="search-suggestions-label">
        Try searching for
      </p>
      <ul className="search-suggestions__list" aria-labelledby="search-suggestions-label">
        {SEARCH_SUGGESTIONS.map((term) => (
          <li key={term}>
            {onPick ? (
              <button type="button" className="search-suggestion" onClick={() => onPick(term)}>
                {term}
              </button>
            ) : (
              <a className="search-suggestion" href={href(term)}>
                {term}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

export function resultsSummary(results: SearchResults) {
  return results.total === 1 ? '1 result' : `${results.total} results`
}
