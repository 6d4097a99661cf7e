import { sql } from 'kysely'
import type { Database } from '../../db/index'
import { itemTitle } from '../../app/lib/catalogue/index'
import { DEFAULT_CARD_TITLES, isCardKind } from '../../app/lib/card-kinds'
import type { DocumentAccessType } from '../../app/lib/schemas/documents'
import { recordAudit } from '../audit/record'
import type { StaffMember } from '../auth/staff-session'
import { containsPattern } from '../../db/like'

// The org's documents library: every uploaded document, whichever items link it. Card icons and the
// company's logo and favicon are files too, but not documents, so they are left out.

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
const sortByName = <T extends { name: string; id: string }>(rows: T[]) => rows.sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id))

function documentsOf(db: Database, orgId: string) {
  return db
    .selectFrom('files')
    .where('files.org_id', '=', orgId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('cards').select('cards.id').whereRef('cards.icon_file_id', '=', 'files.id'))))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('orgs')
            .select('orgs.id')
            .where((org) => org.or([org('orgs.logo_file_id', '=', org.ref('files.id')), org('orgs.favicon_file_id', '=', org.ref('files.id'))])),
        ),
      ),
    )
}

export interface LibraryDocument {
  id: string
  name: string
  contentType: string
  createdAt: string
}

/** The library picker's entries, sorted by name. */
export async function listLibrary(db: Database, orgId: string): Promise<LibraryDocument[]> {
  const rows = await documentsOf(db, orgId).select(['files.id', 'files.original_name', 'files.content_type', 'files.created_at']).execute()
  return sortByName(rows.map((row) => ({ id: row.id, name: row.original_name, contentType: row.content_type, createdAt: row.created_at.toISOString() })))
}

export interface DocumentLink {
  itemId: string
  itemTitle: string
  cardTitle: string
  productName: string
  /** The item's permalink on the org's portal. */
  href: string
}

export interface LibraryRow extends LibraryDocument {
  sizeBytes: number
  createdByName: string | null
  /** The document's own setting, or null when it follows the org's. */
  ownAccessType: DocumentAccessType | null
  accessType: DocumentAccessType
  links: DocumentLink[]
}

/** Escapes LIKE wildcards so a filter matches the text typed. */
/** The documents page: each document with its size, uploader, access type and the items that link it. */
export async function listDocuments(db: Database, orgId: string, filter = ''): Promise<LibraryRow[]> {
  const org = await db.selectFrom('orgs').select(['slug', 'document_access_type']).where('id', '=', orgId).executeTakeFirstOrThrow()
  let query = documentsOf(db, orgId).select([
    'files.id',
    'files.original_name',
    'files.content_type',
    'files.size_bytes',
    'files.created_at',
    'files.created_by_name',
    'files.document_access_type',
  ])
  const term = filter.trim()
  if (term) query = query.where(sql<boolean>`files.original_name ilike ${containsPattern(term)} escape '\\'`)
  const files = await query.execute()
  const links = files.length
    ? await db
        .selectFrom('item_files')
        .innerJoin('items', 'items.id', 'item_files.item_id')
        .innerJoin('products', 'products.id', 'items.product_id')
        .leftJoin('cards', (join) => join.onRef('cards.product_id', '=', 'items.product_id').onRef('cards.kind', '=', 'items.card_kind'))
        .select([
          'item_files.file_id',
          'items.id as item_id',
          'items.title',
          'items.catalogue_uid',
          'items.card_kind',
          'items.slug',
          'cards.title as card_title',
          'products.name as product_name',
          'products.slug as product_slug',
          'products.is_default',
        ])
        .where(
          'item_files.file_id',
          'in',
          files.map((file) => file.id),
        )
        .where('products.org_id', '=', orgId)
        .orderBy('products.position')
        .orderBy('item_files.position')
        .execute()
    : []
  const linksByFile = new Map<string, DocumentLink[]>()
  for (const link of links) {
    const entry: DocumentLink = {
      itemId: link.item_id,
      itemTitle: itemTitle(link),
      cardTitle: link.card_title || (isCardKind(link.card_kind) ? DEFAULT_CARD_TITLES[link.card_kind] : link.card_kind),
      productName: link.product_name,
      href: link.is_default ? `/portal/${org.slug}/item/${link.slug}` : `/portal/${org.slug}/product/${link.product_slug}/${link.slug}`,
    }
    linksByFile.set(link.file_id, [...(linksByFile.get(link.file_id) ?? []), entry])
  }
  return sortByName(
    files.map((file) => {
      const own = (file.document_access_type as DocumentAccessType | null) ?? null
      return {
        id: file.id,
        name: file.original_name,
        contentType: file.content_type,
        createdAt: file.created_at.toISOString(),
        sizeBytes: file.size_bytes,
        createdByName: file.created_by_name,
        ownAccessType: own,
        accessType: own ?? (org.document_access_type as DocumentAccessType),
        links: linksByFile.get(file.id) ?? [],
      }
    }),
  )
}

type Outcome = { ok: true; name: string } | { ok: false; status: 400 | 404; message: string }
type AuditMeta = { ip?: string | null; userAgent?: string | null }

/** Products whose portal shows this document: their revisions move so cached pages are rebuilt. */
async function bumpLinkedProducts(trx: Database, fileId: string) {
  await trx
    .updateTable('products')
    .set({ revision: sql`revision + 1`, updated_at: new Date() })
    .where('id', 'in', trx.selectFrom('item_files').innerJoin('items', 'items.id', 'item_files.item_id').select('items.product_id').where('item_files.file_id', '=', fileId))
    .execute()
}

/** Sets whether visitors may download a document or only view it. */
export async function setDocumentAccessType(db: Database, staff: StaffMember, fileId: string, accessType: DocumentAccessType, meta: AuditMeta = {}): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const file = await documentsOf(trx, staff.orgId)
      .select(['files.id', 'files.original_name', 'files.document_access_type'])
      .where('files.id', '=', fileId)
      .forUpdate()
      .executeTakeFirst()
    if (!file) return { ok: false, status: 404, message: 'This document no longer exists' }
    await trx.updateTable('files').set({ document_access_type: accessType }).where('id', '=', file.id).execute()
    await bumpLinkedProducts(trx, file.id)
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'document.accessType',
      target: file.id,
      before: { name: file.original_name, documentAccessType: file.document_access_type },
      after: { name: file.original_name, documentAccessType: accessType },
      ...meta,
    })
    return { ok: true, name: file.original_name }
  })
}

export const DOCUMENT_STILL_LINKED = 'Unlink this document from its items first'

/** Deletes a document no item links any more; the blob stays, since other rows may share its bytes. */
export async function deleteDocument(db: Database, staff: StaffMember, fileId: string, meta: AuditMeta = {}): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const file = await documentsOf(trx, staff.orgId)
      .select(['files.id', 'files.original_name', 'files.sha256', 'files.content_type'])
      .where('files.id', '=', fileId)
      .forUpdate()
      .executeTakeFirst()
    if (!file) return { ok: false, status: 404, message: 'This document no longer exists' }
    // The row lock above makes a concurrent link wait for this delete (its foreign key check needs the row).
    const linked = await trx.selectFrom('item_files').select('item_id').where('file_id', '=', file.id).executeTakeFirst()
    if (linked) return { ok: false, status: 400, message: DOCUMENT_STILL_LINKED }
    await trx.deleteFrom('files').where('id', '=', file.id).execute()
    await recordAudit(trx, {
      orgId: staff.orgId,
      actor: staff.email,
      action: 'document.delete',
      target: file.id,
      before: { name: file.original_name, contentType: file.content_type, sha256: file.sha256 },
      ...meta,
    })
    return { ok: true, name: file.original_name }
  })
}
