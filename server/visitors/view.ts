import { countries } from 'countries-list'
import type { Database } from '../../db/index'
import type { AccessModalView, PortalView, VisitorView } from '../../app/lib/portal-view'
import { formatDate } from '../../app/lib/format'
import { SUBSCRIBE_SOURCES } from '../../app/lib/schemas/access'
import type { Env } from '../env'
import { unsubscribeSubject } from '../subscriptions/subscribe'
import { handlesAccounts } from '../../app/lib/permissions'
import { ndaPending, type PortalViewer } from '../access/viewer'
import type { PortalOrg } from '../portal/resolve'
import { loadAccessSettings } from './access-request'
import type { PendingRequest } from '../http/pending-request'
import { commentsEnabled, listComments, listThreads } from './comments'
import { findColleagueInvite } from './invites'
import { loadQuestionnaireView } from '../questionnaires/portal'
import { publicPortalPublished } from '../portal/share'
import { tprmPartnersOffered } from '../tprm/partners'

const COUNTRY_NAMES = Object.values(countries)
  .map((country) => country.name)
  .sort(new Intl.Collator('en').compare)

/** Whether a country name is one the dropdown offers. */
export const isCountry = (name: string) => COUNTRY_NAMES.includes(name)

/**
 * The item a Request Access link names (`itemUid`): one this viewer sees locked, as the access policy decided
 * it for the page (server/portal/view.ts opens its card), so a hidden or unknown item is never named.
 */
function requestedItem(view: PortalView, itemUid: string | null) {
  if (!itemUid || itemUid !== view.openItemUid) return null
  const item = view.openCard?.items.find((entry) => entry.uid === itemUid && entry.locked)
  return item ? { uid: item.uid, title: item.title } : null
}

/** The visit's origin as the request stores it: the `source` parameter when it is a plain word, else a direct link. */
export function visitSource(source: string | null) {
  const word = source?.trim().toLowerCase().replaceAll('-', '_') ?? ''
  return /^[a-z_]{1,40}$/.test(word) ? word : 'direct_link'
}

/**
 * What the page shows of the visitor journey: the access modal the URL opens, the account dropdown,
 * the NDA, welcome and access-expired dialogs, the preview banner and the open item's comments.
 */
export async function loadVisitorView(
  db: Database,
  env: Env,
  org: PortalOrg,
  viewer: PortalViewer,
  view: PortalView,
  search: URLSearchParams,
  options: {
    /** This browser's request for access, pending (server/http/pending-request.ts). */
    pendingRequest?: PendingRequest | null
    /** "Not now" was chosen on the NDA dialog earlier in this visit (server/visitors/nda.ts). */
    ndaLater?: boolean
  } = {},
): Promise<VisitorView> {
  const { pendingRequest: pending = null, ndaLater = false } = options
  const productId = view.product.id
  const links = await db.selectFrom('portal_customizations').select(['terms_url', 'privacy_url']).where('org_id', '=', org.id).executeTakeFirstOrThrow()
  const account = viewer.account
  const member = viewer.mode === 'AccountExternal' ? (account?.member ?? null) : null
  const access = account?.access.get(productId)
  const pendingNda = member && account ? ndaPending(account, productId) && !access?.expired : false
  // Staff see every account's thread only when customer accounts are theirs to handle.
  const staffThreads = viewer.mode === 'Main' && handlesAccounts(viewer.staff?.permissions ?? [])
  const comments = (viewer.mode === 'AccountExternal' || staffThreads) && (await commentsEnabled(db, org.id))

  const inviteToken = search.get('inviteToken')
  const invite = inviteToken && viewer.mode === 'Public' ? await findColleagueInvite(db, org.id, inviteToken) : null
  const modalTab = search.get('loginRequest') === 'true' ? 'login' : search.get('requestAccess') === 'true' || invite ? 'request' : null
  let accessModal: AccessModalView | null = null
  if (modalTab && viewer.mode !== 'Main' && viewer.mode !== 'Preview' && !member) {
    const [settings, products] = await Promise.all([
      loadAccessSettings(db, org.id),
      db.selectFrom('products').select(['id', 'name']).where('org_id', '=', org.id).orderBy('position').orderBy('name').execute(),
    ])
    accessModal = {
      tab: modalTab,
      email: (invite?.email ?? search.get('email') ?? '').slice(0, 254),
      item: requestedItem(view, search.get('itemUid')),
      source: visitSource(search.get('source')),
      reviewDays: settings.reviewDays,
      ndaRequired: settings.ndaRequired,
      fields: settings.fields,
      products,
      productId,
      countries: settings.fields.country.enabled ? COUNTRY_NAMES : [],
      inviteToken: invite ? inviteToken : null,
    }
  }

  const openItemUid = view.openItemUid
  const discussable = comments && openItemUid && view.openCard?.items.some((item) => item.uid === openItemUid && !item.locked)
  let thread: VisitorView['comments'] = null
  if (discussable && member) {
    thread = { itemUid: openItemUid, threads: [{ accountId: null, accountName: null, entries: await listComments(db, productId, openItemUid, member.accountId, 'account') }] }
  } else if (discussable && staffThreads) {
    thread = { itemUid: openItemUid, threads: await listThreads(db, org.id, productId, openItemUid) }
  }

  // Customer accounts are for staff who manage them or review requests.
  const previewTargets = staffThreads
    ? {
        accounts: await db.selectFrom('accounts').select(['id', 'name']).where('org_id', '=', org.id).orderBy('name').limit(200).execute(),
        profiles: await db.selectFrom('permission_profiles').select(['id', 'name']).where('product_id', '=', productId).orderBy('name').limit(200).execute(),
      }
    : null

  const tprmPartners = await tprmPartnersOffered(db, org.id, viewer)

  const questionnaires = await loadQuestionnaireView(db, env, org.id, member, search)

  // Subscribing is for visitors (spec section 6): not staff at work in Main mode.
  const subscribable = view.portal.subscribeEnabled && viewer.mode !== 'Main'
  const source = search.get('source')
  const status = search.get('subscribeStatus')
  const unsubscribeToken = search.get('unsubscribeToken')

  return {
    accessModal,
    // Only a visitor without an account is told: a member's own access says where they stand.
    pendingRequest: pending && viewer.mode === 'Public' ? { email: pending.email } : null,
    previewTargets,
    subscribe:
      subscribable && search.get('subscribe') === 'true' ? { source: SUBSCRIBE_SOURCES.find((known) => known === source && known !== 'access_request') ?? 'direct_link' } : null,
    subscribeStatus: status === 'confirmed' || status === 'blocked' || status === 'token-invalid' ? status : null,
    unsubscribe: unsubscribeToken && unsubscribeSubject(env, org, unsubscribeToken) ? { token: unsubscribeToken } : null,
    account:
      member && account
        ? {
            name: `${member.firstName} ${member.lastName}`,
            email: member.email,
            accountName: account.accountName,
            gainedAccess: member.isAutoApproved ? 'Automatically gained' : `Access approved by ${org.name}`,
            ndaType: account.nda.type === 'clickwrap' ? 'Clickwrap NDA' : 'No NDA required',
            canDownloadNda: account.nda.type === 'clickwrap' && account.nda.signature !== null,
            signedByOther: account.nda.signature?.byOther ?? false,
            reviewStatus: !access
              ? 'No access to this product yet'
              : access.expired
                ? `Access expired on ${formatDate(access.expiresAt)}`
                : `Access until ${formatDate(access.expiresAt)}`,
          }
        : null,
    preview: viewer.mode === 'Preview' && viewer.preview ? { accountName: viewer.preview.accountName, profileName: viewer.preview.profileName, exitHref: view.product.home } : null,
    ndaDialog:
      // "Sign NDA to view" (?nda=sign) asks again, whatever "Not now" said earlier.
      pendingNda && (search.get('nda') === 'sign' || (!ndaLater && search.get('nda') !== 'later')) && account?.nda.text
        ? { text: account.nda.text, signerName: `${member!.firstName} ${member!.lastName}`.trim() }
        : null,
    ndaPending: pendingNda,
    welcome: member !== null && (member.welcomedAt === null || search.get('welcome') === 'true') && !pendingNda,
    accessExpired: member !== null && (access?.expired ?? false) && search.get('expired') !== 'later',
    inviteDialog: member !== null && search.get('inviteColleagues') === 'true',
    termsUrl: links.terms_url,
    privacyUrl: links.privacy_url,
    tprm: tprmPartners && { partners: tprmPartners, open: search.get('tprm') === 'true' },
    ...questionnaires,
    sharePublished: await publicPortalPublished(db, org),
    commentsEnabled: comments,
    comments: thread,
  }
}
