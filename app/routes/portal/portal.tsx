import { data } from 'react-router'
import type { Route } from './+types/portal'
import { accountPageFingerprint, getViewer } from '@server/access/viewer'
import { resolvePortalOrg } from '@server/portal/resolve'
import { handlePortalEdit } from '@server/portal/editing/index'
import { respond } from '@server/http/responses'
import { loadPortalView } from '@server/portal/view'
import { movedProductPath } from '@server/products/redirects'
import { redirectTo } from '@server/http/redirect'
import { SHARED_PAGE_HEADER } from '@server/page-cache'
import { readForm } from '@server/http/forms'
import { handleVisitorAction, isVisitorIntent } from '@server/visitors/portal-actions'
import { handleQuestionnairePost, questionnairePost } from '@server/questionnaires/portal'
import { loadVisitorView } from '@server/visitors/view'
import { deferNdaCookie, ndaDeferred } from '@server/visitors/nda'
import { readPendingRequest } from '@server/http/pending-request'
import { ErrorView } from '~/components/error-view'
import { PortalPage, visitorToolsShown } from '~/components/portal/portal-page'
import { loadGettingStarted as loadChecklist, loadStaffTools } from '~/components/portal/staff-tools'
import { loadGettingStarted } from '@server/orgs/getting-started'
import { loadFaqDialog, loadQuestionnaireDialogs, loadTprmDialog, loadVisitorTools } from '~/components/portal/visitor-tools'
import { portalMeta } from '~/lib/portal-meta'
import { NO_TRUST_CENTER, NO_TRUST_CENTER_HELP, NO_TRUST_CENTER_TITLE } from '~/lib/setup-copy'
import type { BrandHandle } from '~/lib/portal-brand'
import type { PortalView } from '~/lib/portal-view'
import { isRouteErrorResponse, useRouteError } from 'react-router'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const viewer = await getViewer(request, context.db, org)
  // Read before the page is: a change while it renders shows as a new fingerprint, never a stale page.
  const fingerprint = await accountPageFingerprint(context.db, viewer)
  const url = new URL(request.url)
  const view = await loadPortalView(context.db, org, viewer, {
    productSlug: params.productSlug,
    itemSlug: params.itemSlug,
    search: url.searchParams,
    answers: Boolean(context.env.ANTHROPIC_API_KEY),
  })
  if (!view) {
    // A product's old slug: its pages answer 301 at the new one (a link shared before a rename).
    const moved = await movedProductPath(context.db, org, request, params)
    if (moved) throw redirectTo(moved, { status: 301 })
    throw data('This page does not exist.', { status: 404 })
  }
  // "Not now" on the NDA dialog (?nda=later) holds for the rest of the visit: a session cookie says so.
  const deferringNda = url.searchParams.get('nda') === 'later'
  const pending = viewer.mode === 'Public' ? await readPendingRequest(context.env, request, { orgId: org.id, productId: view.product.id }) : null
  view.visitor = await loadVisitorView(context.db, context.env, org, viewer, view, url.searchParams, { pendingRequest: pending, ndaLater: deferringNda || ndaDeferred(request) })
  // Staff viewing as the public get the anonymous page and, beside it, only the banner's way back.
  if (viewer.viewingAsPublic) view.viewingAsPublic = { exitHref: view.product.home }
  if (params.itemSlug && !view.openItemUid) throw data('This item does not exist.', { status: 404 })
  // Staff pages render their tools in place (see staff-tools.tsx), visitor dialogs likewise.
  if (view.editor) await loadStaffTools()
  if (viewer.mode === 'Main' && viewer.staff) view.gettingStarted = await loadGettingStarted(context.db, org, viewer.staff)
  if (view.gettingStarted) await loadChecklist()
  if (visitorToolsShown(view) || request.method === 'POST') await loadVisitorTools()
  if (view.visitor.tprm?.open) await loadTprmDialog()
  if (view.visitor.questionnaire) await loadQuestionnaireDialogs()
  if (view.knowledgeBase?.dialog) await loadFaqDialog()
  // Only a page built for the Public mode may be stored and served to others (server/page-cache.ts);
  // an account member's page is stored for their own cookies. Invitation and unsubscribe pages carry a token.
  // A questionnaire dialog shows the account's own list, which the page's fingerprint does not cover.
  const invitation = url.searchParams.has('inviteToken') || url.searchParams.has('unsubscribeToken') || view.visitor.questionnaire !== null
  // A page that says this browser's request is pending is its own (the cookie keeps it from the store too).
  // A staff member viewing as the public is still signed in: their page is never stored (nor is any staff page).
  const mark = invitation || view.visitor.pendingRequest || viewer.viewingAsPublic ? null : view.mode === 'Public' ? 'public' : fingerprint && `account ${org.id} ${fingerprint}`
  const headers = new Headers(mark ? { [SHARED_PAGE_HEADER]: mark } : {})
  if (deferringNda && view.visitor.ndaPending && !ndaDeferred(request)) headers.append('Set-Cookie', deferNdaCookie(context.env.APP_URL))
  return data(view, { headers })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  // An action's answer no cache may keep (a TPRM token, shown once) says so.
  const cacheControl = actionHeaders.get('Cache-Control')
  if (!cacheControl) return loaderHeaders
  const headers = new Headers(loaderHeaders)
  headers.set('Cache-Control', cacheControl)
  return headers
}

/** In-place edits by staff with statuspage:edit (Main mode); every intent checks it again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  // A questionnaire (`?questionnaire=file|link`) is checked before its body, which may be a large file, is read.
  const questionnaire = questionnairePost(request)
  if (questionnaire) return respond(await handleQuestionnairePost(request, context, params, questionnaire), context.env)
  const formData = await readForm(request)
  if (isVisitorIntent(formData.get('intent'))) return respond(await handleVisitorAction(request, context, params, formData), context.env)
  return respond(await handlePortalEdit(request, context, params, formData), context.env)
}

export default function Portal({ loaderData, actionData }: Route.ComponentProps) {
  return <PortalPage view={loaderData} actionData={actionData} />
}

/** The org's brand colour, for the document around the page (app/root.tsx); its favicon is in portalMeta. */
export const handle: BrandHandle<PortalView> = { brand: (view) => ({ brandColor: view.org.brandColor }) }

export function meta({ data: view }: Route.MetaArgs) {
  if (!view) return [{ title: 'Company not found' }]
  return portalMeta(view)
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    if (error.statusText === 'Company not found' || error.data === 'Company not found') {
      return <ErrorView title="Company not found" message="There is no trust center at this address." status={404} />
    }
    // An empty server: where the setup link is (issue 23).
    if (error.data === NO_TRUST_CENTER) return <ErrorView title={NO_TRUST_CENTER_TITLE} message={NO_TRUST_CENTER} status={404} details={NO_TRUST_CENTER_HELP} />
    return <ErrorView title={error.status === 404 ? 'Page not found' : 'Sorry, an error has occurred'} message={String(error.data ?? '')} status={error.status} />
  }
  return <ErrorView title="Sorry, an error has occurred" message={import.meta.env.DEV && error instanceof Error ? error.message : undefined} />
}
