// The signed-in visitor's first dialogs: the welcome modal and the NDA to accept before restricted documents.
import { getFormProps, useForm } from '@conform-to/react'
import { useId } from 'react'
import { Form, Link, useLocation } from 'react-router'
import type { PortalView, VisitorView } from '~/lib/portal-view'
import { withQuery } from '~/lib/format'
import { Dialog } from '~/components/ui/dialog'
import { DownloadIcon } from '~/components/icons'
import { FormErrors } from '~/components/ui/form-errors'
import { CheckboxField as Checkbox, TextField } from '~/components/ui/fields'
import type { AccessActionData } from '@server/visitors/portal-actions'
import { TermsLink, useCloseHref, useHere } from './dialog-parts'

export function WelcomeDialog({ view, visitor }: { view: PortalView; visitor: VisitorView }) {
  const closeHref = useCloseHref()
  const here = useHere()
  return (
    <Dialog title={`Welcome to ${view.org.name}'s portal`} closeHref={closeHref} size="small" dismissOnBackdrop={false}>
      <p>
        Here you can review {view.org.name}'s security practices, certifications and documents. Items you have access to are unlocked; open one to view or download its documents.
        Use the menu under your name to invite colleagues or log out.
      </p>
      {visitor.termsUrl || visitor.privacyUrl ? (
        <p className="field__hint">
          By using this portal you agree to {view.org.name}'s {visitor.termsUrl ? <TermsLink href={visitor.termsUrl}>terms of use</TermsLink> : null}
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

export function NdaDialog({ view, nda, actionData }: { view: PortalView; nda: { text: string; signerName: string }; actionData?: AccessActionData }) {
  const { text } = nda
  const location = useLocation()
  const here = useHere()
  const closeHref = withQuery(location.pathname, location.search, { nda: 'later' })
  const lastResult = actionData && 'result' in actionData && actionData.intent === 'sign-nda' ? actionData.result : undefined
  const [form, fields] = useForm<Record<string, unknown>>({ lastResult, shouldRevalidate: 'onInput', defaultValue: { signerName: nda.signerName } })
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
      {/* The NDA to keep or read elsewhere before signing it (a POST, as the signed copy's download). */}
      <form method="post" action={`${view.portal.basePath}/nda`} className="nda-copy">
        <input type="hidden" name="copy" value="unsigned" />
        <button type="submit" className="button button--secondary button--small">
          <DownloadIcon size={16} /> Download this NDA (PDF)
        </button>
      </form>
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
