import { sql, type RawBuilder } from 'kysely'
import { fileUrl, isViewOnly, viewerUrl } from '../files/urls'
import type { Database } from '../../db/index'
import { DEFAULT_CARD_TITLES, isCardKind } from '../../app/lib/card-kinds'
import { catalogueItem, itemTitle } from '../../app/lib/catalogue/index'
import { SEARCH_GROUPS, SEARCH_QUERY_MAX, type SearchGroup, type SearchGroupType, type SearchHit, type SearchResults, type Segment } from '../../app/lib/search'
import { portalAccess } from '../access/portal-access'
import { accessChecked, type Viewer } from '../access/visibility'
import { accessCheckedItems } from '../access/items'
import type { PortalOrg } from '../portal/resolve'
import { synonymQuery } from './synonyms'
import { accessParams, cardShownSql, documentViewer, faqsListedSql, itemLockedSql, itemUnlockedSql, shownDocumentsSql, updateShownSql, type AccessParams } from '../access/sql'

// Full-text search over one product's portal (issue 10): PostgreSQL's text search on search_entries, the
// same on PGlite. Access is part of the query's WHERE (server/access/sql.ts), so counts, "...N more" and excerpts
// are made only from rows the viewer may see; a locked item matches on its title alone and shows nothing
// more. Excerpts are made for the returned page only.

export interface SearchScope {
  org: Pick<PortalOrg, 'id' | 'publicAccessLevel' | 'documentAccessType' | 'basePath'>
  product: { id: string; slug: string; isDefault: boolean }
  viewer: Viewer
}

export interface SearchOptions {
  /** One group, paged (infinite scroll, '...N more'); without it, the first `limit` of every group. */
  group?: SearchGroupType
  offset?: number
  limit?: number
}

/** The query's words: at most this many are searched for. */
const MAX_TERMS = 24
// Excerpt markers: control characters that stored text never holds (they are removed before highlighting).
const MARK_START = '\u0002'
const MARK_END = '\u0003'
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`

/**
 * The tsquery for what a visitor typed: web-search syntax ("quoted phrases", -exclusions, or) when they
 * used it; otherwise every word must match as a prefix, so results follow the typing ("encr" finds
 * "encryption"). Words are letters and digits only, so no input is a tsquery syntax error.
 */
export function tsquery(input: string, options: { any?: boolean } = {}): RawBuilder<unknown> | null {
  const text = input.slice(0, SEARCH_QUERY_MAX).trim()
  const words = (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS)
  if (!words.length) return null
  // A question asked of the AI: any of its words (stop words drop out), the best covered ranked first.
  if (options.any) return sql`to_tsquery('english', ${words.join(' | ')})`
  if (/"|(^|\s)-[\p{L}\p{N}]|\sor\s/iu.test(text)) return sql`websearch_to_tsquery('english', ${text})`
  return sql`to_tsquery('english', ${synonymQuery(words)})`
}

export interface Match {
  kind: 'item' | 'subprocessor' | 'faq' | 'update' | 'document'
  key: string
  entry_id: string
  page: number
  locked: boolean
  rank: number
  group_total: number
}

const GROUP_OF: Record<Match['kind'], SearchGroupType> = {
  item: 'items',
  subprocessor: 'items',
  faq: 'faqs',
  update: 'updates',
  document: 'documents',
}
const KINDS_OF: Record<SearchGroupType, Match['kind'][]> = {
  items: ['item', 'subprocessor'],
  faqs: ['faq'],
  updates: ['update'],
  documents: ['document'],
}

/**
 * How many matches of a group are ranked and counted, at most, taken as they are found with the viewer's
 * access already applied. Below the cap (any word but the commonest) counts and order are exact; above it a
 * group's count is the cap and its best hits the best of those. Ranking every match of a word most rows hold
 * took a second and more on 100,000 rows (npm run bench:search: p95 1.2 s before, 33 ms after).
 */
const SEARCH_CANDIDATES: Record<SearchGroupType, number> = { items: 300, faqs: 200, updates: 200, documents: 200 }
/** Words the planner expects on fewer document pages than this are looked up in the index; others file by file. */
const FEW_PAGES = 2_000
/** For a common word, the documents read (each from its first page on, to its first match), at most ... */
const FILES_READ = 60
/** ... and the pages of each. */
const PAGES_READ = 100

/** The rows the viewer may see that match, best first per group: the WHERE is the access policy. */
export async function matches(
  db: Database,
  scope: SearchScope,
  query: RawBuilder<unknown>,
  options: Required<Pick<SearchOptions, 'offset' | 'limit'>> & { group?: SearchGroupType },
) {
  const level = scope.org.publicAccessLevel
  const p: AccessParams = accessParams(scope.viewer, level, scope.product.id)
  const d: AccessParams = accessParams(documentViewer(scope.viewer), level, scope.product.id)
  const product = scope.product.id
  let groups = options.group ? [options.group] : (Object.keys(KINDS_OF) as SearchGroupType[])
  // The documents this viewer may open here, listed first: search then reads only their pages.
  const documents = groups.includes('documents') ? (await shownDocumentsSql(d, product).execute(db)).rows.map((row) => row.file_id) : []
  if (!documents.length) groups = groups.filter((group) => group !== 'documents')
  if (!groups.length) return { rows: [] as Match[] }
  // How common the words are on document pages, as the planner estimates it from the index's statistics (a
  // count would read the index entries of every match: 15 ms for a word on most pages).
  const fewPages = documents.length > 0 && (await estimatedRows(db, sql`select 1 from search_entries e where e.file_id is not null and e.tsv @@ ${query}`)) < FEW_PAGES
  // Per group: what its rows join, which of them this viewer may see, and which are shown locked.
  // A locked item is matched and ranked on its title alone: were its text consulted, `title -word` would drop
  // it (and a word would move it up) exactly when its withheld text holds that word.
  const whole = sql`e.tsv @@ ${query}`
  const access: Record<
    Exclude<SearchGroupType, 'documents'>,
    { join: RawBuilder<unknown>; match: RawBuilder<unknown>; shown: RawBuilder<unknown>; locked: RawBuilder<unknown> }
  > = {
    items: {
      join: sql`left join items i on i.id = e.item_id
        left join cards c on c.product_id = i.product_id and c.kind = i.card_kind
        left join cards sc on sc.product_id = e.product_id and sc.kind = 'Subprocessors' and e.kind = 'subprocessor'`,
      match: sql`(e.tsv @@ ${query} or e.title_tsv @@ ${query})`,
      shown: sql`e.product_id = ${product} and (
        (e.kind = 'item' and ((${itemUnlockedSql(p, 'i', 'c')} and ${whole}) or (${itemLockedSql(p, 'i', 'c')} and e.title_tsv @@ ${query})))
        or (e.kind = 'subprocessor' and ${cardShownSql(p, sql`'Subprocessors'`, sql.ref('sc.hidden'))} and ${whole}))`,
      locked: sql`(e.kind = 'item' and not ${itemUnlockedSql(p, 'i', 'c')})`,
    },
    faqs: { join: sql``, match: whole, shown: sql`e.product_id = ${product} and ${faqsListedSql(p)}`, locked: sql`false` },
    updates: { join: sql`join updates u on u.id = e.update_id join update_topics t on t.id = u.topic_id`, match: whole, shown: updateShownSql(p, 'u', 't'), locked: sql`false` },
  }
  const candidates = (group: SearchGroupType) => (group === 'documents' ? documentCandidates : contentCandidates(group))
  const contentCandidates = (group: Exclude<SearchGroupType, 'documents'>) => sql`(
    select e.id as entry_id, e.kind, e.page,
      coalesce(e.item_id, e.subprocessor_id, e.faq_id, e.update_id, e.file_id)::text as key,
      ${access[group].locked} as locked,
      ts_rank(case when ${access[group].locked} then e.title_tsv else e.tsv end, ${query}) as rank
    from search_entries e
    ${access[group].join}
    where e.org_id = ${scope.org.id}
      and e.kind in (${sql.join(KINDS_OF[group].map((kind) => sql.lit(kind)))})
      and ${access[group].match}
      and ${access[group].shown}
    limit ${SEARCH_CANDIDATES[group]}
  )`
  // Documents, of those this viewer may open (the list implies the org and the kind): a rare word's pages
  // through the text index of files' pages; a common word's file by file, each read from its first page to
  // its first match, whatever the order of the table.
  const documentCandidates = fewPages
    ? sql`(
    select e.id as entry_id, e.kind, e.page, e.file_id::text as key, false as locked, ts_rank(e.tsv, ${query}) as rank
    from search_entries e
    where e.tsv @@ ${query} and e.file_id = any(${documents}::uuid[])
    limit ${SEARCH_CANDIDATES.documents}
  )`
    : sql`(
    select e.id as entry_id, e.kind, e.page, e.file_id::text as key, false as locked, e.rank
    from (select id from unnest(${documents}::uuid[]) as shown (id) limit ${FILES_READ}) shown
    cross join lateral (
      select page.id, page.kind, page.page, page.file_id, ts_rank(page.tsv, ${query}) as rank
      from (select * from search_entries page where page.file_id = shown.id order by page.page limit ${PAGES_READ}) page
      where page.tsv @@ ${query}
      order by page.page
      limit 1
    ) e
  )`
  // The query is written out where it is used (not read from a CTE), so the planner sees the words; and the
  // rows are found through the text indexes, never by reading the table in order until the cap is reached:
  // that stops early only when the planner's guess of how common the words are is right, and several
  // common words together are often far rarer than it guesses (a scan of every row, 300 ms on 100,000).
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx)
    return sql<Match>`
    with hits as (${sql.join(groups.map(candidates), sql` union all `)}),
    best as (
      select distinct on (kind, key) * from hits order by kind, key, rank desc, page
    ),
    ranked as (
      select best.*,
        row_number() over (partition by (case when kind = 'subprocessor' then 'item' else kind end) order by rank desc, key) as n,
        count(*) over (partition by (case when kind = 'subprocessor' then 'item' else kind end))::int as group_total
      from best
    )
    select entry_id, kind, key, page, locked, rank, group_total from ranked
    where n > ${options.offset} and n <= ${options.offset + options.limit}
    order by rank desc
  `.execute(trx)
  })
}

/** The planner's estimate of how many rows a query returns (EXPLAIN, which plans it but does not run it). */
async function estimatedRows(db: Database, query: RawBuilder<unknown>) {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json) ${query}`.execute(db)
  return rows[0]['QUERY PLAN'][0].Plan['Plan Rows']
}

/** Splits a headline with markers into text and marked segments (rendered as <mark>, never as HTML). */
export function segments(headline: string): Segment[] {
  const parts: Segment[] = []
  const pattern = new RegExp(`${MARK_START}([^${MARK_END}]*)${MARK_END}`, 'g')
  let last = 0
  for (const match of headline.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: headline.slice(last, match.index) })
    parts.push({ text: match[1], mark: true })
    last = match.index + match[0].length
  }
  if (last < headline.length) parts.push({ text: headline.slice(last) })
  return parts.filter((part) => part.text)
}

/**
 * A title's marked segments with all of the title: ts_headline in fragment mode drops what follows the last
 * word ("Multi-factor authentication (MFA" for "… (MFA)"), which comes back unmarked; a headline that is not
 * the title's start is left for the plain title.
 */
export function wholeTitle(parts: Segment[], title: string): Segment[] {
  const shown = parts.map((part) => part.text).join('')
  if (shown === title) return parts
  if (!shown || !title.startsWith(shown)) return [{ text: title }]
  return [...parts, { text: title.slice(shown.length) }]
}

/** Searches one product's portal as `scope.viewer`. An empty or wordless query finds nothing. */
export async function searchPortal(db: Database, scope: SearchScope, term: string, options: SearchOptions = {}): Promise<SearchResults> {
  const query = tsquery(term)
  const empty: SearchResults = { term, total: 0, groups: [], top: null }
  if (!query) return empty
  const offset = Math.max(0, Math.floor(options.offset ?? 0))
  const limit = Math.min(50, Math.max(1, Math.floor(options.limit ?? 3)))
  const { rows } = await matches(db, scope, query, { offset, limit, group: options.group })
  if (!rows.length) return empty
  const hits = await hydrate(db, scope, query, rows)
  const groups = new Map<SearchGroupType, SearchGroup>()
  for (const row of rows) {
    const type = GROUP_OF[row.kind]
    const hit = hits.get(row.entry_id)
    if (!hit) continue
    let group = groups.get(type)
    if (!group) groups.set(type, (group = { type, label: SEARCH_GROUPS[type], count: 0, hits: [] }))
    // Items and subprocessors are counted together (the query partitions them as one group).
    group.count = row.group_total
    group.hits.push(hit)
  }
  const best = rows.find((row) => hits.has(row.entry_id))
  // The top match's group first (issue 24 item 12), then the others by label.
  const topType = best ? GROUP_OF[best.kind] : null
  const sorted = [...groups.values()].sort((a, b) => Number(b.type === topType) - Number(a.type === topType) || a.label.localeCompare(b.label))
  return {
    term,
    total: sorted.reduce((sum, group) => sum + group.count, 0),
    groups: sorted,
    top: best ? { type: GROUP_OF[best.kind], id: hits.get(best.entry_id)!.id } : null,
  }
}

/** What each returned row shows: titles, excerpts, links; only for the page being answered. */
export async function hydrate(db: Database, scope: SearchScope, query: RawBuilder<unknown>, rows: Match[]) {
  const ids = rows.map((row) => row.entry_id)
  const locked = new Set(rows.filter((row) => row.locked).map((row) => row.entry_id))
  const { rows: entries } = await sql<{
    id: string
    kind: Match['kind']
    title: string
    item_id: string | null
    subprocessor_id: string | null
    faq_id: string | null
    update_id: string | null
    file_id: string | null
    page: number
    headline: string
    title_headline: string
  }>`
    with q as (select ${query} as q)
    select e.id, e.kind, e.title, e.item_id, e.subprocessor_id, e.faq_id, e.update_id, e.file_id, e.page,
      case when e.kind = 'item' and e.id = any(${[...locked]}::uuid[]) then ''
        else ts_headline('english', translate(e.body, ${MARK_START + MARK_END}, ''), q.q, ${HEADLINE_OPTIONS}) end as headline,
      ts_headline('english', translate(e.title, ${MARK_START + MARK_END}, ''), q.q, ${`${HEADLINE_OPTIONS}, HighlightAll=true`}) as title_headline
    from search_entries e cross join q
    where e.id = any(${ids}::uuid[])
  `.execute(db)
  const byId = new Map(entries.map((entry) => [entry.id, entry]))
  const hits = new Map<string, SearchHit>()
  const base = scope.org.basePath
  const home = scope.product.isDefault ? `${base}/` : `${base}/product/${scope.product.slug}`
  const itemBase = scope.product.isDefault ? `${base}/item` : `${base}/product/${scope.product.slug}`
  const withQuery = (params: Record<string, string>) => `${home}?${new URLSearchParams(params)}`

  const idsOf = (column: 'item_id' | 'subprocessor_id' | 'faq_id' | 'update_id' | 'file_id') => entries.map((entry) => entry[column]).filter((id): id is string => Boolean(id))
  const [items, cards, faqs, updates, files] = await Promise.all([
    idsOf('item_id').length
      ? db.selectFrom('items').select(['id', 'uid', 'slug', 'title', 'catalogue_uid', 'card_kind', 'explanation']).where('id', 'in', idsOf('item_id')).execute()
      : [],
    db.selectFrom('cards').select(['kind', 'title']).where('product_id', '=', scope.product.id).execute(),
    idsOf('faq_id').length ? db.selectFrom('faqs').select(['id', 'question', 'answer', 'comment']).where('id', 'in', idsOf('faq_id')).execute() : [],
    idsOf('update_id').length
      ? db
          .selectFrom('updates')
          .innerJoin('update_topics', 'update_topics.id', 'updates.topic_id')
          .select(['updates.id', 'updates.title', 'updates.message', 'updates.created_at', 'update_topics.subject'])
          .where('updates.id', 'in', idsOf('update_id'))
          .execute()
      : [],
    documents(db, scope, idsOf('file_id')),
  ])
  const cardTitle = (kind: string) => cards.find((card) => card.kind === kind)?.title || (isCardKind(kind) ? DEFAULT_CARD_TITLES[kind] : kind)
  const item = new Map(items.map((row) => [row.id, row]))
  const faq = new Map(faqs.map((row) => [row.id, row]))
  const update = new Map(updates.map((row) => [row.id, row]))

  for (const row of rows) {
    const entry = byId.get(row.entry_id)
    if (!entry) continue
    const excerpt = segments(entry.headline)
    const title = wholeTitle(segments(entry.title_headline), entry.title)
    if (entry.item_id) {
      const found = item.get(entry.item_id)
      if (!found) continue
      const trustArea = cardTitle(found.card_kind)
      const isLocked = locked.has(entry.id)
      hits.set(entry.id, {
        type: 'items',
        id: found.uid,
        title,
        excerpt: isLocked ? [] : excerpt,
        source: trustArea,
        href: `${itemBase}/${found.slug}`,
        ...(isLocked ? { locked: true } : {}),
        item: { cardTitle: trustArea, explanation: isLocked ? null : found.explanation || catalogueItem(found.catalogue_uid ?? '')?.guidance.short || null },
      })
    } else if (entry.subprocessor_id) {
      const trustArea = cardTitle('Subprocessors')
      hits.set(entry.id, {
        type: 'items',
        id: entry.subprocessor_id,
        title,
        excerpt,
        source: trustArea,
        href: `${withQuery({ subprocessorSearch: entry.title })}#subprocessors`,
        item: { cardTitle: trustArea, explanation: excerpt.map((part) => part.text).join('') || null },
      })
    } else if (entry.faq_id) {
      const found = faq.get(entry.faq_id)
      if (!found) continue
      hits.set(entry.id, {
        type: 'faqs',
        id: found.id,
        title,
        excerpt,
        source: 'Knowledge Base (FAQs)',
        href: withQuery({ faqs: 'true' }),
        faq: { question: found.question, answer: found.answer, comment: found.comment },
      })
    } else if (entry.update_id) {
      const found = update.get(entry.update_id)
      if (!found) continue
      hits.set(entry.id, {
        type: 'updates',
        id: found.id,
        title,
        excerpt,
        source: `Update · ${new Date(found.created_at).toISOString().slice(0, 10)}`,
        href: `${withQuery({ tcuUid: found.id })}#updates`,
        update: { title: found.title, subject: found.subject, message: found.message, createdAt: new Date(found.created_at).toISOString() },
      })
    } else if (entry.file_id) {
      const found = files.get(entry.file_id)
      if (!found) continue
      hits.set(entry.id, {
        type: 'documents',
        id: found.id,
        // Named by its title (the item it is shared through), the file name only when it has none.
        // Named by its title (the item it is shared through; issue 24 items 5 and 12), its file name under it.
        title: found.itemTitle ? [{ text: found.itemTitle }] : entry.page === 0 ? title : [{ text: found.name }],
        excerpt: entry.page === 0 ? [] : excerpt,
        source: found.itemTitle ? `Document · ${found.name}` : 'Document',
        href: found.itemHref ? `${itemBase}/${found.itemHref}` : home,
        document: {
          fileId: found.id,
          fileName: found.name,
          contentType: found.contentType,
          page: entry.page || null,
          viewUrl: found.viewUrl,
          downloadUrl: found.downloadUrl,
        },
      })
    }
  }
  return hits
}

/** The documents among the results, with the links this viewer gets for them (as the portal gives them). */
async function documents(db: Database, scope: SearchScope, fileIds: string[]) {
  const found = new Map<
    string,
    { id: string; name: string; contentType: string; itemTitle: string | null; itemHref: string | null; viewUrl: string | null; downloadUrl: string | null }
  >()
  if (!fileIds.length) return found
  const [files, links] = await Promise.all([
    db.selectFrom('files').select(['id', 'original_name', 'content_type', 'document_access_type']).where('id', 'in', fileIds).execute(),
    accessCheckedItems(db)
      .innerJoin('item_files', 'item_files.item_id', 'items.id')
      .select(['item_files.file_id', 'items.slug', 'items.title', 'items.catalogue_uid'])
      .where('item_files.file_id', 'in', fileIds)
      .where('items.product_id', '=', scope.product.id)
      .execute(),
  ])
  const policy = portalAccess(scope.viewer, scope.org)
  for (const file of files) {
    const own = links.filter((link) => link.file_id === file.id)
    const checked = own.map(accessChecked)
    const viewOnly = isViewOnly(file, scope.org)
    const facts = { links: checked, iconOf: [], viewOnly }
    const view = policy.file(facts, false)
    if (view === 'withheld') continue
    const through = own.find((link) => policy.item(accessChecked(link)) === 'unlocked')
    const url = fileUrl(scope.org.basePath, file)
    found.set(file.id, {
      id: file.id,
      name: file.original_name,
      contentType: file.content_type,
      itemTitle: through ? itemTitle(through) : null,
      itemHref: through?.slug ?? null,
      viewUrl: viewOnly ? viewerUrl(scope.org.basePath, file.id) : url,
      downloadUrl: policy.file(facts, true) === 'download' ? `${url}?download=1` : null,
    })
  }
  return found
}
