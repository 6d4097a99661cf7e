// The visitor journey's dialogs and menus (portal shell spec, sections 2 and 8): the access modal with its
// two tabs and outcome dialogs, the welcome modal, the NDA, access expired, invite colleagues, the
// account dropdown and the preview banner. Loaded on demand (visitor-tools.tsx); every one is a plain
// form or link, so the journey works without JavaScript. Each family has its file beside this one (access,
// NDA and welcome, subscribe, invite, account menu and preview banner, comments); this module picks the
// dialog and is the one entry visitor-tools.tsx loads, so they still arrive as one chunk on demand.
import type { PortalView, VisitorView } from '~/lib/portal-view'
import type { AccessActionData } from '@server/visitors/portal-actions'
import { QuestionnaireDialogs, TprmDialog } from '../visitor-tools'
import { AccessExpiredDialog, AccessModal, OutcomeDialog } from './access-dialogs'
import { InviteDialog } from './invite-dialogs'
import { NdaDialog, WelcomeDialog } from './nda-welcome-dialogs'
import { SubscribeDialog, SubscribeStatusDialog, UnsubscribeDialog, UnsubscribeFailedDialog } from './subscribe-dialogs'

export { AccountMenu, PreviewBanner } from './account-menu'
export { CommentsView } from './comments-view'

/** The one dialog the page shows for the visitor journey, if any: an outcome first, then what the URL asks for. */
export function VisitorDialogs({ view, visitor, actionData }: { view: PortalView; visitor: VisitorView; actionData?: AccessActionData }) {
  // Subscriptions first: their dialogs open from links in e-mails, whoever is looking.
  if (actionData?.intent === 'unsubscribe') return <UnsubscribeFailedDialog view={view} />
  if (visitor.subscribeStatus) return <SubscribeStatusDialog view={view} status={visitor.subscribeStatus} />
  if (visitor.unsubscribe) return <UnsubscribeDialog view={view} token={visitor.unsubscribe.token} />
  if (visitor.subscribe) return <SubscribeDialog view={view} visitor={visitor} source={visitor.subscribe.source} actionData={actionData} />
  // The Login tab's blocked domain switches to the Request Access tab with the e-mail (spec section 8).
  if (actionData?.intent === 'login' && 'outcome' in actionData && actionData.outcome === 'request_declined_blocked_domain' && visitor.accessModal) {
    return <AccessModal view={view} visitor={visitor} modal={{ ...visitor.accessModal, tab: 'request', email: actionData.email }} />
  }
  if (actionData && 'outcome' in actionData) {
    const outcome = <OutcomeDialog view={view} data={actionData} modal={visitor.accessModal} />
    if (outcome) return outcome
  }
  if (visitor.accessModal) return <AccessModal view={view} visitor={visitor} modal={visitor.accessModal} actionData={actionData} />
  if (visitor.ndaDialog) return <NdaDialog view={view} nda={visitor.ndaDialog} actionData={actionData} />
  if (visitor.accessExpired) return <AccessExpiredDialog view={view} />
  if (visitor.inviteDialog) return <InviteDialog actionData={actionData} />
  if (visitor.tprm?.open) return <TprmDialog view={view} visitor={visitor} actionData={actionData} />
  if (visitor.questionnaire) return <QuestionnaireDialogs view={view} dialog={visitor.questionnaire} actionData={actionData} />
  if (visitor.welcome) return <WelcomeDialog view={view} visitor={visitor} />
  return null
}
