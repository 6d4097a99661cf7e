// Local instant results (spec search-ai-and-widgets, sections 4 and 9): a fuzzy search over the items the
// page already holds (cards, certifications, the documents card), shown as Trust Items 100 ms after
// typing while the server's results are pending. Only what this viewer's page holds is searched, so it
// can show nothing the server would not; restricted items show their title only, as the server's do.
import MiniSearch, { type Query } from 'minisearch'
import { queryWords, withSynonyms } from '~/lib/search-synonyms'
import { GROUP_PREVIEW, SEARCH_GROUPS, type SearchHit, type SearchResults, type Segment } from '~/lib/search'
import type { PortalView } from '../types'

interface LocalItem {
  id: string
  title: string
  cardTitle: string
  href: string
  locked: boolean
  explanation: string | null
}

/** Every item the page shows, once each. */
export function pageItems(view: PortalView): LocalItem[] {
  const found = new Map<string, LocalItem>()
  const add = (item: LocalItem) => {
    if (!found.has(item.id)) found.set(item.id, item)
  }
  const href = (slug: string) => `${view.product.itemBase}/${slug}`
  const cards = [...(view.openCard ? [view.openCard] : []), ...view.cards]
  for (const card of cards) {
    for (const item of card.items) {
      if (item.hidden) continue
      add({ id: item.uid, title: item.title, cardTitle: card.title, href: href(item.slug), locked: item.locked, explanation: item.locked ? null : (item.explanation ?? null) })
    }
  }
  for (const item of view.certifications?.items ?? []) {
    if (item.hidden) continue
    add({
      id: item.uid,
      title: item.title,
      cardTitle: view.certifications?.title ?? '',
      href: href(item.slug),
      locked: item.locked,
      explanation: item.locked ? null : (item.explanation ?? null),
    })
  }
  for (const document of [...(view.documents?.featured ?? []), ...(view.documents?.entries ?? [])]) {
    add({ id: document.itemUid, title: document.title, cardTitle: document.cardTitle, href: href(document.itemSlug), locked: document.locked, explanation: null })
  }
  return [...found.values()]
}

/** A search over `items`: every word of the term as a prefix, a little fuzzy, titles first. */
export function localSearch(items: readonly LocalItem[]) {
  const index = new MiniSearch<LocalItem>({ fields: ['title', 'cardTitle'], searchOptions: { prefix: true, fuzzy: 0.2, boost: { title: 2 }, combineWith: 'AND' } })
  index.addAll(items)
  const byId = new Map(items.map((item) => [item.id, item]))
  return (term: string): SearchResults => {
    const hits: SearchHit[] = index.search(localQuery(term)).flatMap((match) => {
      const item = byId.get(match.id as string)
      if (!item) return []
      return [
        {
          type: 'items',
          id: item.id,
          title: marked(item.title, match.terms),
          excerpt: [],
          source: item.cardTitle,
          href: item.href,
          ...(item.locked ? { locked: true as const } : {}),
          item: { cardTitle: item.cardTitle, explanation: item.explanation },
        },
      ]
    })
    return {
      term,
      total: hits.length,
      groups: hits.length ? [{ type: 'items', label: SEARCH_GROUPS.items, count: hits.length, hits: hits.slice(0, GROUP_PREVIEW) }] : [],
      top: hits[0] ? { type: 'items', id: hits[0].id } : null,
    }
  }
}

/**
 * The term as minisearch reads it, with the security synonyms (app/lib/search-synonyms.ts): each run of
 * words the list knows is any phrase of its group ("2FA" finds "Multi-factor authentication").
 */
export function localQuery(term: string): Query {
  const parts = withSynonyms(queryWords(term))
  if (!parts.some((part) => 'phrases' in part)) return term
  return {
    combineWith: 'AND',
    queries: parts.map((part): Query => ('word' in part ? part.word : { combineWith: 'OR', queries: part.phrases.map((phrase) => ({ combineWith: 'AND', queries: phrase })) })),
  }
}

/** The text with the words that matched marked: whole words only, never a part of a longer word. */
export function marked(text: string, terms: readonly string[]): Segment[] {
  const words = terms.filter(Boolean).map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  if (!words.length) return [{ text }]
  // Split on a capturing group: the matches are the odd parts.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${words.sort((a, b) => b.length - a.length).join('|')})(?![\\p{L}\\p{N}])`, 'iu')
  return text
    .split(pattern)
    .map((part, index): Segment => (index % 2 === 1 ? { text: part, mark: true } : { text: part }))
    .filter((segment) => segment.text)
}
