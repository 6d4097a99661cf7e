// The questionnaire dialogs (search-ai-and-widgets spec section 2.6, docs/decisions/021-share-and-questionnaires.md):
// the modal ("Questionnaires can take some time"), the submit-file and submit-link forms, the success dialog
// and the account's list. Each is opened by the URL (`questionnaire=true|file|link|submitted`,
// `questionnaires=list`) and rendered by the server; the forms post to the product's home, so everything
// works without JavaScript. Loaded on demand (visitor-tools.tsx): only account members ever see them.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import type { PortalView } from '~/lib/portal-view'
import {
  MAX_LINK_LENGTH,
  MAX_NOTE_LENGTH,
  QUESTIONNAIRE_ACCEPT,
  QUESTIONNAIRE_STATUS_LABELS,
  questionnaireFileSchema,
  questionnaireLinkSchema,
  type QuestionnaireDialogView,
  type QuestionnaireEntryView,
} from '~/lib/questionnaires'
import { formatDate, withQuery } from '~/lib/format'
import { Dialog } from '~/components/ui/dialog'
import { FieldErrors, FormErrors } from '~/components/ui/form-errors'
import { TextareaField, TextField } from '~/components/ui/fields'
import type { AccessActionData } from '@server/visitors/portal-actions'

function useQuestionnaireHrefs() {
  const location = useLocation()
  const to = (questionnaire: string | null, questionnaires: string | null = null) => withQuery(location.pathname, location.search, { questionnaire, questionnaires })
  return { close: to(null), step: (step: 'true' | 'file' | 'link') => to(step), list: to(null, 'list') }
}

export function QuestionnaireDialogs({ view, dialog, actionData }: { view: PortalView; dialog: QuestionnaireDialogView; actionData?: AccessActionData }) {
  const lastResult = (intent: string) => (actionData?.intent === intent && 'result' in actionData ? actionData.result : undefined)
  switch (dialog.step) {
    case 'intro':
      return <QuestionnaireModal view={view} />
    case 'file':
      return <SubmitFileDialog view={view} maxUploadMb={dialog.maxUploadMb} lastResult={lastResult('questionnaire-file')} />
    case 'link':
      return <SubmitLinkDialog view={view} lastResult={lastResult('questionnaire-link')} />
    case 'submitted':
      return <SubmittedDialog />
    case 'list':
      return <QuestionnaireList entries={dialog.entries} />
  }
}

/** The spec's modal: the documents may already answer; otherwise upload the questionnaire or link to it. */
function QuestionnaireModal({ view }: { view: PortalView }) {
  const hrefs = useQuestionnaireHrefs()
  return (
    <Dialog title="Questionnaires can take some time" closeHref={hrefs.close} size="small">
      <p>The answers you need may already be in our documents: please have a look at them first.</p>
      {view.documents ? (
        <p>
          <Link className="button button--secondary" to={`${hrefs.close}#documents`}>
            View Documents
          </Link>
        </p>
      ) : null}
      <p>
        Still need {view.org.name} to fill in a questionnaire? You can{' '}
        <Link to={hrefs.step('file')} preventScrollReset>
          upload it
        </Link>{' '}
        or{' '}
        <Link to={hrefs.step('link')} preventScrollReset>
          provide a link
        </Link>
        .
      </p>
    </Dialog>
  )
}

/** Back to the modal, and the submit button that says when the form is on its way. */
function SubmitActions() {
  const hrefs = useQuestionnaireHrefs()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <div className="dialog__actions">
      <Link className="button button--secondary" to={hrefs.step('true')} preventScrollReset>
        Back
      </Link>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Submitting…' : 'Submit'}
      </button>
    </div>
  )
}

function SubmitFileDialog({ view, maxUploadMb, lastResult }: { view: PortalView; maxUploadMb: number; lastResult?: SubmissionResult<string[]> }) {
  const hrefs = useQuestionnaireHrefs()
  const schema = questionnaireFileSchema(maxUploadMb)
  // Checked in the browser too, so a file over the limit is refused before it is sent.
  const [form, fields] = useForm({ lastResult, onValidate: ({ formData }) => parseWithZod(formData, { schema }), shouldValidate: 'onSubmit', shouldRevalidate: 'onInput' })
  const hintId = `${fields.file.id}-hint`
  return (
    <Dialog title="Upload questionnaire" closeHref={hrefs.close} size="medium">
      <Form method="post" encType="multipart/form-data" action={`${view.product.home}?questionnaire=file`} {...getFormProps(form)} className="access-form">
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="field">
          <label htmlFor={fields.file.id}>Questionnaire file</label>
          <input
            {...getInputProps(fields.file, { type: 'file' })}
            accept={QUESTIONNAIRE_ACCEPT}
            aria-describedby={[hintId, fields.file.errors?.length ? fields.file.errorId : ''].filter(Boolean).join(' ')}
          />
          <p className="field__hint" id={hintId}>
            Excel, CSV, Word, PDF, text or ZIP, up to {maxUploadMb} MB.
          </p>
          <FieldErrors errors={fields.file.errors} id={fields.file.errorId} />
        </div>
        <TextareaField label="Note (optional)" field={fields.note} rows={3} maxLength={MAX_NOTE_LENGTH} />
        <SubmitActions />
      </Form>
    </Dialog>
  )
}

function SubmitLinkDialog({ view, lastResult }: { view: PortalView; lastResult?: SubmissionResult<string[]> }) {
  const hrefs = useQuestionnaireHrefs()
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: questionnaireLinkSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <Dialog title="Provide a link to your questionnaire" closeHref={hrefs.close} size="medium">
      <Form method="post" action={`${view.product.home}?questionnaire=link`} {...getFormProps(form)} className="access-form">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField
          label="Link"
          field={fields.url}
          placeholder="https://"
          maxLength={MAX_LINK_LENGTH}
          hint="Where we can fill it in, or download it: it must start with http:// or https://."
        />
        <TextareaField label="Note (optional)" field={fields.note} rows={3} maxLength={MAX_NOTE_LENGTH} />
        <SubmitActions />
      </Form>
    </Dialog>
  )
}

/** After a submission. Questionnaires are offered to account members only, so this is the members' text. */
function SubmittedDialog() {
  const hrefs = useQuestionnaireHrefs()
  return (
    <Dialog title="Questionnaire submitted successfully" closeHref={hrefs.close} size="small">
      <p>You can view it under "Questionnaires"</p>
      <div className="dialog__actions">
        <Link className="button button--secondary" to={hrefs.list} preventScrollReset>
          Questionnaires
        </Link>
        <Link className="button button--primary" to={hrefs.close} preventScrollReset>
          Done
        </Link>
      </div>
    </Dialog>
  )
}

/** The account's questionnaires with their status and answer. */
function QuestionnaireList({ entries }: { entries: QuestionnaireEntryView[] }) {
  const hrefs = useQuestionnaireHrefs()
  return (
    <Dialog title="Questionnaires" closeHref={hrefs.close} size="large">
      {entries.length ? (
        <div className="table-scroll">
          <table className="data-table questionnaire-list">
            <caption className="visually-hidden">Your account's questionnaires, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Questionnaire</th>
                <th scope="col">Submitted</th>
                <th scope="col">Status</th>
                <th scope="col">Answer</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row" className="questionnaire-list__name">
                    {entry.kind === 'link' ? (
                      <a href={entry.name} target="_blank" rel="noopener noreferrer nofollow">
                        {entry.name}
                      </a>
                    ) : (
                      entry.name
                    )}
                  </th>
                  <td>
                    {formatDate(entry.submittedAt)}
                    <br />
                    <span className="field__hint">by {entry.submittedBy}</span>
                  </td>
                  <td>
                    <span className={`tag questionnaire-status--${entry.status}`}>{QUESTIONNAIRE_STATUS_LABELS[entry.status]}</span>
                  </td>
                  <td className="questionnaire-list__answer">{entry.answer ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty">Your account has not submitted a questionnaire yet.</p>
      )}
      <div className="dialog__actions">
        <Link className="button button--primary" to={hrefs.step('true')} preventScrollReset>
          Upload questionnaire
        </Link>
      </div>
    </Dialog>
  )
}
