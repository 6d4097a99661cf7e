import { data, Form } from 'react-router'
import type { Route } from './+types/access-link'
import { resolvePortalOrg } from '@server/portal/resolve'
import { consumeLoginLink, loginLinkMember } from '@server/visitors/login-links'
import { resendLoginLink } from '@server/visitors/grant'
import { kickEmailWorker } from '@server/email/worker'
import { createVisitorSession } from '@server/visitors/sessions'
import { forgetPendingRequest } from '@server/http/pending-request'
import { accountContext } from '@server/access/viewer'
import { recordAudit } from '@server/audit/record'
import { readForm } from '@server/http/forms'
import { redirectTo, redirectWithToast } from '@server/http/redirect'
import { AuthLayout } from '~/components/auth-layout'
import { NDA_REMINDER } from '~/lib/portal-view'

// Opening a login link changes nothing, since mail scanners fetch every link: the page's Continue
// button POSTs to consume it (PRODUCT.md section 3). The page names the address the link was sent to,
// and a link that expired or was used is one click from a fresh one, e-mailed to that same address.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const link = await loginLinkMember(context.db, org.id, params.token)
  const state = link?.state ?? 'unknown'
  return data(
    { state, email: link?.email ?? null, orgName: org.name, logoUrl: org.logoUrl, home: org.basePath || '/' },
    { status: state === 'valid' ? 200 : 410, headers: { 'Referrer-Policy': 'no-referrer' } },
  )
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  if (form.get('intent') === 'resend') {
    await resendLoginLink(context.db, context.env, org.id, params.token, context.clientAddress)
    kickEmailWorker()
    return data({ failed: false, resent: true }, { status: 202 })
  }
  const memberId = await consumeLoginLink(context.db, org.id, params.token)
  if (!memberId) return data({ failed: true, resent: false }, { status: 410 })
  const member = await context.db.selectFrom('account_members').select(['email', 'account_id', 'first_name', 'welcomed_at']).where('id', '=', memberId).executeTakeFirstOrThrow()
  const cookie = await createVisitorSession(context.db, context.env, {
    orgId: org.id,
    memberId,
    ip: context.clientAddress,
    userAgent: request.headers.get('user-agent'),
  })
  await recordAudit(context.db, { orgId: org.id, actor: member.email, action: 'visitor.login', ip: context.clientAddress, userAgent: request.headers.get('user-agent') })
  const home = org.basePath || '/'
  const account = await accountContext(context.db, org.id, member.account_id, null)
  // Signed in, the member's own access replaces the pending request the banner spoke of. The spec's NDA reminder
  // when an NDA covers them; a returning member is welcomed back (a first visit gets the welcome dialog instead).
  const headers = new Headers([
    ['Set-Cookie', cookie],
    ['Set-Cookie', await forgetPendingRequest(context.env)],
  ])
  if (account?.nda.signature) return redirectWithToast(context.env, home, NDA_REMINDER, { headers })
  if (member.welcomed_at) return redirectWithToast(context.env, home, welcomeBack(member.first_name, member.email), { headers })
  return redirectTo(home, { headers })
}

const welcomeBack = (firstName: string | null, email: string) => `Welcome back${firstName ? `, ${firstName}` : ''}. You're signed in as ${email}.`

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Log in to ${loaderData.orgName}'s Trust Center` : 'Log in' }, { name: 'robots', content: 'noindex' }]
}

export default function AccessLink({ loaderData, actionData }: Route.ComponentProps) {
  const { state, email, orgName, logoUrl, home } = loaderData
  const usable = state === 'valid' && !actionData?.failed
  const logo = logoUrl ? { src: logoUrl, alt: `${orgName} logo` } : undefined
  return (
    <AuthLayout title={`Log in to ${orgName}'s Trust Center`} logo={logo}>
      {email ? (
        <p className="auth__address">
          Signing in as <strong>{email}</strong>
        </p>
      ) : null}
      {usable ? (
        <Form method="post" className="form">
          <p className="auth__lead">Continue to sign in and view the documents you have access to.</p>
          <button type="submit" className="button button--primary button--block">
            Continue
          </button>
        </Form>
      ) : actionData?.resent ? (
        <p className="auth__lead" role="status">
          {email ? `We've e-mailed a new login link to ${email}. It works once, for 15 minutes.` : 'If this link was ours, a new one is on its way.'}
        </p>
      ) : (
        <>
          <p className="auth__lead" role="alert">
            {state === 'expired' ? 'This login link has expired. Login links work for 15 minutes.' : 'This login link has already been used or is not valid. Each link works once.'}
          </p>
          {email ? (
            <Form method="post" className="form">
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className="button button--primary button--block">
                E-mail me a new link
              </button>
            </Form>
          ) : (
            <a className="button button--primary button--block" href={`${home === '/' ? '' : home}/?loginRequest=true`}>
              Get a new login link
            </a>
          )}
        </>
      )}
    </AuthLayout>
  )
}
