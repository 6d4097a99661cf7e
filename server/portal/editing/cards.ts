import { parseForm } from '../../http/forms'
import { DEFAULT_CARD_TITLES } from '../../../app/lib/card-kinds'
import { cardVisibilitySchema, displayTextSchema, placeholderSchema, renameCardSchema } from '../../../app/lib/schemas/cards'
import { badRequest, documentAccessDenied, kindHasDocuments, mayChangeDocumentAccess, saveEdit, savedRedirect, type EditContext, type EditHandler } from './context'

async function cardRow(edit: EditContext, kind: string) {
  return edit.db
    .selectFrom('cards')
    .select(['id', 'kind', 'title', 'hidden', 'display_text', 'placeholder'])
    .where('product_id', '=', edit.product.id)
    .where('kind', '=', kind)
    .executeTakeFirst()
}

export const cardHandlers: Record<string, EditHandler> = {
  async 'card.visibility'(edit, formData) {
    const submission = parseForm(formData, cardVisibilitySchema)
    if (submission.status !== 'success') return badRequest({ intent: 'card.visibility', result: submission.reply() })
    const { kind, hidden } = submission.value
    const card = await cardRow(edit, kind)
    if (!card) return badRequest({ intent: 'card.visibility', result: submission.reply({ formErrors: ['This card does not exist.'] }) })
    // Showing a hidden card publishes its items' documents again.
    if (card.hidden && !hidden && !mayChangeDocumentAccess(edit) && (await kindHasDocuments(edit, kind))) return documentAccessDenied('card.visibility')
    await saveEdit(edit, { action: 'card.visibility', target: kind, before: { hidden: card.hidden }, after: { hidden } }, (trx) =>
      trx.updateTable('cards').set({ hidden, updated_at: new Date() }).where('id', '=', card.id).execute(),
    )
    return savedRedirect(edit, hidden ? 'Card hidden in Trust Center' : 'Card shown in Trust Center')
  },

  async 'card.displayText'(edit, formData) {
    const submission = parseForm(formData, displayTextSchema)
    if (submission.status !== 'success') return badRequest({ intent: 'card.displayText', result: submission.reply() })
    const { kind, displayText } = submission.value
    const card = await cardRow(edit, kind)
    if (!card) return badRequest({ intent: 'card.displayText', result: submission.reply({ formErrors: ['This card does not exist.'] }) })
    const next = displayText || null
    await saveEdit(edit, { action: 'card.displayText', target: kind, before: { displayText: card.display_text }, after: { displayText: next } }, (trx) =>
      trx.updateTable('cards').set({ display_text: next, updated_at: new Date() }).where('id', '=', card.id).execute(),
    )
    return savedRedirect(edit, 'Display text updated')
  },

  async 'card.placeholder'(edit, formData) {
    const submission = parseForm(formData, placeholderSchema)
    if (submission.status !== 'success') return badRequest({ intent: 'card.placeholder', result: submission.reply() })
    const { kind, placeholder } = submission.value
    const card = await cardRow(edit, kind)
    if (!card) return badRequest({ intent: 'card.placeholder', result: submission.reply({ formErrors: ['This card does not exist.'] }) })
    const next = placeholder || null
    await saveEdit(edit, { action: 'card.placeholder', target: kind, before: { placeholder: card.placeholder }, after: { placeholder: next } }, (trx) =>
      trx.updateTable('cards').set({ placeholder: next, updated_at: new Date() }).where('id', '=', card.id).execute(),
    )
    return savedRedirect(edit, 'Placeholder text updated')
  },

  async 'card.rename'(edit, formData) {
    const submission = parseForm(formData, renameCardSchema)
    if (submission.status !== 'success') return badRequest({ intent: 'card.rename', result: submission.reply() })
    const { kind, title } = submission.value
    const card = await cardRow(edit, kind)
    if (!card) return badRequest({ intent: 'card.rename', result: submission.reply({ formErrors: ['This card does not exist.'] }) })
    // The default title is stored as null, so a later change of defaults still reaches this card.
    const next = title === DEFAULT_CARD_TITLES[kind] ? null : title
    await saveEdit(edit, { action: 'card.rename', target: kind, before: { title: card.title }, after: { title: next } }, (trx) =>
      trx.updateTable('cards').set({ title: next, updated_at: new Date() }).where('id', '=', card.id).execute(),
    )
    return savedRedirect(edit, `Renamed the card to ${title}`)
  },
}
