import type { Transaction } from 'kysely'
import type { DB } from '../../../db/types'
import type { Database } from '../../../db/index'
import type { StaffMember } from '../../auth/staff-session'
import type { LoadContext } from '../../context'
import { can } from '../../access/visibility'
import { staffViewer } from '../../access/viewer'
import { recordAudit } from '../../audit/record'
import { redirect, reply, type Redirect, type Reply } from '../../reply'
import { bumpProductRevision } from '../revision'
import type { PortalOrg } from '../resolve'

export interface EditContext {
  db: Database
  context: LoadContext
  request: Request
  staff: StaffMember
  org: PortalOrg
  product: { id: string; slug: string; name: string }
  /** Where to go back to after a save: the portal page the form was on, without dialog parameters. */
  returnTo: string
}

/** An intent's handler: parses its form, writes through `saveEdit`, answers a redirect or a 400. */
export type EditHandler = (edit: EditContext, formData: FormData) => Promise<Redirect | Reply<unknown>>

/**
 * One staff change: the work, its audit entry and the product's revision bump in one transaction,
 * so a failed save leaves nothing half-written and every cache sees the change.
 */
export async function saveEdit<T>(
  edit: EditContext,
  audit: { action: string; target: string; before?: unknown; after?: unknown },
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const result = await edit.db.transaction().execute(async (trx) => {
    const value = await work(trx)
    await recordAudit(trx, {
      orgId: edit.org.id,
      actor: edit.staff.email,
      action: audit.action,
      target: audit.target,
      before: audit.before,
      after: audit.after,
      ip: edit.context.clientAddress,
      userAgent: edit.request.headers.get('user-agent'),
    })
    await bumpProductRevision(trx, edit.product.id)
    return value
  })
  edit.context.pageCache?.invalidate()
  return result
}

/** After a save: back to the page, with the spec's success message as a toast. */
export function savedRedirect(edit: EditContext, message: string) {
  return redirect(edit.returnTo, { toast: message })
}

/** A failed save that is not the visitor's input: back to the page with the failure toast. */
export function failedRedirect(edit: EditContext, message: string) {
  return redirect(edit.returnTo, { toast: message })
}

export const DOCUMENT_ACCESS_DENIED = "You don't have permission to change who can see this item's documents"

/** Changing who can reach stored documents (linking, publishing, showing their card) needs permission to see them. */
export function mayChangeDocumentAccess(edit: EditContext) {
  return can(staffViewer(edit.staff), 'files:view')
}

/** Whether any item of `kind` in the edited product has documents linked. */
export async function kindHasDocuments(edit: EditContext, kind: string) {
  const row = await edit.db
    .selectFrom('item_files')
    .innerJoin('items', 'items.id', 'item_files.item_id')
    .select('items.id')
    .where('items.product_id', '=', edit.product.id)
    .where('items.card_kind', '=', kind)
    .executeTakeFirst()
  return row !== undefined
}

export function documentAccessDenied(intent: string, message = DOCUMENT_ACCESS_DENIED) {
  return reply({ intent, result: { status: 'error' as const, error: { '': [message] } } }, { status: 403 })
}

export function badRequest<T>(body: T) {
  return reply(body, { status: 400 })
}
