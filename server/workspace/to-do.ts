import { sql } from 'kysely'
import type { Database } from '../../db/index'
import type { StaffMember } from '../auth/staff-session'
import { catalogueItem } from '../../app/lib/catalogue/index'
import { pendingAccessRequestCount } from '../access-requests/review'

// What needs doing in the staff workspace: the navigation's badges and the home page (/home). Each part is
// read only for staff whose permissions cover its page, and each is a count and at most TOP_ROWS rows.

const TOP_ROWS = 5
/** Access that ends within this many days is "expiring this week". */
export const ACCESS_EXPIRY_DAYS = 7
/** A document whose "valid until" date is within this many days is expiring. */
export const DOCUMENT_EXPIRY_DAYS = 30

/** The navigation's badges: pending access requests and questionnaires still to answer. */
export interface WorkspaceBadges {
  'access-requests'?: number
  questionnaires?: number
}

export function questionnairesToAnswerCount(db: Database, orgId: string) {
  return countOf(
    db
      .selectFrom('questionnaires')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('org_id', '=', orgId)
      .where('status', '=', 'submitted')
      .executeTakeFirstOrThrow(),
  )
}

/** The badges this member's pages have (none for a page they cannot open). */
export async function workspaceBadges(db: Database, staff: Pick<StaffMember, 'orgId' | 'permissions'>): Promise<WorkspaceBadges> {
  const [requests, questionnaires] = await Promise.all([
    staff.permissions.includes('access-requests') ? pendingAccessRequestCount(db, staff.orgId) : undefined,
    staff.permissions.includes('questionnaires') ? questionnairesToAnswerCount(db, staff.orgId) : undefined,
  ])
  return { ...(requests === undefined ? {} : { 'access-requests': requests }), ...(questionnaires === undefined ? {} : { questionnaires }) }
}

export interface ToDoList<Row> {
  count: number
  rows: Row[]
}

export interface StaffToDo {
  requests: ToDoList<{ id: string; name: string; company: string; createdAt: string }> | null
  questionnaires: ToDoList<{ id: string; accountName: string; memberName: string; createdAt: string }> | null
  expiringAccess: ToDoList<{ accountId: string; accountName: string; productName: string; expiresAt: string }> | null
  /** `path`: the item's permalink below the portal's base (`/item/…` or `/product/…/…`). */
  expiringDocuments: ToDoList<{ id: string; title: string; productName: string; expiresOn: string; path: string }> | null
}

/** The home page's lists, each null when the member's permissions do not reach its page. */
export async function staffToDo(db: Database, staff: Pick<StaffMember, 'orgId' | 'permissions'>, now = new Date()): Promise<StaffToDo> {
  const can = (scope: string) => staff.permissions.includes(scope)
  const [requests, questionnaires, expiringAccess, expiringDocuments] = await Promise.all([
    can('access-requests') ? pendingRequests(db, staff.orgId) : null,
    can('questionnaires') ? questionnairesToAnswer(db, staff.orgId) : null,
    can('accounts') ? accessExpiring(db, staff.orgId, now) : null,
    can('documents') ? documentsExpiring(db, staff.orgId, now) : null,
  ])
  return { requests, questionnaires, expiringAccess, expiringDocuments }
}

async function pendingRequests(db: Database, orgId: string) {
  const [count, rows] = await Promise.all([
    pendingAccessRequestCount(db, orgId),
    db
      .selectFrom('access_requests')
      .select(['id', 'first_name', 'last_name', 'company_name', 'created_at'])
      .where('org_id', '=', orgId)
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .limit(TOP_ROWS)
      .execute(),
  ])
  return {
    count,
    rows: rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`.trim(), company: row.company_name, createdAt: new Date(row.created_at).toISOString() })),
  }
}

async function questionnairesToAnswer(db: Database, orgId: string) {
  const [count, rows] = await Promise.all([
    questionnairesToAnswerCount(db, orgId),
    db
      .selectFrom('questionnaires')
      .innerJoin('accounts', 'accounts.id', 'questionnaires.account_id')
      .select(['questionnaires.id', 'accounts.name as account_name', 'questionnaires.member_name', 'questionnaires.created_at'])
      .where('questionnaires.org_id', '=', orgId)
      .where('questionnaires.status', '=', 'submitted')
      .orderBy('questionnaires.created_at')
      .orderBy('questionnaires.id')
      .limit(TOP_ROWS)
      .execute(),
  ])
  return {
    count,
    rows: rows.map((row) => ({ id: row.id, accountName: row.account_name, memberName: row.member_name, createdAt: new Date(row.created_at).toISOString() })),
  }
}

async function accessExpiring(db: Database, orgId: string, now: Date) {
  const until = new Date(now.getTime() + ACCESS_EXPIRY_DAYS * 86_400_000)
  const expiring = db
    .selectFrom('account_products')
    .innerJoin('accounts', 'accounts.id', 'account_products.account_id')
    .innerJoin('products', 'products.id', 'account_products.product_id')
    .where('accounts.org_id', '=', orgId)
    .where('account_products.access_expires_at', '>', now)
    .where('account_products.access_expires_at', '<=', until)
  const [count, rows] = await Promise.all([
    countOf(expiring.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()),
    expiring
      .select(['accounts.id as account_id', 'accounts.name as account_name', 'products.name as product_name', 'account_products.access_expires_at'])
      .orderBy('account_products.access_expires_at')
      .orderBy('accounts.id')
      .limit(TOP_ROWS)
      .execute(),
  ])
  return {
    count,
    rows: rows.map((row) => ({
      accountId: row.account_id,
      accountName: row.account_name,
      productName: row.product_name,
      expiresAt: new Date(row.access_expires_at).toISOString(),
    })),
  }
}

async function documentsExpiring(db: Database, orgId: string, now: Date) {
  const today = now.toISOString().slice(0, 10)
  const until = new Date(now.getTime() + DOCUMENT_EXPIRY_DAYS * 86_400_000).toISOString().slice(0, 10)
  // Items that carry documents (a file or a bridge letter) and a "valid until" date in the coming weeks.
  const expiring = db
    .selectFrom('items')
    .innerJoin('products', 'products.id', 'items.product_id')
    .where('products.org_id', '=', orgId)
    .where('items.expires_on', 'is not', null)
    .where('items.expires_on', '>=', today)
    .where('items.expires_on', '<=', until)
    .where((eb) =>
      eb.or([eb.exists(eb.selectFrom('item_files').select(sql.lit(1).as('one')).whereRef('item_files.item_id', '=', 'items.id')), eb('items.bridge_letter', 'is not', null)]),
    )
  const [count, rows] = await Promise.all([
    countOf(expiring.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()),
    expiring
      .select([
        'items.id',
        'items.title',
        'items.catalogue_uid',
        'items.expires_on',
        'items.slug',
        'products.name as product_name',
        'products.slug as product_slug',
        'products.is_default',
      ])
      .orderBy('items.expires_on')
      .orderBy('items.id')
      .limit(TOP_ROWS)
      .execute(),
  ])
  return {
    count,
    rows: rows.map((row) => ({
      id: row.id,
      title: row.title || (row.catalogue_uid ? catalogueItem(row.catalogue_uid)?.title : undefined) || 'Untitled',
      productName: row.product_name,
      expiresOn: row.expires_on!,
      path: row.is_default ? `/item/${row.slug}` : `/product/${row.product_slug}/${row.slug}`,
    })),
  }
}

/** The count a query selected as `count` (Postgres returns a bigint as text). */
async function countOf(query: Promise<{ count: string | number | bigint }>) {
  return Number((await query).count)
}
