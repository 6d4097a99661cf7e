import { randomBytes } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { DB } from '../../../db/types'
import { catalogueItem } from '../../../app/lib/catalogue/index'
import { CUSTOM_ITEM_KINDS, DEFAULT_CARD_TITLES, isCardKind, MOVE_EXCLUDED_KINDS, RENAME_EXCLUDED, type CardKind } from '../../../app/lib/card-kinds'
import { itemFieldName, readItemEdit, type ItemEdit } from '../../../app/lib/item-editor'
import type { ItemEditorView } from '../../../app/lib/portal-view'
import { SLUG_MESSAGES, slugFromTitle, validateSlug } from '../../../app/lib/slug'
import { applyDocumentLinks, DocumentLinkError } from '../../files/links'
import { loadPortalData } from '../queries'
import { editorItems } from '../editor-view'
import { withQuery } from '../../../app/lib/format'
import { redirect } from '../../reply'
import {
  badRequest,
  DOCUMENT_ACCESS_DENIED,
  documentAccessDenied,
  failedRedirect,
  mayChangeDocumentAccess,
  saveEdit,
  savedRedirect,
  type EditContext,
  type EditHandler,
} from './context'

const str = (formData: FormData, name: string) => {
  const value = formData.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

const errorResult = (intent: string, errors: Record<string, string[]>) => badRequest({ intent, result: { status: 'error' as const, error: errors } })

export const LINK_DOCUMENTS_DENIED = "You don't have permission to link or unlink documents"
export { DOCUMENT_ACCESS_DENIED } from './context'

async function cardItems(edit: EditContext, kind: CardKind) {
  const portal = await loadPortalData(edit.db, edit.org.id, { productId: edit.product.id })
  return portal ? { items: editorItems(portal, kind), card: portal.cards.find((card) => card.kind === kind) } : null
}

function changed(item: ItemEditorView, next: ItemEdit) {
  const before = {
    title: item.custom || item.title !== item.defaultTitle ? item.title : null,
    enabledState: item.enabledState,
    explanation: item.explanation || null,
    href: item.href || null,
    maturity: item.maturity || null,
    recurrence: item.recurrence || null,
    auditor: item.auditor || null,
    expiresOn: item.expiresOn || null,
    itemType: item.itemType || null,
    choice: item.choice || null,
    publicAccess: item.publicAccess,
    hidden: item.hidden,
    bridgeLetter: item.bridgeLetter,
    gradeEntries: item.gradeEntries,
    integration: item.integration,
    featured: item.featured,
    lockedSummary: item.lockedSummary || null,
    lockedType: item.lockedType || null,
    lockedDate: item.lockedDate || null,
  }
  const { uid: _uid, linkFileIds, unlinkFileIds, ...after } = next
  const differs = JSON.stringify(before) !== JSON.stringify(after) || linkFileIds.length > 0 || unlinkFileIds.length > 0
  return differs ? { before, after: { ...after, linkFileIds, unlinkFileIds } } : null
}

/** One item of this product by its uid, with the title a visitor reads. */
async function findItem(edit: EditContext, uid: string) {
  const row = await edit.db
    .selectFrom('items')
    .select(['id', 'uid', 'title', 'slug', 'custom', 'catalogue_uid', 'card_kind'])
    .where('product_id', '=', edit.product.id)
    .where('uid', '=', uid)
    .executeTakeFirst()
  return row ? { ...row, displayTitle: displayTitle(row) } : undefined
}

const displayTitle = (row: { title: string | null; catalogue_uid: string | null; uid: string }) => row.title ?? catalogueItem(row.catalogue_uid ?? '')?.title ?? row.uid

async function uniqueSlug(trx: Transaction<DB>, productId: string, base: string) {
  const taken = new Set((await trx.selectFrom('items').select('slug').where('product_id', '=', productId).where('slug', 'like', `${base}%`).execute()).map((row) => row.slug))
  if (!taken.has(base)) return base
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base.slice(0, 90)}-${suffix}`)) return `${base.slice(0, 90)}-${suffix}`
}

export const itemHandlers: Record<string, EditHandler> = {
  /** The Edit / Cancel / Save drawer: every item of one card in one transaction. */
  async 'items.save'(edit, formData) {
    const kind = str(formData, 'kind')
    if (!isCardKind(kind)) return errorResult('items.save', { '': ['Save error'] })
    const loaded = await cardItems(edit, kind)
    if (!loaded?.card) return errorResult('items.save', { '': ['Save error'] })
    const errors: Record<string, string[]> = {}
    const edits: { item: ItemEditorView; next: ItemEdit }[] = []
    for (const item of loaded.items) {
      if (!formData.has(itemFieldName(item.uid, 'present'))) continue
      const { edit: next, errors: itemErrors } = readItemEdit(formData, item)
      Object.assign(errors, itemErrors)
      edits.push({ item, next })
    }
    // Linking a document to an item, or changing who may see an item with documents, decides who gets
    // those files: it needs the permission to see them.
    if (!mayChangeDocumentAccess(edit)) {
      const linksDocuments = edits.some(({ next }) => next.linkFileIds.length > 0 || next.unlinkFileIds.length > 0)
      const movesDocuments = edits.some(
        ({ item, next }) => item.files.length > 0 && (next.publicAccess !== item.publicAccess || next.hidden !== item.hidden || next.enabledState !== item.enabledState),
      )
      const denied = linksDocuments ? LINK_DOCUMENTS_DENIED : movesDocuments ? DOCUMENT_ACCESS_DENIED : null
      if (denied) return documentAccessDenied('items.save', denied)
    }
    let cardTitle: string | null | undefined
    if (formData.has('cardTitle') && !RENAME_EXCLUDED.includes(kind)) {
      const title = str(formData, 'cardTitle')
      if (title && (title.length < 2 || title.length > 100)) errors.cardTitle = ['Title must be between 2 and 100 characters']
      cardTitle = !title || title === DEFAULT_CARD_TITLES[kind] ? null : title
    }
    if (Object.keys(errors).length) return errorResult('items.save', { '': ['Save error'], ...errors })

    const changes = edits.flatMap(({ item, next }) => {
      const difference = changed(item, next)
      return difference ? [{ item, next, ...difference }] : []
    })
    const renamed = cardTitle !== undefined && cardTitle !== loaded.card.title
    if (!changes.length && !renamed) return savedRedirect(edit, 'No changes to save')

    try {
      await saveEdit(
        edit,
        {
          action: 'items.save',
          target: kind,
          before: { items: Object.fromEntries(changes.map((change) => [change.item.uid, change.before])), ...(renamed ? { cardTitle: loaded.card.title } : {}) },
          after: { items: Object.fromEntries(changes.map((change) => [change.item.uid, change.after])), ...(renamed ? { cardTitle } : {}) },
        },
        async (trx) => {
          for (const { item, next } of changes) {
            const row = await trx
              .updateTable('items')
              .set({
                title: next.title,
                enabled_state: next.enabledState,
                explanation: next.explanation,
                href: next.href,
                maturity: next.maturity,
                recurrence: next.recurrence,
                auditor: next.auditor,
                expires_on: next.expiresOn,
                item_type: next.itemType,
                choice: next.choice,
                public_access: next.publicAccess,
                hidden: next.hidden,
                bridge_letter: next.bridgeLetter ? JSON.stringify(next.bridgeLetter) : null,
                list_entries: next.gradeEntries.length ? JSON.stringify(next.gradeEntries) : null,
                featured: next.featured,
                locked_summary: next.lockedSummary,
                locked_type: next.lockedType,
                locked_date: next.lockedDate,
                integrations: next.integration?.link ? JSON.stringify({ provider: next.integration.provider, link: next.integration.link }) : null,
                updated_at: new Date(),
                updated_by_name: edit.staff.name,
              })
              .where('product_id', '=', edit.product.id)
              .where('uid', '=', item.uid)
              .returning('id')
              .executeTakeFirstOrThrow()
            if (next.linkFileIds.length || next.unlinkFileIds.length) {
              await applyDocumentLinks(trx, { itemId: row.id, link: next.linkFileIds, unlink: next.unlinkFileIds })
            }
          }
          if (renamed)
            await trx
              .updateTable('cards')
              .set({ title: cardTitle ?? null, updated_at: new Date() })
              .where('id', '=', loaded.card!.id)
              .execute()
        },
      )
    } catch (error) {
      if (error instanceof DocumentLinkError) return errorResult('items.save', { '': ['Save error', error.message] })
      console.error('Saving items failed', error)
      return errorResult('items.save', { '': ['Save error'] })
    }
    return savedRedirect(edit, `Saved ${renamed && cardTitle ? cardTitle : loaded.card.title || DEFAULT_CARD_TITLES[kind]}`)
  },

  async 'item.add'(edit, formData) {
    const kind = str(formData, 'kind')
    const title = str(formData, 'title')
    if (!isCardKind(kind) || !CUSTOM_ITEM_KINDS.includes(kind)) return errorResult('item.add', { '': ['Custom items cannot be added to this card'] })
    if (title.length < 2) return errorResult('item.add', { title: ['Title must be at least 2 characters'] })
    if (title.length > 100) return errorResult('item.add', { title: ['Title must be at most 100 characters'] })
    const uid = `custom-${randomBytes(6).toString('hex')}`
    await saveEdit(edit, { action: 'item.add', target: uid, after: { kind, title } }, async (trx) => {
      await trx
        .insertInto('items')
        .values({
          product_id: edit.product.id,
          uid,
          card_kind: kind,
          custom: true,
          title,
          enabled_state: 'Enabled',
          slug: await uniqueSlug(trx, edit.product.id, slugFromTitle(title)),
          updated_by_name: edit.staff.name,
        })
        .execute()
    })
    return redirect(withQuery(edit.returnTo.split('?')[0], '', { card: kind, edit: 'true' }), { toast: `Added ${title}` })
  },

  async 'item.delete'(edit, formData) {
    const uid = str(formData, 'uid')
    const item = await findItem(edit, uid)
    if (!item || !item.custom) return badRequest({ intent: 'item.delete', deleteError: item?.displayTitle ?? uid })
    try {
      await saveEdit(edit, { action: 'item.delete', target: uid, before: { title: item.title, kind: item.card_kind } }, (trx) =>
        trx.deleteFrom('items').where('id', '=', item.id).execute(),
      )
    } catch (error) {
      console.error('Deleting a custom item failed', error)
      return badRequest({ intent: 'item.delete', deleteError: item.displayTitle })
    }
    return savedRedirect(edit, `Deleted ${item.displayTitle}`)
  },

  async 'item.move'(edit, formData) {
    const uid = str(formData, 'uid')
    const destination = str(formData, 'destination')
    const loaded = await findItem(edit, uid)
    if (!loaded || !isCardKind(destination) || destination === loaded.card_kind || MOVE_EXCLUDED_KINDS.includes(destination)) {
      return failedRedirect(edit, 'Failed to move item to another card')
    }
    const card = await edit.db.selectFrom('cards').select(['title']).where('product_id', '=', edit.product.id).where('kind', '=', destination).executeTakeFirst()
    if (!card) return failedRedirect(edit, 'Failed to move item to another card')
    // Another card may be shown where this one is hidden: its documents would go with it.
    if (!mayChangeDocumentAccess(edit)) {
      const linked = await edit.db.selectFrom('item_files').select('file_id').where('item_id', '=', loaded.id).executeTakeFirst()
      if (linked) return documentAccessDenied('item.move')
    }
    const title = loaded.displayTitle
    await saveEdit(edit, { action: 'item.move', target: uid, before: { kind: loaded.card_kind }, after: { kind: destination } }, (trx) =>
      trx.updateTable('items').set({ card_kind: destination, position: null, updated_at: new Date(), updated_by_name: edit.staff.name }).where('id', '=', loaded.id).execute(),
    )
    return savedRedirect(edit, `Successfully moved ${title} to ${card.title || DEFAULT_CARD_TITLES[destination]}`)
  },

  async 'item.slug'(edit, formData) {
    const uid = str(formData, 'uid')
    const slug = str(formData, 'slug')
    const item = await findItem(edit, uid)
    if (!item) return failedRedirect(edit, 'Failed to create custom URL')
    const problem = validateSlug(slug)
    if (problem) return errorResult('item.slug', { slug: [problem] })
    const holder = await edit.db
      .selectFrom('items')
      .select(['uid', 'title', 'catalogue_uid'])
      .where('product_id', '=', edit.product.id)
      .where('slug', '=', slug)
      .where('uid', '!=', uid)
      .executeTakeFirst()
    if (holder) return errorResult('item.slug', { slug: [SLUG_MESSAGES.taken(displayTitle(holder))] })
    const title = item.displayTitle
    try {
      await saveEdit(edit, { action: 'item.slug', target: uid, before: { slug: item.slug }, after: { slug } }, (trx) =>
        trx.updateTable('items').set({ slug }).where('id', '=', item.id).execute(),
      )
    } catch {
      return failedRedirect(edit, 'Failed to create custom URL')
    }
    return savedRedirect(edit, `Successfully created custom URL for ${title}`)
  },
}
