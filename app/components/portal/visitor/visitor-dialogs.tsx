// The visitor journey's dialogs and menus (portal shell spec, sections 2 and 8): the access modal with its
// two tabs and outcome dialogs, the welcome modal, the NDA, access expired, invite colleagues, the
// account dropdown and the preview banner. Loaded on demand (visitor-tools.tsx); every one is a plain
// form or link, so the journey works without JavaScript.
import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useState, useRef, useId } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import type { AccessModalView, PortalView, VisitorView } from '~/lib/portal-view'
import { REQUESTER_KINDS } from '~/lib/access-request-fields'
import { formatDateTime, withQuery } from '~/lib/format'
import { Dialog } from '~/components/ui/dialog'
import { FieldErrors, FormErrors } from '~/components/ui/form-errors'
import { CheckboxField as Checkbox, TextareaField, TextField } from '~/components/ui/fields'
import type { AccessActionData } from '@server/visitors/portal-actions'
import { useHydrated } from '~/components/ui/use-hydrated'
import { useMenuButton } from '~/components/ui/menu'
import { QuestionnaireDialogs, TprmDialog } from '../visitor-tools'

/** Every query parameter a visitor dialog opens with; closing one clears them all. */
const DIALOG_PARAMS = [
  'requestAccess',
  'loginRequest',
  'email',
  'inviteToken',
  'welcome',
  'inviteColleagues',
  'nda',
  'expired',
  'itemUid',
  'subscribe',
  'source',
  'subscribeStatus',
  'unsubscribeToken',
  'tprm',
]

function useCloseHref() {
  const location = useLocation()
  return withQuery(location.pathname, location.search, Object.fromEntries(DIALOG_PARAMS.map((name) => [name, null])))
}

function useHere() {
  const location = useLocation()
  return location.pathname + location.search
}

const portalOf = (view: PortalView) => `${view.org.name}'s ${view.portal.title}`

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
  if (visitor.ndaDialog) return <NdaDialog view={view} text={visitor.ndaDialog.text} actionData={actionData} />
  if (visitor.accessExpired) return <AccessExpiredDialog view={view} />
  if (visitor.inviteDialog) return <InviteDialog actionData={actionData} />
  if (visitor.tprm?.open) return <TprmDialog view={view} visitor={visitor} actionData={actionData} />
  if (visitor.questionnaire) return <QuestionnaireDialogs view={view} dialog={visitor.questionnaire} actionData={actionData} />
  if (visitor.welcome) return <WelcomeDialog view={view} visitor={visitor} />
  return null
}

// ---------------------------------------------------------------------------------------------
// The access modal

function AccessModal({ view, visitor, modal, actionData }: { view: PortalView; visitor: VisitorView; modal: AccessModalView; actionData?: AccessActionData }) {
  const closeHref = useCloseHref()
  const location = useLocation()
  const [email, setEmail] = useState(modal.email)
  const tabHref = (tab: 'request' | 'login') =>
    withQuery(location.pathname, location.search, {
      requestAccess: tab === 'request' ? 'true' : null,
      loginRequest: tab === 'login' ? 'true' : null,
      email: email || null,
    })
  const title = modal.tab === 'request' ? 'Request Access' : `Get access to ${portalOf(view)}`
  const lastResult = actionData && 'result' in actionData && (actionData.intent === 'request-access' || actionData.intent === 'login') ? actionData.result : undefined
  return (
    <Dialog title={title} closeHref={closeHref} size="medium">
      <div className="tabs access-tabs" role="tablist" aria-label="Access">
        <Link role="tab" className="tabs__tab" aria-selected={modal.tab === 'request'} to={tabHref('request')} replace preventScrollReset>
          Request Access
        </Link>
        <Link role="tab" className="tabs__tab" aria-selected={modal.tab === 'login'} to={tabHref('login')} replace preventScrollReset>
          Login
        </Link>
      </div>
      <div role="tabpanel" aria-label={modal.tab === 'request' ? 'Request Access' : 'Login'}>
        {modal.tab === 'request' ? (
          <RequestAccessForm view={view} modal={modal} terms={visitor} email={email} onEmail={setEmail} lastResult={actionData?.intent === 'request-access' ? lastResult : undefined} closeHref={closeHref} />
        ) : (
          <LoginForm view={view} email={email} onEmail={setEmail} lastResult={actionData?.intent === 'login' ? lastResult : undefined} closeHref={closeHref} />
        )}
      </div>
    </Dialog>
  )
}

/** The org's terms or privacy page in a new tab; the words alone when the org has none. */
function TermsLink({ href, children }: { href: string | null; children: string }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <>{children}</>
  )
}

function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  )
}

/** What both tabs of the access modal take: the e-mail they share, their last reply, where Back goes. */
interface TabProps {
  view: PortalView
  email: string
  onEmail: (email: string) => void
  lastResult?: SubmissionResult<string[]>
  closeHref: string
}

function RequestAccessForm({
  view,
  modal,
  terms,
  email,
  onEmail,
  lastResult,
  closeHref,
}: TabProps & { modal: AccessModalView; terms: Pick<VisitorView, 'termsUrl' | 'privacyUrl'> }) {
  const here = useHere()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<Record<string, unknown>>({ lastResult, shouldRevalidate: 'onInput', defaultValue: { email } })
  const { fields: settings } = modal
  const otherProducts = modal.products.filter((product) => product.id !== modal.productId)
  return (
    <Form method="post" action={here} className="access-form" {...getFormProps(form)}>
      <p className="dialog__description">Please provide the following details to get access to {portalOf(view)}</p>
      <input type="hidden" name="intent" value="request-access" />
      <input type="hidden" name="productId" value={modal.productId} />
      {modal.itemUid ? <input type="hidden" name="itemUid" value={modal.itemUid} /> : null}
      {modal.inviteToken ? <input type="hidden" name="inviteToken" value={modal.inviteToken} /> : null}
      <input type="hidden" name="source" value="access_request" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-grid">
        <TextField label="First name" field={fields.firstName} autoComplete="given-name" />
        <TextField label="Last name" field={fields.lastName} autoComplete="family-name" />
      </div>
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" onChange={onEmail} readOnly={Boolean(modal.inviteToken)} />
      <TextField label="Company name" field={fields.companyName} autoComplete="organization" />
      {settings.jobTitle.enabled ? <TextField label={settings.jobTitle.label} field={fields.jobTitleTextField} autoComplete="organization-title" /> : null}
      {settings.pointOfContact.enabled ? (
        <TextField
          label={settings.pointOfContact.label}
          field={fields.pointOfContactField}
          type="email"
          placeholder="Enter your contact's email within this organization"
          hint="Enter your contact's email within this organization"
        />
      ) : null}
      {settings.relationship.enabled ? (
        <div className="field">
          <label htmlFor={fields.relationshipDropdown.id}>{settings.relationship.label}</label>
          <select {...getSelectProps(fields.relationshipDropdown)} key={fields.relationshipDropdown.key}>
            <option value="">Select…</option>
            {REQUESTER_KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
          <FieldErrors errors={fields.relationshipDropdown.errors} id={fields.relationshipDropdown.errorId} />
        </div>
      ) : null}
      {settings.country.enabled ? (
        <div className="field">
          <label htmlFor={fields.countriesDropdown.id}>{settings.country.label}</label>
          <select {...getSelectProps(fields.countriesDropdown)} key={fields.countriesDropdown.key} autoComplete="country-name">
            <option value="">Select…</option>
            {modal.countries.map((country) => (
              <option key={country} value={country}>
                {country}
              </option>
            ))}
          </select>
          <FieldErrors errors={fields.countriesDropdown.errors} id={fields.countriesDropdown.errorId} />
        </div>
      ) : null}
      {settings.products.enabled && otherProducts.length ? (
        <fieldset className="field">
          <legend>{settings.products.label}</legend>
          {modal.products.map((product) => (
            <label key={product.id} className="checkbox">
              <input type="checkbox" name={fields.accountMemberRequestProducts.name} value={product.id} defaultChecked={product.id === modal.productId} />
              {product.name}
            </label>
          ))}
          <FieldErrors errors={[...new Set(Object.values(fields.accountMemberRequestProducts.allErrors).flat())]} id={fields.accountMemberRequestProducts.errorId} />
        </fieldset>
      ) : null}
      {settings.customCheckbox.enabled ? <Checkbox field={fields.customCheckbox}>{settings.customCheckbox.label}</Checkbox> : null}
      <Checkbox field={fields.agree}>
        I agree to the <TermsLink href={terms.termsUrl}>terms of use</TermsLink> and <TermsLink href={terms.privacyUrl}>privacy notice</TermsLink>
      </Checkbox>
      {view.portal.subscribeEnabled ? <Checkbox field={fields.subscribe}>Subscribe to {view.org.name}'s updates</Checkbox> : null}
      <Honeypot />
      <div className="dialog__actions">
        <Link className="button button--secondary" to={closeHref} preventScrollReset>
          Back
        </Link>
        <button type="submit" className="button button--primary" disabled={busy}>
          Submit Request
        </button>
      </div>
    </Form>
  )
}

function LoginForm({ view, email, onEmail, lastResult, closeHref }: TabProps) {
  const here = useHere()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<Record<string, unknown>>({ lastResult, defaultValue: { email } })
  return (
    <Form method="post" action={here} className="access-form" {...getFormProps(form)}>
      <p className="dialog__description">To get started, please enter your email</p>
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="productId" value={view.product.id} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" onChange={onEmail} />
      <Honeypot />
      <div className="dialog__actions dialog__actions--split">
        <Link to={closeHref} preventScrollReset>
          Back to {view.portal.title}
        </Link>
        <button type="submit" className="button button--primary" disabled={busy}>
          Continue
        </button>
      </div>
    </Form>
  )
}

// ---------------------------------------------------------------------------------------------
// Outcome dialogs

function OutcomeDialog({ view, data, modal }: { view: PortalView; data: Extract<AccessActionData, { outcome: unknown }>; modal: AccessModalView | null }) {
  const closeHref = useCloseHref()
  const location = useLocation()
  const org = view.org.name
  const back = (
    <Link className="button button--secondary" to={closeHref} preventScrollReset>
      Back to {view.portal.title}
    </Link>
  )
  const done = (
    <Link className="button button--primary" to={closeHref} preventScrollReset>
      Done
    </Link>
  )
  const email = 'email' in data ? data.email : ''
  switch (data.outcome) {
    case 'request_sent':
      return (
        <Dialog title="Request sent" closeHref={closeHref} size="small">
          <p>
            {data.intent === 'extend-access'
              ? `${org} will review your request to extend your access. We'll email you once it's decided.`
              : `Thanks! ${org} will review your request and email you at ${email} once it's approved.`}
          </p>
          <div className="dialog__actions">{done}</div>
        </Dialog>
      )
    case 'request_approved':
      return (
        <Dialog title="Access approved" closeHref={closeHref} size="small">
          <p>Check your email: we sent a login link to {email}. It works once, for 15 minutes.</p>
          <div className="dialog__actions">{done}</div>
        </Dialog>
      )
    case 'login_sent':
      return (
        <Dialog title="Check your email" closeHref={closeHref} size="small">
          <p>
            If {email} has access to {portalOf(view)}, we've sent it a login link. It works once, for 15 minutes.
          </p>
          <p>
            No access yet?{' '}
            <Link to={withQuery(location.pathname, location.search, { requestAccess: 'true', loginRequest: null, email })} preventScrollReset>
              Request access
            </Link>
          </p>
          <div className="dialog__actions">{back}</div>
        </Dialog>
      )
    case 'request_declined_blocked_domain':
      if (data.intent === 'login' && modal) return null
      return (
        <Dialog title="Request declined" closeHref={closeHref} size="small">
          <p>
            Requests from {email.split('@')[1] ?? 'this domain'} cannot be accepted for {portalOf(view)}. If you think this is a mistake, please contact {org}.
          </p>
          <div className="dialog__actions">{back}</div>
        </Dialog>
      )
    case 'already_has_access':
    case 'already_requested':
    case 'error':
      return (
        <Dialog title="Extend access" closeHref={closeHref} size="small">
          <p role="alert">
            {data.outcome === 'already_has_access'
              ? 'You already have access.'
              : data.outcome === 'already_requested'
                ? 'You have already requested access to this account.'
                : 'An error occurred, please try again.'}
          </p>
          <div className="dialog__actions">{back}</div>
        </Dialog>
      )
    case 'invited':
      return <InviteSent emails={data.emails} />
    case 'not_work_email':
    case 'unique_violation':
      // The form shows these next to its fields (the action answers 400 with them).
      return null
  }
}

// ---------------------------------------------------------------------------------------------
// Signed-in dialogs

function WelcomeDialog({ view, visitor }: { view: PortalView; visitor: VisitorView }) {
  const closeHref = useCloseHref()
  const here = useHere()
  return (
    <Dialog title={`Welcome to ${view.org.name}'s portal`} closeHref={closeHref} size="small" dismissOnBackdrop={false}>
      <p>
        Here you can review {view.org.name}'s security practices, certifications and documents. Items you have access to are unlocked; open one to view or
        download its documents. Use the menu under your name to invite colleagues or log out.
      </p>
      {visitor.termsUrl || visitor.privacyUrl ? (
        <p className="field__hint">
          By using this portal you agree to {view.org.name}'s{' '}
          {visitor.termsUrl ? <TermsLink href={visitor.termsUrl}>terms of use</TermsLink> : null}
          {visitor.termsUrl && visitor.privacyUrl ? ' and ' : null}
          {visitor.privacyUrl ? <TermsLink href={visitor.privacyUrl}>privacy notice</TermsLink> : null}.
        </p>
      ) : null}
      <Form method="post" action={here} className="dialog__actions">
        <input type="hidden" name="intent" value="welcome" />
        <button type="submit" className="button button--primary">
          Let's Go
        </button>
      </Form>
    </Dialog>
  )
}

function NdaDialog({ view, text, actionData }: { view: PortalView; text: string; actionData?: AccessActionData }) {
  const location = useLocation()
  const here = useHere()
  const closeHref = withQuery(location.pathname, location.search, { nda: 'later' })
  const lastResult = actionData && 'result' in actionData && actionData.intent === 'sign-nda' ? actionData.result : undefined
  const [form, fields] = useForm<Record<string, unknown>>({ lastResult, shouldRevalidate: 'onInput' })
  const textId = useId()
  return (
    <Dialog title="Non-Disclosure Agreement" closeHref={closeHref} size="large" dismissOnBackdrop={false}>
      <p>{view.org.name} asks you to accept this NDA before you view its restricted documents.</p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <div className="nda-text" id={textId} tabIndex={0} role="region" aria-label="NDA text">
        {text.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <Form method="post" action={here} {...getFormProps(form)} className="access-form">
        <input type="hidden" name="intent" value="sign-nda" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField label="Full name" field={fields.signerName} />
        <Checkbox field={fields.accept}>I have read and agree to the Non-Disclosure Agreement</Checkbox>
        <div className="dialog__actions">
          <Link className="button button--secondary" to={closeHref} preventScrollReset>
            Not now
          </Link>
          <button type="submit" className="button button--primary">
            Sign NDA
          </button>
        </div>
      </Form>
    </Dialog>
  )
}

function AccessExpiredDialog({ view }: { view: PortalView }) {
  const location = useLocation()
  const here = useHere()
  const closeHref = withQuery(location.pathname, location.search, { expired: 'later' })
  return (
    <Dialog title="Access expired" closeHref={closeHref} size="small">
      <p>Your access to {portalOf(view)} has expired. You can ask {view.org.name} to extend it.</p>
      <Form method="post" action={here} className="dialog__actions">
        <input type="hidden" name="intent" value="extend-access" />
        <Link className="button button--secondary" to={closeHref} preventScrollReset>
          Back to {view.portal.title}
        </Link>
        <button type="submit" className="button button--primary">
          Extend access
        </button>
      </Form>
    </Dialog>
  )
}

// ---------------------------------------------------------------------------------------------
// Subscriptions (spec section 2: subscribe popover, subscribe result and unsubscribe dialogs)

function SubscribeDialog({ view, visitor, source, actionData }: { view: PortalView; visitor: VisitorView; source: string; actionData?: AccessActionData }) {
  const closeHref = useCloseHref()
  const here = useHere()
  const busy = useNavigation().state === 'submitting'
  const lastResult = actionData && 'result' in actionData && actionData.intent === 'subscribe' ? actionData.result : undefined
  const [form, fields] = useForm<Record<string, unknown>>({ lastResult, shouldRevalidate: 'onInput' })
  return (
    <Dialog title={`Subscribe to ${view.org.name}'s updates`} closeHref={closeHref} size="small">
      <Form method="post" action={here} className="access-form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="subscribe" />
        <input type="hidden" name="source" value={source} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <Honeypot />
        <p className="field__hint">
          By subscribing you agree to {view.org.name}'s <TermsLink href={visitor.termsUrl}>terms of use</TermsLink> and{' '}
          <TermsLink href={visitor.privacyUrl}>privacy notice</TermsLink>.
        </p>
        <p className="field__hint">You may unsubscribe at any time</p>
        <div className="dialog__actions">
          <Link className="button button--secondary" to={closeHref} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            Subscribe
          </button>
        </div>
      </Form>
    </Dialog>
  )
}

function SubscribeStatusDialog({ view, status }: { view: PortalView; status: NonNullable<VisitorView['subscribeStatus']> }) {
  const closeHref = useCloseHref()
  const location = useLocation()
  if (status === 'confirmed') {
    return (
      <Dialog title="Subscription confirmed" closeHref={closeHref} size="small">
        <p>
          You will now receive updates from {view.org.name}'s {view.portal.title} via email
        </p>
        <div className="dialog__actions">
          <Link className="button button--primary" to={closeHref} preventScrollReset>
            Done
          </Link>
        </div>
      </Dialog>
    )
  }
  const back = (
    <Link className="button button--secondary" to={closeHref} preventScrollReset>
      Back to {view.portal.title}
    </Link>
  )
  return (
    <Dialog title="Subscription failed" closeHref={closeHref} size="small">
      {status === 'blocked' ? (
        <>
          <p>This email address is blocked from subscribing to {view.org.name}'s updates. Please contact support if you think this is a mistake.</p>
          <div className="dialog__actions">{back}</div>
        </>
      ) : (
        <>
          <p>Your subscription link expired. Please try to subscribe again.</p>
          <div className="dialog__actions">
            {back}
            <Link className="button button--primary" to={withQuery(location.pathname, '', { subscribe: 'true' })} preventScrollReset>
              Try again
            </Link>
          </div>
        </>
      )}
    </Dialog>
  )
}

function UnsubscribeDialog({ view, token }: { view: PortalView; token: string }) {
  const closeHref = useCloseHref()
  const here = useHere()
  const busy = useNavigation().state === 'submitting'
  return (
    <Dialog title={`Unsubscribe to ${view.org.name}'s updates`} closeHref={closeHref} size="small">
      <p>
        You will no longer receive new updates from {view.org.name}'s {view.portal.title}.
      </p>
      <Form method="post" action={here} className="dialog__actions">
        <input type="hidden" name="intent" value="unsubscribe" />
        <input type="hidden" name="token" value={token} />
        <Link className="button button--secondary" to={closeHref} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="button button--primary" disabled={busy}>
          Unsubscribe
        </button>
      </Form>
    </Dialog>
  )
}

function UnsubscribeFailedDialog({ view }: { view: PortalView }) {
  const closeHref = useCloseHref()
  return (
    <Dialog title="Unsubscribe failed" closeHref={closeHref} size="small">
      <p>Your unsubscribe link expired</p>
      <p>Please contact {view.org.name}'s support if you keep receiving updates you did not ask for.</p>
      <div className="dialog__actions">
        <Link className="button button--primary" to={closeHref} preventScrollReset>
          Go back
        </Link>
      </div>
    </Dialog>
  )
}

function InviteDialog({ actionData }: { actionData?: AccessActionData }) {
  const closeHref = useCloseHref()
  const here = useHere()
  const busy = useNavigation().state === 'submitting'
  const lastResult = actionData && 'result' in actionData && actionData.intent === 'invite-colleagues' ? actionData.result : undefined
  const [form, fields] = useForm<Record<string, unknown>>({ lastResult })
  const failed = lastResult?.status === 'error' && !lastResult.error?.emails && !lastResult.error?.message
  if (failed) {
    return (
      <Dialog title="Problem inviting your colleagues" closeHref={closeHref} size="small">
        <p>There was an issue inviting your colleagues. Please try again, or contact us if the problem persists.</p>
        <div className="dialog__actions">
          <Link className="button button--primary" to={here} preventScrollReset>
            Try again
          </Link>
        </div>
      </Dialog>
    )
  }
  return (
    <Dialog title="Invite colleagues" closeHref={closeHref} size="medium">
      <Form method="post" action={here} {...getFormProps(form)} className="access-form">
        <input type="hidden" name="intent" value="invite-colleagues" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <EmailChips name={fields.emails.name} errors={fields.emails.errors} errorId={fields.emails.errorId} />
        <TextareaField label="Message (optional)" field={fields.message} rows={7} maxLength={2000} />
        <div className="dialog__actions">
          <Link className="button button--secondary" to={closeHref} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            Send
          </button>
        </div>
      </Form>
    </Dialog>
  )
}

/**
 * The multi-entry e-mail field: without JavaScript one text field taking addresses separated by commas or
 * spaces; with it, each address becomes a chip when Enter, Space, Tab or comma confirms it.
 */
function EmailChips({ name, errors, errorId }: { name: string; errors?: string[]; errorId: string }) {
  const hydrated = useHydrated()
  const [chips, setChips] = useState<string[]>([])
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const inputId = useId()
  const confirm = () => {
    const value = draft.trim().toLowerCase().replace(/,$/, '')
    if (!value) return false
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) setProblem(`"${value}" is not a valid email`)
    else if (chips.includes(value)) setProblem(`"${value}" has already been added`)
    else {
      setChips([...chips, value])
      setDraft('')
      setProblem(null)
    }
    return true
  }
  const shown = problem ? [problem] : errors
  if (!hydrated) {
    return (
      <div className="field">
        <label htmlFor={inputId}>Emails</label>
        <input id={inputId} name={name} type="text" aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? errorId : `${inputId}-hint`} />
        <p className="field__hint" id={`${inputId}-hint`}>
          Separate addresses with commas.
        </p>
        <FieldErrors errors={errors} id={errorId} />
      </div>
    )
  }
  return (
    <div className="field">
      <label htmlFor={inputId}>Emails</label>
      <div className="chips">
        {chips.map((chip) => (
          <span key={chip} className="chip">
            {chip}
            <input type="hidden" name={name} value={chip} />
            <button type="button" className="chip__remove" aria-label={`Remove ${chip}`} onClick={() => setChips(chips.filter((entry) => entry !== chip))}>
              ×
            </button>
          </span>
        ))}
        <input
          id={inputId}
          type="email"
          value={draft}
          aria-invalid={shown?.length ? true : undefined}
          aria-describedby={shown?.length ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (['Enter', ' ', ',', 'Tab'].includes(event.key) && draft.trim()) {
              if (confirm() && event.key !== 'Tab') event.preventDefault()
            } else if (event.key === 'Backspace' && !draft && chips.length) setChips(chips.slice(0, -1))
          }}
          onBlur={() => confirm()}
        />
        {/* A typed address not yet confirmed still goes with the form. */}
        {draft.trim() ? <input type="hidden" name={name} value={draft.trim()} /> : null}
      </div>
      <FieldErrors errors={shown} id={errorId} />
    </div>
  )
}

function InviteSent({ emails }: { emails: string[] }) {
  const closeHref = useCloseHref()
  const location = useLocation()
  return (
    <Dialog title="Invitations sent" closeHref={closeHref} size="small">
      <p>
        We sent an invitation to {emails.join(', ')}. Each link lets your colleague request access, approved into your account.
      </p>
      <div className="dialog__actions">
        <Link className="button button--secondary" to={withQuery(location.pathname, location.search, { inviteColleagues: 'true' })} preventScrollReset>
          Invite again
        </Link>
        <Link className="button button--primary" to={closeHref} preventScrollReset>
          Done
        </Link>
      </div>
    </Dialog>
  )
}

// ---------------------------------------------------------------------------------------------
// Account dropdown and preview banner

/** The account dropdown: the WAI-ARIA menu button with JavaScript, a disclosure without it. */
export function AccountMenu({ view, visitor }: { view: PortalView; visitor: VisitorView }) {
  const account = visitor.account!
  const location = useLocation()
  const hydrated = useHydrated()
  const { open, close, buttonProps, menuProps } = useMenuButton()
  const ndaAction = `${view.portal.basePath}/nda`

  const details = (
    <div className="account-menu__details">
      <p className="account-menu__title">Review of {view.org.name}</p>
      <p>
        {account.name} · {account.accountName}
      </p>
      <p>{account.gainedAccess}</p>
      <p>{account.ndaType}</p>
      {account.signedByOther ? <p className="field__hint">(NDA signed by another user at your organization)</p> : null}
      <p className="field__hint">{account.reviewStatus}</p>
    </div>
  )
  const entries = (role: 'menuitem' | undefined) => (
    <>
      {account.canDownloadNda ? (
        <form method="post" action={ndaAction} role="none">
          <button type="submit" role={role} className="account-menu__item" tabIndex={role ? -1 : undefined}>
            Download NDA
          </button>
        </form>
      ) : null}
      <Link role={role} className="account-menu__item" tabIndex={role ? -1 : undefined} to={withQuery(location.pathname, location.search, { welcome: 'true' })} preventScrollReset>
        How to use this Trust Center?
      </Link>
      <Link role={role} className="account-menu__item" tabIndex={role ? -1 : undefined} to={withQuery(location.pathname, location.search, { inviteColleagues: 'true' })} preventScrollReset>
        Invite colleagues
      </Link>
      {visitor.tprm ? (
        <Link role={role} className="account-menu__item" tabIndex={role ? -1 : undefined} to={withQuery(location.pathname, location.search, { tprm: 'true' })} preventScrollReset>
          Send data to TPRM tool
        </Link>
      ) : null}
      {visitor.questionnairesOffered ? (
        <>
          <Link role={role} className="account-menu__item" tabIndex={role ? -1 : undefined} to={withQuery(location.pathname, location.search, { questionnaire: 'true', questionnaires: null })} preventScrollReset>
            Upload questionnaire
          </Link>
          <Link role={role} className="account-menu__item" tabIndex={role ? -1 : undefined} to={withQuery(location.pathname, location.search, { questionnaires: 'list', questionnaire: null })} preventScrollReset>
            Questionnaires
          </Link>
        </>
      ) : null}
      <Form method="post" action={location.pathname} role="none">
        <input type="hidden" name="intent" value="logout" />
        <button type="submit" role={role} className="account-menu__item" tabIndex={role ? -1 : undefined}>
          Log Out
        </button>
      </Form>
    </>
  )
  if (!hydrated) {
    return (
      <details className="account-menu">
        <summary className="button button--secondary button--small">{account.name}</summary>
        <div className="account-menu__popup">
          {details}
          {entries(undefined)}
        </div>
      </details>
    )
  }
  return (
    <div className="account-menu">
      <button {...buttonProps} className="button button--secondary button--small">
        {account.name}
      </button>
      {open ? (
        <div className="account-menu__popup">
          {details}
          {/* A chosen item closes the menu after its own action has started (a form must still be in the page to submit). */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- role="menu" via menuProps; the menu items handle keys, this only sees their clicks bubble */}
          <div {...menuProps} aria-label="Account" onClick={(event) => (event.target as HTMLElement).closest('[role="menuitem"]') && setTimeout(() => close(false))}>
            {entries('menuitem')}
          </div>
        </div>
      ) : null}
    </div>
  )
}

export function PreviewBanner({ visitor }: { visitor: VisitorView }) {
  const preview = visitor.preview!
  const who = [preview.accountName, preview.profileName && `profile ${preview.profileName}`].filter(Boolean).join(', ')
  return (
    <div className="preview-banner" role="region" aria-label="Preview">
      <span>
        Previewing as <strong>{who}</strong>: you see exactly what they see.
      </span>
      <Link to={preview.exitHref}>Exit preview</Link>
    </div>
  )
}

// ---------------------------------------------------------------------------------------------
// Comments on an item

/**
 * The conversation on an open item (spec: comments view): oldest first, outgoing bubbles on the right.
 * The form works without JavaScript; with it, Cmd/Ctrl+Enter sends and Enter alone only adds a line.
 */
export function CommentsView({ comments }: { comments: NonNullable<VisitorView['comments']> }) {
  return (
    <section className="comments" aria-label="Comments">
      <h4>Comments</h4>
      {comments.threads.length === 0 ? <p className="comments__empty">Type below to start a conversation</p> : null}
      {comments.threads.map((thread) => (
        <CommentThread key={thread.accountId ?? 'own'} itemUid={comments.itemUid} thread={thread} />
      ))}
    </section>
  )
}

function CommentThread({ itemUid, thread }: { itemUid: string; thread: NonNullable<VisitorView['comments']>['threads'][number] }) {
  const here = useHere()
  const formRef = useRef<HTMLFormElement>(null)
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'comment'
  const inputId = useId()
  return (
    <div className="comments__thread" role="group" aria-label={thread.accountName ? `Conversation with ${thread.accountName}` : 'Your conversation'}>
      {thread.accountName ? <h5>{thread.accountName}</h5> : null}
      {thread.entries.length ? (
        <ol className="comments__list">
          {thread.entries.map((entry) => (
            <li key={entry.id} className={`comment${entry.outgoing ? ' comment--outgoing' : ''}`}>
              <p className="comment__meta">
                <strong>{entry.authorName}</strong> <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </p>
              <p className="comment__content">{entry.content}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="comments__empty">Type below to start a conversation</p>
      )}
      <Form method="post" action={here} ref={formRef} className="comments__form" preventScrollReset>
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="itemUid" value={itemUid} />
        {thread.accountId ? <input type="hidden" name="accountId" value={thread.accountId} /> : null}
        <label htmlFor={inputId} className="visually-hidden">
          {thread.accountName ? `Reply to ${thread.accountName}` : 'Comment'}
        </label>
        <textarea
          id={inputId}
          name="content"
          rows={2}
          required
          maxLength={5000}
          placeholder="Type here..."
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault()
              if (event.currentTarget.value.trim()) formRef.current?.requestSubmit()
            }
          }}
        />
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          Send
        </button>
      </Form>
    </div>
  )
}
