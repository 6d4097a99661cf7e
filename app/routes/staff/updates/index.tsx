import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { answerChange, invalidForm, type FormAnswer } from '@server/http/change-answer'
import { requireStaff } from '@server/auth/require'
import { kickEmailWorker } from '@server/email/worker'
import { parseForm, readForm } from '@server/http/forms'
import { createTopic, createUpdate, deleteTopic, deleteUpdate, editTopic, editUpdate, loadUpdatesPage, pinUpdate, type ChangeResult } from '@server/updates/manage'
import { handlesAccounts, hasPermission } from '~/lib/permissions'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { ActionMenu } from '~/components/ui/menu'
import { CheckboxField, TextareaField, TextField } from '~/components/ui/fields'
import { FieldErrors, FormErrors, submissionErrors } from '~/components/ui/form-errors'
import { formatDateTime } from '~/lib/format'
import {
  createTopicSchema,
  createUpdateSchema,
  deleteTopicSchema,
  deleteUpdateSchema,
  editTopicSchema,
  editUpdateSchema,
  pinUpdateSchema,
  TOPIC_SUBJECT_MAX,
  UPDATE_CATEGORIES,
  UPDATE_CATEGORY_LABELS,
  UPDATE_MESSAGE_MAX,
  UPDATE_TITLE_MAX,
} from '~/lib/schemas/updates'
import { SendProgressTable, useRefreshWhile } from './send-progress'
import { AudienceField, UpdateComposer } from './update-composer'

// Trust updates (/updates): topics and their updates, published on the Trust Center and by e-mail.
// Every editor and confirmation is a URL (?newTopic, ?compose, ?editTopic, ?editUpdate, ?deleteTopic,
// ?pinUpdate, ?deleteUpdate), so the page works without JavaScript; a change redirects back with a toast.
// An update's Edit, Pin and Delete are in its item menu; Pin and Delete ask first.

const PAGE = '/updates'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'updates')
  const search = new URL(request.url).searchParams
  const page = await loadUpdatesPage(context.db, staff.orgId, { subscribers: hasPermission(staff.permissions, 'subscribers'), accounts: handlesAccounts(staff.permissions) })
  const topicIds = new Set(page.topics.map((topic) => topic.id))
  const updateIds = new Set(page.topics.flatMap((topic) => topic.updates.map((update) => update.id)))
  // Only ids on this page open anything: another org's, or a deleted one, is ignored.
  const pick = (name: string, ids: Set<string>) => {
    const value = search.get(name)
    return value && ids.has(value) ? value : null
  }
  return {
    ...page,
    open: {
      newTopic: search.get('newTopic') === '1' || page.topics.length === 0,
      compose: pick('compose', topicIds),
      editTopic: pick('editTopic', topicIds),
      editUpdate: pick('editUpdate', updateIds),
      deleteTopic: pick('deleteTopic', topicIds),
      pinUpdate: pick('pinUpdate', updateIds),
      deleteUpdate: pick('deleteUpdate', updateIds),
    },
  }
}

type ActionData = FormAnswer
type Submission = Parameters<typeof invalidForm>[0]

/** Back to the topic the change was in. */
const answer = (env: Route.ActionArgs['context']['env'], intent: string, submission: Submission, outcome: ChangeResult, to: (topicId: string) => string, target?: string) =>
  answerChange(env, outcome, submission, { intent, target }, outcome.ok ? to(outcome.topicId) : PAGE, PAGE)
const invalid = (intent: string, submission: Submission, target?: string) => invalidForm(submission, { intent, target })

const atTopic = (topicId: string) => `${PAGE}#topic-${topicId}`

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'updates')
  const formData = await readForm(request)
  const { db, env } = context
  const intent = String(formData.get('intent') ?? '')
  const topicTarget = String(formData.get('topicId') ?? '').slice(0, 40)
  const updateTarget = String(formData.get('updateId') ?? '').slice(0, 40)
  switch (intent) {
    case 'topic-create': {
      const submission = parseForm(formData, createTopicSchema)
      if (submission.status !== 'success') return invalid(intent, submission)
      const { subject, category, hidden } = submission.value
      return answer(env, intent, submission, await createTopic(db, staff, { subject, category, hidden }), atTopic)
    }
    case 'topic-edit': {
      const submission = parseForm(formData, editTopicSchema)
      if (submission.status !== 'success') return invalid(intent, submission, topicTarget)
      const { topicId, subject, category, hidden } = submission.value
      return answer(env, intent, submission, await editTopic(db, staff, topicId, { subject, category, hidden }), atTopic, topicTarget)
    }
    case 'topic-delete': {
      const submission = parseForm(formData, deleteTopicSchema)
      if (submission.status !== 'success') return invalid(intent, submission, topicTarget)
      return answer(env, intent, submission, await deleteTopic(db, staff, submission.value.topicId), () => PAGE, topicTarget)
    }
    case 'update-create': {
      const submission = parseForm(formData, createUpdateSchema)
      if (submission.status !== 'success') return invalid(intent, submission, topicTarget)
      const outcome = await createUpdate(db, staff, submission.value)
      // The send row is committed: the worker's fan-out can expand it now.
      if (outcome.ok && outcome.emailed) kickEmailWorker()
      return answer(env, intent, submission, outcome, atTopic, topicTarget)
    }
    case 'update-edit': {
      const submission = parseForm(formData, editUpdateSchema)
      if (submission.status !== 'success') return invalid(intent, submission, updateTarget)
      const { updateId, title, message, audience, pinned, channelPortal } = submission.value
      return answer(
        env,
        intent,
        submission,
        await editUpdate(db, staff, updateId, { title, message, audience, pinned, channelPortal }),
        () => `${PAGE}#update-${updateId}`,
        updateTarget,
      )
    }
    case 'update-pin': {
      const submission = parseForm(formData, pinUpdateSchema)
      if (submission.status !== 'success') return invalid(intent, submission, updateTarget)
      const { updateId, pinned } = submission.value
      return answer(env, intent, submission, await pinUpdate(db, staff, updateId, pinned), () => `${PAGE}#update-${updateId}`, updateTarget)
    }
    case 'update-delete': {
      const submission = parseForm(formData, deleteUpdateSchema)
      if (submission.status !== 'success') return invalid(intent, submission, updateTarget)
      return answer(env, intent, submission, await deleteUpdate(db, staff, submission.value.updateId), atTopic, updateTarget)
    }
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

type LoaderData = Route.ComponentProps['loaderData']
type Topic = LoaderData['topics'][number]
type Update = Topic['updates'][number]

const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** How an update is named to a screen reader: its title, with its topic. */
const updateName = (update: Update, topic: Topic) => `update ${update.title} in ${topic.subject}`

export default function Updates({ loaderData }: Route.ComponentProps) {
  const { topics, sending, open } = loaderData
  const actionData = useActionData<typeof action>() as ActionData | undefined
  useRefreshWhile(sending)
  const resultFor = (intent: string, target?: string) => (actionData && actionData.intent === intent && actionData.target === target ? actionData.result : undefined)
  const hasTopic = (id?: string) => topics.some((topic) => topic.id === id)
  const hasUpdate = (id?: string) => topics.some((topic) => topic.updates.some((update) => update.id === id))
  // A refusal is said in the form that asked when that form is on the page; otherwise at the top.
  const inForm =
    actionData &&
    (actionData.intent === 'topic-create' ||
      ((actionData.intent === 'topic-edit' || actionData.intent === 'update-create') && hasTopic(actionData.target)) ||
      (actionData.intent === 'update-edit' && hasUpdate(actionData.target)))
  const pageErrors = actionData && !inForm ? submissionErrors(actionData.result) : undefined
  const newTopicResult = actionData?.intent === 'topic-create' ? actionData.result : undefined
  const deletingTopic = topics.find((topic) => topic.id === open.deleteTopic)
  const withTopics = topics.flatMap((topic) => topic.updates.map((update) => ({ topic, update })))
  const deletingUpdate = withTopics.find(({ update }) => update.id === open.deleteUpdate)
  const pinningUpdate = withTopics.find(({ update }) => update.id === open.pinUpdate)
  return (
    <div className="staff-page staff-updates">
      <header className="staff-page__header staff-updates__header">
        <div>
          <h1>Updates</h1>
          <p>News for your customers, grouped by topic: shown on the Trust Center, e-mailed to subscribers, or both.</p>
        </div>
        <Link to={`${PAGE}?newTopic=1#new-topic`} className="button button--primary" preventScrollReset>
          New topic
        </Link>
      </header>

      <FormErrors errors={pageErrors} />

      {open.newTopic || newTopicResult ? (
        <section className="panel" id="new-topic" aria-labelledby="new-topic-title">
          <h2 id="new-topic-title">New topic</h2>
          <TopicForm topic={null} lastResult={newTopicResult} cancelHref={topics.length ? PAGE : null} />
        </section>
      ) : null}

      <section className="panel" aria-labelledby="topics-title">
        <h2 id="topics-title">Topics</h2>
        {sending ? (
          <p className="field__hint staff-updates__sending" role="status">
            E-mails are being sent; the numbers below update as they go. <Link to={PAGE}>Refresh</Link>
          </p>
        ) : null}
        {topics.length === 0 ? <p className="empty">No topics yet. Create one above, then publish updates in it.</p> : null}
        <div className="staff-updates__topics">
          {topics.map((topic) => (
            <TopicView
              key={topic.id}
              topic={topic}
              loaderData={loaderData}
              editTopicResult={resultFor('topic-edit', topic.id)}
              composeResult={resultFor('update-create', topic.id)}
              editUpdateResult={(updateId) => resultFor('update-edit', updateId)}
            />
          ))}
        </div>
      </section>

      {deletingTopic ? <DeleteTopicDialog topic={deletingTopic} /> : null}
      {pinningUpdate ? <PinUpdateDialog update={pinningUpdate.update} /> : null}
      {deletingUpdate ? <DeleteUpdateDialog topic={deletingUpdate.topic} update={deletingUpdate.update} /> : null}
    </div>
  )
}

function TopicView({
  topic,
  loaderData,
  editTopicResult,
  composeResult,
  editUpdateResult,
}: {
  topic: Topic
  loaderData: LoaderData
  editTopicResult?: SubmissionResult<string[]>
  composeResult?: SubmissionResult<string[]>
  editUpdateResult: (updateId: string) => SubmissionResult<string[]> | undefined
}) {
  const { open, reach } = loaderData
  const titleId = `topic-${topic.id}-title`
  const editing = open.editTopic === topic.id || Boolean(editTopicResult)
  const composing = open.compose === topic.id || Boolean(composeResult)
  const here = `${PAGE}#topic-${topic.id}`
  return (
    <section className={`staff-updates__topic${topic.hidden ? ' staff-updates__topic--hidden' : ''}`} id={`topic-${topic.id}`} aria-labelledby={titleId}>
      <header className="staff-updates__topic-header">
        <h3 id={titleId}>{topic.subject}</h3>
        <span className={`tag tag--${topic.category}`}>{UPDATE_CATEGORY_LABELS[topic.category]}</span>
        {topic.hidden ? <span className="tag tag--warning">Hidden</span> : null}
        <div className="staff-updates__actions">
          <Link
            to={`${PAGE}?compose=${topic.id}#compose-${topic.id}`}
            className="button button--primary button--small"
            preventScrollReset
            aria-label={`New update in ${topic.subject}`}
          >
            New update
          </Link>
          <Link
            to={`${PAGE}?editTopic=${topic.id}#topic-${topic.id}`}
            className="button button--secondary button--small"
            preventScrollReset
            aria-label={`Edit topic ${topic.subject}`}
          >
            Edit
          </Link>
          <Link
            to={`${PAGE}?deleteTopic=${topic.id}#topic-${topic.id}`}
            className="button button--danger button--small"
            preventScrollReset
            aria-label={`Delete topic ${topic.subject}`}
          >
            Delete
          </Link>
        </div>
      </header>
      {topic.hidden ? <p className="field__hint">Hidden: the Trust Center does not show this topic or its updates.</p> : null}

      {editing ? (
        <div className="staff-updates__form">
          <TopicForm topic={topic} lastResult={editTopicResult} cancelHref={here} />
        </div>
      ) : null}

      {composing ? <UpdateComposer topic={topic} reach={reach} lastResult={composeResult} closeHref={here} /> : null}

      {topic.updates.length ? (
        <ol className="staff-updates__list" aria-label={`Updates in ${topic.subject}, pinned first, then newest first`}>
          {topic.updates.map((update) => (
            <UpdateView
              key={update.id}
              topic={topic}
              update={update}
              editing={open.editUpdate === update.id || Boolean(editUpdateResult(update.id))}
              lastResult={editUpdateResult(update.id)}
            />
          ))}
        </ol>
      ) : (
        <p className="field__hint">No updates in this topic yet.</p>
      )}
    </section>
  )
}

function UpdateView({ topic, update, editing, lastResult }: { topic: Topic; update: Update; editing: boolean; lastResult?: SubmissionResult<string[]> }) {
  const name = updateName(update, topic)
  const edited = new Date(update.updatedAt).getTime() - new Date(update.createdAt).getTime() > 1000
  const channels = [update.channelPortal ? 'Trust Center' : null, update.channelEmail ? 'Email' : null].filter(Boolean).join(' and ')
  const titleId = `update-${update.id}-title`
  const at = `#update-${update.id}`
  return (
    <li className={`staff-updates__update${update.pinned ? ' staff-updates__update--pinned' : ''}`} id={`update-${update.id}`} aria-labelledby={titleId}>
      <div className="staff-updates__update-header">
        <h4 id={titleId} className="staff-updates__title">
          {update.title}
        </h4>
        {editing ? null : (
          <ActionMenu
            label={`Actions for ${name}`}
            entries={[
              { label: 'Edit', href: `${PAGE}?editUpdate=${update.id}${at}` },
              { label: update.pinned ? 'Unpin' : 'Pin', href: `${PAGE}?pinUpdate=${update.id}${at}` },
              { label: 'Delete', href: `${PAGE}?deleteUpdate=${update.id}${at}` },
            ]}
          />
        )}
      </div>
      <div className="staff-updates__meta">
        <time dateTime={update.createdAt}>{formatDateTime(update.createdAt)}</time>
        {edited ? (
          <span>
            edited <time dateTime={update.updatedAt}>{formatDateTime(update.updatedAt)}</time>
          </span>
        ) : null}
        {update.pinned ? <span className="tag staff-updates__pinned">Pinned</span> : null}
        <span className={`tag${update.audience === 'private' ? ' tag--warning' : ''}`}>{update.audience === 'private' ? 'Private' : 'Public'}</span>
        <span>{channels ? `Published on ${channels}` : 'Not published'}</span>
        {!update.channelPortal ? <span>Not shown on the Trust Center</span> : null}
      </div>
      {editing ? <UpdateEditForm topic={topic} update={update} lastResult={lastResult} /> : <p className="staff-updates__message">{update.message}</p>}
      <SendProgressTable sends={update.sends} label={name} />
    </li>
  )
}

function TopicForm({ topic, lastResult, cancelHref }: { topic: Topic | null; lastResult?: SubmissionResult<string[]>; cancelHref: string | null }) {
  const navigation = useNavigation()
  const intent = topic ? 'topic-edit' : 'topic-create'
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const [form, fields] = useForm({
    id: topic ? `topic-edit-${topic.id}` : 'topic-new',
    lastResult,
    defaultValue: { subject: topic?.subject ?? '', category: topic?.category ?? '', hidden: topic?.hidden ?? false },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: topic ? editTopicSchema : createTopicSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="form form--wide" preventScrollReset aria-label={topic ? `Edit topic ${topic.subject}` : 'New topic'}>
      <input type="hidden" name="intent" value={intent} />
      {topic ? <input type="hidden" name="topicId" value={topic.id} /> : null}
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form__row">
        <TextField field={fields.subject} label="Subject" maxLength={TOPIC_SUBJECT_MAX} />
        <div className="field">
          <label htmlFor={fields.category.id}>Category</label>
          <select {...getSelectProps(fields.category)} key={fields.category.key}>
            <option value="">Choose a category</option>
            {UPDATE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {UPDATE_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
          <FieldErrors errors={fields.category.errors} id={fields.category.errorId} />
        </div>
      </div>
      <CheckboxField field={fields.hidden}>Hidden: keep this topic and its updates off the Trust Center</CheckboxField>
      <div className="staff-updates__buttons">
        <button type="submit" className="button button--primary" disabled={busy}>
          {topic ? 'Save topic' : 'Create topic'}
        </button>
        {cancelHref ? (
          <Link to={cancelHref} className="button button--secondary" preventScrollReset>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

function UpdateEditForm({ topic, update, lastResult }: { topic: Topic; update: Update; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'update-edit'
  const [form, fields] = useForm({
    id: `update-edit-${update.id}`,
    lastResult,
    defaultValue: { title: update.title, message: update.message, audience: update.audience, pinned: update.pinned, channelPortal: update.channelPortal },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editUpdateSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="form form--wide staff-updates__form" preventScrollReset aria-label={`Edit ${updateName(update, topic)}`}>
      <input type="hidden" name="intent" value="update-edit" />
      <input type="hidden" name="updateId" value={update.id} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField field={fields.title} label="Title" maxLength={UPDATE_TITLE_MAX} />
      <TextareaField field={fields.message} label="Message" rows={5} maxLength={UPDATE_MESSAGE_MAX} />
      <AudienceField field={fields.audience} />
      <CheckboxField field={fields.channelPortal}>Show on the Trust Center</CheckboxField>
      <CheckboxField field={fields.pinned}>Pinned</CheckboxField>
      {update.channelEmail ? <p className="field__hint">This update was e-mailed when it was published; saving changes does not send it again.</p> : null}
      <div className="staff-updates__buttons">
        <button type="submit" className="button button--primary" disabled={busy}>
          Save update
        </button>
        <Link to={`${PAGE}#update-${update.id}`} className="button button--secondary" preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  )
}

/** E-mails of an update not yet handed to a transport are cancelled with it; the dialog says so. */
const unsentNote = (updates: readonly Update[]) => (updates.some((update) => update.sends.some((send) => send.inProgress)) ? ' E-mails not sent yet are cancelled.' : '')

function DeleteTopicDialog({ topic }: { topic: Topic }) {
  const closeHref = `${PAGE}#topic-${topic.id}`
  const updates = topic.updates.length ? ` and its ${countOf(topic.updates.length, 'update', 'updates')}` : ''
  return (
    <ConfirmDialog
      title="Delete topic"
      description={`${topic.subject}${updates} will be deleted. This cannot be undone.${unsentNote(topic.updates)}`}
      closeHref={closeHref}
      action={PAGE}
      intent="topic-delete"
      fields={{ topicId: topic.id }}
      confirm="Delete topic"
      busy="Deleting…"
    />
  )
}

function PinUpdateDialog({ update }: { update: Update }) {
  const pin = !update.pinned
  return (
    <ConfirmDialog
      title={pin ? 'Pin update' : 'Unpin update'}
      description={
        pin
          ? `${update.title} will be listed first in the Trust Center's updates, before newer ones, until you unpin it.`
          : `${update.title} will no longer be listed first: it takes its place by date in the Trust Center's updates.`
      }
      closeHref={`${PAGE}#update-${update.id}`}
      action={PAGE}
      intent="update-pin"
      fields={{ updateId: update.id, pinned: pin ? 'true' : 'false' }}
      confirm={pin ? 'Pin update' : 'Unpin update'}
      busy={pin ? 'Pinning…' : 'Unpinning…'}
      tone="primary"
    />
  )
}

function DeleteUpdateDialog({ topic, update }: { topic: Topic; update: Update }) {
  const closeHref = `${PAGE}#update-${update.id}`
  return (
    <ConfirmDialog
      title="Delete update"
      description={`The ${updateName(update, topic)} will be deleted. This cannot be undone.${unsentNote([update])}`}
      closeHref={closeHref}
      action={PAGE}
      intent="update-delete"
      fields={{ updateId: update.id }}
      confirm="Delete update"
      busy="Deleting…"
    >
      <blockquote className="staff-updates__quote">
        <strong>{update.title}</strong>
        <br />
        {update.message}
      </blockquote>
    </ConfirmDialog>
  )
}

export function meta() {
  return [{ title: 'Updates' }]
}
