import type { Route } from './+types/getting-started'
import { requireStaff } from '@server/auth/require'
import { readForm } from '@server/http/forms'
import { redirectTo } from '@server/http/redirect'
import { dismissGettingStarted } from '@server/orgs/getting-started'

// The "Getting started" checklist's Dismiss button (issue 23): a form post from the portal in Main mode,
// back to the page it came from. The address has no page: a GET goes to the settings.
export function loader() {
  return redirectTo('/settings')
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'settings')
  const formData = await readForm(request)
  await dismissGettingStarted(context.db, staff, request, context.clientAddress)
  return redirectTo(formData.get('redirectTo'), { fallback: '/' })
}
