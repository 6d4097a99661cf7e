import type { SubmissionResult } from '@conform-to/react'
import { isUuid } from '@server/http/query'
import { data, Form, Link, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { bulkApprove, bulkDecline, bulkSummary, declineRequest, approveRequest, loadReviewPage, MAX_REQUEST_PAGE, type ReviewResult } from '@server/access-requests/review'
import { requireStaff } from '@server/auth/require'
import { kickEmailWorker } from '@server/email/worker'
import { parseForm, readForm } from '@server/http/forms'
import { integerParam } from '@server/http/query'
import { redirectWithToast } from '@server/http/redirect'
import { FormErrors, submissionErrors } from '~/components/ui/form-errors'
import { SelectField } from '~/components/ui/fields'
import { dateInputValue, DECLINE_KINDS, NEW_ACCOUNT, REQUEST_KIND_LABELS, REQUEST_STATUS_FILTERS } from '~/lib/schemas/access-requests'
import { approveRequestSchema, bulkApproveSchema, bulkDeclineSchema, declineRequestSchema } from '~/lib/schemas/access-requests'
import { formatDate, withQuery } from '~/lib/format'
import { OpenPager, StaffTable } from '~/components/ui/staff-table'
import { When } from '~/components/ui/when'

const BULK_FORM = 'bulk-review'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'access-requests')
  const search = new URL(request.url).searchParams
  const status = REQUEST_STATUS_FILTERS.find((option) => option.value === search.get('status'))?.value ?? 'all'
  const product = search.get('product')
  const page = integerParam(search, 'page', { min: 1, max: MAX_REQUEST_PAGE, fallback: 1 })
  const view = await loadReviewPage(context.db, staff.orgId, { status, productId: product && isUuid(product) ? product : null, page })
  return { ...view, today: dateInputValue(new Date()) }
}

type ActionData = { intent: string; requestId?: string; result: SubmissionResult<string[]> }

/** A refusal of the server's, as the reply of the form that asked. */
function refused(
  intent: string,
  submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
  outcome: Extract<ReviewResult, { ok: false }>,
  requestId?: string,
) {
  const result = outcome.field ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }) : submission.reply({ formErrors: [outcome.message] })
  return data<ActionData>({ intent, requestId, result }, { status: outcome.status })
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'access-requests')
  const formData = await readForm(request)
  // Back to the list as it was filtered.
  const back = `/access-requests${new URL(request.url).search}`
  const formRequestId = String(formData.get('requestId') ?? '').slice(0, 100)
  switch (formData.get('intent')) {
    case 'approve': {
      const submission = parseForm(formData, approveRequestSchema)
      if (submission.status !== 'success') return data<ActionData>({ intent: 'approve', requestId: formRequestId, result: submission.reply() }, { status: 400 })
      const outcome = await approveRequest(context.db, context.env, staff, submission.value)
      if (!outcome.ok) return refused('approve', submission, outcome, formRequestId)
      kickEmailWorker()
      return redirectWithToast(context.env, back, `Access granted to ${outcome.name}`)
    }
    case 'decline': {
      const submission = parseForm(formData, declineRequestSchema)
      if (submission.status !== 'success') return data<ActionData>({ intent: 'decline', requestId: formRequestId, result: submission.reply() }, { status: 400 })
      const outcome = await declineRequest(context.db, context.env, staff, submission.value)
      if (!outcome.ok) return refused('decline', submission, outcome, formRequestId)
      kickEmailWorker()
      return redirectWithToast(context.env, back, `Request of ${outcome.name} declined`)
    }
    case 'bulk-approve':
    case 'bulk-decline': {
      const approving = formData.get('intent') === 'bulk-approve'
      const submission = approving ? parseForm(formData, bulkApproveSchema) : parseForm(formData, bulkDeclineSchema)
      if (submission.status !== 'success') return data<ActionData>({ intent: 'bulk', result: submission.reply() }, { status: 400 })
      const value = submission.value
      const outcome = value.intent === 'bulk-approve' ? await bulkApprove(context.db, context.env, staff, value) : await bulkDecline(context.db, context.env, staff, value)
      if (!outcome.ok) return refused('bulk', submission, outcome)
      const summary = bulkSummary(outcome.outcome, approving ? 'approved' : 'declined')
      if (outcome.outcome.done.length === 0) {
        const status = outcome.outcome.skipped.every((entry) => entry.status === 409) ? 409 : 400
        return data<ActionData>({ intent: 'bulk', result: submission.reply({ formErrors: [summary] }) }, { status })
      }
      kickEmailWorker()
      return redirectWithToast(context.env, back, summary)
    }
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

type LoaderData = Route.ComponentProps['loaderData']
type ReviewRequest = LoaderData['requests'][number]

export default function AccessRequests({ loaderData }: Route.ComponentProps) {
  const { requests, products, filter, hasMore } = loaderData
  const actionData = useActionData<typeof action>()
  const pending = requests.filter((request) => request.status === 'pending')
  const bulkErrors = actionData?.intent === 'bulk' ? submissionErrors(actionData.result) : undefined
  const pageLink = (page: number) => withQuery('/access-requests', filterQuery(filter), { page: page > 1 ? String(page) : null })
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <h1>Access requests</h1>
        <p>People asking for access to restricted content. Approve them into an account with a permission profile, or decline; they are told by e-mail.</p>
      </header>

      <section className="panel" aria-labelledby="requests-title">
        <h2 id="requests-title" className="visually-hidden">
          Requests
        </h2>
        <Form method="get" className="request-filter" key={`${filter.status}-${filter.productId}`}>
          <SelectField id="filter-status" name="status" label="Status" options={REQUEST_STATUS_FILTERS} defaultValue={filter.status} />
          <SelectField
            id="filter-product"
            name="product"
            label="Product"
            placeholder="All products"
            options={products.map((product) => ({ value: product.id, label: product.name }))}
            defaultValue={filter.productId ?? ''}
          />
          <button type="submit" className="button button--secondary">
            Filter
          </button>
        </Form>

        {/* A refusal whose request has no review row any more (decided meanwhile, gone, another org's) is said here. */}
        {actionData && actionData.intent !== 'bulk' && !pending.some((request) => request.id === actionData.requestId) ? (
          <FormErrors errors={submissionErrors(actionData.result)} />
        ) : null}
        {pending.length ? <BulkReview loaderData={loaderData} errors={bulkErrors} /> : <FormErrors errors={bulkErrors} />}

        <StaffTable
          className="requests-table"
          caption="Access requests, pending first, then newest"
          columns={[{ hidden: 'Select' }, 'Name', 'Email', 'Company', 'Job title', 'Relationship', 'Country', 'Product', 'Requested item', 'Kind', 'Date', 'Status']}
          scroll
          rowGroups={requests.map((request) => (
            <RequestRows
              key={request.id}
              request={request}
              loaderData={loaderData}
              errors={actionData && actionData.intent !== 'bulk' && actionData.requestId === request.id ? submissionErrors(actionData.result) : undefined}
            />
          ))}
        />
        {requests.length === 0 ? <p className="empty">{filter.status === 'all' && !filter.productId ? 'No access requests yet.' : 'No requests match this filter.'}</p> : null}
        <OpenPager label="Request pages" page={filter.page} hasMore={hasMore} href={pageLink} />
      </section>
    </div>
  )
}

const filterQuery = (filter: LoaderData['filter']) => {
  const params = new URLSearchParams()
  if (filter.status !== 'all') params.set('status', filter.status)
  if (filter.productId) params.set('product', filter.productId)
  return params.toString()
}

function RequestRows({ request, loaderData, errors }: { request: ReviewRequest; loaderData: LoaderData; errors?: string[] }) {
  const isPending = request.status === 'pending'
  return (
    <tbody className="request">
      <tr>
        <td>{isPending ? <input type="checkbox" name="requestIds" value={request.id} form={BULK_FORM} aria-label={`Select ${request.name}`} /> : null}</td>
        <th scope="row">{request.name}</th>
        <td>{request.email}</td>
        <td>{request.companyName}</td>
        <td>{request.jobTitle}</td>
        <td>{request.relationship}</td>
        <td>{request.country}</td>
        <td>{request.productName ?? <span className="field__hint">Deleted product</span>}</td>
        <td>{request.itemTitle}</td>
        <td>{request.kind === 'extend' ? <span className="tag tag--warning">{REQUEST_KIND_LABELS.extend}</span> : REQUEST_KIND_LABELS.access}</td>
        <td>
          <When at={request.createdAt} />
        </td>
        <td>
          <span className={`tag request-status request-status--${request.status.startsWith('declined') ? 'declined' : request.status}`}>{request.statusLabel}</span>
          {request.decidedAt ? (
            <span className="request-status__by">
              {request.decidedAccountName ? `${request.decidedAccountName}, ` : ''}
              {request.decidedBy ? `by ${request.decidedBy}, ` : ''}
              {formatDate(request.decidedAt)}
            </span>
          ) : null}
        </td>
      </tr>
      {isPending ? (
        <tr className="request-review">
          <td colSpan={12}>
            <ReviewForms request={request} loaderData={loaderData} errors={errors} />
          </td>
        </tr>
      ) : null}
    </tbody>
  )
}

function ProfileSelect({
  id,
  name,
  label,
  profiles,
  defaultValue,
}: {
  id: string
  name: string
  label: React.ReactNode
  profiles: { id: string; name: string }[]
  defaultValue?: string
}) {
  return (
    <SelectField
      id={id}
      name={name}
      label={label}
      required
      placeholder="Choose a profile"
      options={profiles.map((profile) => ({ value: profile.id, label: profile.name }))}
      defaultValue={defaultValue ?? (profiles.length === 1 ? profiles[0].id : '')}
    />
  )
}

function ReviewForms({ request, loaderData, errors }: { request: ReviewRequest; loaderData: LoaderData; errors?: string[] }) {
  const { products, accounts, defaultExpiresOn, ndaDefault, today } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('requestId') === request.id
  const profiles = products.find((product) => product.id === request.productId)?.profiles ?? []
  const who = request.name
  const forWho = <span className="visually-hidden">{` for ${who}`}</span>
  const id = `request-${request.id}`
  const noProfiles = !request.extend?.profileId && profiles.length === 0
  return (
    <div className="request-review__forms">
      <FormErrors errors={errors} />
      <Form method="post" className="request-review__approve">
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
            id={`${id}-account`}
            name="accountId"
            label={<>Account{forWho}</>}
            options={[{ value: NEW_ACCOUNT, label: `New account: ${request.companyName}` }, ...accounts.map((account) => ({ value: account.id, label: account.name }))]}
            defaultValue={request.suggestedAccountId ?? NEW_ACCOUNT}
          />
        )}
        {request.extend?.profileId ? (
          <input type="hidden" name="profileId" value={request.extend.profileId} />
        ) : (
          <ProfileSelect id={`${id}-profile`} name="profileId" label={<>Permission profile{forWho}</>} profiles={profiles} />
        )}
        <div className="field">
          <label htmlFor={`${id}-expires`}>Access expires{forWho}</label>
          <input type="date" id={`${id}-expires`} name="expiresOn" required min={today} defaultValue={defaultExpiresOn} />
        </div>
        <label className="checkbox" htmlFor={`${id}-nda`}>
          <input type="checkbox" id={`${id}-nda`} name="ndaRequired" defaultChecked={request.extend ? request.extend.ndaRequired : ndaDefault} />
          Require NDA{forWho}
        </label>
        <button
          type="submit"
          className="button button--primary button--small"
          aria-label={`Approve ${who}`}
          disabled={busy || noProfiles}
          aria-describedby={noProfiles ? `${id}-no-profiles` : undefined}
        >
          Approve
        </button>
        {noProfiles ? (
          <p className="field__hint" id={`${id}-no-profiles`}>
            This product has no permission profile yet: <Link to={`/accounts?profile=new&product=${request.productId}`}>create one</Link> first.
          </p>
        ) : null}
      </Form>
      <Form method="post" className="request-review__decline">
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="requestId" value={request.id} />
        <SelectField id={`${id}-decline`} name="status" label={<>Decline as{forWho}</>} options={DECLINE_KINDS} defaultValue="declined" />
        <button type="submit" className="button button--danger button--small" aria-label={`Decline ${who}`} disabled={busy}>
          Decline
        </button>
      </Form>
    </div>
  )
}

/** One decision for the ticked rows: their checkboxes belong to this form through their `form` attribute. */
function BulkReview({ loaderData, errors }: { loaderData: LoaderData; errors?: string[] }) {
  const { products, defaultExpiresOn, ndaDefault, today } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && String(navigation.formData?.get('intent') ?? '').startsWith('bulk-')
  const withProfiles = products.filter((product) => product.profiles.length)
  return (
    <Form method="post" id={BULK_FORM} className="bulk-review" aria-label="Decide the selected requests">
      <h3>Selected requests</h3>
      <FormErrors errors={errors} />
      <div className="bulk-review__row">
        <div className="field">
          <label htmlFor="bulk-profile">Permission profile for selected requests</label>
          <select
            id="bulk-profile"
            name="profileId"
            required
            defaultValue={withProfiles.length === 1 && withProfiles[0].profiles.length === 1 ? withProfiles[0].profiles[0].id : ''}
          >
            <option value="">Choose a profile</option>
            {withProfiles.length === 1
              ? withProfiles[0].profiles.map((profile) => (
                  <option key={profile.id} value={profile.id}>
                    {profile.name}
                  </option>
                ))
              : withProfiles.map((product) => (
                  <optgroup key={product.id} label={product.name}>
                    {product.profiles.map((profile) => (
                      <option key={profile.id} value={profile.id}>
                        {profile.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bulk-expires">Access expires for selected requests</label>
          <input type="date" id="bulk-expires" name="expiresOn" required min={today} defaultValue={defaultExpiresOn} />
        </div>
        <label className="checkbox" htmlFor="bulk-nda">
          <input type="checkbox" id="bulk-nda" name="ndaRequired" defaultChecked={ndaDefault} />
          Require NDA for selected requests
        </label>
        <button type="submit" name="intent" value="bulk-approve" className="button button--primary button--small" disabled={busy}>
          Approve selected
        </button>
      </div>
      <p className="field__hint">Each approved requester joins the account whose domain matches their e-mail, or a new account named after their company.</p>
      <div className="bulk-review__row">
        <SelectField id="bulk-decline" name="status" label="Decline selected as" options={DECLINE_KINDS} defaultValue="declined" />
        {/* Declining needs no profile or date: the browser must not ask for them. */}
        <button type="submit" name="intent" value="bulk-decline" formNoValidate className="button button--danger button--small" disabled={busy}>
          Decline selected
        </button>
      </div>
    </Form>
  )
}

export function meta() {
  return [{ title: 'Access requests' }]
}
