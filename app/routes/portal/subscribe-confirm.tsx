import { data, Form } from 'react-router'
import type { Route } from './+types/subscribe-confirm'
import { resolvePortalOrg } from '@server/portal/resolve'
import { confirmationState, confirmSubscription } from '@server/subscriptions/subscribe'
import { readForm } from '@server/http/forms'
import { redirectTo } from '@server/http/redirect'
import { AuthLayout } from '~/components/auth-layout'

// Double opt-in (PRODUCT.md section 4): opening the e-mailed link changes nothing, since mail scanners
// fetch every link; its button confirms by POST and lands on the portal with `subscribeStatus`.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const state = await confirmationState(context.db, org, params.token)
  const home = org.basePath || '/'
  // An expired or unknown link goes straight to the portal's own "Subscription failed" dialog.
  if (state !== 'valid') throw redirectTo(`${home}?subscribeStatus=token-invalid`)
  return data({ orgName: org.name }, { headers: { 'Referrer-Policy': 'no-referrer' } })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await readForm(request)
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const status = await confirmSubscription(context.db, org, params.token)
  return redirectTo(`${org.basePath || '/'}?subscribeStatus=${status}`)
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Confirm your subscription to ${loaderData.orgName}'s updates` : 'Confirm your subscription' }, { name: 'robots', content: 'noindex' }]
}

export default function SubscribeConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <AuthLayout title={`Confirm your subscription to ${loaderData.orgName}'s updates`}>
      <Form method="post" className="form">
        <p className="auth__lead">Confirm to receive {loaderData.orgName}'s trust updates by e-mail. You may unsubscribe at any time.</p>
        <button type="submit" className="button button--primary button--block">
          Confirm subscription
        </button>
      </Form>
    </AuthLayout>
  )
}
