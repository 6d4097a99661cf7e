import type { LoaderFunctionArgs } from 'react-router'
import { requireStaff } from '@server/auth/require'
import { respond } from '@server/http/responses'
import { subscribersCsvDownload } from '@server/subscriptions/staff'
import { subscriberFilters } from '~/lib/schemas/subscribers'

// The subscribers CSV as a download (/subscribers/export.csv, with the list's q and status): a resource
// route, since React Router renders a page route's document request as HTML whatever its loader returns.
// The page sends /subscribers?export=csv here.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, 'subscribers')
  return respond(subscribersCsvDownload(context.db, staff.orgId, subscriberFilters(new URL(request.url).searchParams)), context.env)
}
