// Subscriptions (spec section 2): the subscribe popover, the subscribe result and the unsubscribe dialogs.
import { getFormProps, useForm } from '@conform-to/react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import type { PortalView, VisitorView } from '~/lib/portal-view'
import { withQuery } from '~/lib/format'
import { Dialog } from '~/components/ui/dialog'
import { FormErrors } from '~/components/ui/form-errors'
import { TextField } from '~/components/ui/fields'
import type { AccessActionData } from '@server/visitors/portal-actions'
import { Honeypot, TermsLink, useCloseHref, useHere } from './dialog-parts'

export function SubscribeDialog({ view, visitor, source, actionData }: { view: PortalView; visitor: VisitorView; source: string; actionData?: AccessActionData }) {
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

export function SubscribeStatusDialog({ view, status }: { view: PortalView; status: NonNullable<VisitorView['subscribeStatus']> }) {
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

export function UnsubscribeDialog({ view, token }: { view: PortalView; token: string }) {
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

export function UnsubscribeFailedDialog({ view }: { view: PortalView }) {
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
