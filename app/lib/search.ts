// Search results as the portal shows them (spec: search-ai-and-widgets, section 2.2), shared by the server
// (server/search/query.ts), the results page and the search dialog.
import { withQuery } from './format'

/** The spec's constants (section 9). */
export const SEARCH_QUERY_MAX = 512
export const SEARCH_DEBOUNCE_MS = 500
export const LOCAL_DEBOUNCE_MS = 100
export const STALL_MS = 300
export const GROUP_PREVIEW = 3
export const FIRST_BATCH = 15
export const NEXT_BATCH = 10

export type SearchGroupType = 'documents' | 'faqs' | 'items' | 'updates'

/** Group labels, as the spec names them; groups are sorted by label. */
export const SEARCH_GROUPS: Record<SearchGroupType, string> = {
  documents: 'Documents',
  faqs: 'FAQs',
  items: 'Trust Items',
  updates: 'Updates',
}

export function isSearchGroup(value: unknown): value is SearchGroupType {
  return typeof value === 'string' && Object.hasOwn(SEARCH_GROUPS, value)
}

/** Text, some of it marked as matching the query. */
export interface Segment {
  text: string
  mark?: true
}

export interface SearchHit {
  type: SearchGroupType
  id: string
  title: Segment[]
  excerpt: Segment[]
  /** The line under the title: the trust area, "Document · {item}", "Update · {date}", ... */
  source: string
  /** Where selecting the result goes. */
  href: string
  /** A restricted item: its title is shown with a lock, nothing more. */
  locked?: true
  document?: { fileId: string; fileName: string; contentType: string; page: number | null; viewUrl: string | null; downloadUrl: string | null }
  item?: { cardTitle: string; explanation: string | null }
  faq?: { question: string; answer: string; comment: string | null }
  update?: { title: string; subject: string; message: string; createdAt: string }
}

export interface SearchGroup {
  type: SearchGroupType
  label: string
  count: number
  hits: SearchHit[]
}

export interface SearchResults {
  term: string
  total: number
  groups: SearchGroup[]
  /** The best match of all: its group shows the top-match badge. */
  top: { type: SearchGroupType; id: string } | null
}

export const plainText = (segments: readonly Segment[]) => segments.map((segment) => segment.text).join('')

/** A portal link, with a preview's account or permission profile kept (the product is in its path already). */
export function keptHref(href: string, keep: Record<string, string>) {
  const [path, hash = ''] = href.split('#')
  const [pathname, search = ''] = path.split('?')
  const preview = Object.fromEntries(Object.entries(keep).filter(([name]) => name !== 'product'))
  if (!Object.keys(preview).length || !href.startsWith('/')) return href
  return withQuery(pathname, search, preview) + (hash ? `#${hash}` : '')
}
