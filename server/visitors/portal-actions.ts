import type { LoadContext } from '../context'
import { badRequest, forbidden, notSignedIn, TooManyRequests } from '../errors'
import { redirect, reply } from '../reply'
import { accountLive } from '../access/live'
import { accountMember, getViewer, type PortalViewer } from '../access/viewer'
import { hitRateLimit } from '../auth/rate-limit'
import { throttledAddress } from '../http/client-address'
import { kickEmailWorker } from '../email/worker'
import { parseForm } from '../http/forms'
import { resolvePortalOrg, type PortalOrg } from '../portal/resolve'
import { accessRequestSchema, commentSchema, inviteColleaguesSchema, ndaSignSchema, subscribeSchema, unsubscribeSchema, visitorLoginSchema } from '../../app/lib/schemas/access'
import { withQuery } from '../../app/lib/format'
import { catalogueItem } from '../../app/lib/catalogue/index'
import { requestSubscription, unsubscribe } from '../subscriptions/subscribe'
import { loadAccessSettings, requestExtension, requestLoginLink, submitAccessRequest, typedAddressRefusal, type AccessOutcome, type ExtendOutcome } from './access-request'
import { inviteColleagues, refusedInvitees } from './invites'
import { signNda } from './nda'
import { destroyVisitorSession } from './sessions'
import { forgetPendingRequest, pendingRequestCookie } from '../http/pending-request'
import { accessCheckedItems } from '../access/items'
import { portalAccess } from '../access/portal-access'
import { accessChecked } from '../access/visibility'
import type { Database } from '../../db/index'
import { addComment } from './comments'
import { NDA_REMINDER } from '../../app/lib/portal-view'
import { TPRM_MESSAGES, tprmTokenSchema } from '../../app/lib/schemas/tprm'
import { tprmPartnersOffered } from '../tprm/partners'
import { createTprmToken } from '../tprm/tokens'
import type { QuestionnaireActionData } from '../questionnaires/portal'

/** The intents visitors post to the portal page; everything else there is a staff edit. */
export const VISITOR_INTENTS = [
  'request-access',
  'login',
  'extend-access',
  'request-item',
  'logout',
  'welcome',
  'sign-nda',
  'invite-colleagues',
  'comment',
  'subscribe',
  'unsubscribe',
  'tprm-token',
] as const
export type VisitorIntent = (typeof VISITOR_INTENTS)[number]
export const isVisitorIntent = (value: unknown): value is VisitorIntent => typeof value === 'string' && (VISITOR_INTENTS as readonly string[]).includes(value)

/** What the access modal shows after a POST: the form again with its messages, or an outcome dialog. */
export type AccessActionData =
  | { intent: 'request-access' | 'login' | 'invite-colleagues' | 'sign-nda' | 'comment' | 'subscribe'; result: ReturnType<ReturnType<typeof parseForm>['reply']> }
  | { intent: 'unsubscribe'; outcome: 'failed' }
  | { intent: 'request-access'; outcome: AccessOutcome; email: string }
  | { intent: 'login'; outcome: 'login_sent' | 'request_declined_blocked_domain'; email: string }
  | { intent: 'extend-access' | 'request-item'; outcome: ExtendOutcome }
  | { intent: 'invite-colleagues'; outcome: 'invited'; emails: string[] }
  | { intent: 'tprm-token'; result: ReturnType<ReturnType<typeof parseForm>['reply']> }
  | { intent: 'tprm-token'; token: string; partnerName: string; expiresAt: string }
  | QuestionnaireActionData

export const NOT_WORK_EMAIL = 'Please use your work email.'
export const SUBSCRIBE_CHECK_EMAIL = 'Please check your email inbox to confirm your subscription'
export const UNSUBSCRIBED = 'You have been unsubscribed to updates'
export const UNKNOWN_ERROR = 'Unfortunately, an unknown error has occurred.'

/** A login or request answer takes at least this long, whatever the address, so timing tells nothing. */
const ANSWER_MS = 400
const answerNoSoonerThan = (started: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, started + ANSWER_MS - Date.now())))
const MINUTE = 60

// Per e-mail limits count per (e-mail, client address): nobody elsewhere can use up a member's own
// login links or requests (SECURITY-REVIEW.md, denial of someone else). What one inbox receives, whoever
// asks, is capped where the mails are written (RECIPIENT_CAPS in server/auth/rate-limit.ts).
const LIMITS = {
  requestPerAddress: { limit: 10, window: 15 * MINUTE },
  requestPerEmail: { limit: 5, window: 60 * MINUTE },
  loginPerAddress: { limit: 20, window: 15 * MINUTE },
  loginPerEmail: { limit: 5, window: 15 * MINUTE },
  subscribePerAddress: { limit: 20, window: 15 * MINUTE },
  subscribePerEmail: { limit: 5, window: 60 * MINUTE },
  /** Invitation e-mails a member may send a day, counted per recipient. */
  invitesPerMember: { limit: 50, window: 24 * 60 * MINUTE },
  /** TPRM tokens a member may make in an hour. */
  tprmTokensPerMember: { limit: 10, window: 60 * MINUTE },
}

const tooMany = (retryAfterSeconds: number) => new TooManyRequests(`Too many attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`, retryAfterSeconds)

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** A filled honeypot: a bot. It gets the answer a person would, and nothing happens. */
const HONEYPOT = 'website'

export async function handleVisitorAction(request: Request, context: LoadContext, params: { orgSlug?: string; productSlug?: string }, formData: FormData) {
  const org = await resolvePortalOrg(context.db, context.env, request, params.orgSlug)
  const intent = formData.get('intent') as VisitorIntent
  const meta = { ip: context.clientAddress, userAgent: request.headers.get('user-agent') }
  // Limits count an IPv6 client by its /64; audit rows keep the address itself.
  const client = throttledAddress(meta.ip)
  const url = new URL(request.url)
  const home = url.pathname

  switch (intent) {
    case 'request-access': {
      const started = Date.now()
      const settings = await loadAccessSettings(context.db, org.id)
      const products = await context.db.selectFrom('products').select('id').where('org_id', '=', org.id).execute()
      const submission = parseForm(
        formData,
        accessRequestSchema(
          settings.fields,
          products.map((product) => product.id),
        ),
      )
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() } satisfies AccessActionData, { status: 400 })
      if (formData.get(HONEYPOT)) return { intent, outcome: 'request_sent', email: submission.value.email } satisfies AccessActionData
      const perAddress = await hitRateLimit(context.db, `access-request:ip:${client}`, LIMITS.requestPerAddress.limit, LIMITS.requestPerAddress.window)
      if (!perAddress.allowed) throw tooMany(perAddress.retryAfterSeconds)
      const perEmail = await hitRateLimit(context.db, `access-request:email:${submission.value.email}:ip:${client}`, LIMITS.requestPerEmail.limit, LIMITS.requestPerEmail.window)
      if (!perEmail.allowed) throw tooMany(perEmail.retryAfterSeconds)
      const { outcome, email } = await submitAccessRequest(context.db, context.env, org, submission.value, meta)
      // "Subscribe to updates" ticked on the request: the same double opt-in as the popover.
      if (submission.value.subscribe === 'on' && outcome !== 'not_work_email' && outcome !== 'unique_violation' && !formData.get(HONEYPOT)) {
        await requestSubscription(context.db, context.env, org, { email, source: 'access_request' })
      }
      // Two answers belong to the form itself: the address to change, or an error to retry.
      if (outcome === 'not_work_email') return reply({ intent, result: submission.reply({ fieldErrors: { email: [NOT_WORK_EMAIL] } }) } satisfies AccessActionData, { status: 400 })
      if (outcome === 'unique_violation') return reply({ intent, result: submission.reply({ formErrors: [UNKNOWN_ERROR] }) } satisfies AccessActionData, { status: 409 })
      kickEmailWorker()
      await answerNoSoonerThan(started)
      // "Request sent" (whatever stands behind it, decision 013): the banner says it is pending from now on.
      if (outcome === 'request_sent') {
        const cookie = await pendingRequestCookie(context.env, { orgId: org.id, productId: submission.value.productId, email })
        return reply({ intent, outcome, email } satisfies AccessActionData, { headers: { 'Set-Cookie': cookie } })
      }
      return { intent, outcome, email } satisfies AccessActionData
    }
    case 'request-item': {
      // A signed-in member asks for an item or document their profile lacks: an extra-access request to staff.
      const viewer = await getViewer(request, context.db, org)
      const member = accountMember(viewer)
      if (!member) throw notSignedIn('Please log in again.')
      const perAddress = await hitRateLimit(context.db, `access-request:ip:${client}`, LIMITS.requestPerAddress.limit, LIMITS.requestPerAddress.window)
      if (!perAddress.allowed) throw tooMany(perAddress.retryAfterSeconds)
      const productId = await currentProductId(context, org, params.productSlug)
      const itemUid = formData.get('itemUid')
      const item = productId && typeof itemUid === 'string' ? await lockedItem(context.db, org, viewer, productId, itemUid) : null
      if (!productId || !item) throw badRequest('This item cannot be requested.')
      const outcome = await requestExtension(context.db, context.env, org, member.id, productId, item)
      kickEmailWorker()
      return { intent, outcome } satisfies AccessActionData
    }
    case 'login': {
      const started = Date.now()
      const submission = parseForm(formData, visitorLoginSchema)
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() } satisfies AccessActionData, { status: 400 })
      const email = submission.value.email
      const perAddress = await hitRateLimit(context.db, `visitor-login:ip:${client}`, LIMITS.loginPerAddress.limit, LIMITS.loginPerAddress.window)
      if (!perAddress.allowed) throw tooMany(perAddress.retryAfterSeconds)
      const settings = await loadAccessSettings(context.db, org.id)
      // Decided from the address alone, so saying so reveals nothing about who has an account.
      const refusal = typedAddressRefusal(email, settings)
      if (refusal === 'not_work_email') return reply({ intent, result: submission.reply({ fieldErrors: { email: [NOT_WORK_EMAIL] } }) } satisfies AccessActionData, { status: 400 })
      if (refusal) return { intent, outcome: refusal, email } satisfies AccessActionData
      // Over the per-address limit the answer stays the same; only the mail is not sent.
      const perEmail = await hitRateLimit(context.db, `visitor-login:email:${email}:ip:${client}`, LIMITS.loginPerEmail.limit, LIMITS.loginPerEmail.window)
      const productId = await currentProductId(context, org, params.productSlug)
      await requestLoginLink(context.db, context.env, org, email, productId, perEmail.allowed && !formData.get(HONEYPOT))
      kickEmailWorker()
      await answerNoSoonerThan(started)
      return { intent, outcome: 'login_sent', email } satisfies AccessActionData
    }
    case 'extend-access': {
      const viewer = await getViewer(request, context.db, org)
      const productId = await currentProductId(context, org, params.productSlug)
      const perAddress = await hitRateLimit(context.db, `access-request:ip:${client}`, LIMITS.requestPerAddress.limit, LIMITS.requestPerAddress.window)
      if (!perAddress.allowed) throw tooMany(perAddress.retryAfterSeconds)
      const signedIn = accountMember(viewer)?.id
      // Asked for signed in only: an expired member gets a login link by either tab (decision 013).
      if (!signedIn) throw notSignedIn('Please log in again.')
      if (!productId) return { intent, outcome: 'error' } satisfies AccessActionData
      const outcome = await requestExtension(context.db, context.env, org, signedIn, productId)
      kickEmailWorker()
      return { intent, outcome } satisfies AccessActionData
    }
    case 'logout': {
      const cookie = await destroyVisitorSession(context.db, context.env, request)
      return redirect(home, { cookies: [cookie, await forgetPendingRequest(context.env)] })
    }
    case 'welcome': {
      const member = (await signedInMember(request, context, org)).account.member
      await context.db.updateTable('account_members').set({ welcomed_at: new Date() }).where('id', '=', member.id).where('welcomed_at', 'is', null).execute()
      return redirect(home)
    }
    case 'sign-nda': {
      const viewer = await signedInMember(request, context, org)
      const submission = parseForm(formData, ndaSignSchema)
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() } satisfies AccessActionData, { status: 400 })
      const signed = await signNda(context.db, viewer.account, viewer.account.member, submission.value.signerName, meta)
      if (!signed) throw badRequest('There is no NDA to sign.')
      return redirect(home, { toast: NDA_REMINDER })
    }
    case 'invite-colleagues': {
      const viewer = await signedInMember(request, context, org)
      // Only a member whose account has live access brings colleagues into it.
      if (!accountLive(viewer.account.access.values())) throw forbidden('Your access has expired.')
      const emails = formData
        .getAll('emails')
        .flatMap((value) => (typeof value === 'string' ? value.split(/[\s,;]+/) : []))
        .filter(Boolean)
      const form = new FormData()
      for (const email of emails) form.append('emails', email)
      form.set('message', String(formData.get('message') ?? ''))
      const submission = parseForm(form, inviteColleaguesSchema)
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() } satisfies AccessActionData, { status: 400 })
      const refused = await refusedInvitees(context.db, org.id, submission.value.emails)
      if (refused.length) return reply({ intent, result: submission.reply({ fieldErrors: { emails: refused } }) } satisfies AccessActionData, { status: 400 })
      const { limit, window } = LIMITS.invitesPerMember
      const perMember = await hitRateLimit(context.db, `invite:member:${viewer.account.member.id}`, limit, window, submission.value.emails.length)
      if (!perMember.allowed) throw tooMany(perMember.retryAfterSeconds)
      await inviteColleagues(context.db, context.env, viewer.account.member, submission.value)
      kickEmailWorker()
      return { intent, outcome: 'invited', emails: submission.value.emails } satisfies AccessActionData
    }
    case 'subscribe': {
      const submission = parseForm(formData, subscribeSchema)
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() } satisfies AccessActionData, { status: 400 })
      const perAddress = await hitRateLimit(context.db, `subscribe:ip:${client}`, LIMITS.subscribePerAddress.limit, LIMITS.subscribePerAddress.window)
      if (!perAddress.allowed) throw tooMany(perAddress.retryAfterSeconds)
      const { email, source } = submission.value
      const perEmail = await hitRateLimit(context.db, `subscribe:email:${email}:ip:${client}`, LIMITS.subscribePerEmail.limit, LIMITS.subscribePerEmail.window)
      // Whatever the address and however often, the same answer (no enumeration, no mail bombing).
      if (perEmail.allowed && !formData.get(HONEYPOT)) {
        await requestSubscription(context.db, context.env, org, { email, source })
        kickEmailWorker()
      }
      return redirect(withQuery(home, url.search, { subscribe: null, source: null }), { toast: SUBSCRIBE_CHECK_EMAIL })
    }
    case 'unsubscribe': {
      const submission = parseForm(formData, unsubscribeSchema)
      const done = submission.status === 'success' && (await unsubscribe(context.db, context.env, org, submission.value.token))
      if (!done) return reply({ intent, outcome: 'failed' } satisfies AccessActionData, { status: 400 })
      return redirect(withQuery(home, url.search, { unsubscribeToken: null }), { toast: UNSUBSCRIBED })
    }
    case 'tprm-token': {
      // Shown once, in this answer only: never in a URL, never kept by a cache.
      const viewer = await signedInMember(request, context, org)
      const partners = await tprmPartnersOffered(context.db, org.id, viewer)
      if (!partners) throw forbidden('Sending data to a TPRM tool is not available here.')
      const submission = parseForm(formData, tprmTokenSchema)
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() } satisfies AccessActionData, { status: 400, headers: NO_STORE })
      const { limit, window } = LIMITS.tprmTokensPerMember
      const perMember = await hitRateLimit(context.db, `tprm-token:member:${viewer.account.member.id}`, limit, window)
      if (!perMember.allowed) throw tooMany(perMember.retryAfterSeconds)
      const created = await createTprmToken(context.db, viewer.account.member, submission.value.partnerId, meta)
      if (!created)
        return reply({ intent, result: submission.reply({ fieldErrors: { partnerId: [TPRM_MESSAGES.partnerGone] } }) } satisfies AccessActionData, {
          status: 400,
          headers: NO_STORE,
        })
      return reply({ intent, token: created.token, partnerName: created.partner.name, expiresAt: created.expiresAt } satisfies AccessActionData, { headers: NO_STORE })
    }
    case 'comment': {
      // Members write in their account's thread; staff in Main mode answer in the thread they name.
      const viewer = await getViewer(request, context.db, org)
      if (!(viewer.mode === 'Main' || accountMember(viewer))) throw notSignedIn('Please log in again.')
      const submission = parseForm(formData, commentSchema)
      if (submission.status !== 'success') return reply({ intent, result: submission.reply() } satisfies AccessActionData, { status: 400 })
      const productId = await currentProductId(context, org, params.productSlug)
      const saved = productId && (await addComment(context.db, org, viewer, productId, submission.value))
      if (!saved) throw forbidden('Comments are not available here.')
      return redirect(`${home}${url.search}`)
    }
  }
}

type SignedIn = PortalViewer & { account: NonNullable<PortalViewer['account']> & { member: NonNullable<NonNullable<PortalViewer['account']>['member']> } }

/** The signed-in account member, or a 401 for a visitor who is not (or no longer) signed in. */
async function signedInMember(request: Request, context: LoadContext, org: PortalOrg): Promise<SignedIn> {
  const viewer = await getViewer(request, context.db, org)
  if (!accountMember(viewer)) throw notSignedIn('Please log in again.')
  return viewer as SignedIn
}

/** An item of the product this viewer sees locked (the access policy's word), by its uid; else null. */
async function lockedItem(db: Database, org: PortalOrg, viewer: PortalViewer, productId: string, uid: string) {
  if (uid.length > 100) return null
  const row = await accessCheckedItems(db).select(['items.title', 'items.catalogue_uid']).where('items.product_id', '=', productId).where('items.uid', '=', uid).executeTakeFirst()
  if (!row || portalAccess(viewer, org).item(accessChecked(row)) !== 'locked') return null
  return { uid: row.uid, title: row.title || (row.catalogue_uid ? (catalogueItem(row.catalogue_uid)?.title ?? null) : null) || 'Untitled' }
}

export async function currentProductId(context: LoadContext, org: PortalOrg, productSlug: string | undefined) {
  const product = await context.db
    .selectFrom('products')
    .select('id')
    .where('org_id', '=', org.id)
    .$call((query) => (productSlug ? query.where('slug', '=', productSlug.toLowerCase()) : query.where('is_default', '=', true)))
    .executeTakeFirst()
  return product?.id ?? null
}
