import { addTprmPartnerSchema, removeTprmPartnerSchema } from '../../app/lib/schemas/tprm'
import type { StaffMember } from '../auth/staff-session'
import type { LoadContext } from '../context'
import { notFound } from '../errors'
import { parseForm } from '../http/forms'
import { redirect, reply } from '../reply'
import { addTprmPartner, removeTprmPartner } from './partners'

// The "TPRM partners" section of /settings: its two intents, answered as the page's other sections are.

/** Adds or removes a partner: 400 with the form's messages, 404 for a partner no longer listed, else back with a toast. */
export async function submitTprmPartner(context: LoadContext, staff: StaffMember, formData: FormData) {
  if (formData.get('intent') === 'tprm-partner-remove') {
    const submission = parseForm(formData, removeTprmPartnerSchema)
    if (submission.status !== 'success') return reply({ intent: 'tprm-partners' as const, result: submission.reply() }, { status: 400 })
    if (!(await removeTprmPartner(context.db, staff, submission.value.partnerId))) throw notFound('This tool is no longer listed.')
    context.pageCache?.invalidate()
    return redirect('/settings/integrations', { toast: 'TPRM partner removed' })
  }
  const submission = parseForm(formData, addTprmPartnerSchema)
  if (submission.status !== 'success') return reply({ intent: 'tprm-partners' as const, result: submission.reply() }, { status: 400 })
  const saved = await addTprmPartner(context.db, staff, submission.value)
  if (!saved.ok) return reply({ intent: 'tprm-partners' as const, result: submission.reply({ fieldErrors: { [saved.field]: [saved.message] } }) }, { status: 400 })
  context.pageCache?.invalidate()
  return redirect('/settings/integrations', { toast: 'TPRM partner added' })
}
