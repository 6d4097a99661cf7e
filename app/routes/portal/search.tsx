import { data, isRouteErrorResponse, useRouteError } from 'react-router'
import type { Route } from './+types/search'
import { faviconLink, type BrandHandle, type PortalBrand } from '~/lib/portal-brand'
import { loadSearchPage } from '@server/search/page'
import { AnswerSources, ResultGroup, resultsSummary, SEARCH_FAILED, SearchSuggestions } from '~/components/portal/search/search-results'
import { ErrorView } from '~/components/error-view'
import { FIRST_BATCH, SEARCH_QUERY_MAX, type SearchHit } from '~/lib/search'

// The search results page (issue 10): where the "Search items" box goes without JavaScript, and what the
// search dialog loads (its .data) with it. Results are made for this viewer only: never stored or shared.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadSearchPage(context, request, params.orgSlug)
  return data(page, { status: page.failed ? 503 : 200, headers: { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } })
}

/**
 * The search dialog loads this route with fetchers: a fetcher's error would replace the portal page with its
 * error boundary, so a server that cannot be reached (or fails unexpectedly) reads as a failed search
 * instead, which the dialog shows as the spec's message. Responses the server chose (400, 404) stay errors.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader()
  } catch (error) {
    if (isRouteErrorResponse(error)) throw error
    const term = (new URL(request.url).searchParams.get('q') ?? '').trim()
    return { unreachable: true as const, term, group: null, offset: 0, results: null, failed: true as const }
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

/** The org's brand colour, for the document around the page (app/root.tsx); its favicon is in the meta. */
export const handle: BrandHandle<{ org?: PortalBrand }> = { brand: (page) => (page.org ? { brandColor: page.org.brandColor } : null) }

export function meta({ data: page }: Route.MetaArgs) {
  if (!page || 'unreachable' in page) return [{ title: 'Search' }]
  const title = page.term ? `Search: ${page.term}` : 'Search'
  return [{ title: `${title} | ${page.org.name} ${page.portalTitle}` }, { name: 'robots', content: 'noindex' }, faviconLink(page.icon)]
}

export default function SearchPage({ loaderData: page }: Route.ComponentProps) {
  if ('unreachable' in page) return <ErrorView title="Search" message={SEARCH_FAILED} />
  const link = (params: Record<string, string>) => `${page.action}?${new URLSearchParams({ ...page.keep, q: page.term, ...params })}`
  const results = page.results
  return (
    <div className="search-page">
      <header className="portal-header">
        <div className="portal-header__inner">
          <a className="portal-header__brand" href={page.home}>
            {page.org.logoUrl ? <img src={page.org.logoUrl} alt={`${page.org.name} logo`} height={32} /> : <span className="portal-header__name">{page.org.name}</span>}
          </a>
          <p className="portal-header__title">{page.portalTitle}</p>
        </div>
      </header>
      <main id="main" className="search-page__main">
        <h1>Search</h1>
        <a href={page.home}>Back to {page.portalTitle}</a>
        <form className="search-page__form" role="search" method="get" action={page.action}>
          {Object.entries(page.keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {page.ai ? (
            <fieldset className="search-mode">
              <legend className="visually-hidden">Mode</legend>
              <label className="search-mode__option">
                <input type="radio" name="mode" value="search" defaultChecked={page.mode === 'search'} />
                <span>Search</span>
              </label>
              <label className="search-mode__option">
                <input type="radio" name="mode" value="ai" defaultChecked={page.mode === 'ai'} />
                <span>Ask AI</span>
              </label>
            </fieldset>
          ) : null}
          <label htmlFor="search-page-q" className="visually-hidden">
            Search items
          </label>
          <input id="search-page-q" type="search" name="q" defaultValue={page.term} maxLength={SEARCH_QUERY_MAX} placeholder="Search items" autoComplete="off" />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </form>
        {page.failed ? (
          <p role="alert" className="search-page__error">
            {SEARCH_FAILED}
          </p>
        ) : !page.term ? (
          <div className="search-page__empty">
            <p>Start searching</p>
            <SearchSuggestions href={(term) => link({ q: term })} />
          </div>
        ) : page.unasked ? (
          <p className="search-page__empty">Press Search to ask AI this question.</p>
        ) : page.answer ? (
          <AnswerSection answer={page.answer} />
        ) : !results || results.total === 0 ? (
          <div className="search-page__empty">
            <p>No results found</p>
            <p>Try using a different search term.</p>
            <SearchSuggestions href={(term) => link({ q: term })} />
          </div>
        ) : (
          <>
            <p className="search-page__count" role="status">
              {resultsSummary(results)}
            </p>
            {page.group ? <a href={link({})}>All results</a> : null}
            {results.groups.map((group) => (
              <ResultGroup key={group.type} group={group} top={!page.group && results.top?.type === group.type} moreHref={page.group ? null : link({ group: group.type })}>
                {page.group && group.count > page.offset + group.hits.length ? (
                  <a className="search-group__more" href={link({ group: group.type, offset: String(page.offset + FIRST_BATCH) })}>
                    Next results
                  </a>
                ) : null}
              </ResultGroup>
            ))}
          </>
        )}
      </main>
    </div>
  )
}

/** The AI answer without JavaScript: written whole before the page is sent (server/search/page.ts). */
function AnswerSection({ answer }: { answer: { text: string | null; sources: SearchHit[]; error: string | null } }) {
  if (answer.error || answer.text === null) {
    return (
      <p role="alert" className="search-page__error">
        {answer.error}
      </p>
    )
  }
  return (
    <section className="search-answer" aria-labelledby="search-answer-title">
      <h2 id="search-answer-title">Answer</h2>
      <div className="search-answer__text">{answer.text}</div>
      <AnswerSources sources={answer.sources} />
    </section>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) return <ErrorView title={error.status === 404 ? 'Page not found' : 'Search'} message={String(error.data ?? '')} status={error.status} />
  return <ErrorView title="Search" message={SEARCH_FAILED} />
}
