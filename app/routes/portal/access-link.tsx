import { data, Form } from 'react-router'
import type { Route } from './+types/access-link'
import { resolvePortalOrg } from '@server/portal/resolve'
import { consumeLoginLink, loginLinkState } from '@server/visitors/login-links'
import { createVisitorSession } from '@server/visitors/sessions'
import { accountContext } from '@server/access/viewer'
import { recordAudit } from '@server/audit/record'
import { readForm } from '@server/http/forms'
import { redirectTo, redirectWithToast } from '@server/http/redirect'
import { AuthLayout } from '~/components/auth-layout'
import { NDA_REMINDER } from '~/lib/portal-view'

// Opening a login link changes nothing, since mail scanners fetch every link: the page's Continue
// button POSTs to consume it (PRODUCT.md section 3).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const state = await loginLinkState(context.db, org.id, params.token)
  return data({ state, orgName: org.name, home: org.basePath || '/' }, { status: state === 'valid' ? 200 : 410, headers: { 'Referrer-Policy': 'no-referrer' } })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await readForm(request)
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const memberId = await consumeLoginLink(context.db, org.id, params.token)
  if (!memberId) return data({ failed: true }, { status: 410 })
  const member = await context.db.selectFrom('account_members').select(['email', 'account_id']).where('id', '=', memberId).executeTakeFirstOrThrow()
  const cookie = await createVisitorSession(context.db, context.env, {
    orgId: org.id,
    memberId,
    ip: context.clientAddress,
    userAgent: request.headers.get('user-agent'),
  })
  await recordAudit(context.db, { orgId: org.id, actor: member.email, action: 'visitor.login', ip: context.clientAddress, userAgent: request.headers.get('user-agent') })
  const home = org.basePath || '/'
  const account = await accountContext(context.db, org.id, member.account_id, null)
  if (account?.nda.signature) return redirectWithToast(context.env, home, NDA_REMINDER, { headers: { 'Set-Cookie': cookie } })
  return redirectTo(home, { headers: { 'Set-Cookie': cookie } })
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Log in to ${loaderData.orgName}'s Trust Center` : 'Log in' }, { name: 'robots', content: 'noindex' }]
}

export default function AccessLink({ loaderData, actionData }: Route.ComponentProps) {
  const usable = loaderData.state === 'valid' && !actionData?.failed
  return (
    <AuthLayout title={`Log in to ${loaderData.orgName}'s Trust Center`}>
      {usable ? (
        <Form method="post" className="form">
          <p className="auth__lead">Continue to sign in and view the documents you have access to.</p>
          <button type="submit" className="button button--primary button--block">
            Continue
          </button>
        </Form>
      ) : (
        <>
          <p className="auth__lead" role="alert">
            {loaderData.state === 'expired'
              ? 'This login link has expired. Login links work for 15 minutes.'
              : 'This login link has already been used or is not valid. Each link works once.'}
          </p>
          <a className="button button--primary button--block" href={`${loaderData.home === '/' ? '' : loaderData.home}/?loginRequest=true`}>
            Get a new login link
          </a>
        </>
      )}
    </AuthLayout>
  )
}
