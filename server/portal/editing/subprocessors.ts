import { parseForm } from '../../http/forms'
import type { Selectable } from 'kysely'
import type { Subprocessors } from '../../../db/types'
import { addSubprocessorSchema, deleteSubprocessorSchema, editSubprocessorSchema, SUBPROCESSOR_NOT_FOUND } from '../../../app/lib/schemas/subprocessors'
import { badRequest, saveEdit, savedRedirect, type EditContext, type EditHandler } from './context'
import { companyLogoHandlers, dropUnusedLogo, logoAudit, storeCompanyLogo, uploadedCompanyLogo } from './company-logos'

type SubprocessorRow = Selectable<Subprocessors>

/** A subprocessor of the product being edited; another product's id is as good as unknown. */
function subprocessorRow(edit: EditContext, id: string) {
  return edit.db.selectFrom('subprocessors').selectAll().where('id', '=', id).where('product_id', '=', edit.product.id).executeTakeFirst()
}

/** What the audit log keeps of a row: the fields staff can change. */
function auditShape(row: Pick<SubprocessorRow, 'company_name' | 'company_domain' | 'logo_url' | 'purpose' | 'location' | 'additional_details'>) {
  return {
    company: row.company_name,
    domain: row.company_domain,
    logoUrl: row.logo_url,
    purpose: row.purpose,
    location: row.location,
    additionalDetails: row.additional_details,
  }
}

export const subprocessorHandlers: Record<string, EditHandler> = {
  ...companyLogoHandlers({
    prefix: 'subprocessor',
    table: 'subprocessors',
    notFound: SUBPROCESSOR_NOT_FOUND,
    row: (edit, id) =>
      edit.db.selectFrom('subprocessors').select(['id', 'company_name as name', 'logo_file_id']).where('id', '=', id).where('product_id', '=', edit.product.id).executeTakeFirst(),
  }),

  async 'subprocessor.add'(edit, formData) {
    const submission = parseForm(formData, addSubprocessorSchema)
    if (submission.status !== 'success') return badRequest({ intent: 'subprocessor.add', result: submission.reply() })
    const { company, purpose, location, additionalDetails } = submission.value
    const logo = await uploadedCompanyLogo(formData)
    if (!logo.ok) return badRequest({ intent: 'subprocessor.add', result: submission.reply({ fieldErrors: { logo: [logo.message] } }) })
    const values = {
      company_name: company.name,
      company_domain: company.domain,
      logo_url: company.logoUrl,
      purpose: purpose || null,
      location: location || null,
      additional_details: additionalDetails || null,
    }
    await saveEdit(
      edit,
      { action: 'subprocessor.add', target: company.name, after: { source: company.source, ...auditShape(values), ...logoAudit(logo.picture) } },
      async (trx) => {
        // New subprocessors go to the end of the table.
        const last = await trx
          .selectFrom('subprocessors')
          .select((eb) => eb.fn.max('position').as('position'))
          .where('product_id', '=', edit.product.id)
          .executeTakeFirst()
        const position = last?.position == null ? 0 : Number(last.position) + 1
        const logoFileId = logo.picture ? await storeCompanyLogo(trx, edit, logo.picture) : null
        await trx
          .insertInto('subprocessors')
          .values({ ...values, logo_file_id: logoFileId, product_id: edit.product.id, position })
          .execute()
      },
    )
    return savedRedirect(edit, `Added ${company.name} as a subprocessor`)
  },

  async 'subprocessor.edit'(edit, formData) {
    const submission = parseForm(formData, editSubprocessorSchema)
    if (submission.status !== 'success') return badRequest({ intent: 'subprocessor.edit', result: submission.reply() })
    const { id, company, purpose, location, additionalDetails } = submission.value
    const row = await subprocessorRow(edit, id)
    if (!row) return badRequest({ intent: 'subprocessor.edit', result: submission.reply({ formErrors: [SUBPROCESSOR_NOT_FOUND] }) })
    const logo = await uploadedCompanyLogo(formData)
    if (!logo.ok) return badRequest({ intent: 'subprocessor.edit', result: submission.reply({ fieldErrors: { logo: [logo.message] } }) })
    // An unchanged custom name keeps the domain and logo the row already had.
    const unchanged = company.source === 'Custom' && company.name === row.company_name
    const values = {
      company_name: company.name,
      company_domain: unchanged ? row.company_domain : company.domain,
      logo_url: unchanged ? row.logo_url : company.logoUrl,
      purpose: purpose || null,
      location: location || null,
      additional_details: additionalDetails || null,
    }
    await saveEdit(
      edit,
      { action: 'subprocessor.edit', target: company.name, before: auditShape(row), after: { ...auditShape(values), ...logoAudit(logo.picture) } },
      async (trx) => {
        // A new upload replaces the logo; a renamed company keeps no logo uploaded for its old name.
        const logoFileId = logo.picture ? await storeCompanyLogo(trx, edit, logo.picture) : company.name === row.company_name ? row.logo_file_id : null
        await trx
          .updateTable('subprocessors')
          .set({ ...values, logo_file_id: logoFileId })
          .where('id', '=', row.id)
          .execute()
        if (logoFileId !== row.logo_file_id) await dropUnusedLogo(trx, edit.org.id, row.logo_file_id)
      },
    )
    return savedRedirect(edit, `Updated ${company.name}`)
  },

  async 'subprocessor.delete'(edit, formData) {
    const submission = parseForm(formData, deleteSubprocessorSchema())
    if (submission.status !== 'success') return badRequest({ intent: 'subprocessor.delete', result: submission.reply() })
    const row = await subprocessorRow(edit, submission.value.id)
    if (!row) return badRequest({ intent: 'subprocessor.delete', result: submission.reply({ formErrors: [SUBPROCESSOR_NOT_FOUND] }) })
    // The typed name must be the company's, case-sensitive once trimmed.
    const confirmed = parseForm(formData, deleteSubprocessorSchema(row.company_name))
    if (confirmed.status !== 'success') return badRequest({ intent: 'subprocessor.delete', result: confirmed.reply() })
    await saveEdit(edit, { action: 'subprocessor.delete', target: row.company_name, before: auditShape(row) }, async (trx) => {
      await trx.deleteFrom('subprocessors').where('id', '=', row.id).execute()
      await dropUnusedLogo(trx, edit.org.id, row.logo_file_id)
    })
    return savedRedirect(edit, `Deleted ${row.company_name}`)
  },
}
