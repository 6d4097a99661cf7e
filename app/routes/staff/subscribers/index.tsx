import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { answerChange, invalidForm, type FormAnswer } from '@server/http/change-answer'
import { requireStaff } from '@server/auth/require'
import { parseForm, readForm } from '@server/http/forms'
import { integerParam, isUuid } from '@server/http/query'
import { redirectTo } from '@server/http/redirect'
import { blockSubscribers, findSubscriber, loadSubscribersPage, MAX_SUBSCRIBER_PAGE, removeSubscriber, unblockSubscribers, type ChangeResult } from '@server/subscriptions/staff'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { SearchIcon } from '~/components/icons'
import { SelectField, TextField } from '~/components/ui/fields'
import { FormErrors, submissionErrors } from '~/components/ui/form-errors'
import {
  blockSchema,
  removeSubscriberSchema,
  SUBSCRIBER_SEARCH_MAX,
  SUBSCRIBER_STATUS_FILTERS,
  SUBSCRIBER_STATUS_LABELS,
  subscriberFilters,
  subscribersPath,
  unblockSchema,
} from '~/lib/schemas/subscribers'
import { CountedPager, StaffTable } from '~/components/ui/staff-table'
import { When } from '~/components/ui/when'

/**
 * Where the "Export CSV" link points: a resource route (export.ts). A page route's loader can answer
 * `?export=csv` to a direct call, but React Router renders a page's document request as HTML whatever
 * its loader returns, so the browser's download needs a route without a component.
 */
const EXPORT_PATH = '/subscribers/export.csv'
/** The list's page number from the query string, clamped. */
const pageParam = (search: URLSearchParams) => integerParam(search, 'page', { min: 1, max: MAX_SUBSCRIBER_PAGE, fallback: 1 })
/** The CSV of the list as filtered. */
const exportPath = (filters: ReturnType<typeof subscriberFilters>) => subscribersPath({ q: filters.q, status: filters.status }, EXPORT_PATH)

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'subscribers')
  const search = new URL(request.url).searchParams
  const filters = subscriberFilters(search)
  // A document request renders the page whatever the loader returns: the download is a route of its own.
  if (search.get('export') === 'csv') throw redirectTo(exportPath(filters))
  const page = pageParam(search)
  const removeId = search.get('remove')
  const [view, removing] = await Promise.all([
    loadSubscribersPage(context.db, staff.orgId, filters, page),
    isUuid(removeId) ? findSubscriber(context.db, staff.orgId, removeId) : undefined,
  ])
  return { ...view, removing: removing ?? null }
}

type ActionData = FormAnswer
type Submission = Parameters<typeof invalidForm>[0]

/** Back to the list as it was filtered and paged. */
const answer = (env: Route.ActionArgs['context']['env'], intent: string, submission: Submission, outcome: ChangeResult, back: string) =>
  answerChange(env, outcome, submission, { intent }, back, '/subscribers')
const invalid = (intent: string, submission: Submission) => invalidForm(submission, { intent })

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'subscribers')
  const formData = await readForm(request)
  const { db, env } = context
  // Back to the list as it was filtered and paged (the removal's confirmation closes).
  const search = new URL(request.url).searchParams
  const back = subscribersPath({ ...subscriberFilters(search), page: pageParam(search) })
  const intent = String(formData.get('intent') ?? '')
  switch (intent) {
    case 'block': {
      const submission = parseForm(formData, blockSchema)
      if (submission.status !== 'success') return invalid(intent, submission)
      return answer(env, intent, submission, await blockSubscribers(db, staff, submission.value.pattern), back)
    }
    case 'unblock': {
      const submission = parseForm(formData, unblockSchema)
      if (submission.status !== 'success') return invalid(intent, submission)
      return answer(env, intent, submission, await unblockSubscribers(db, staff, submission.value.blockId), back)
    }
    case 'remove': {
      const submission = parseForm(formData, removeSubscriberSchema)
      if (submission.status !== 'success') return invalid(intent, submission)
      return answer(env, intent, submission, await removeSubscriber(db, staff, submission.value.subscriberId), back)
    }
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

type LoaderData = Exclude<Route.ComponentProps['loaderData'], Response>

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { filter, counts, total, pageCount, subscribers, blocks, removing } = loaderData as LoaderData
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const listHref = subscribersPath(filter)
  const exportHref = exportPath(filter)
  const pageLink = (page: number) => subscribersPath({ ...filter, page })
  const removeLink = (id: string) => `${listHref}${listHref.includes('?') ? '&' : '?'}remove=${id}`
  const filtered = filter.q !== '' || filter.status !== 'all'
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <h1>Subscribers</h1>
        <p>People who get trust updates by e-mail. Visitors subscribe on the portal and confirm by e-mail; blocked addresses and domains get nothing and cannot subscribe.</p>
      </header>

      <section className="panel" aria-labelledby="subscribers-title">
        <h2 id="subscribers-title" className="visually-hidden">
          Subscribers
        </h2>
        <dl className="subscriber-counts">
          {(['confirmed', 'pending', 'unsubscribed'] as const).map((status) => (
            <div key={status} className="subscriber-counts__entry">
              <dt>{SUBSCRIBER_STATUS_LABELS[status]}</dt>
              <dd>
                <Link to={subscribersPath({ q: '', status })} aria-label={`${counts[status]} ${SUBSCRIBER_STATUS_LABELS[status].toLowerCase()}: show them`}>
                  {counts[status].toLocaleString('en-US')}
                </Link>
              </dd>
            </div>
          ))}
        </dl>

        <div className="panel__header">
          <Form method="get" className="subscriber-filter" role="search" key={`${filter.q}|${filter.status}`}>
            <div className="field">
              <label htmlFor="subscriber-search">Search by e-mail</label>
              <span className="search-field">
                <SearchIcon size={16} />
                <input id="subscriber-search" type="search" name="q" defaultValue={filter.q} maxLength={SUBSCRIBER_SEARCH_MAX} placeholder="name@example.com" />
              </span>
            </div>
            <SelectField id="subscriber-status" name="status" label="Status" options={SUBSCRIBER_STATUS_FILTERS} defaultValue={filter.status} />
            <button type="submit" className="button button--secondary">
              Filter
            </button>
            {filtered ? (
              <Link to="/subscribers" className="button button--secondary">
                Clear
              </Link>
            ) : null}
          </Form>
          <a href={exportHref} className="button button--secondary">
            Export CSV
          </a>
        </div>

        {actionData?.intent === 'remove' ? <FormErrors errors={submissionErrors(actionData.result)} /> : null}

        {subscribers.length ? (
          <StaffTable className="subscribers-table" caption="Subscribers, newest first" columns={['Email', 'Status', 'Source', 'Subscribed', { hidden: 'Actions' }]} scroll>
            {subscribers.map((subscriber) => (
              <tr key={subscriber.id}>
                <th scope="row" className="subscribers-table__email">
                  {subscriber.email} {subscriber.blocked ? <span className="tag tag--warning">Blocked</span> : null}
                </th>
                <td>
                  <span className={`tag subscriber-status subscriber-status--${subscriber.status}`}>{subscriber.statusLabel}</span>
                </td>
                <td>{subscriber.sourceLabel}</td>
                <td>
                  <When at={subscriber.createdAt} />
                </td>
                <td>
                  <Link to={removeLink(subscriber.id)} className="button button--danger button--small" aria-label={`Remove ${subscriber.email}`} preventScrollReset>
                    Remove
                  </Link>
                </td>
              </tr>
            ))}
          </StaffTable>
        ) : (
          <p className="empty">{filtered ? 'No subscribers match this search.' : 'No subscribers yet. Visitors subscribe from the portal’s Subscribe button.'}</p>
        )}

        <CountedPager label="Subscriber pages" page={filter.page} pageCount={pageCount} total={total} noun={['subscriber', 'subscribers']} href={pageLink} />
      </section>

      {/* Keyed by the blocks, so the field empties once a block is added. */}
      <BlockedSection key={blocks.map((block) => block.id).join()} blocks={blocks} actionData={actionData} />

      {removing ? <RemoveDialog subscriber={removing} closeHref={listHref} /> : null}
    </div>
  )
}

function BlockedSection({ blocks, actionData }: { blocks: LoaderData['blocks']; actionData?: ActionData }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'block'
  const [form, fields] = useForm({
    id: 'block-subscribers',
    lastResult: actionData?.intent === 'block' ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blockSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <section className="panel" aria-labelledby="blocked-title">
      <h2 id="blocked-title">Blocked addresses and domains</h2>
      <p className="field__hint">Blocking removes nobody: blocked subscribers stay listed, but get no updates and cannot subscribe again. A domain also blocks its subdomains.</p>
      <Form method="post" {...getFormProps(form)} className="subscriber-block-form" preventScrollReset>
        <input type="hidden" name="intent" value="block" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField
          field={fields.pattern}
          label="E-mail address or domain"
          hint="name@example.com blocks one address; example.com or @example.com blocks the whole domain."
          maxLength={254}
          placeholder="example.com"
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Blocking…' : 'Block'}
        </button>
      </Form>
      {actionData?.intent === 'unblock' ? <FormErrors errors={submissionErrors(actionData.result)} /> : null}
      {blocks.length ? (
        <StaffTable className="subscriber-blocks" caption="Blocked addresses and domains" columns={['Blocked', 'Kind', 'By', 'Since', { hidden: 'Actions' }]}>
          {blocks.map((block) => (
            <tr key={block.id}>
              <th scope="row">{block.pattern}</th>
              <td>{block.kind === 'domain' ? 'Domain and subdomains' : 'Address'}</td>
              <td>{block.createdBy}</td>
              <td>
                <When at={block.createdAt} />
              </td>
              <td>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="blockId" value={block.id} />
                  <button type="submit" className="button button--secondary button--small" aria-label={`Unblock ${block.pattern}`}>
                    Unblock
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : (
        <p className="empty">Nothing is blocked.</p>
      )}
    </section>
  )
}

function RemoveDialog({ subscriber, closeHref }: { subscriber: NonNullable<LoaderData['removing']>; closeHref: string }) {
  return (
    <ConfirmDialog
      title="Remove subscriber"
      description={`${subscriber.email} will be deleted from your subscribers and get no more updates. They can subscribe again unless you block them.`}
      closeHref={closeHref}
      action={closeHref}
      intent="remove"
      fields={{ subscriberId: subscriber.id }}
      confirm="Remove"
      busy="Removing…"
    />
  )
}

export function meta() {
  return [{ title: 'Subscribers' }]
}
