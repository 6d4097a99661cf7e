import type { Transaction } from 'kysely'
import type { DB } from '../../../db/types'
import { createFile, fileStore } from '../../files/store'
import { prepareCompanyLogo, type PreparedPicture } from '../../products/pictures'
import { parseForm } from '../../http/forms'
import { changeCompanyLogoSchema, COMPANY_LOGO_MESSAGES, removeCompanyLogoSchema } from '../../../app/lib/schemas/company-logo'
import { badRequest, saveEdit, savedRedirect, type EditContext, type EditHandler } from './context'

// A logo staff upload with a company they add to the Trusted-by card or the subprocessors (issue 23 item 7):
// the form's optional `logo` file, checked by its bytes before the save, stored inside it; and the forms that
// change or remove the logo of a company already listed.

export type UploadedLogo = { ok: true; picture: PreparedPicture | null } | { ok: false; message: string }

/** The form's logo, ready to store; null when none was chosen (an empty file input). */
export async function uploadedCompanyLogo(formData: FormData): Promise<UploadedLogo> {
  const file = formData.get('logo')
  if (!(file instanceof File) || file.size === 0) return { ok: true, picture: null }
  const prepared = await prepareCompanyLogo(file)
  return prepared.ok ? { ok: true, picture: prepared.picture } : prepared
}

/** Stores the logo as a file of the org (in the save's transaction): its id for the company's row. */
export async function storeCompanyLogo(trx: Transaction<DB>, edit: EditContext, picture: PreparedPicture) {
  const file = await createFile(trx, fileStore(edit.context.env), {
    orgId: edit.org.id,
    originalName: picture.name,
    contentType: picture.contentType,
    bytes: picture.bytes,
    createdByName: edit.staff.name,
  })
  return file.id
}

/** What the audit log keeps of an uploaded logo. */
export const logoAudit = (picture: PreparedPicture | null) => (picture ? { uploadedLogo: { name: picture.name, contentType: picture.contentType, sha256: picture.sha256 } } : {})

/** A company table whose rows carry an uploaded logo, with what the logo forms need to know of it. */
interface LogoOwner {
  /** The intents' prefix: `{prefix}.logo` changes a row's logo, `{prefix}.logoRemove` removes it. */
  prefix: 'trustedBy' | 'subprocessor'
  table: 'trusted_by_companies' | 'subprocessors'
  notFound: string
  /** The row of the product being edited (another product's is as good as unknown), with its name. */
  row: (edit: EditContext, id: string) => Promise<{ id: string; name: string; logo_file_id: string | null } | undefined>
}

/** A logo file no company, product or org shows any more is removed (its blob stays: the store shares blobs by content). */
export async function dropUnusedLogo(trx: Transaction<DB>, orgId: string, fileId: string | null) {
  if (!fileId) return
  const used = await trx
    .selectFrom('trusted_by_companies')
    .select('id')
    .where('logo_file_id', '=', fileId)
    .unionAll((eb) => eb.selectFrom('subprocessors').select('id').where('logo_file_id', '=', fileId))
    .unionAll((eb) => eb.selectFrom('products').select('id').where('banner_file_id', '=', fileId))
    .unionAll((eb) =>
      eb
        .selectFrom('orgs')
        .select('id')
        .where((or) => or.or([or('logo_file_id', '=', fileId), or('favicon_file_id', '=', fileId)])),
    )
    .executeTakeFirst()
  if (!used) await trx.deleteFrom('files').where('id', '=', fileId).where('org_id', '=', orgId).execute()
}

/**
 * "Change logo" and "Remove logo" of a company already listed (decision 040): one form each, no JavaScript
 * needed, audited, the product's revision bumped (saveEdit). The replaced or removed file goes with it, so its
 * picture address answers 404 from then on.
 */
export function companyLogoHandlers(owner: LogoOwner): Record<string, EditHandler> {
  const change = `${owner.prefix}.logo`
  const remove = `${owner.prefix}.logoRemove`
  return {
    async [change](edit, formData) {
      const submission = parseForm(formData, changeCompanyLogoSchema(change, owner.notFound))
      const refuse = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) =>
        badRequest({ intent: change, id: String(formData.get('id') ?? ''), result: submission.reply(errors) })
      if (submission.status !== 'success') return refuse({})
      const row = await owner.row(edit, submission.value.id)
      if (!row) return refuse({ formErrors: [owner.notFound] })
      const logo = await uploadedCompanyLogo(formData)
      if (!logo.ok) return refuse({ fieldErrors: { logo: [logo.message] } })
      const picture = logo.picture
      if (!picture) return refuse({ fieldErrors: { logo: [COMPANY_LOGO_MESSAGES.required] } })
      await saveEdit(edit, { action: change, target: row.name, before: { logoFileId: row.logo_file_id }, after: logoAudit(picture) }, async (trx) => {
        const fileId = await storeCompanyLogo(trx, edit, picture)
        await trx.updateTable(owner.table).set({ logo_file_id: fileId }).where('id', '=', row.id).execute()
        await dropUnusedLogo(trx, edit.org.id, row.logo_file_id)
      })
      return savedRedirect(edit, `Changed the logo of ${row.name}`)
    },

    async [remove](edit, formData) {
      const submission = parseForm(formData, removeCompanyLogoSchema(remove, owner.notFound))
      if (submission.status !== 'success') return badRequest({ intent: remove, result: submission.reply({ formErrors: [owner.notFound] }) })
      const row = await owner.row(edit, submission.value.id)
      if (!row) return badRequest({ intent: remove, result: submission.reply({ formErrors: [owner.notFound] }) })
      // Nothing uploaded: nothing to remove, nothing written.
      if (!row.logo_file_id) return savedRedirect(edit, `${row.name} has no uploaded logo`)
      await saveEdit(edit, { action: remove, target: row.name, before: { logoFileId: row.logo_file_id } }, async (trx) => {
        await trx.updateTable(owner.table).set({ logo_file_id: null }).where('id', '=', row.id).execute()
        await dropUnusedLogo(trx, edit.org.id, row.logo_file_id)
      })
      return savedRedirect(edit, `Removed the logo of ${row.name}`)
    },
  }
}
