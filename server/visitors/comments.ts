import { accessCheckedItems } from '../access/items'
import { accessChecked } from '../access/visibility'
import type { Database } from '../../db/index'
import { handlesAccounts } from '../../app/lib/permissions'
import { portalAccess } from '../access/portal-access'
import { accountMember, type PortalViewer } from '../access/viewer'
import { recordAudit } from '../audit/record'
import type { PortalOrg } from '../portal/resolve'

export interface CommentView {
  id: string
  content: string
  createdAt: string
  authorName: string
  /** Written by the viewer's side (the account in AccountExternal, the org's staff in Main mode). */
  outgoing: boolean
}

export async function commentsEnabled(db: Database, orgId: string) {
  const row = await db.selectFrom('portal_customizations').select('comments_enabled').where('org_id', '=', orgId).executeTakeFirst()
  return row?.comments_enabled ?? false
}

/**
 * A comment on an item the viewer can see unlocked: an account member writes in their account's thread;
 * staff answer in a thread they name by account id. Returns false when comments are off or the item is not theirs to discuss.
 */
export async function addComment(db: Database, org: PortalOrg, viewer: PortalViewer, productId: string, input: { itemUid: string; content: string; accountId?: string }) {
  if (!(await commentsEnabled(db, org.id))) return false
  const member = accountMember(viewer)
  const staff = viewer.mode === 'Main' && handlesAccounts(viewer.staff?.permissions ?? []) ? viewer.staff : null
  const accountId = member ? member.accountId : input.accountId
  if (!accountId || (!member && !staff)) return false
  const [item, account] = await Promise.all([
    accessCheckedItems(db).where('items.product_id', '=', productId).where('items.uid', '=', input.itemUid).executeTakeFirst(),
    db.selectFrom('accounts').select('id').where('id', '=', accountId).where('org_id', '=', org.id).executeTakeFirst(),
  ])
  if (!item || !account) return false
  // Only an item the writer sees unlocked can be discussed: a locked or hidden one answers as if absent.
  const access = portalAccess(viewer, org).item(accessChecked(item))
  if (access !== 'unlocked') return false
  await db
    .insertInto('item_comments')
    .values({
      org_id: org.id,
      product_id: productId,
      item_uid: item.uid,
      account_id: account.id,
      member_id: member?.id ?? null,
      staff_member_id: staff?.id ?? null,
      author_name: member ? `${member.firstName} ${member.lastName}` : staff!.name,
      content: input.content,
    })
    .execute()
  if (staff) await recordAudit(db, { orgId: org.id, actor: staff.email, action: 'comment.reply', target: `${input.itemUid}:${account.id}` })
  return true
}

/** One account's thread on an item, oldest first. */
export async function listComments(db: Database, productId: string, itemUid: string, accountId: string, side: 'account' | 'staff'): Promise<CommentView[]> {
  const rows = await db
    .selectFrom('item_comments')
    .select(['id', 'content', 'created_at', 'author_name', 'member_id'])
    .where('product_id', '=', productId)
    .where('item_uid', '=', itemUid)
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .limit(500)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
    authorName: row.author_name,
    outgoing: side === 'account' ? row.member_id !== null : row.member_id === null,
  }))
}

/** Staff in Main mode: every account's thread on an item, most recently active first. */
export async function listThreads(db: Database, orgId: string, productId: string, itemUid: string) {
  const accounts = await db
    .selectFrom('item_comments')
    .innerJoin('accounts', 'accounts.id', 'item_comments.account_id')
    .select(['accounts.id', 'accounts.name', (eb) => eb.fn.max('item_comments.created_at').as('last')])
    .where('item_comments.org_id', '=', orgId)
    .where('item_comments.product_id', '=', productId)
    .where('item_comments.item_uid', '=', itemUid)
    .groupBy(['accounts.id', 'accounts.name'])
    .orderBy('last', 'desc')
    .limit(50)
    .execute()
  return Promise.all(
    accounts.map(async (account) => ({ accountId: account.id, accountName: account.name, entries: await listComments(db, productId, itemUid, account.id, 'staff') })),
  )
}
