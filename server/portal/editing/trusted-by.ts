import { parseForm } from '../../http/forms'
import { isPermutationOf } from '../../../app/lib/reorder'
import {
  addTrustedBySchema,
  removeTrustedBySchema,
  sameCompanyName,
  TRUSTED_BY_DUPLICATE,
  TRUSTED_BY_NOT_FOUND,
  TRUSTED_BY_ORDER_FAILED,
  trustedByOrderSchema,
} from '../../../app/lib/schemas/trusted-by'
import { badRequest, saveEdit, savedRedirect, type EditContext, type EditHandler } from './context'
import { companyLogoHandlers, dropUnusedLogo, logoAudit, storeCompanyLogo, uploadedCompanyLogo } from './company-logos'

// Staff add, remove and re-order the companies of the Trusted-by card (cards-and-items: Trusted-by
// card and company). The card's other actions (hide, display text, icon) live in cards.ts and icons.ts.

/** Thrown inside the save so the duplicate check and the insert see the same list. */
class DuplicateCompany extends Error {}

/** The product's companies in the order the card shows them. */
function listedCompanies(edit: EditContext) {
  return edit.db.selectFrom('trusted_by_companies').select(['id', 'name']).where('product_id', '=', edit.product.id).orderBy('position').orderBy('name').execute()
}

export const trustedByHandlers: Record<string, EditHandler> = {
  ...companyLogoHandlers({
    prefix: 'trustedBy',
    table: 'trusted_by_companies',
    notFound: TRUSTED_BY_NOT_FOUND,
    row: (edit, id) =>
      edit.db.selectFrom('trusted_by_companies').select(['id', 'name', 'logo_file_id']).where('id', '=', id).where('product_id', '=', edit.product.id).executeTakeFirst(),
  }),

  async 'trustedBy.add'(edit, formData) {
    const submission = parseForm(formData, addTrustedBySchema())
    if (submission.status !== 'success') return badRequest({ intent: 'trustedBy.add', result: submission.reply() })
    const company = submission.value
    const logo = await uploadedCompanyLogo(formData)
    if (!logo.ok) return badRequest({ intent: 'trustedBy.add', result: submission.reply({ fieldErrors: { logo: [logo.message] } }) })
    const values = { source: company.source, name: company.name, domain: company.domain, logo_url: company.logoUrl, company_id: company.id }
    try {
      await saveEdit(edit, { action: 'trustedBy.add', target: company.name, after: { ...values, ...logoAudit(logo.picture) } }, async (trx) => {
        // Locking the product row makes two adds of the same name wait for each other.
        await trx.selectFrom('products').select('id').where('id', '=', edit.product.id).forUpdate().execute()
        const rows = await trx.selectFrom('trusted_by_companies').select(['name', 'position']).where('product_id', '=', edit.product.id).execute()
        if (rows.some((row) => sameCompanyName(row.name, company.name))) throw new DuplicateCompany()
        // New companies go to the end of the card.
        const position = rows.reduce((last, row) => Math.max(last, row.position + 1), 0)
        const logoFileId = logo.picture ? await storeCompanyLogo(trx, edit, logo.picture) : null
        await trx
          .insertInto('trusted_by_companies')
          .values({ ...values, logo_file_id: logoFileId, product_id: edit.product.id, position })
          .execute()
      })
    } catch (error) {
      if (error instanceof DuplicateCompany) return badRequest({ intent: 'trustedBy.add', result: submission.reply({ fieldErrors: { companyName: [TRUSTED_BY_DUPLICATE] } }) })
      throw error
    }
    return savedRedirect(edit, `Added ${company.name}`)
  },

  async 'trustedBy.remove'(edit, formData) {
    const submission = parseForm(formData, removeTrustedBySchema)
    if (submission.status !== 'success') return badRequest({ intent: 'trustedBy.remove', result: submission.reply({ formErrors: [TRUSTED_BY_NOT_FOUND] }) })
    // Another product's company is as good as unknown.
    const row = await edit.db.selectFrom('trusted_by_companies').selectAll().where('id', '=', submission.value.id).where('product_id', '=', edit.product.id).executeTakeFirst()
    if (!row) return badRequest({ intent: 'trustedBy.remove', result: submission.reply({ formErrors: [TRUSTED_BY_NOT_FOUND] }) })
    const before = { source: row.source, name: row.name, domain: row.domain, logo_url: row.logo_url, company_id: row.company_id }
    await saveEdit(edit, { action: 'trustedBy.remove', target: row.name, before }, async (trx) => {
      await trx.deleteFrom('trusted_by_companies').where('id', '=', row.id).execute()
      await dropUnusedLogo(trx, edit.org.id, row.logo_file_id)
    })
    return savedRedirect(edit, `Removed ${row.name}`)
  },

  async 'trustedBy.order'(edit, formData) {
    const submission = parseForm(formData, trustedByOrderSchema)
    if (submission.status !== 'success') return badRequest({ intent: 'trustedBy.order', result: submission.reply({ formErrors: [TRUSTED_BY_ORDER_FAILED] }) })
    const rows = await listedCompanies(edit)
    const before = rows.map((row) => row.id)
    const { order } = submission.value
    // The whole list, each company once: a company added or removed since the dialog opened fails.
    if (!isPermutationOf(order, before)) return badRequest({ intent: 'trustedBy.order', result: submission.reply({ formErrors: [TRUSTED_BY_ORDER_FAILED] }) })
    const nameOf = new Map(rows.map((row) => [row.id, row.name]))
    await saveEdit(
      edit,
      { action: 'trustedBy.order', target: edit.product.slug, before: { order: before.map((id) => nameOf.get(id)) }, after: { order: order.map((id) => nameOf.get(id)) } },
      async (trx) => {
        for (const [position, id] of order.entries()) {
          await trx.updateTable('trusted_by_companies').set({ position }).where('id', '=', id).where('product_id', '=', edit.product.id).execute()
        }
      },
    )
    return savedRedirect(edit, 'Updated the order of companies')
  },
}
