// "Send data to TPRM tool" (spec sections 2.7, 4 and 9): step one picks a partner tool and posts; step two
// shows the token the answer carries, once. The token lives only in that answer's data: Back or Done is a
// plain link, so it is gone the moment the visitor leaves the step. Loaded on demand (visitor-tools.tsx).
import { getFormProps, useForm } from '@conform-to/react'
import { useEffect, useId, useRef, useState } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import type { PortalView, VisitorView } from '~/lib/portal-view'
import { formatDateTime, withQuery } from '~/lib/format'
import { PROJECT_URL } from '~/lib/project'
import { Dialog } from '~/components/ui/dialog'
import { FieldErrors, FormErrors } from '~/components/ui/form-errors'
import { useHydrated } from '~/components/ui/use-hydrated'
import type { AccessActionData } from '@server/visitors/portal-actions'

const TITLE = 'Send data to TPRM tool'
/** How long "Copied" stays (spec section 9). */
const COPIED_MS = 5000
export const TPRM_INSTRUCTIONS_URL = `${PROJECT_URL}/blob/main/docs/trust-data.md#tprm-tokens`

type TprmActionData = Extract<AccessActionData, { intent: 'tprm-token' }>

export function TprmDialog({ view, visitor, actionData }: { view: PortalView; visitor: VisitorView; actionData?: AccessActionData }) {
  const location = useLocation()
  const closeHref = withQuery(location.pathname, location.search, { tprm: null })
  const tprmData = actionData?.intent === 'tprm-token' ? actionData : undefined
  return (
    <Dialog title={TITLE} closeHref={closeHref} size="medium">
      {tprmData && 'token' in tprmData ? (
        <TokenStep view={view} created={tprmData} closeHref={closeHref} />
      ) : (
        <PartnerStep view={view} partners={visitor.tprm?.partners ?? []} lastResult={tprmData && 'result' in tprmData ? tprmData.result : undefined} closeHref={closeHref} />
      )}
    </Dialog>
  )
}

function PartnerStep({
  view,
  partners,
  lastResult,
  closeHref,
}: {
  view: PortalView
  partners: NonNullable<VisitorView['tprm']>['partners']
  lastResult?: Extract<TprmActionData, { result: unknown }>['result']
  closeHref: string
}) {
  const location = useLocation()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<{ partnerId: string }>({ lastResult })
  return (
    <Form method="post" action={location.pathname + location.search} {...getFormProps(form)} className="access-form">
      <input type="hidden" name="intent" value="tprm-token" />
      <p className="dialog__description">
        Choose your third-party risk management tool. It will receive a token that lets it import the {view.org.name} {view.portal.title} content your organization has access to.
      </p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <fieldset className="field tprm__partners" aria-describedby={fields.partnerId.errors?.length ? fields.partnerId.errorId : undefined}>
        <legend>Integration</legend>
        {partners.map((partner) => (
          <label key={partner.id} className="tprm__partner">
            <input type="radio" name={fields.partnerId.name} value={partner.id} required defaultChecked={partners.length === 1} />
            <span>
              <span className="tprm__partner-name">{partner.name}</span>
              <span className="tprm__partner-domain">{partner.domain}</span>
            </span>
          </label>
        ))}
        <FieldErrors errors={fields.partnerId.errors} id={fields.partnerId.errorId} />
      </fieldset>
      <div className="dialog__actions">
        <Link className="button button--secondary" to={closeHref} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="button button--primary" disabled={busy}>
          Next
        </button>
      </div>
    </Form>
  )
}

function TokenStep({ view, created, closeHref }: { view: PortalView; created: Extract<TprmActionData, { token: string }>; closeHref: string }) {
  const location = useLocation()
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const fieldId = useId()
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token)
    } catch {
      // Without clipboard access the field stays selected, for the visitor to copy by hand.
      document.getElementById(fieldId)?.focus()
      return
    }
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), COPIED_MS)
  }
  return (
    <div className="access-form">
      <p className="dialog__description">
        Paste this token into {created.partnerName}. It gives {created.partnerName} the {view.portal.title} content your organization has access to, until{' '}
        <time dateTime={created.expiresAt}>{formatDateTime(created.expiresAt)}</time>. The token expires after 24 hours and can be viewed only once: copy it now.
      </p>
      <div className="field">
        <label htmlFor={fieldId}>Token</label>
        <div className="tprm__token">
          <input id={fieldId} type="text" readOnly value={created.token} spellCheck={false} autoComplete="off" onFocus={(event) => event.currentTarget.select()} />
          {hydrated ? (
            <button type="button" className="button button--secondary tprm__copy" onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          ) : null}
        </div>
        <span className="visually-hidden" role="status">
          {copied ? 'Copied' : ''}
        </span>
      </div>
      <p>
        <a href={TPRM_INSTRUCTIONS_URL} target="_blank" rel="noopener noreferrer">
          Full instructions
        </a>
      </p>
      <div className="dialog__actions">
        <Link className="button button--secondary" to={location.pathname + location.search} replace preventScrollReset>
          Back
        </Link>
        <Link className="button button--primary" to={closeHref} preventScrollReset>
          Done
        </Link>
      </div>
    </div>
  )
}
