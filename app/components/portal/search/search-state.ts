// The search dialog's state (spec search-ai-and-widgets, sections 2.1, 2.2 and 4), as a reducer the dialog
// feeds with what happens: typing, local instant results, the server's results, a group's further pages,
// the accordion and the active result. Pure, so its rules are tested without a browser.
import { SEARCH_GROUPS, type SearchGroup, type SearchGroupType, type SearchHit, type SearchResults } from '~/lib/search'
import type { AnswerEvent } from './answer-stream'

export type SearchMode = 'search' | 'ai'

/** The spec's autocomplete status: loading while the server's results are pending, stalled once that takes long. */
export type SearchStatus = 'idle' | 'loading' | 'stalled'

/** A group opened with '...N more': its hits so far, paged in as the list scrolls. */
export interface GroupPages {
  hits: SearchHit[]
  loading: boolean
  failed: boolean
}

export interface SearchState {
  query: string
  /** What is searched for: the query trimmed. */
  term: string
  status: SearchStatus
  results: SearchResults | null
  /** Where the shown results come from: the server's answer for `term`, local instant results, or an earlier term's. */
  source: 'server' | 'local' | 'stale'
  failed: boolean
  pages: Partial<Record<SearchGroupType, GroupPages>>
  collapsed: SearchGroupType[]
  /** The active result's key (hitKey). */
  active: string | null
  /** The visitor chose the active result (arrows, a click): new results of the same term keep it where they can. */
  chosen: boolean
  /** Desktop: the first result is active by default; small screens: none until one is chosen. */
  activateFirst: boolean
}

export type SearchAction =
  | { type: 'typed'; query: string }
  | { type: 'stalled'; term: string }
  | { type: 'local'; results: SearchResults }
  | { type: 'server'; term: string; results: SearchResults | null; failed: boolean }
  | { type: 'more'; group: SearchGroupType }
  | { type: 'page'; group: SearchGroupType; term: string; offset: number; hits: SearchHit[] | null }
  | { type: 'toggle'; group: SearchGroupType }
  | { type: 'activate'; key: string | null }
  | { type: 'move'; by: 1 | -1 }
  | { type: 'layout'; activateFirst: boolean }

export function initialSearchState(activateFirst: boolean): SearchState {
  return { query: '', term: '', status: 'idle', results: null, source: 'stale', failed: false, pages: {}, collapsed: [], active: null, chosen: false, activateFirst }
}

/** One result's key: a document's pages are results of their own. */
export const hitKey = (hit: SearchHit) => `${hit.type}:${hit.id}:${hit.document?.page ?? ''}`

export interface ShownGroup {
  group: SearchGroup
  /** The first few, or every hit paged in so far once '...N more' was chosen. */
  hits: SearchHit[]
  open: boolean
  /** The '...N more' button's N: 0 once the group pages in (or holds everything already). */
  more: number
  /** More pages to load as the list scrolls. */
  paging: boolean
  top: boolean
}

/** The groups as the dialog shows them: sorted by label (spec 2.2). */
export function shownGroups(state: SearchState): ShownGroup[] {
  const results = state.results
  if (!results) return []
  return [...results.groups]
    .sort((a, b) => SEARCH_GROUPS[a.type].localeCompare(SEARCH_GROUPS[b.type]))
    .map((group) => {
      const pages = state.pages[group.type]
      const hits = pages?.hits.length ? pages.hits : group.hits
      return {
        group,
        hits,
        open: !state.collapsed.includes(group.type),
        more: pages ? 0 : Math.max(0, group.count - hits.length),
        paging: Boolean(pages && !pages.failed && hits.length < group.count),
        top: state.source === 'server' && results.top?.type === group.type,
      }
    })
}

/** The results the arrow keys move through: those of the open groups, in order. */
export function navigable(state: SearchState): SearchHit[] {
  return shownGroups(state).flatMap((shown) => (shown.open ? shown.hits : []))
}

export function activeHit(state: SearchState): SearchHit | null {
  return navigable(state).find((hit) => hitKey(hit) === state.active) ?? null
}

/**
 * Keeps the active result among those shown: the first by default on desktop, none on small screens.
 * New results (`fresh`) start from the default again unless the visitor chose one they still hold.
 */
function settle(state: SearchState, fresh = false): SearchState {
  const hits = navigable(state)
  if (state.active && (state.chosen || !fresh) && hits.some((hit) => hitKey(hit) === state.active)) return state
  return { ...state, active: state.activateFirst && hits[0] ? hitKey(hits[0]) : null, chosen: false }
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'typed': {
      const term = action.query.trim()
      if (term === state.term) return { ...state, query: action.query }
      if (!term) return { ...initialSearchState(state.activateFirst), query: action.query }
      // What was shown stays (marked stale) until the new term's results replace it.
      return { ...state, query: action.query, term, status: 'loading', source: 'stale', failed: false, pages: {}, collapsed: [], chosen: false }
    }
    case 'stalled':
      if (action.term !== state.term || state.status !== 'loading') return state
      // Stalled: an earlier term's results give way to the skeleton; local results for this term stay.
      return state.source === 'stale' ? { ...state, status: 'stalled', results: null, active: null, chosen: false } : { ...state, status: 'stalled' }
    case 'local':
      // Instant results only stand in for the server's, and only when they found something.
      if (action.results.term !== state.term || state.source === 'server' || !action.results.total) return state
      return settle({ ...state, results: action.results, source: 'local', pages: {} }, true)
    case 'server':
      if (action.term !== state.term) return state
      // A search error shows no results (spec section 4).
      if (action.failed || !action.results) return { ...state, results: null, source: 'server', failed: true, status: 'idle', pages: {}, active: null }
      return settle({ ...state, results: action.results, source: 'server', failed: false, status: 'idle', pages: {} }, true)
    case 'more': {
      const pages = state.pages[action.group]
      return {
        ...state,
        pages: { ...state.pages, [action.group]: { hits: pages?.hits ?? [], loading: true, failed: false } },
        collapsed: state.collapsed.filter((group) => group !== action.group),
      }
    }
    case 'page': {
      const pages = state.pages[action.group]
      // Another term's page, or one already in (a fetcher revalidated): nothing changes.
      if (action.term !== state.term || !pages || action.offset !== pages.hits.length) return state
      if (!action.hits) return { ...state, pages: { ...state.pages, [action.group]: { ...pages, loading: false, failed: true } } }
      const known = new Set(pages.hits.map(hitKey))
      const hits = [...pages.hits, ...action.hits.filter((hit) => !known.has(hitKey(hit)))]
      return settle({ ...state, pages: { ...state.pages, [action.group]: { hits, loading: false, failed: false } } })
    }
    case 'toggle': {
      const collapsed = state.collapsed.includes(action.group) ? state.collapsed.filter((group) => group !== action.group) : [...state.collapsed, action.group]
      return settle({ ...state, collapsed })
    }
    case 'activate':
      return { ...state, active: action.key, chosen: action.key !== null }
    case 'move': {
      const keys = navigable(state).map(hitKey)
      if (!keys.length) return state
      const at = state.active ? keys.indexOf(state.active) : -1
      const next = at === -1 ? (action.by > 0 ? 0 : keys.length - 1) : (at + action.by + keys.length) % keys.length
      return { ...state, active: keys[next], chosen: true }
    }
    case 'layout':
      return action.activateFirst === state.activateFirst ? state : settle({ ...state, activateFirst: action.activateFirst })
  }
}

export interface AnswerState {
  /** loading: asked, nothing written yet; answering: text arriving; error: the spec's message and nothing else. */
  status: 'idle' | 'loading' | 'answering' | 'done' | 'error'
  text: string
  sources: SearchHit[]
}

export const IDLE_ANSWER: AnswerState = { status: 'idle', text: '', sources: [] }

/** An answer as its events arrive; asking again starts afresh (spec section 4). */
export function answerReducer(state: AnswerState, event: AnswerEvent | { type: 'ask' }): AnswerState {
  switch (event.type) {
    case 'ask':
      return { status: 'loading', text: '', sources: [] }
    case 'sources':
      return state.status === 'error' ? state : { ...state, sources: event.sources }
    case 'text':
      return state.status === 'error' ? state : { ...state, status: 'answering', text: state.text + event.text }
    case 'done':
      return state.status === 'error' ? state : { ...state, status: 'done' }
    case 'error':
      return { status: 'error', text: '', sources: [] }
  }
}
