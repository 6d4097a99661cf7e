import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useActionData, useLocation, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { requireStaff } from '@server/auth/require'
import { kickEmailWorker } from '@server/email/worker'
import { parseForm, readForm } from '@server/http/forms'
import { integerParam } from '@server/http/query'
import { redirectWithToast } from '@server/http/redirect'
import { answerQuestionnaire, findQuestionnaire, listQuestionnaires, MAX_QUESTIONNAIRES_PAGE, type StaffQuestionnaireRow } from '@server/questionnaires/staff'
import { Dialog } from '~/components/ui/dialog'
import { TextareaField } from '~/components/ui/fields'
import { FormErrors } from '~/components/ui/form-errors'
import { Pager } from '~/components/ui/pager'
import { StaffTable } from '~/components/ui/staff-table'
import { When } from '~/components/ui/when'
import { formatBytes, formatDateTime, withQuery } from '~/lib/format'
import { answerQuestionnaireSchema, MAX_ANSWER_LENGTH, QUESTIONNAIRE_STATUS_LABELS } from '~/lib/questionnaires'

// The questionnaires account members sent (spec section 2.6), for staff holding `questionnaires`:
// the list, each file as a download, and the answer that is mailed to the member who sent it.
// Answering opens a dialog from the URL (`?answer={id}`), so it works without JavaScript.

const pageOf = (search: URLSearchParams) => integerParam(search, 'page', { min: 1, max: MAX_QUESTIONNAIRES_PAGE, fallback: 1 })
const listPath = (page: number) => (page > 1 ? `/questionnaires?page=${page}` : '/questionnaires')

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'questionnaires')
  const search = new URL(request.url).searchParams
  const [list, answering] = await Promise.all([
    listQuestionnaires(context.db, staff.orgId, pageOf(search)),
    search.has('answer') ? findQuestionnaire(context.db, staff.orgId, search.get('answer')) : null,
  ])
  return { ...list, answering }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'questionnaires')
  const submission = parseForm(await readForm(request), answerQuestionnaireSchema)
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const answered = await answerQuestionnaire(context.db, context.env, staff, submission.value, { ip: context.clientAddress, userAgent: request.headers.get('user-agent') })
  if (!answered) return data({ result: submission.reply({ formErrors: ['This questionnaire no longer exists'] }) }, { status: 404 })
  kickEmailWorker()
  const back = listPath(pageOf(new URL(request.url).searchParams))
  return redirectWithToast(context.env, back, answered.mailed ? `Answer sent to ${answered.memberEmail}` : 'Answer saved')
}

export default function Questionnaires({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, answering } = loaderData
  const actionData = useActionData<typeof action>()
  const location = useLocation()
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <h1>Questionnaires</h1>
        <p>Security questionnaires that members of your customer accounts sent from the trust center. Your answer is e-mailed to the member who sent it.</p>
      </header>
      <section className="panel" aria-labelledby="questionnaires-title">
        <h2 id="questionnaires-title" className="visually-hidden">
          Submitted questionnaires
        </h2>
        {rows.length ? (
          <StaffTable
            caption="Questionnaires, those waiting for an answer first"
            columns={['Account', 'Member e-mail', 'Submitted', 'Status', 'Questionnaire', { hidden: 'Actions' }]}
            scroll
          >
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.accountName}</th>
                <td className="subscribers-table__email">{row.memberEmail}</td>
                <td>
                  <When at={row.submittedAt} />
                </td>
                <td>
                  <span className={`tag questionnaire-status--${row.status}`}>{QUESTIONNAIRE_STATUS_LABELS[row.status]}</span>
                </td>
                <td className="questionnaire-list__name">
                  <QuestionnaireLink row={row} />
                </td>
                <td>
                  <Link
                    to={withQuery(location.pathname, location.search, { answer: row.id })}
                    preventScrollReset
                    aria-label={`${row.answer ? 'Edit answer' : 'Answer'} for ${questionnaireName(row)} from ${row.memberEmail}`}
                  >
                    {row.answer ? 'Edit answer' : 'Answer'}
                  </Link>
                </td>
              </tr>
            ))}
          </StaffTable>
        ) : (
          <p className="empty">No questionnaire has been submitted yet.</p>
        )}
        {pageCount > 1 ? (
          <Pager label="Questionnaire pages" previous={page > 1 ? listPath(page - 1) : null} next={page < pageCount ? listPath(page + 1) : null}>
            Page {page} of {pageCount} ({total} questionnaires)
          </Pager>
        ) : null}
      </section>
      {answering ? <AnswerDialog row={answering} closeHref={listPath(page)} lastResult={actionData?.result} /> : null}
    </div>
  )
}

const questionnaireName = (row: StaffQuestionnaireRow) => (row.kind === 'file' ? row.fileName : row.linkUrl) ?? ''

function QuestionnaireLink({ row }: { row: StaffQuestionnaireRow }) {
  if (row.kind === 'link') {
    return (
      <a href={row.linkUrl ?? undefined} target="_blank" rel="noopener noreferrer nofollow">
        {row.linkUrl}
      </a>
    )
  }
  return (
    <>
      <a href={`/questionnaires/${row.id}/file`} download>
        {row.fileName}
      </a>
      {row.fileSizeBytes !== null ? <span className="field__hint"> ({formatBytes(row.fileSizeBytes)})</span> : null}
    </>
  )
}

function AnswerDialog({ row, closeHref, lastResult }: { row: StaffQuestionnaireRow; closeHref: string; lastResult?: SubmissionResult<string[]> }) {
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    id: `answer-${row.id}`,
    lastResult,
    defaultValue: { answer: row.answer ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: answerQuestionnaireSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <Dialog title="Answer questionnaire" closeHref={closeHref} size="medium">
      <dl className="questionnaire-summary">
        <dt>Account</dt>
        <dd>{row.accountName}</dd>
        <dt>Member</dt>
        <dd>
          {row.memberName} ({row.memberEmail})
        </dd>
        {row.productName ? (
          <>
            <dt>Product</dt>
            <dd>{row.productName}</dd>
          </>
        ) : null}
        <dt>Submitted</dt>
        <dd>{formatDateTime(row.submittedAt)}</dd>
        <dt>Questionnaire</dt>
        <dd>
          <QuestionnaireLink row={row} />
        </dd>
        {row.note ? (
          <>
            <dt>Note</dt>
            <dd>{row.note}</dd>
          </>
        ) : null}
        {row.answeredAt ? (
          <>
            <dt>Answered</dt>
            <dd>
              {formatDateTime(row.answeredAt)}
              {row.answeredByName ? ` by ${row.answeredByName}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <Form method="post" {...getFormProps(form)} className="form" preventScrollReset>
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="questionnaireId" value={row.id} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextareaField label="Answer" field={fields.answer} rows={8} maxLength={MAX_ANSWER_LENGTH} />
        <div className="dialog__actions">
          <Link to={closeHref} preventScrollReset className="button button--secondary">
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send answer'}
          </button>
        </div>
      </Form>
    </Dialog>
  )
}

export function meta() {
  return [{ title: 'Questionnaires' }]
}
