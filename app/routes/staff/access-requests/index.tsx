import { useRef, useState } from 'react'
import { data, Form, Link, useActionData, useNavigation, useSubmit } from 'react-router'
import type { Route } from './+types/index'
import { bulkApprove, bulkDecline, bulkSummary, loadReviewPage, MAX_REQUEST_PAGE } from '@server/access-requests/review'
import { requireStaff } from '@server/auth/require'
import { kickEmailWorker } from '@server/email/worker'
import { parseForm, readForm } from '@server/http/forms'
import { redirectWithToast } from '@server/http/redirect'
import { integerParam, isUuid } from '@server/http/query'
import { FormErrors, submissionErrors } from '~/components/ui/form-errors'
import { SelectField } from '~/components/ui/fields'
import { SearchIcon } from '~/components/icons'
import { useHydrated } from '~/components/ui/use-hydrated'
import { dateInputValue, DECLINE_KINDS, REQUEST_KIND_LABELS, REQUEST_SEARCH_MAX, REQUEST_STATUS_FILTERS } from '~/lib/schemas/access-requests'
import { bulkApproveSchema, bulkDeclineSchema } from '~/lib/schemas/access-requests'
import { withQuery } from '~/lib/format'
import { OpenPager, StaffTable } from '~/components/ui/staff-table'
import { Ago, DomainAccount, RequestStatus } from './request-parts'
import { hasPermission } from '~/lib/permissions'
import { refused, type ReviewAnswer } from './review-answer'

const BULK_FORM = 'bulk-review'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'access-requests')
  const search = new URL(request.url).searchParams
  const status = REQUEST_STATUS_FILTERS.find((option) => option.value === search.get('status'))?.value ?? 'all'
  const product = search.get('product')
  const page = integerParam(search, 'page', { min: 1, max: MAX_REQUEST_PAGE, fallback: 1 })
  const q = (search.get('q') ?? '').slice(0, REQUEST_SEARCH_MAX)
  const view = await loadReviewPage(context.db, staff.orgId, { status, productId: product && isUuid(product) ? product : null, q, page })
  return { ...view, today: dateInputValue(new Date()), canOpenAccounts: hasPermission(staff.permissions, 'accounts') }
}

/** A decision on the selected requests; one request is decided on its own page (./request.tsx). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'access-requests')
  const formData = await readForm(request)
  // Back to the list as it was filtered.
  const back = `/access-requests${new URL(request.url).search}`
  const intent = formData.get('intent')
  if (intent !== 'bulk-approve' && intent !== 'bulk-decline') throw data('Unknown intent', { status: 400 })
  const approving = intent === 'bulk-approve'
  const submission = approving ? parseForm(formData, bulkApproveSchema) : parseForm(formData, bulkDeclineSchema)
  if (submission.status !== 'success') return data<ReviewAnswer>({ intent: 'bulk', result: submission.reply() }, { status: 400 })
  const value = submission.value
  const outcome = value.intent === 'bulk-approve' ? await bulkApprove(context.db, context.env, staff, value) : await bulkDecline(context.db, context.env, staff, value)
  if (!outcome.ok) return refused('bulk', submission, outcome)
  const summary = bulkSummary(outcome.outcome, approving ? 'approved' : 'declined')
  if (outcome.outcome.done.length === 0) {
    const status = outcome.outcome.skipped.every((entry) => entry.status === 409) ? 409 : 400
    return data<ReviewAnswer>({ intent: 'bulk', result: submission.reply({ formErrors: [summary] }) }, { status })
  }
  kickEmailWorker()
  return redirectWithToast(context.env, back, summary)
}

type LoaderData = Route.ComponentProps['loaderData']
type ReviewRequest = LoaderData['requests'][number]

/** The queue's filter as a query string: a request's page carries it, so its decision returns here. */
const filterQuery = (filter: LoaderData['filter']) => {
  const params = new URLSearchParams()
  if (filter.status !== 'all') params.set('status', filter.status)
  if (filter.productId) params.set('product', filter.productId)
  if (filter.q) params.set('q', filter.q)
  return params.toString()
}

export default function AccessRequests({ loaderData }: Route.ComponentProps) {
  const { requests, filter, hasMore } = loaderData
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const [selected, setSelected] = useState(0)
  const pending = requests.filter((request) => request.status === 'pending')
  const bulkErrors = actionData?.intent === 'bulk' ? submissionErrors(actionData.result) : undefined
  const query = filterQuery(filter)
  const pageLink = (page: number) => withQuery('/access-requests', query, { page: page > 1 ? String(page) : null })
  const filtered = filter.status !== 'all' || filter.productId || filter.q
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <h1>Access requests</h1>
        <p>People asking for access to restricted content. Open a request to approve it into an account with a permission profile, or decline it; they are told by e-mail.</p>
      </header>

      <section className="panel" aria-labelledby="requests-title">
        <h2 id="requests-title" className="visually-hidden">
          Requests
        </h2>
        <RequestFilter loaderData={loaderData} />

        {pending.length ? (
          <BulkReview loaderData={loaderData} errors={bulkErrors} selected={selected} hidden={hydrated && selected === 0 && !bulkErrors?.length} />
        ) : (
          <FormErrors errors={bulkErrors} />
        )}

        <div
          onChange={(event) => {
            const target = event.target as HTMLInputElement
            if (target.name === 'requestIds') setSelected(event.currentTarget.querySelectorAll('input[name="requestIds"]:checked').length)
          }}
        >
          <StaffTable
            className="requests-table"
            caption="Access requests, pending first, then newest"
            columns={[{ hidden: 'Select' }, 'Requester', 'Email', 'Company', 'Asked for', 'Requested', 'Account', 'Earlier requests', 'Status']}
            scroll
          >
            {requests.map((request) => (
              <RequestRow key={request.id} request={request} query={query} canOpenAccounts={loaderData.canOpenAccounts} />
            ))}
          </StaffTable>
        </div>
        {requests.length === 0 ? <p className="empty">{filtered ? 'No requests match this filter.' : 'No access requests yet.'}</p> : null}
        <OpenPager label="Request pages" page={filter.page} hasMore={hasMore} href={pageLink} />
      </section>
    </div>
  )
}

/**
 * Status, product and search: a GET form. With JavaScript a change applies at once (the search after a
 * pause in typing); without it the Apply button sends it.
 */
function RequestFilter({ loaderData }: { loaderData: LoaderData }) {
  const { filter, products } = loaderData
  const hydrated = useHydrated()
  const submit = useSubmit()
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined)
  return (
    <Form
      method="get"
      className="request-filter"
      role="search"
      aria-label="Filter requests"
      key={`${filter.status}-${filter.productId}-${filter.q}`}
      onChange={(event) => {
        const form = event.currentTarget
        clearTimeout(typing.current)
        const apply = () => submit(form, { replace: true, preventScrollReset: true })
        if ((event.target as HTMLElement).matches('input[type="search"]')) typing.current = setTimeout(apply, 400)
        else apply()
      }}
    >
      <div className="field">
        <label htmlFor="filter-q">Search by name, e-mail or company</label>
        <span className="search-field">
          <SearchIcon size={16} />
          <input id="filter-q" type="search" name="q" defaultValue={filter.q} maxLength={REQUEST_SEARCH_MAX} />
        </span>
      </div>
      <SelectField id="filter-status" name="status" label="Status" options={REQUEST_STATUS_FILTERS} defaultValue={filter.status} />
      <SelectField
        id="filter-product"
        name="product"
        label="Product"
        placeholder="All products"
        options={products.map((product) => ({ value: product.id, label: product.name }))}
        defaultValue={filter.productId ?? ''}
      />
      {hydrated ? null : (
        <button type="submit" className="button button--secondary">
          Apply
        </button>
      )}
    </Form>
  )
}

/** One request: who, what they asked for, when, their domain's account, how often they asked before. */
function RequestRow({ request, query, canOpenAccounts }: { request: ReviewRequest; query: string; canOpenAccounts: boolean }) {
  const isPending = request.status === 'pending'
  return (
    <tr className={isPending ? 'request request--pending' : 'request'}>
      <td>{isPending ? <input type="checkbox" name="requestIds" value={request.id} form={BULK_FORM} aria-label={`Select ${request.name}`} /> : null}</td>
      <th scope="row">
        <Link to={withQuery(`/access-requests/${request.id}`, query, {})}>{request.name}</Link>
      </th>
      <td>{request.email}</td>
      <td>{request.companyName}</td>
      <td>
        {request.itemTitle ?? request.productName ?? <span className="field__hint">Deleted product</span>}
        {request.kind === 'extend' ? (
          <>
            {' '}
            <span className="tag tag--warning">{REQUEST_KIND_LABELS.extend}</span>
          </>
        ) : null}
      </td>
      <td>
        <Ago at={request.createdAt} />
      </td>
      <td>
        <DomainAccount account={request.domainAccount} linked={canOpenAccounts} none={<span className="field__hint">None</span>} />
      </td>
      <td className="requests-table__count">{request.earlierRequests}</td>
      <td>
        <RequestStatus request={request} />
      </td>
    </tr>
  )
}

/** One decision for the ticked rows: their checkboxes belong to this form through their `form` attribute. */
function BulkReview({ loaderData, errors, selected, hidden }: { loaderData: LoaderData; errors?: string[]; selected: number; hidden: boolean }) {
  const { products, defaultExpiresOn, ndaDefault, today } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && String(navigation.formData?.get('intent') ?? '').startsWith('bulk-')
  const withProfiles = products.filter((product) => product.profiles.length)
  return (
    <Form method="post" id={BULK_FORM} className="bulk-review" aria-label="Decide the selected requests" hidden={hidden}>
      <h3>{selected ? `${selected} selected` : 'Selected requests'}</h3>
      <FormErrors errors={errors} />
      <div className="bulk-review__row">
        <div className="field">
          <label htmlFor="bulk-profile">Permission profile for selected requests</label>
          <select id="bulk-profile" name="profileId" required defaultValue={withProfiles.length === 1 ? (withProfiles[0].defaultProfileId ?? '') : ''}>
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
