import { requireStaff } from '../../auth/require'
import type { LoadContext } from '../../context'
import { badRequest, forbidden, notFound } from '../../errors'
import { resolvePortalOrg } from '../resolve'
import type { EditContext, EditHandler } from './context'
import { cardHandlers } from './cards'
import { iconHandlers } from './icons'
import { itemHandlers } from './items'
import { reorderHandlers } from './reorder'
import { subprocessorHandlers } from './subprocessors'
import { trustedByHandlers } from './trusted-by'
import { readForm } from '../../http/forms'
import { safeRedirectPath } from '../../redirect-path'

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

export async function handlePortalEdit(request: Request, context: LoadContext, params: { orgSlug?: string; productSlug?: string }, form?: FormData) {
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const staff = await requireStaff(request, context, 'statuspage:edit')
  if (staff.orgId !== org.id) throw forbidden("You don't have access to this page")
  const formData = form ?? (await readForm(request))
  const intent = formData.get('intent')
  const handler = typeof intent === 'string' ? HANDLERS[intent] : undefined
  if (!handler) throw badRequest('Unknown intent')

  const product = await context.db
    .selectFrom('products')
    .select(['id', 'slug', 'name'])
    .where('org_id', '=', org.id)
    .$call((query) => (params.productSlug ? query.where('slug', '=', params.productSlug) : query.where('is_default', '=', true)))
    .executeTakeFirst()
  if (!product) throw notFound('This product does not exist.')

  const url = new URL(request.url)
  const edit: EditContext = { db: context.db, context, request, staff, org, product, returnTo: returnPath(formData.get('returnTo'), url) }
  return handler(edit, formData)
}

const DIALOG_PARAMS = ['dialog', 'edit']

/** The page to come back to: a path on this site only, with the dialog that posted closed. */
function returnPath(value: FormDataEntryValue | null, url: URL) {
  const target = new URL(safeRedirectPath(value, url.pathname), url.origin)
  for (const name of DIALOG_PARAMS) target.searchParams.delete(name)
  return safeRedirectPath(target.pathname + target.search, url.pathname)
}
