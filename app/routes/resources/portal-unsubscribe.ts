import type { Route } from './+types/portal-unsubscribe'
import { resolvePortalOrg } from '@server/portal/resolve'
import { unsubscribe } from '@server/subscriptions/subscribe'
import { readForm } from '@server/http/forms'
import { redirectTo } from '@server/http/redirect'
import { withQuery } from '~/lib/format'

// RFC 8058 one-click unsubscribe: the mail provider POSTs `List-Unsubscribe=One-Click` to the URL of the
// List-Unsubscribe header (token in its query), with no cookie and no Origin; the answer is 200 and no
// redirect. The signed token is the only credential (server/subscriptions/tokens.ts).
const plain = (status: number, text: string) => new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function action({ request, params, context }: Route.ActionArgs) {
  // RFC 8058 senders post `List-Unsubscribe=One-Click`; one that posts no body at all is answered too.
  const form = request.headers.get('content-type') ? await readForm(request) : new FormData()
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const token = new URL(request.url).searchParams.get('token') ?? form.get('token')
  if (!(await unsubscribe(context.db, context.env, org, token))) return plain(400, 'This unsubscribe link is not valid.')
  return plain(200, 'You have been unsubscribed.')
}

/** The same URL opened in a browser: the portal's unsubscribe dialog, which asks before it acts. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return redirectTo(withQuery(org.basePath || '/', '', { unsubscribeToken: token.slice(0, 1024) }))
}
