import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useLocation } from 'react-router'
import { CompanyPicker, type CompanyValue } from '~/components/ui/company-picker'
import { CompanyLogoField } from '~/components/ui/company-logo'
import { Dialog } from '~/components/ui/dialog'
import { companyById, companyByName } from '~/lib/companies'
import { addSubprocessorSchema, deleteSubprocessorSchema, editSubprocessorSchema, SUBPROCESSOR_NOT_FOUND } from '~/lib/schemas/subprocessors'
import type { PortalView, SubprocessorView } from '../types'
import { FormErrors, SubmitRow, useIntentResult } from './card-dialogs'
import { closeDialogHref, returnToValue } from './links'
import { CompanyLogoForms } from './company-logo-forms'

/** Add, edit and delete subprocessors (Main mode, statuspage:edit); target is the subprocessor's id. */
export function SubprocessorDialogs({ view, name, target }: { view: PortalView; name: string; target: string | null }) {
  const row = target ? view.subprocessors?.rows.find((entry) => entry.id === target) : undefined
  switch (name) {
    case 'subprocessorAdd':
      return <SubprocessorFormDialog row={null} />
    case 'subprocessorEdit':
      return row ? <SubprocessorFormDialog key={row.id} row={row} /> : <MissingSubprocessorDialog title="Edit subprocessor" />
    case 'subprocessorDelete':
      return row ? <DeleteSubprocessorDialog key={row.id} row={row} /> : <MissingSubprocessorDialog title="Delete subprocessor" />
    default:
      return null
  }
}

/** The picker's starting value: what was submitted last (after a failed save), else the row's company. */
function pickerValue(submitted: { name?: string; id?: string; source?: string }): CompanyValue | null {
  const builtIn = submitted.source === 'Addendum' && submitted.id ? companyById(submitted.id) : !submitted.source && submitted.name ? companyByName(submitted.name) : undefined
  if (builtIn) return { source: 'Addendum', id: builtIn.id, name: builtIn.name, domain: builtIn.domain, logo: builtIn.logo }
  return submitted.name ? { source: 'Custom', id: null, name: submitted.name, domain: null, logo: null } : null
}

function SubprocessorFormDialog({ row }: { row: SubprocessorView | null }) {
  const location = useLocation()
  const intent = row ? 'subprocessor.edit' : 'subprocessor.add'
  const builtIn = row ? companyByName(row.company) : undefined
  const [form, fields] = useForm({
    id: row ? `subprocessor-edit-${row.id}` : 'subprocessor-add',
    lastResult: useIntentResult(intent),
    defaultValue: {
      companyName: row?.company ?? '',
      companyId: builtIn?.id ?? '',
      companySource: row ? (builtIn ? 'Addendum' : 'Custom') : '',
      purpose: row?.purpose ?? '',
      location: row?.location ?? '',
      additionalDetails: row?.additionalDetails ?? '',
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: row ? editSubprocessorSchema : addSubprocessorSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const closeHref = closeDialogHref(location)
  const company = pickerValue({
    name: fields.companyName.initialValue as string | undefined,
    id: fields.companyId.initialValue as string | undefined,
    source: fields.companySource.initialValue as string | undefined,
  })
  return (
    <Dialog title={row ? 'Edit subprocessor' : 'Add subprocessor'} closeHref={closeHref} dismissOnBackdrop={false}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="form" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        {row ? <input type="hidden" name="id" value={row.id} /> : null}
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <CompanyPicker id={fields.companyName.id} label="Company" defaultValue={company} errors={fields.companyName.errors} errorId={fields.companyName.errorId} />
        {/* A listed company's logo has forms of its own, below. */}
        {row ? null : <CompanyLogoField id={`${form.id}-logo`} errors={form.allErrors.logo} />}
        <div className="field">
          <label htmlFor={fields.purpose.id}>Purpose</label>
          <input {...getInputProps(fields.purpose, { type: 'text' })} maxLength={500} />
          <FormErrors errors={fields.purpose.errors} id={fields.purpose.errorId} />
        </div>
        <div className="field">
          <label htmlFor={fields.location.id}>Location</label>
          <input {...getInputProps(fields.location, { type: 'text' })} maxLength={200} />
          <FormErrors errors={fields.location.errors} id={fields.location.errorId} />
        </div>
        <div className="field">
          <label htmlFor={fields.additionalDetails.id}>Additional Details</label>
          <textarea {...getTextareaProps(fields.additionalDetails)} rows={3} maxLength={1000} />
          <FormErrors errors={fields.additionalDetails.errors} id={fields.additionalDetails.errorId} />
        </div>
        <SubmitRow label={row ? 'Save' : 'Add subprocessor'} closeHref={closeHref} />
      </Form>
      {row ? <CompanyLogoForms prefix="subprocessor" id={row.id} name={row.company} uploaded={row.uploadedLogo ?? false} returnTo={returnToValue(location)} /> : null}
    </Dialog>
  )
}

function DeleteSubprocessorDialog({ row }: { row: SubprocessorView }) {
  const location = useLocation()
  const [form, fields] = useForm({
    id: `subprocessor-delete-${row.id}`,
    lastResult: useIntentResult('subprocessor.delete'),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteSubprocessorSchema(row.company) }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const closeHref = closeDialogHref(location)
  return (
    <Dialog title="Delete subprocessor" closeHref={closeHref} size="small" description={`${row.company} will no longer be listed as a subprocessor. This cannot be undone.`}>
      <Form method="post" {...getFormProps(form)} className="form" preventScrollReset>
        <input type="hidden" name="intent" value="subprocessor.delete" />
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="field">
          <label htmlFor={fields.confirmName.id}>
            Type <strong className="subprocessor-delete__name">{row.company}</strong> to confirm
          </label>
          <input {...getInputProps(fields.confirmName, { type: 'text' })} autoComplete="off" spellCheck={false} maxLength={200} />
          <FormErrors errors={fields.confirmName.errors} id={fields.confirmName.errorId} />
        </div>
        <SubmitRow label="Delete" closeHref={closeHref} danger />
      </Form>
    </Dialog>
  )
}

function MissingSubprocessorDialog({ title }: { title: string }) {
  const location = useLocation()
  const closeHref = closeDialogHref(location)
  return (
    <Dialog title={title} closeHref={closeHref} size="small">
      <p>{SUBPROCESSOR_NOT_FOUND}</p>
      <div className="dialog__actions">
        <Link to={closeHref} preventScrollReset className="button button--secondary">
          Close
        </Link>
      </div>
    </Dialog>
  )
}
