import { parseForm } from '../../http/forms'
import { forbidden } from '../../errors'
import { changeIconSchema, ICON_MAX_BYTES, ICON_MESSAGES, ICON_SIZE_PX } from '../../../app/lib/schemas/icons'
import { IMAGE_CONTENT_TYPES, rasterDimensions, rasteriseSvg, sniffRaster } from '../../files/images'
import { createFile, fileStore, sha256Hex } from '../../files/store'
import { badRequest, failedRedirect, saveEdit, savedRedirect, type EditContext, type EditHandler } from './context'

const INTENT = 'card.icon'

/** An uploaded icon made ready to store, or why it cannot be. */
type PreparedIcon = { ok: true; bytes: Uint8Array; contentType: string; name: string } | { ok: false; message: string }

/** Judges the upload by its bytes: a 20 x 20 PNG or JPEG is kept as it is; an SVG is rendered to a 20 x 20 PNG. */
export async function prepareIcon(file: File): Promise<PreparedIcon> {
  if (file.size > ICON_MAX_BYTES) return { ok: false, message: ICON_MESSAGES.tooLarge }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffRaster(bytes)
  const base = iconFileName(file.name)
  // Anything but a PNG or JPEG may be an SVG: told, and rebuilt, in the inspection worker.
  if (!kind) {
    const png = await rasteriseSvg(bytes, ICON_SIZE_PX)
    if (!png) return { ok: false, message: ICON_MESSAGES.wrongType }
    return { ok: true, bytes: png, contentType: IMAGE_CONTENT_TYPES.png, name: `${base}.png` }
  }
  const size = rasterDimensions(bytes, kind)
  if (!size) return { ok: false, message: ICON_MESSAGES.wrongType }
  if (size.width !== ICON_SIZE_PX || size.height !== ICON_SIZE_PX) return { ok: false, message: ICON_MESSAGES.wrongSize }
  return { ok: true, bytes, contentType: IMAGE_CONTENT_TYPES[kind], name: `${base}.${kind === 'jpeg' ? 'jpg' : 'png'}` }
}

/** The uploaded name without its extension, path or control characters, for the Content-Disposition. */
function iconFileName(name: string) {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 100)
  return base || 'card-icon'
}

async function cardRow(edit: EditContext, kind: FormDataEntryValue | null) {
  if (typeof kind !== 'string') return undefined
  return edit.db.selectFrom('cards').select(['id', 'kind', 'icon_file_id']).where('product_id', '=', edit.product.id).where('kind', '=', kind).executeTakeFirst()
}

export const iconHandlers: Record<string, EditHandler> = {
  async [INTENT](edit, formData) {
    // Card icons are assets: editing the page is not enough.
    if (!edit.staff.permissions.includes('assets:edit')) throw forbidden("You don't have permission to change card icons")
    const card = await cardRow(edit, formData.get('kind'))
    const submission = parseForm(formData, changeIconSchema({ hasCustomIcon: Boolean(card?.icon_file_id) }))
    // The file itself is never sent back to the browser.
    const reply = (options: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
      badRequest({ intent: INTENT, result: submission.reply({ ...options, hideFields: ['icon'] }) })
    if (submission.status !== 'success') return reply()
    if (!card) return reply({ formErrors: ['This card does not exist.'] })
    const { kind, mode, icon } = submission.value

    if (mode === 'default') {
      if (!card.icon_file_id) return savedRedirect(edit, 'Card icon reset to default')
      try {
        await saveEdit(edit, { action: 'card.icon', target: kind, before: { iconFileId: card.icon_file_id }, after: { iconFileId: null } }, (trx) =>
          trx.updateTable('cards').set({ icon_file_id: null, updated_at: new Date() }).where('id', '=', card.id).execute(),
        )
      } catch (error) {
        console.error('Resetting a card icon failed', error)
        return failedRedirect(edit, 'Failed to change card icon')
      }
      return savedRedirect(edit, 'Card icon reset to default')
    }

    // Custom mode without a new file keeps the custom icon the card already has.
    if (!icon || icon.size === 0) return savedRedirect(edit, 'Card icon saved')
    const prepared = await prepareIcon(icon)
    if (!prepared.ok) return reply({ fieldErrors: { icon: [prepared.message] } })
    try {
      const sha256 = sha256Hex(prepared.bytes)
      await saveEdit(
        edit,
        { action: 'card.icon', target: kind, before: { iconFileId: card.icon_file_id }, after: { name: prepared.name, contentType: prepared.contentType, sha256 } },
        async (trx) => {
          const file = await createFile(trx, fileStore(edit.context.env), {
            orgId: edit.org.id,
            originalName: prepared.name,
            contentType: prepared.contentType,
            bytes: prepared.bytes,
            createdByName: edit.staff.name,
          })
          // The old icon's file row stays (its blob is shared by content); the card no longer points at it.
          await trx.updateTable('cards').set({ icon_file_id: file.id, updated_at: new Date() }).where('id', '=', card.id).execute()
        },
      )
    } catch (error) {
      console.error('Saving a card icon failed', error)
      return failedRedirect(edit, 'Failed to change card icon')
    }
    return savedRedirect(edit, 'Card icon saved')
  },
}
