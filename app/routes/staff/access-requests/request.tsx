import { data, Form, Link, useActionData, useLocation, useNavigation } from 'react-router'
import type { Route } from './+types/request'
import { approveRequest, declineRequest, loadRequest } from '@server/access-requests/review'
import { requireStaff } from '@server/auth/require'
import { kickEmailWorker } from '@server/email/worker'
import { parseForm, readForm } from '@server/http/forms'
import { redirectWithToast } from '@server/http/redirect'
import { isUuid } from '@server/http/query'
import { FormErrors, submissionErrors } from '~/components/ui/form-errors'
import { SelectField } from '~/components/ui/fields'
import { approveRequestSchema, dateInputValue, declineRequestSchema, DECLINE_KINDS, NEW_ACCOUNT, REQUEST_KIND_LABELS } from '~/lib/schemas/access-requests'
import { formatDateTime } from '~/lib/format'
import { hasPermission } from '~/lib/permissions'
import { Ago, DomainAccount, RequestStatus } from './request-parts'
import { refused, type ReviewAnswer } from './review-answer'

// One access request, to decide: who asks for what, and the approve and decline forms. Its address keeps
// the queue's filter, so the decision (and the back link) return to the queue as it was.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'access-requests')
  const loaded = isUuid(params.requestId) ? await loadRequest(context.db, staff.orgId, params.requestId) : undefined
  if (!loaded) throw data('This access request does not exist.', { status: 404 })
  return { ...loaded, today: dateInputValue(new Date()), canOpenAccounts: hasPermission(staff.permissions, 'accounts') }
}

/** Approves or declines this request; the decision goes back to the queue as it was filtered. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'access-requests')
  const formData = await readForm(request)
  const back = `/access-requests${new URL(request.url).search}`
  const formRequestId = String(formData.get('requestId') ?? '').slice(0, 100)
  switch (formData.get('intent')) {
    case 'approve': {
      const submission = parseForm(formData, approveRequestSchema)
      if (submission.status !== 'success') return data<ReviewAnswer>({ intent: 'approve', requestId: formRequestId, result: submission.reply() }, { status: 400 })
      const outcome = await approveRequest(context.db, context.env, staff, submission.value)
      if (!outcome.ok) return refused('approve', submission, outcome, formRequestId)
      kickEmailWorker()
      // The account's page, for staff who may open it (a reviewer without the accounts permission gets no dead link).
      const action =
        outcome.accountId && hasPermission(staff.permissions, 'accounts')
          ? { label: 'View account', href: `/accounts?account=${encodeURIComponent(outcome.accountId)}` }
          : undefined
      return redirectWithToast(context.env, back, `Access granted to ${outcome.name}`, { action })
    }
    case 'decline': {
      const submission = parseForm(formData, declineRequestSchema)
      if (submission.status !== 'success') return data<ReviewAnswer>({ intent: 'decline', requestId: formRequestId, result: submission.reply() }, { status: 400 })
      const outcome = await declineRequest(context.db, context.env, staff, submission.value)
      if (!outcome.ok) return refused('decline', submission, outcome, formRequestId)
      kickEmailWorker()
      return redirectWithToast(context.env, back, `Request of ${outcome.name} declined`)
    }
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

type LoaderData = Route.ComponentProps['loaderData']

export default function AccessRequest({ loaderData }: Route.ComponentProps) {
  const { request, nextPendingId } = loaderData
  const { search } = useLocation()
  const actionData = useActionData<typeof action>()
  const errors = actionData ? submissionErrors(actionData.result) : undefined
  const asked = request.itemTitle ?? request.productName ?? 'Deleted product'
  return (
    <div className="staff-page">
      <p className="staff-page__back">
        <Link to={`/access-requests${search}`}>Back to access requests</Link>
      </p>
      <header className="staff-page__header">
        <h1>{request.name}</h1>
        <p>
          {request.kind === 'extend' ? 'Asks to extend their access to ' : 'Asks for access to '}
          <strong>{asked}</strong>
          {request.itemTitle && request.productName ? ` (${request.productName})` : ''}, <Ago at={request.createdAt} />.
        </p>
      </header>

      <section className="panel" aria-labelledby="requester-title">
        <h2 id="requester-title">Requester</h2>
        <dl className="request-details">
          <dt>Email</dt>
          <dd>{request.email}</dd>
          <dt>Company</dt>
          <dd>{request.companyName}</dd>
          {request.jobTitle ? (
            <>
              <dt>Job title</dt>
              <dd>{request.jobTitle}</dd>
            </>
          ) : null}
          {request.relationship ? (
            <>
              <dt>Relationship</dt>
              <dd>{request.relationship}</dd>
            </>
          ) : null}
          {request.country ? (
            <>
              <dt>Country</dt>
              <dd>{request.country}</dd>
            </>
          ) : null}
          <dt>Kind</dt>
          <dd>{REQUEST_KIND_LABELS[request.kind]}</dd>
          <dt>Requested</dt>
          <dd>
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </dd>
          <dt>Account of their domain</dt>
          <dd>
            <DomainAccount account={request.domainAccount} linked={loaderData.canOpenAccounts} none="None" />
          </dd>
          <dt>Earlier requests</dt>
          <dd>
            {request.earlierRequests ? <Link to={`/access-requests?q=${encodeURIComponent(request.email)}`}>{`${request.earlierRequests} from ${request.email}`}</Link> : 'None'}
          </dd>
          <dt>Status</dt>
          <dd>
            <RequestStatus request={request} />
          </dd>
        </dl>
      </section>

      {request.status === 'pending' ? (
        <section className="panel" aria-labelledby="decision-title">
          <h2 id="decision-title">Decision</h2>
          <FormErrors errors={errors} />
          <Decision loaderData={loaderData} />
        </section>
      ) : (
        <FormErrors errors={errors} />
      )}

      <p className="request-next">
        {nextPendingId ? <Link to={`/access-requests/${nextPendingId}${search}`}>Next pending request</Link> : <span className="field__hint">No other pending request.</span>}
      </p>
    </div>
  )
}

function Decision({ loaderData }: { loaderData: LoaderData }) {
  const { request, products, accounts, defaultExpiresOn, ndaDefault, today } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const product = products.find((entry) => entry.id === request.productId)
  const profiles = product?.profiles ?? []
  const noProfiles = !request.extend?.profileId && profiles.length === 0
  return (
    <div className="request-review__forms">
      <Form method="post" className="request-review__approve" aria-label={`Approve ${request.name}`}>
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="requestId" value={request.id} />
        {request.extend ? (
          <>
            <input type="hidden" name="accountId" value={request.extend.accountId} />
            <p className="request-review__extends">
              Extends the access of <strong>{request.extend.accountName}</strong>
              {request.extend.profileName ? ` with ${request.extend.profileName}` : ''}
            </p>
          </>
        ) : (
          <SelectField
            id="request-account"
            name="accountId"
            label="Account"
            options={[{ value: NEW_ACCOUNT, label: `New account: ${request.companyName}` }, ...accounts.map((account) => ({ value: account.id, label: account.name }))]}
            defaultValue={request.suggestedAccountId ?? NEW_ACCOUNT}
          />
        )}
        {request.extend?.profileId ? (
          <input type="hidden" name="profileId" value={request.extend.profileId} />
        ) : (
          <SelectField
            id="request-profile"
            name="profileId"
            label="Permission profile"
            required
            placeholder="Choose a profile"
            options={profiles.map((profile) => ({ value: profile.id, label: profile.name }))}
            defaultValue={product?.defaultProfileId ?? ''}
          />
        )}
        <div className="field">
          <label htmlFor="request-expires">Access until</label>
          <input type="date" id="request-expires" name="expiresOn" required min={today} defaultValue={defaultExpiresOn} />
        </div>
        <label className="checkbox" htmlFor="request-nda">
          <input type="checkbox" id="request-nda" name="ndaRequired" defaultChecked={request.extend ? request.extend.ndaRequired : ndaDefault} />
          Require NDA
        </label>
        <button type="submit" className="button button--primary" disabled={busy || noProfiles} aria-describedby={noProfiles ? 'request-no-profiles' : undefined}>
          Approve
        </button>
        {noProfiles ? (
          <p className="field__hint" id="request-no-profiles">
            This product has no permission profile yet: <Link to={`/accounts?profile=new&product=${request.productId}`}>create one</Link> first.
          </p>
        ) : null}
      </Form>
      <Form method="post" className="request-review__decline" aria-label={`Decline ${request.name}`}>
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="requestId" value={request.id} />
        <SelectField id="request-decline" name="status" label="Decline as" options={DECLINE_KINDS} defaultValue="declined" />
        <button type="submit" className="button button--danger" disabled={busy}>
          Decline
        </button>
      </Form>
    </div>
  )
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [{ title: loaded ? `Access request of ${loaded.request.name}` : 'Access request' }]
}
