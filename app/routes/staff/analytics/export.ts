import type { LoaderFunctionArgs } from 'react-router'
import { documentFetchesCsvDownload } from '@server/analytics/documents'
import { requireStaff } from '@server/auth/require'
import { respond } from '@server/http/responses'
import { analyticsPeriod } from '~/lib/analytics'

// Every counted view and download of the period as a CSV download (/analytics/export.csv, ?period=all for
// all time): a resource route, since React Router renders a page route's document request as HTML.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, 'analytics')
  return respond(documentFetchesCsvDownload(context.db, staff.orgId, analyticsPeriod(new URL(request.url).searchParams)), context.env)
}
