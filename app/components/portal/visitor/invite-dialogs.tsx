// Invite colleagues: the form with its multi-entry e-mail field, and the dialog once invitations are sent.
import { getFormProps, useForm } from '@conform-to/react'
import { useId, useState } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { withQuery } from '~/lib/format'
import { Dialog } from '~/components/ui/dialog'
import { FieldErrors, FormErrors } from '~/components/ui/form-errors'
import { TextareaField } from '~/components/ui/fields'
import type { AccessActionData } from '@server/visitors/portal-actions'
import { useHydrated } from '~/components/ui/use-hydrated'
import { useCloseHref, useHere } from './dialog-parts'

export function InviteDialog({ actionData }: { actionData?: AccessActionData }) {
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

export function InviteSent({ emails }: { emails: string[] }) {
  const closeHref = useCloseHref()
  const location = useLocation()
  return (
    <Dialog title="Invitations sent" closeHref={closeHref} size="small">
      <p>We sent an invitation to {emails.join(', ')}. Each link lets your colleague request access, approved into your account.</p>
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
