import { addDomainSchema, domainActionSchema } from '../../app/lib/schemas/domains'
import type { StaffMember } from '../auth/staff-session'
import type { LoadContext } from '../context'
import { badRequest, notFound } from '../errors'
import { parseForm } from '../http/forms'
import { reply, redirect } from '../reply'
import { addDomain, checkDomain, listDomains, removeDomain, setPrimaryDomain } from './domains'

// /settings/domains: what the page shows, and its intents (add, check, primary, primary-off, remove), each
// answered as the other settings pages answer theirs: a 400 with the form's messages, or back with a toast.

const PAGE = '/settings/domains'

export async function loadDomainsPage(context: LoadContext, staff: StaffMember) {
  return { domains: await listDomains(context.db, staff.orgId), deploymentHost: new URL(context.env.APP_URL).hostname }
}

export async function submitDomains(context: LoadContext, staff: StaffMember, formData: FormData) {
  const intent = formData.get('intent')
  if (intent === 'add') {
    const submission = parseForm(formData, addDomainSchema)
    if (submission.status !== 'success') return reply({ result: submission.reply() }, { status: 400 })
    const added = await addDomain(context.db, context.env, staff, submission.value.host)
    if (!added.ok) return reply({ result: submission.reply({ fieldErrors: { host: [added.message] } }) }, { status: 400 })
    return redirect(`${PAGE}#domain-${submission.value.host}`, { toast: `${submission.value.host} added: create its TXT record` })
  }
  const submission = parseForm(formData, domainActionSchema)
  if (submission.status !== 'success') throw badRequest('This form could not be read.')
  const { host } = submission.value
  const gone = () => notFound('This domain is no longer listed.')
  switch (submission.value.intent) {
    case 'check': {
      const outcome = await checkDomain(context.db, context.env, staff.orgId, host, staff)
      if (!outcome) throw gone()
      return redirect(`${PAGE}#domain-${host}`, { toast: outcome.status === 'verified' ? `${host} is verified` : `${host} could not be verified yet` })
    }
    case 'primary':
    case 'primary-off': {
      const outcome = await setPrimaryDomain(context.db, staff, host, submission.value.intent === 'primary')
      if (!outcome) throw gone()
      if (!outcome.ok) throw badRequest(outcome.message)
      context.pageCache?.invalidate()
      return redirect(PAGE, { toast: submission.value.intent === 'primary' ? `${host} is now the primary domain` : `${host} is no longer the primary domain` })
    }
    case 'remove': {
      if (!(await removeDomain(context.db, staff, host))) throw gone()
      context.pageCache?.invalidate()
      return redirect(PAGE, { toast: `${host} removed` })
    }
  }
}
