import type { Transaction } from 'kysely'
import type { DB } from '../../../db/types'
import { createFile, fileStore } from '../../files/store'
import { prepareCompanyLogo, type PreparedPicture } from '../../products/pictures'
import type { EditContext } from './context'

// A logo staff upload with a company they add to the Trusted-by card or the subprocessors (issue 23 item 7):
// the form's optional `logo` file, checked by its bytes before the save, stored inside it.

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
