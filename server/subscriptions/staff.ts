import { sql, type SqlBool } from 'kysely'
import { csvDownload, csvStream } from '../csv'
import type { Database } from '../../db/index'
import { recordAudit } from '../audit/record'
import type { StaffMember } from '../auth/staff-session'
import { change, refuse, type ChangeResult } from '../refusal'
import { domainAndParents, subscriberBlocked } from './blocks'
import { containsPattern } from '../../db/like'
import { SUBSCRIBERS_PAGE_SIZE, sourceLabel, statusLabel, type BlockKind, type SubscriberStatus, type subscriberFilters } from '../../app/lib/schemas/subscribers'

// The subscribers page (/subscribers): the org's subscribers with counts, search and paging, the CSV
// export, blocked addresses and domains, and removal. Every id a form sends is looked up inside the
// staff member's org; every change is one transaction with its audit entry. Blocking deletes nobody:
// blocked subscribers stay listed, get no update (updates/recipients.ts) and cannot subscribe again.

export type SubscriberFilters = ReturnType<typeof subscriberFilters>

/** Pages beyond this are clamped (50 a page: five million subscribers). */
export const MAX_SUBSCRIBER_PAGE = 100_000
/** Rows read per query while the export streams: keyset pages over the e-mail, never one huge result. */
export const CSV_CHUNK = 5_000

/** Escapes LIKE wildcards so a search matches the text typed. */
/** The org's subscribers matching the filters; e-mails are stored lowercased, so the search is too. */
function filtered(db: Database, orgId: string, filters: SubscriberFilters) {
  let query = db.selectFrom('subscribers').where('subscribers.org_id', '=', orgId)
  if (filters.status !== 'all') query = query.where('subscribers.status', '=', filters.status)
  if (filters.q) query = query.where(sql<SqlBool>`subscribers.email like ${containsPattern(filters.q.toLowerCase())} escape '\\'`)
  return query
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

// ---------------------------------------------------------------------------------------------------
// The page

/** Subscribers per status, whatever the filters. */
async function statusCounts(db: Database, orgId: string) {
  const rows = await db
    .selectFrom('subscribers')
    .select((eb) => ['status', eb.fn.countAll<string>().as('count')])
    .where('org_id', '=', orgId)
    .groupBy('status')
    .execute()
  const counts: Record<SubscriberStatus, number> = { confirmed: 0, pending: 0, unsubscribed: 0 }
  for (const row of rows) if (row.status in counts) counts[row.status as SubscriberStatus] = Number(row.count)
  return counts
}

/** Everything /subscribers shows: counts, one page of matching subscribers (newest first) and the blocks. */
export async function loadSubscribersPage(db: Database, orgId: string, filters: SubscriberFilters, wantedPage: number) {
  const [counts, total, blocks] = await Promise.all([
    statusCounts(db, orgId),
    filtered(db, orgId, filters)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count)),
    listBlocks(db, orgId),
  ])
  const pageCount = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE))
  // A page past the end shows the last one, never an empty list that looks like no subscribers.
  const page = Math.min(Math.max(1, wantedPage), pageCount)
  const rows = await filtered(db, orgId, filters)
    .select([
      'subscribers.id',
      'subscribers.email',
      'subscribers.status',
      'subscribers.source',
      'subscribers.created_at',
      'subscribers.confirmed_at',
      'subscribers.unsubscribed_at',
    ])
    .select(subscriberBlocked.as('blocked'))
    .orderBy('subscribers.created_at', 'desc')
    .orderBy('subscribers.email')
    .limit(SUBSCRIBERS_PAGE_SIZE)
    .offset((page - 1) * SUBSCRIBERS_PAGE_SIZE)
    .execute()
  return {
    filter: { ...filters, page },
    counts,
    total,
    pageCount,
    subscribers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.status,
      statusLabel: statusLabel(row.status),
      source: row.source,
      sourceLabel: sourceLabel(row.source),
      createdAt: iso(row.created_at)!,
      confirmedAt: iso(row.confirmed_at),
      unsubscribedAt: iso(row.unsubscribed_at),
      blocked: Boolean(row.blocked),
    })),
    blocks,
  }
}

/** The org's blocked addresses and domains, in the order they read. */
export async function listBlocks(db: Database, orgId: string) {
  const rows = await db
    .selectFrom('subscriber_blocks')
    .select(['id', 'pattern', 'kind', 'created_by', 'created_at'])
    .where('org_id', '=', orgId)
    .orderBy('kind', 'desc')
    .orderBy('pattern')
    .execute()
  return rows.map((row) => ({ id: row.id, pattern: row.pattern, kind: row.kind as BlockKind, createdBy: row.created_by, createdAt: iso(row.created_at)! }))
}

/** One subscriber of the org, for the removal's confirmation; undefined when the id is not the org's. */
export async function findSubscriber(db: Database, orgId: string, subscriberId: string) {
  const row = await db.selectFrom('subscribers').select(['id', 'email']).where('id', '=', subscriberId).where('org_id', '=', orgId).executeTakeFirst()
  return row ? { id: row.id, email: row.email } : undefined
}

// ---------------------------------------------------------------------------------------------------
// The CSV export

export const CSV_HEADER = ['Email', 'Status', 'Source', 'Subscribed at', 'Confirmed at', 'Unsubscribed at', 'Blocked'] as const

/**
 * The matching subscribers as CSV, read as the client reads: one keyset page of `chunkSize` rows per pull,
 * ordered by e-mail (unique per org), so a hundred thousand rows never sit in memory at once.
 */
export function subscribersCsvStream(db: Database, orgId: string, filters: SubscriberFilters, chunkSize = CSV_CHUNK): ReadableStream<Uint8Array> {
  return csvStream<string>(CSV_HEADER, chunkSize, async (after) => {
    let query = filtered(db, orgId, filters)
      .select(['subscribers.email', 'subscribers.status', 'subscribers.source', 'subscribers.created_at', 'subscribers.confirmed_at', 'subscribers.unsubscribed_at'])
      .select(subscriberBlocked.as('blocked'))
      .orderBy('subscribers.email')
      .limit(chunkSize)
    if (after !== null) query = query.where('subscribers.email', '>', after)
    const rows = await query.execute()
    return {
      rows: rows.length,
      records: rows.map((row) => [
        row.email,
        statusLabel(row.status),
        sourceLabel(row.source),
        iso(row.created_at),
        iso(row.confirmed_at),
        iso(row.unsubscribed_at),
        row.blocked ? 'Yes' : 'No',
      ]),
      next: rows.at(-1)?.email ?? null,
    }
  })
}

/** The export: a download named subscribers.csv. */
export function subscribersCsvDownload(db: Database, orgId: string, filters: SubscriberFilters) {
  return csvDownload(subscribersCsvStream(db, orgId, filters), 'subscribers.csv')
}

// ---------------------------------------------------------------------------------------------------
// Changes

export type { ChangeResult }

const NO_SUCH_BLOCK = 'This block no longer exists.'
const NO_SUCH_SUBSCRIBER = 'This subscriber no longer exists.'

/** A block of the org that already covers the pattern: the same one, or a domain it is at or under. */
async function coveringBlock(trx: Database, orgId: string, pattern: string, kind: BlockKind) {
  const domain = kind === 'email' ? pattern.slice(pattern.lastIndexOf('@') + 1) : pattern
  return trx
    .selectFrom('subscriber_blocks')
    .select(['pattern', 'kind'])
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('pattern', '=', pattern), eb.and([eb('kind', '=', 'domain'), eb('pattern', 'in', domainAndParents(domain))])]))
    .orderBy('kind')
    .limit(1)
    .executeTakeFirst()
}

/** Blocks an address, or a domain with its subdomains, from receiving updates and from subscribing. */
export async function blockSubscribers(db: Database, staff: StaffMember, input: { pattern: string; kind: BlockKind }): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const covering = await coveringBlock(trx, staff.orgId, input.pattern, input.kind)
    if (covering) {
      const message = covering.pattern === input.pattern ? `${input.pattern} is already blocked.` : `${input.pattern} is already blocked: the domain ${covering.pattern} is.`
      refuse(400, message, { field: 'pattern' })
    }
    const inserted = await trx
      .insertInto('subscriber_blocks')
      .values({ org_id: staff.orgId, pattern: input.pattern, kind: input.kind, created_by: staff.email })
      .onConflict((conflict) => conflict.columns(['org_id', 'pattern']).doNothing())
      .returning('id')
      .executeTakeFirst()
    // Blocked by another staff member meanwhile.
    if (!inserted) refuse(400, `${input.pattern} is already blocked.`, { field: 'pattern' })
    await recordAudit(trx, { orgId: staff.orgId, actor: staff.email, action: 'subscriber.block', target: input.pattern, after: { pattern: input.pattern, kind: input.kind } })
    return input.kind === 'domain' ? `Addresses at ${input.pattern} blocked` : `${input.pattern} blocked`
  })
}

/** Lifts a block; the subscribers it covered receive updates again if they are confirmed. */
export async function unblockSubscribers(db: Database, staff: StaffMember, blockId: string): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const block = await trx.deleteFrom('subscriber_blocks').where('id', '=', blockId).where('org_id', '=', staff.orgId).returning(['pattern', 'kind']).executeTakeFirst()
    if (!block) refuse(404, NO_SUCH_BLOCK)
    await recordAudit(trx, { orgId: staff.orgId, actor: staff.email, action: 'subscriber.unblock', target: block.pattern, before: { pattern: block.pattern, kind: block.kind } })
    return `${block.pattern} unblocked`
  })
}

/** Deletes a subscriber; the address may subscribe again later (unless blocked). */
export async function removeSubscriber(db: Database, staff: StaffMember, subscriberId: string): Promise<ChangeResult> {
  return change(db, async (trx) => {
    const subscriber = await trx
      .deleteFrom('subscribers')
      .where('id', '=', subscriberId)
      .where('org_id', '=', staff.orgId)
      .returning(['email', 'status', 'source'])
      .executeTakeFirst()
    if (!subscriber) refuse(404, NO_SUCH_SUBSCRIBER)
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'subscriber.remove',
      target: subscriber.email,
      before: { email: subscriber.email, status: subscriber.status, source: subscriber.source },
    })
    return `${subscriber.email} removed`
  })
}
