import { data, type AppLoadContext } from 'react-router'
import { requireStaff } from '../../auth/require'
import { resolvePortalOrg } from '../resolve'
import type { EditContext, EditHandler } from './context'
import { cardHandlers } from './cards'
import { iconHandlers } from './icons'
import { itemHandlers } from './items'
import { reorderHandlers } from './reorder'
import { subprocessorHandlers } from './subprocessors'
import { trustedByHandlers } from './trusted-by'
import { readForm } from '../../http/forms'

// Every in-place edit of the portal posts here with an intent; each module owns its intents.
const HANDLERS: Record<string, EditHandler> = {
  ...cardHandlers,
  ...itemHandlers,
  ...reorderHandlers,
  ...subprocessorHandlers,
  ...iconHandlers,
  ...trustedByHandlers,
}

/** Every in-place edit intent, for the permission tests. */
export const EDIT_INTENTS = Object.keys(HANDLERS)

export async function handlePortalEdit(request: Request, context: AppLoadContext, params: { orgSlug?: string; productSlug?: string }) {
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const staff = await requireStaff(request, context, 'statuspage:edit')
  if (staff.orgId !== org.id) throw data("You don't have access to this page", { status: 403 })
  const formData = await readForm(request)
  const intent = formData.get('intent')
  const handler = typeof intent === 'string' ? HANDLERS[intent] : undefined
  if (!handler) throw data('Unknown intent', { status: 400 })

  const product = await context.db
    .selectFrom('products')
    .select(['id', 'slug', 'name'])
    .where('org_id', '=', org.id)
    .$call((query) => (params.productSlug ? query.where('slug', '=', params.productSlug) : query.where('is_default', '=', true)))
    .executeTakeFirst()
  if (!product) throw data('This product does not exist.', { status: 404 })

  const url = new URL(request.url)
  const edit: EditContext = { db: context.db, context, request, staff, org, product, returnTo: returnPath(formData.get('returnTo'), url) }
  return handler(edit, formData)
}

const DIALOG_PARAMS = ['dialog', 'edit']

/** The page to come back to: a path on this host only, with the dialog that posted closed. */
function returnPath(value: FormDataEntryValue | null, url: URL) {
  const raw = typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : url.pathname
  const target = new URL(raw, url.origin)
  for (const name of DIALOG_PARAMS) target.searchParams.delete(name)
  return target.pathname + target.search
}
