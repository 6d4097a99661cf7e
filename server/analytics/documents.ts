import { sql, type AliasedSelectQueryBuilder, type SqlBool } from 'kysely'
import type { Database } from '../../db/index'
import { catalogueItem } from '../../app/lib/catalogue/index'
import { CHART_DAYS, viaLabel, type AnalyticsPeriod } from '../../app/lib/analytics'
import { csvDownload, csvStream } from '../csv'

// Document analytics (issue 9, /analytics): views and downloads per document and per account, counted
// from the audit entries `recordDocumentFetches` writes (server/files/fetches.ts), the same rows the
// audit log shows. Only visitors count: account members (account_id set) and the public. Staff, in Main
// or Preview mode, and crawlers ('{mode} (bot)') are in the audit log but never here. No other record
// of who read what exists, and nothing is sent to a third party.

const DAY = 86_400_000
/** Rows per table on the page. */
export const ANALYTICS_PAGE_SIZE = 25
/** Deeper pages are clamped: an offset past any real log, still a valid query. */
export const MAX_ANALYTICS_PAGE = 10_000
/** Entries of an account's "Documents opened" per page of its own. */
export const OPENED_PAGE_SIZE = 25
/** Rows read per query while the export streams: keyset pages, never the whole log at once. */
export const ANALYTICS_CSV_CHUNK = 2_000

/**
 * Where a period starts: midnight UTC of the 29th day before today for "Last 30 days" (the chart's 30
 * days, so its bars add up to the tables), nothing for all time.
 */
export function periodStart(period: AnalyticsPeriod, now = new Date()): Date | null {
  if (period === 'all') return null
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (CHART_DAYS - 1) * DAY)
}

// Written out, not bound as parameters: the planner uses the partial indexes of migration 0008 only when
// the query repeats their predicate as literals.
const isDocumentFetch = sql<SqlBool>`fetches.action in ('file.view', 'file.download')`
/** The fetches of one org's documents, by anyone (an account's own list shows its members' only). */
const documentFetches = (db: Database, orgId: string) => db.selectFrom('audit_entries as fetches').where('fetches.org_id', '=', orgId).where(isDocumentFetch)

/**
 * The fetches analytics counts, in the period: each account member's fetch (an audit entry), and the public's
 * as counts per document and day (migration 0014; crawlers left out), in the same columns, `count` saying
 * how many fetches a row stands for and `created_at` when the last of them was.
 */
function countedFetches(db: Database, orgId: string, since: Date | null) {
  let members = documentFetches(db, orgId).where('fetches.account_id', 'is not', null)
  if (since) members = members.where('fetches.created_at', '>=', since)
  let anonymous = db.selectFrom('public_document_fetches as counts').where('counts.org_id', '=', orgId).where('counts.crawler', '=', false)
  if (since) anonymous = anonymous.where('counts.day', '>=', since.toISOString().slice(0, 10))
  const fetches = members
    .select([
      sql<string>`fetches.id`.as('id'),
      sql<string>`fetches.org_id`.as('org_id'),
      sql<string>`fetches.action`.as('action'),
      sql<Date | string>`fetches.created_at`.as('created_at'),
      sql<string | null>`fetches.file_id`.as('file_id'),
      sql<string | null>`fetches.item_uid`.as('item_uid'),
      sql<string | null>`fetches.account_id`.as('account_id'),
      sql<string | null>`fetches.member_id`.as('member_id'),
      sql<string>`fetches.actor`.as('actor'),
      sql<string | null>`fetches.target`.as('target'),
      sql<unknown>`fetches.after::jsonb`.as('after'),
      sql<number>`1`.as('count'),
    ])
    .unionAll(
      anonymous.select([
        sql<string>`counts.id`.as('id'),
        sql<string>`counts.org_id`.as('org_id'),
        sql<string>`counts.action`.as('action'),
        sql<Date | string>`counts.last_fetched_at`.as('created_at'),
        sql<string | null>`counts.file_id`.as('file_id'),
        sql<string | null>`counts.item_uid`.as('item_uid'),
        sql<string | null>`null::uuid`.as('account_id'),
        sql<string | null>`null::uuid`.as('member_id'),
        sql<string>`'Public'`.as('actor'),
        sql<string | null>`counts.document`.as('target'),
        sql<unknown>`jsonb_build_object('name', counts.name, 'via', counts.via)`.as('after'),
        sql<number>`counts.count`.as('count'),
      ]),
    )
  return db.selectFrom(fetches.as('fetches'))
}

/** One document: a stored file by its id, a generated bridge letter by its target (`letter:{itemUid}`). */
const documentKey = sql<string>`coalesce(fetches.file_id::text, fetches.target)`
const views = sql<number>`coalesce(sum(fetches.count) filter (where fetches.action = 'file.view'), 0)`
const downloads = sql<number>`coalesce(sum(fetches.count) filter (where fetches.action = 'file.download'), 0)`
/** How many fetches a group stands for: a row of the public's counts stands for several. */
const fetchCount = sql<number>`sum(fetches.count)`
const lastFetched = sql<Date | string>`max(fetches.created_at)`
/** The value the newest fetch of a group logged (a name as it was then). */
const newest = (path: 'name' | 'account') => sql<string | null>`(array_agg(fetches.after->>${sql.lit(path)} order by fetches.created_at desc))[1]`

const iso = (value: Date | string) => new Date(value).toISOString()

/** How many groups a grouped query has, and the page asked for, clamped to the last one. */
async function pageOfGroups(db: Database, groups: AliasedSelectQueryBuilder<object, 'groups'>, wantedPage: number) {
  const { count } = await db
    .selectFrom(groups)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  const total = Number(count)
  const pageCount = Math.max(1, Math.ceil(total / ANALYTICS_PAGE_SIZE))
  const page = Math.min(wantedPage, pageCount)
  return { total, pageCount, page, offset: (page - 1) * ANALYTICS_PAGE_SIZE }
}

/** Item titles by uid, for the org's items (the custom title, else the catalogue's, else the uid). */
async function itemTitles(db: Database, orgId: string, uids: Iterable<string | null>, known = new Map<string, string>()) {
  const wanted = [...new Set([...uids].filter((uid): uid is string => uid !== null && !known.has(uid)))]
  if (wanted.length) {
    const rows = await db
      .selectFrom('items')
      .innerJoin('products', 'products.id', 'items.product_id')
      .select(['items.uid', 'items.title'])
      .where('products.org_id', '=', orgId)
      .where('items.uid', 'in', wanted)
      .orderBy('products.is_default', 'desc')
      .orderBy('products.position')
      .execute()
    for (const row of rows) if (!known.has(row.uid) && row.title) known.set(row.uid, row.title)
    for (const uid of wanted) if (!known.has(uid)) known.set(uid, catalogueItem(uid)?.title ?? uid)
  }
  return known
}

// ---------------------------------------------------------------------------------------------------
// The page

/** Views, downloads, accounts and documents in the period. */
async function periodTotals(db: Database, orgId: string, since: Date | null) {
  const row = await countedFetches(db, orgId, since)
    .select([
      views.as('views'),
      downloads.as('downloads'),
      sql<number>`count(distinct fetches.account_id)`.as('accounts'),
      sql<number>`count(distinct ${documentKey})`.as('documents'),
    ])
    .executeTakeFirstOrThrow()
  return { views: Number(row.views), downloads: Number(row.downloads), accounts: Number(row.accounts), documents: Number(row.documents) }
}

/** Views and downloads per UTC day over the chart's 30 days, today last; days without any are zeros. */
export async function dailyFetches(db: Database, orgId: string, now = new Date()) {
  const start = periodStart('30d', now)!
  const day = sql<string>`to_char(fetches.created_at at time zone 'UTC', 'YYYY-MM-DD')`
  const rows = await countedFetches(db, orgId, start)
    .select([day.as('day'), views.as('views'), downloads.as('downloads')])
    .groupBy(day)
    .execute()
  const byDay = new Map(rows.map((row) => [row.day, row]))
  return Array.from({ length: CHART_DAYS }, (_, index) => {
    const date = new Date(start.getTime() + index * DAY).toISOString().slice(0, 10)
    const found = byDay.get(date)
    return { day: date, views: Number(found?.views ?? 0), downloads: Number(found?.downloads ?? 0) }
  })
}

/** One page of documents, most fetched first: a document reached through two items is a row per item. */
async function documentsPage(db: Database, orgId: string, since: Date | null, wantedPage: number) {
  const grouped = countedFetches(db, orgId, since).groupBy([documentKey, 'fetches.item_uid'])
  const { total, pageCount, page, offset } = await pageOfGroups(db, grouped.select([documentKey.as('document'), 'fetches.item_uid']).as('groups'), wantedPage)
  const rows = await grouped
    .leftJoin('files', (join) => join.onRef('files.id', '=', 'fetches.file_id').onRef('files.org_id', '=', 'fetches.org_id'))
    .select([
      documentKey.as('document'),
      'fetches.item_uid',
      // The file's name now if it is still stored, else the name it had when last fetched (a letter, a deleted file).
      sql<string | null>`max(files.original_name)`.as('current_name'),
      newest('name').as('logged_name'),
      views.as('views'),
      downloads.as('downloads'),
      sql<number>`count(distinct fetches.account_id)`.as('accounts'),
      lastFetched.as('last_fetched'),
    ])
    .orderBy(fetchCount, 'desc')
    .orderBy(lastFetched, 'desc')
    .orderBy(documentKey)
    .orderBy('fetches.item_uid')
    .limit(ANALYTICS_PAGE_SIZE)
    .offset(offset)
    .execute()
  const titles = await itemTitles(
    db,
    orgId,
    rows.map((row) => row.item_uid),
  )
  return {
    page,
    pageCount,
    total,
    rows: rows.map((row) => ({
      key: `${row.document}|${row.item_uid ?? ''}`,
      name: row.current_name ?? row.logged_name ?? 'Unnamed document',
      letter: row.document.startsWith('letter:'),
      itemUid: row.item_uid,
      itemTitle: row.item_uid ? titles.get(row.item_uid)! : null,
      views: Number(row.views),
      downloads: Number(row.downloads),
      accounts: Number(row.accounts),
      lastFetchedAt: iso(row.last_fetched),
    })),
  }
}

/** One page of accounts whose members fetched documents, most fetches first. */
async function accountsPage(db: Database, orgId: string, since: Date | null, wantedPage: number) {
  const grouped = countedFetches(db, orgId, since).where('fetches.account_id', 'is not', null).groupBy('fetches.account_id')
  const { total, pageCount, page, offset } = await pageOfGroups(db, grouped.select('fetches.account_id').as('groups'), wantedPage)
  const rows = await grouped
    .leftJoin('accounts', (join) => join.onRef('accounts.id', '=', 'fetches.account_id').onRef('accounts.org_id', '=', 'fetches.org_id'))
    .select([
      'fetches.account_id',
      // The account's name now if it still exists, else the name it had when its members last fetched.
      sql<string | null>`max(accounts.name)`.as('current_name'),
      newest('account').as('logged_name'),
      views.as('views'),
      downloads.as('downloads'),
      sql<number>`count(distinct ${documentKey})`.as('documents'),
      lastFetched.as('last_fetched'),
    ])
    .orderBy(fetchCount, 'desc')
    .orderBy(lastFetched, 'desc')
    .orderBy('fetches.account_id')
    .limit(ANALYTICS_PAGE_SIZE)
    .offset(offset)
    .execute()
  return {
    page,
    pageCount,
    total,
    rows: rows.map((row) => ({
      accountId: row.account_id!,
      name: row.current_name ?? row.logged_name ?? 'Deleted account',
      /** Still an account of the org: its page in /accounts exists. */
      exists: row.current_name !== null,
      views: Number(row.views),
      downloads: Number(row.downloads),
      documents: Number(row.documents),
      lastFetchedAt: iso(row.last_fetched),
    })),
  }
}

/** Everything /analytics shows for a period: totals, the 30-day chart, and a page of each table. */
export async function loadDocumentAnalytics(db: Database, orgId: string, period: AnalyticsPeriod, pages: { documents: number; accounts: number }, now = new Date()) {
  const since = periodStart(period, now)
  const [totals, daily, documents, accounts] = await Promise.all([
    periodTotals(db, orgId, since),
    dailyFetches(db, orgId, now),
    documentsPage(db, orgId, since, pages.documents),
    accountsPage(db, orgId, since, pages.accounts),
  ])
  return { period, totals, daily, documents, accounts }
}

// ---------------------------------------------------------------------------------------------------
// What an account's members opened (/accounts)

/** Columns of one fetch as a list shows it; the query names the audit entries `fetches`. */
const fetchColumns = [
  'fetches.id',
  'fetches.action',
  'fetches.created_at',
  'fetches.item_uid',
  'fetches.account_id',
  // The member's address now, else the one they fetched with; nobody for a public visitor.
  sql<string | null>`case when fetches.account_id is null then null else coalesce(members.email, fetches.actor) end`.as('member_email'),
  sql<string>`coalesce(files.original_name, fetches.after->>'name', '')`.as('document'),
  sql<string | null>`fetches.after->>'via'`.as('via'),
] as const

type FetchRow = { id: string; action: string; created_at: Date | string; item_uid: string | null; member_email: string | null; document: string; via: string | null }

function fetchEntry(row: FetchRow, titles: Map<string, string>) {
  return {
    id: row.id,
    action: row.action === 'file.download' ? ('download' as const) : ('view' as const),
    via: row.via,
    at: iso(row.created_at),
    memberEmail: row.member_email,
    document: row.document || 'Unnamed document',
    itemTitle: row.item_uid ? (titles.get(row.item_uid) ?? row.item_uid) : null,
  }
}

export type DocumentOpened = ReturnType<typeof fetchEntry>

/** One page of an account's members' views and downloads, newest first (the account must be the org's). */
export async function listDocumentsOpened(db: Database, orgId: string, accountId: string, page: number) {
  const rows = await documentFetches(db, orgId)
    .leftJoin('account_members as members', (join) => join.onRef('members.id', '=', 'fetches.member_id').onRef('members.org_id', '=', 'fetches.org_id'))
    .leftJoin('files', (join) => join.onRef('files.id', '=', 'fetches.file_id').onRef('files.org_id', '=', 'fetches.org_id'))
    .select(fetchColumns)
    .where('fetches.account_id', '=', accountId)
    .orderBy('fetches.created_at', 'desc')
    .orderBy('fetches.id', 'desc')
    .limit(OPENED_PAGE_SIZE + 1)
    .offset((page - 1) * OPENED_PAGE_SIZE)
    .execute()
  const titles = await itemTitles(
    db,
    orgId,
    rows.map((row) => row.item_uid),
  )
  return { page, hasMore: rows.length > OPENED_PAGE_SIZE, entries: rows.slice(0, OPENED_PAGE_SIZE).map((row) => fetchEntry(row, titles)) }
}

// ---------------------------------------------------------------------------------------------------
// The CSV export

export const ANALYTICS_CSV_HEADER = ['Time', 'Action', 'Via', 'Document', 'Item', 'Account', 'Member email', 'Count'] as const

/**
 * Every counted fetch of the period as CSV, newest first (a row of the public's counts at its last fetch, with
 * its count; a member's fetch is a row of its own, count 1), read as the client reads: one keyset page of
 * `chunkSize` rows per pull on (created_at, id), the cursor kept as PostgreSQL's own text of the
 * timestamp so no microsecond is lost and no row is read twice or skipped.
 */
export function documentFetchesCsvStream(db: Database, orgId: string, period: AnalyticsPeriod, now = new Date(), chunkSize = ANALYTICS_CSV_CHUNK): ReadableStream<Uint8Array> {
  const since = periodStart(period, now)
  const titles = new Map<string, string>()
  return csvStream<{ at: string; id: string }>(ANALYTICS_CSV_HEADER, chunkSize, async (after) => {
    let query = countedFetches(db, orgId, since)
      .leftJoin('account_members as members', (join) => join.onRef('members.id', '=', 'fetches.member_id').onRef('members.org_id', '=', 'fetches.org_id'))
      .leftJoin('files', (join) => join.onRef('files.id', '=', 'fetches.file_id').onRef('files.org_id', '=', 'fetches.org_id'))
      .leftJoin('accounts', (join) => join.onRef('accounts.id', '=', 'fetches.account_id').onRef('accounts.org_id', '=', 'fetches.org_id'))
      .select(fetchColumns)
      .select([sql<string | null>`coalesce(accounts.name, fetches.after->>'account')`.as('account_name'), sql<string>`fetches.created_at::text`.as('cursor'), 'fetches.count'])
      .orderBy('fetches.created_at', 'desc')
      .orderBy('fetches.id', 'desc')
      .limit(chunkSize)
    if (after) query = query.where(sql<SqlBool>`(fetches.created_at, fetches.id) < (${after.at}::timestamptz, ${after.id}::uuid)`)
    const rows = await query.execute()
    await itemTitles(
      db,
      orgId,
      rows.map((row) => row.item_uid),
      titles,
    )
    const last = rows.at(-1)
    return {
      rows: rows.length,
      records: rows.map((row) => {
        const entry = fetchEntry(row, titles)
        return [entry.at, entry.action, viaLabel(entry.via), entry.document, entry.itemTitle, row.account_id ? row.account_name : null, entry.memberEmail, String(row.count)]
      }),
      next: last ? { at: last.cursor, id: last.id } : null,
    }
  })
}

/** The export: a download named after the period. */
export function documentFetchesCsvDownload(db: Database, orgId: string, period: AnalyticsPeriod, now = new Date()) {
  return csvDownload(documentFetchesCsvStream(db, orgId, period, now), `document-analytics-${period === 'all' ? 'all-time' : 'last-30-days'}.csv`)
}
