// The search dialog (spec search-ai-and-widgets 2.2, with 2.1's states): a chunk of its own, loaded when
// the "Search items" box is used (search-box.tsx). Results come grouped from the results page's loader
// (app/routes/portal/search.tsx) through a fetcher, with local instant results over the page's own items
// while they are pending; each group pages in with '...N more' and infinite scroll; the active result's
// details show beside the list (inline on small screens). Ask AI streams an answer from {portal}/search/answer.
// A native modal <dialog>: the page behind is inert, so Tab stays inside; Escape closes it and the box
// takes focus back.
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react'
import { useFetcher, useNavigate } from 'react-router'
import type { clientLoader } from '~/routes/portal/search'
import { ChevronIcon, CloseIcon, SearchIcon } from '~/components/icons'
import { keptHref, LOCAL_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS, SEARCH_QUERY_MAX, STALL_MS, type SearchGroupType, type SearchHit } from '~/lib/search'
import type { PortalView } from '../types'
import { AI_FAILED, askQuestion } from './answer-stream'
import { localSearch, pageItems } from './local-search'
import { AnswerSources, HitDetail, HitLink, Marked, resultsSummary, SEARCH_FAILED, SearchSuggestions, type OpenHref } from './search-results'
import {
  activeHit,
  answerReducer,
  hitKey,
  IDLE_ANSWER,
  initialSearchState,
  searchReducer,
  shownGroups,
  type AnswerState,
  type SearchAction,
  type SearchMode,
  type SearchState,
  type ShownGroup,
} from './search-state'

/** The last mode, for the next time the dialog opens: a search sets it to search, an answer to AI (spec section 4). */
let rememberedMode: SearchMode = 'search'

const SMALL_SCREEN = '(max-width: 720px)'
/** A group's next batch loads this long after the end of its list comes into view, as the older dialog's did
 * (spec section 9: 15, then 10 more each time); the server pages by 15, which keeps the feel. */
const NEXT_BATCH_DELAY_MS = 500
const COPIED_MS = 3000

type SearchData = NonNullable<ReturnType<typeof useFetcher<typeof clientLoader>>['data']>

export function SearchDialog({ view, keep, initial, onClose }: { view: PortalView; keep: Record<string, string>; initial: string; onClose: () => void }) {
  const { action, ai } = view.portal.search
  const navigate = useNavigate()
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [mode, setMode] = useState<SearchMode>(ai ? rememberedMode : 'search')
  const [state, dispatch] = useReducer(searchReducer, initial, (query) =>
    searchReducer(initialSearchState(!window.matchMedia(SMALL_SCREEN).matches), { type: 'typed', query: query.slice(0, SEARCH_QUERY_MAX) }),
  )
  const [answer, dispatchAnswer] = useReducer(answerReducer, IDLE_ANSWER)
  const asking = useRef<AbortController | null>(null)
  const pressedBackdrop = useRef(false)
  const search = useFetcher<typeof clientLoader>()
  const searchLocally = useMemo(() => localSearch(pageItems(view)), [view])
  // What every request keeps (the product, a preview's account or profile), as a string that stays the same.
  const kept = new URLSearchParams(keep).toString()
  const searchUrl = useCallback((params: Record<string, string>) => `${action}?${[kept, new URLSearchParams(params).toString()].filter(Boolean).join('&')}`, [action, kept])

  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    element.showModal()
    input.current?.focus()
    return () => {
      if (element.open) element.close()
    }
  }, [])

  useEffect(() => {
    const query = window.matchMedia(SMALL_SCREEN)
    const change = () => dispatch({ type: 'layout', activateFirst: !query.matches })
    query.addEventListener('change', change)
    return () => query.removeEventListener('change', change)
  }, [])

  // Local results after 100 ms, the server's after 500 ms (spec section 9); stalled 300 ms into the request.
  const term = mode === 'search' ? state.term : ''
  const load = search.load
  useEffect(() => {
    if (!term) return
    const timers = [
      setTimeout(() => dispatch({ type: 'local', results: searchLocally(term) }), LOCAL_DEBOUNCE_MS),
      setTimeout(() => {
        rememberedMode = 'search'
        void load(searchUrl({ q: term }))
      }, SEARCH_DEBOUNCE_MS),
      setTimeout(() => dispatch({ type: 'stalled', term }), SEARCH_DEBOUNCE_MS + STALL_MS),
    ]
    return () => timers.forEach(clearTimeout)
  }, [term, load, searchUrl, searchLocally])

  useEffect(() => {
    if (search.state !== 'idle' || !search.data) return
    dispatch({ type: 'server', term: search.data.term, results: search.data.results, failed: search.data.failed })
  }, [search.data, search.state])

  // The active result in view; on small screens at the top, its details open under it.
  const small = !state.activateFirst
  useEffect(() => {
    if (state.active) document.getElementById(optionId(id, state.active))?.scrollIntoView({ block: small ? 'start' : 'nearest' })
  }, [id, state.active, small])

  useEffect(() => () => asking.current?.abort(), [])

  // Closed here, before React removes it: a modal <dialog> removed while open can leave the page unable
  // to take typing in Chromium.
  const close = () => {
    if (dialog.current?.open) dialog.current.close()
    onClose()
  }

  const open: OpenHref = (href) => {
    close()
    void navigate(keptHref(href, keep))
  }

  async function ask(question: string) {
    asking.current?.abort()
    const controller = new AbortController()
    asking.current = controller
    rememberedMode = 'ai'
    dispatchAnswer({ type: 'ask' })
    for await (const event of askQuestion(`${action}/answer${kept ? `?${kept}` : ''}`, question, controller.signal)) {
      if (controller.signal.aborted) return
      dispatchAnswer(event)
    }
  }

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (mode === 'ai') {
      if (state.term) void ask(state.term)
      return
    }
    const hit = activeHit(state)
    if (hit) open(hit.href)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && mode === 'search' && !(event.target instanceof HTMLInputElement && event.target.type === 'radio')) {
      event.preventDefault()
      dispatch({ type: 'move', by: event.key === 'ArrowDown' ? 1 : -1 })
    }
  }

  const groups = mode === 'search' ? shownGroups(state) : []
  const active = mode === 'search' ? activeHit(state) : null
  const titleId = `${id}-title`
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog handles the keys of its combobox (arrows, Enter, Escape)
    <dialog
      ref={dialog}
      className="search-dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
      // A click on the backdrop (the dialog element itself, outside its content) closes it; a text selection
      // dragged out of the content does not.
      onPointerDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget
      }}
      onClick={(event) => {
        if (pressedBackdrop.current && event.target === event.currentTarget) close()
      }}
    >
      <div className="search-dialog__frame">
        <div className="search-dialog__header">
          {view.org.logoUrl ? <img src={view.org.logoUrl} alt={`${view.org.name} logo`} height={28} /> : <span className="portal-header__name">{view.org.name}</span>}
          <h2 id={titleId}>Search {view.portal.title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={close}>
            <CloseIcon />
          </button>
        </div>
        <form className="search-dialog__form" role="search" onSubmit={submit}>
          {ai ? (
            <fieldset className="search-mode">
              <legend className="visually-hidden">Mode</legend>
              {(['search', 'ai'] as const).map((value) => (
                <label key={value} className="search-mode__option">
                  <input type="radio" name="mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
                  <span>{value === 'search' ? 'Search' : 'Ask AI'}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <span className="search-field search-dialog__field">
            <SearchIcon size={18} />
            <input
              ref={input}
              type="text"
              name="q"
              value={state.query}
              onChange={(event) => dispatch({ type: 'typed', query: event.currentTarget.value })}
              maxLength={SEARCH_QUERY_MAX}
              placeholder={mode === 'ai' ? 'Ask a question' : 'Search items'}
              aria-label={mode === 'ai' ? 'Ask a question' : 'Search items'}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint={mode === 'ai' ? 'send' : 'go'}
              {...(mode === 'search'
                ? {
                    role: 'combobox',
                    'aria-autocomplete': 'list' as const,
                    'aria-expanded': groups.length > 0,
                    'aria-controls': groups.map((shown) => listId(id, shown.group.type)).join(' ') || undefined,
                    'aria-activedescendant': active ? optionId(id, hitKey(active)) : undefined,
                    'aria-busy': state.status === 'stalled',
                  }
                : {})}
            />
            {mode === 'search' && state.status === 'stalled' ? <span className="search-dialog__spinner" aria-hidden="true" /> : null}
          </span>
          {mode === 'ai' ? (
            <button type="submit" className="button button--primary" disabled={!state.term || answer.status === 'loading'}>
              Ask
            </button>
          ) : null}
        </form>
        {mode === 'ai' ? (
          <AnswerPanel answer={answer} onOpen={open} />
        ) : (
          <div className={`search-dialog__body${active && !small ? ' search-dialog__body--detail' : ''}`}>
            <div className="search-dialog__results" aria-busy={state.source === 'stale' && state.status !== 'idle'}>
              <Results id={id} state={state} groups={groups} small={small} dispatch={dispatch} searchUrl={searchUrl} onOpen={open} />
            </div>
            {active && !small ? (
              <aside className="search-dialog__detail" aria-label="Selected result">
                <ResultDetail hit={active} onOpen={open} />
              </aside>
            ) : null}
          </div>
        )}
        {mode === 'search' ? (
          <div className="search-dialog__footer">
            <p className="search-dialog__count" role="status">
              {state.results && state.term ? resultsSummary(state.results) : ''}
            </p>
            <ul className="search-dialog__keys">
              <li>
                <kbd>Enter</kbd> to select
              </li>
              <li>
                <kbd aria-hidden="true">↑</kbd>
                <kbd aria-hidden="true">↓</kbd> arrows to navigate
              </li>
              <li>
                <kbd>Esc</kbd> to close
              </li>
            </ul>
          </div>
        ) : null}
      </div>
    </dialog>
  )
}

function Results({
  id,
  state,
  groups,
  small,
  dispatch,
  searchUrl,
  onOpen,
}: {
  id: string
  state: SearchState
  groups: ShownGroup[]
  small: boolean
  dispatch: (action: SearchAction) => void
  searchUrl: (params: Record<string, string>) => string
  onOpen: OpenHref
}) {
  const suggestions = <SearchSuggestions href={(term) => searchUrl({ q: term })} onPick={(term) => dispatch({ type: 'typed', query: term })} />
  if (!state.term)
    return (
      <div className="search-dialog__message">
        <p>Start searching</p>
        {suggestions}
      </div>
    )
  if (state.failed) {
    return (
      <p className="search-dialog__message search-dialog__message--error" role="alert">
        {SEARCH_FAILED}
      </p>
    )
  }
  if (state.source === 'server' && state.results?.total === 0) {
    return (
      <div className="search-dialog__message">
        <p>No results found</p>
        <p className="search-dialog__hint">Try using a different search term.</p>
        {suggestions}
      </div>
    )
  }
  if (!groups.length) return state.status === 'stalled' ? <Skeleton /> : null
  return (
    <>
      {groups.map((shown) => (
        <GroupSection key={shown.group.type} id={id} shown={shown} state={state} small={small} dispatch={dispatch} searchUrl={searchUrl} onOpen={onOpen} />
      ))}
    </>
  )
}

/** One group: an accordion with its count and the top-match badge, its first hits, then '...N more' and the rest as the list scrolls. */
function GroupSection({
  id,
  shown,
  state,
  small,
  dispatch,
  searchUrl,
  onOpen,
}: {
  id: string
  shown: ShownGroup
  state: SearchState
  small: boolean
  dispatch: (action: SearchAction) => void
  searchUrl: (params: Record<string, string>) => string
  onOpen: OpenHref
}) {
  const { group, hits } = shown
  const type = group.type
  const pager = useFetcher<typeof clientLoader>()
  const pages = state.pages[type]
  const end = useRef<HTMLDivElement>(null)
  const headingId = `${id}-group-${type}`
  const panelId = `${id}-panel-${type}`

  const loadPage = (offset: number) => {
    dispatch({ type: 'more', group: type })
    void pager.load(searchUrl({ q: state.term, group: type, offset: String(offset) }))
  }

  useEffect(() => {
    if (pager.state !== 'idle' || !pager.data) return
    dispatch(pageAction(type, pager.data))
  }, [pager.data, pager.state, type, dispatch])

  // Infinite scroll: the next batch as the end of the list comes into view.
  const next = shown.paging && !pages?.loading ? hits.length : null
  const loadRef = useRef(loadPage)
  loadRef.current = loadPage
  useEffect(() => {
    const target = end.current
    if (next === null || !target) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting) || timer) return
      timer = setTimeout(() => loadRef.current(next), NEXT_BATCH_DELAY_MS)
    })
    observer.observe(target)
    return () => {
      observer.disconnect()
      clearTimeout(timer)
    }
  }, [next])

  // On small screens the active result's details open inline, under it: the list is split there, so each
  // part stays a listbox of options only.
  const activeAt = small ? hits.findIndex((hit) => hitKey(hit) === state.active) : -1
  const parts = activeAt === -1 ? [hits] : [hits.slice(0, activeAt + 1), hits.slice(activeAt + 1)]
  return (
    <section className="search-group search-group--dialog" aria-labelledby={headingId}>
      <h3 className="search-group__heading">
        <button
          type="button"
          id={headingId}
          className="search-group__toggle"
          aria-expanded={shown.open}
          aria-controls={panelId}
          onClick={() => dispatch({ type: 'toggle', group: type })}
        >
          <ChevronIcon size={16} />
          <span className="search-group__label">{group.label}</span>
          <span className="search-group__count">{group.count}</span>
          {shown.top ? <span className="tag search-group__top">Top match</span> : null}
        </button>
      </h3>
      <div id={panelId} hidden={!shown.open}>
        {parts.map((part, index) => {
          const offset = index === 0 ? 0 : activeAt + 1
          return part.length ? (
            <div key={index}>
              <ul id={index === 0 ? listId(id, type) : `${listId(id, type)}-rest`} className="search-options" role="listbox" aria-label={group.label}>
                {part.map((hit, at) => (
                  <Option key={hitKey(hit)} id={id} hit={hit} active={state.active === hitKey(hit)} position={offset + at + 1} size={group.count} dispatch={dispatch} />
                ))}
              </ul>
              {index === 0 && activeAt !== -1 ? (
                <div className="search-dialog__inline-detail">
                  <ResultDetail hit={hits[activeAt]} onOpen={onOpen} />
                </div>
              ) : null}
            </div>
          ) : null
        })}
        {shown.more ? (
          <button type="button" className="search-group__more" onClick={() => loadPage(0)}>
            ...{shown.more} more
          </button>
        ) : null}
        {pages?.loading ? (
          <p className="search-group__loading" role="status">
            Loading more results
          </p>
        ) : null}
        {pages?.failed ? (
          <p className="search-group__loading" role="alert">
            {SEARCH_FAILED}
          </p>
        ) : null}
        {next !== null ? <div ref={end} className="search-group__end" aria-hidden="true" /> : null}
      </div>
    </section>
  )
}

function Option({
  id,
  hit,
  active,
  position,
  size,
  dispatch,
}: {
  id: string
  hit: SearchHit
  active: boolean
  position: number
  size: number
  dispatch: (action: SearchAction) => void
}) {
  const key = hitKey(hit)
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- an option of a combobox: the keys go to the input (aria-activedescendant)
    <li
      id={optionId(id, key)}
      role="option"
      aria-selected={active}
      aria-posinset={position}
      aria-setsize={size}
      className={`search-option${active ? ' search-option--active' : ''}`}
      // Choosing a result keeps the focus where it is (the search input), so the arrow keys go on working.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => dispatch({ type: 'activate', key })}
    >
      <span className="search-option__title">
        <Marked segments={hit.title} />
        {hit.locked ? <span className="search-hit__lock"> (restricted)</span> : null}
      </span>
      <span className="search-option__source">{hit.source}</span>
      {hit.excerpt.length ? (
        <span className="search-option__excerpt">
          <Marked segments={hit.excerpt} />
        </span>
      ) : null}
    </li>
  )
}

/** The detail panel's content: the result's title (a link to it), its source line and its details by type. */
function ResultDetail({ hit, onOpen }: { hit: SearchHit; onOpen: OpenHref }) {
  return (
    <div className="search-result-detail">
      <h3 className="search-result-detail__title">
        <HitLink href={hit.href} onOpen={onOpen}>
          <Marked segments={hit.title} />
        </HitLink>
      </h3>
      <p className="search-hit__source">{hit.source}</p>
      <HitDetail hit={hit} onOpen={onOpen} />
    </div>
  )
}

/** Placeholders while results load: 3 groups of 3 rows (spec section 9). */
function Skeleton() {
  return (
    <div className="search-skeleton">
      <p className="visually-hidden" role="status">
        Loading results
      </p>
      {[0, 1, 2].map((group) => (
        <div key={group} className="search-skeleton__group" aria-hidden="true">
          <span className="search-skeleton__heading" />
          {[0, 1, 2].map((row) => (
            <span key={row} className="search-skeleton__row" />
          ))}
        </div>
      ))}
    </div>
  )
}

/** The AI answer: 'Generating Answer', then 'Answer' with Copy response and the sources it was made from. */
function AnswerPanel({ answer, onOpen }: { answer: AnswerState; onOpen: OpenHref }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])
  if (answer.status === 'idle') return <div className="search-answer" />
  if (answer.status === 'error') {
    return (
      <div className="search-answer">
        <p className="search-dialog__message search-dialog__message--error" role="alert">
          {AI_FAILED}
        </p>
      </div>
    )
  }
  const writing = answer.status === 'loading' || answer.status === 'answering'
  return (
    <section className="search-answer" aria-labelledby="search-answer-title" aria-busy={writing}>
      <div className="search-answer__header">
        <h3 id="search-answer-title">{answer.status === 'loading' ? 'Generating Answer' : 'Answer'}</h3>
        {answer.status === 'done' && answer.text ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              void navigator.clipboard?.writeText(answer.text).then(() => setCopied(true))
            }}
          >
            {copied ? 'Copied' : 'Copy response'}
          </button>
        ) : null}
      </div>
      {answer.status === 'loading' ? (
        <div className="search-skeleton" aria-hidden="true">
          <span className="search-skeleton__row" />
          <span className="search-skeleton__row" />
        </div>
      ) : (
        <div className="search-answer__text">{answer.text}</div>
      )}
      <AnswerSources sources={answer.sources} onOpen={onOpen} />
      <p className="visually-hidden" role="status">
        {answer.status === 'done' ? 'Answer ready' : ''}
      </p>
    </section>
  )
}

function pageAction(group: SearchGroupType, data: SearchData): SearchAction {
  return {
    type: 'page',
    group,
    term: data.term,
    offset: data.offset ?? 0,
    hits: data.failed || !data.results ? null : (data.results.groups.find((found) => found.type === group)?.hits ?? []),
  }
}

const listId = (id: string, type: SearchGroupType) => `${id}-list-${type}`
const optionId = (id: string, key: string) => `${id}-option-${key}`
