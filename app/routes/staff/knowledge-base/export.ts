import { data, type LoaderFunctionArgs } from 'react-router'
import { requireStaff } from '@server/auth/require'
import { faqsCsvDownload } from '@server/faqs/csv'
import { respond } from '@server/http/responses'
import { knowledgeBaseProducts } from '@server/faqs/manage'

// A product's knowledge base as a CSV download (/knowledge-base/export.csv?product=...; the default
// product without it): a resource route, since React Router renders a page route's document request as HTML.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, 'knowledge-base')
  const slug = new URL(request.url).searchParams.get('product')?.slice(0, 100) ?? null
  const { product } = await knowledgeBaseProducts(context.db, staff.orgId, slug)
  if (!product) throw data('This product does not exist.', { status: 404 })
  return respond(faqsCsvDownload(context.db, product), context.env)
}
