// The access modal with its two tabs (Request Access, Login), the outcome dialogs its forms answer with,
// and access expired (portal shell spec, section 8).
import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useState } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import type { AccessModalView, PortalView, VisitorView } from '~/lib/portal-view'
import { REQUESTER_KINDS } from '~/lib/access-request-fields'
import { withQuery } from '~/lib/format'
import { Dialog } from '~/components/ui/dialog'
import { FieldErrors, FormErrors } from '~/components/ui/form-errors'
import { CheckboxField as Checkbox, RequiredMark, TextField } from '~/components/ui/fields'
import type { AccessActionData } from '@server/visitors/portal-actions'
import { Honeypot, portalOf, TermsLink, useCloseHref, useHere } from './dialog-parts'
import { InviteSent } from './invite-dialogs'

export function AccessModal({ view, visitor, modal, actionData }: { view: PortalView; visitor: VisitorView; modal: AccessModalView; actionData?: AccessActionData }) {
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
          <RequestAccessForm
            view={view}
            modal={modal}
            terms={visitor}
            email={email}
            onEmail={setEmail}
            lastResult={actionData?.intent === 'request-access' ? lastResult : undefined}
            closeHref={closeHref}
          />
        ) : (
          <LoginForm view={view} email={email} onEmail={setEmail} lastResult={actionData?.intent === 'login' ? lastResult : undefined} closeHref={closeHref} />
        )}
      </div>
    </Dialog>
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
      {modal.item ? (
        <p className="access-form__item">
          You're requesting: <strong>{modal.item.title}</strong>
        </p>
      ) : null}
      <p className="dialog__description">Please provide the following details to get access to {portalOf(view)}</p>
      <p className="access-form__legend">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <input type="hidden" name="intent" value="request-access" />
      <input type="hidden" name="productId" value={modal.productId} />
      {modal.item ? <input type="hidden" name="itemUid" value={modal.item.uid} /> : null}
      {modal.inviteToken ? <input type="hidden" name="inviteToken" value={modal.inviteToken} /> : null}
      <input type="hidden" name="source" value={modal.source} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-grid">
        <TextField label="First name" field={fields.firstName} autoComplete="given-name" required />
        <TextField label="Last name" field={fields.lastName} autoComplete="family-name" required />
      </div>
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" onChange={onEmail} readOnly={Boolean(modal.inviteToken)} required />
      <TextField label="Company name" field={fields.companyName} autoComplete="organization" required />
      {settings.jobTitle.enabled ? <TextField label={settings.jobTitle.label} field={fields.jobTitleTextField} autoComplete="organization-title" required /> : null}
      {settings.pointOfContact.enabled ? (
        <TextField
          label={settings.pointOfContact.label}
          field={fields.pointOfContactField}
          type="email"
          placeholder="Enter your contact's email within this organization"
          hint="Enter your contact's email within this organization"
          required
        />
      ) : null}
      {settings.relationship.enabled ? (
        <div className="field">
          <label htmlFor={fields.relationshipDropdown.id}>
            {settings.relationship.label}
            <RequiredMark />
          </label>
          <select {...getSelectProps(fields.relationshipDropdown)} key={fields.relationshipDropdown.key} aria-required="true">
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
          <label htmlFor={fields.countriesDropdown.id}>
            {settings.country.label}
            <RequiredMark />
          </label>
          <select {...getSelectProps(fields.countriesDropdown)} key={fields.countriesDropdown.key} autoComplete="country-name" aria-required="true">
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
          <legend>
            {settings.products.label}
            <RequiredMark />
          </legend>
          {modal.products.map((product) => (
            <label key={product.id} className="checkbox">
              <input type="checkbox" name={fields.accountMemberRequestProducts.name} value={product.id} defaultChecked={product.id === modal.productId} />
              {product.name}
            </label>
          ))}
          <FieldErrors errors={[...new Set(Object.values(fields.accountMemberRequestProducts.allErrors).flat())]} id={fields.accountMemberRequestProducts.errorId} />
        </fieldset>
      ) : null}
      {settings.customCheckbox.enabled ? (
        <Checkbox field={fields.customCheckbox}>
          {settings.customCheckbox.label}
          {settings.customCheckbox.required ? <RequiredMark /> : null}
        </Checkbox>
      ) : null}
      <Checkbox field={fields.agree}>
        I agree to the <TermsLink href={terms.termsUrl}>terms of use</TermsLink> and <TermsLink href={terms.privacyUrl}>privacy notice</TermsLink>
        {view.product.termsUrl ? (
          <>
            {' '}
            and the <TermsLink href={view.product.termsUrl}>{`${view.product.name} terms`}</TermsLink>
          </>
        ) : null}
        <RequiredMark />
      </Checkbox>
      {view.portal.subscribeEnabled ? <Checkbox field={fields.subscribe}>Subscribe to {view.org.name}'s updates</Checkbox> : null}
      <Honeypot />
      <WhatHappensNext org={view.org.name} modal={modal} />
      <div className="dialog__actions dialog__actions--sticky">
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

/** What follows a request: the org's usual reply time (a setting) and the NDA, when one is required. */
function WhatHappensNext({ org, modal }: { org: string; modal: AccessModalView }) {
  return (
    <section className="access-form__next" aria-labelledby="access-next-title">
      <h3 id="access-next-title">What happens next</h3>
      <ul>
        <li>
          {org} reviews your request. We usually reply within {modal.reviewDays} business {modal.reviewDays === 1 ? 'day' : 'days'}.
        </li>
        <li>Once approved, we email you a login link.</li>
        {modal.ndaRequired ? <li>You'll be asked to sign an NDA before you can view restricted documents.</li> : null}
      </ul>
    </section>
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

export function OutcomeDialog({ view, data, modal }: { view: PortalView; data: Extract<AccessActionData, { outcome: unknown }>; modal: AccessModalView | null }) {
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
              : data.intent === 'request-item'
                ? `${org} will review your request for more access. We'll email you once it's decided.`
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
        <Dialog title={data.intent === 'request-item' ? 'Request access' : 'Extend access'} closeHref={closeHref} size="small">
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

export function AccessExpiredDialog({ view }: { view: PortalView }) {
  const location = useLocation()
  const here = useHere()
  const closeHref = withQuery(location.pathname, location.search, { expired: 'later' })
  return (
    <Dialog title="Access expired" closeHref={closeHref} size="small">
      <p>
        Your access to {portalOf(view)} has expired. You can ask {view.org.name} to extend it.
      </p>
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
