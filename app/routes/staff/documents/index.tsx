import { parseForm, readUploadForm } from '@server/http/forms'
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useActionData, useLocation, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { requireStaff } from '@server/auth/require'
import { deleteDocument, listDocuments, setDocumentAccessType, type LibraryRow } from '@server/files/library'
import { spoolDirectory } from '@server/files/store'
import { maxUploadBytes, storeUpload, UploadRejected } from '@server/files/upload'
import { redirectWithToast } from '@server/http/redirect'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { FileIcon, SearchIcon } from '~/components/icons'
import { Dialog } from '~/components/ui/dialog'
import { formatBytes, formatDate, withQuery } from '~/lib/format'
import {
  deleteDocumentSchema,
  DOCUMENT_ACCESS_LABELS,
  DOCUMENT_ACCESS_TYPES,
  documentAccessTypeSchema,
  fileTooLargeMessage,
  uploadDocumentSchema,
  type DocumentAccessType,
} from '~/lib/schemas/documents'
import { StaffTable } from '~/components/ui/staff-table'

// What the file input offers; the server decides by content, not by this list.
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.pptx,.txt,.csv,.md'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'documents')
  const url = new URL(request.url)
  const filter = (url.searchParams.get('q') ?? '').slice(0, 200)
  const [documents, org] = await Promise.all([
    listDocuments(context.db, staff.orgId, filter),
    context.db.selectFrom('orgs').select(['slug', 'document_access_type']).where('id', '=', staff.orgId).executeTakeFirstOrThrow(),
  ])
  // The success message after a redirect is the root's toast.
  return {
    documents,
    filter,
    orgSlug: org.slug,
    orgAccessType: org.document_access_type as DocumentAccessType,
    maxUploadMb: context.env.MAX_UPLOAD_MB,
    uploadOpen: url.searchParams.get('uploadModal') === 'true',
    deleteId: url.searchParams.get('delete'),
  }
}

type ActionData = { intent: string; result: SubmissionResult<string[]> }

const UPLOAD_PROBLEMS = {
  'too-large': (maxUploadMb: number) => fileTooLargeMessage(maxUploadMb),
  'too-many-files': () => 'Upload one file at a time',
  unreadable: () => 'The upload could not be read. Please try again.',
}

/** A refusal that comes before the form could be read, shown on the upload's file field. */
const uploadError = (message: string, status: number) =>
  data<ActionData>({ intent: 'upload', result: { status: 'error', initialValue: {}, error: { file: [message] } } }, { status })

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'documents')
  const maxBytes = maxUploadBytes(context.env)
  const upload = await readUploadForm(request, { fileField: 'file', maxFileSize: maxBytes, spoolDir: spoolDirectory(context.env.DATA_DIR) })
  if (!upload.ok) return uploadError(UPLOAD_PROBLEMS[upload.problem](context.env.MAX_UPLOAD_MB), upload.status)
  const { formData } = upload
  const meta = { ip: context.clientAddress, userAgent: request.headers.get('user-agent') }
  try {
    switch (formData.get('intent')) {
      case 'upload': {
        const submission = parseForm(formData, uploadDocumentSchema(context.env.MAX_UPLOAD_MB))
        if (submission.status !== 'success') return data<ActionData>({ intent: 'upload', result: submission.reply() }, { status: 400 })
        const { file, documentAccessType } = submission.value
        try {
          const stored = await storeUpload(context.db, context.env, staff.orgId, staff, { name: file.name, spooled: upload.spooled!, documentAccessType }, meta)
          return redirectWithToast(context.env, '/documents', `${stored.originalName} uploaded`)
        } catch (error) {
          if (error instanceof UploadRejected)
            return data<ActionData>({ intent: 'upload', result: submission.reply({ fieldErrors: { file: [error.message] } }) }, { status: error.status })
          throw error
        }
      }
      case 'accessType': {
        const submission = parseForm(formData, documentAccessTypeSchema)
        if (submission.status !== 'success') return data<ActionData>({ intent: 'accessType', result: submission.reply() }, { status: 400 })
        const outcome = await setDocumentAccessType(context.db, staff, submission.value.fileId, submission.value.documentAccessType, meta)
        if (!outcome.ok) return data<ActionData>({ intent: 'accessType', result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status })
        context.pageCache?.invalidate()
        return redirectWithToast(context.env, returnTo(request), `${outcome.name} is now ${DOCUMENT_ACCESS_LABELS[submission.value.documentAccessType].toLowerCase()}`)
      }
      case 'delete': {
        const submission = parseForm(formData, deleteDocumentSchema)
        if (submission.status !== 'success') return data<ActionData>({ intent: 'delete', result: submission.reply() }, { status: 400 })
        const outcome = await deleteDocument(context.db, staff, submission.value.fileId, meta)
        if (!outcome.ok) return data<ActionData>({ intent: 'delete', result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status })
        return redirectWithToast(context.env, '/documents', `${outcome.name} deleted`)
      }
      default:
        throw data('Unknown intent', { status: 400 })
    }
  } finally {
    await upload.dispose()
  }
}

/** Back to the list as it was filtered. */
function returnTo(request: Request) {
  const filter = new URL(request.url).searchParams.get('q')
  return filter ? `/documents?q=${encodeURIComponent(filter.slice(0, 200))}` : '/documents'
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { documents, filter, orgSlug, orgAccessType, maxUploadMb, uploadOpen, deleteId } = loaderData
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const location = useLocation()
  const listHref = filter ? `/documents?q=${encodeURIComponent(filter)}` : '/documents'
  const uploadFailed = actionData?.intent === 'upload'
  const otherError = actionData && actionData.intent !== 'upload' ? (actionData.result.error?.[''] ?? Object.values(actionData.result.error ?? {}).flat()) : null
  const deleting = deleteId ? documents.find((document) => document.id === deleteId) : undefined
  return (
    <div className="staff-page">
      <header className="staff-page__header documents-page__header">
        <div>
          <h1>Documents</h1>
          <p>Every document uploaded for your trust center. Link them to items when you edit an item.</p>
        </div>
        <Link to={withQuery(location.pathname, location.search, { uploadModal: 'true', delete: null })} className="button button--primary" preventScrollReset>
          Upload document
        </Link>
      </header>
      {otherError?.length ? (
        <p className="form__error" role="alert">
          {otherError.join(' ')}
        </p>
      ) : null}
      <section className="panel" aria-labelledby="documents-title">
        <div className="panel__header">
          <h2 id="documents-title">Library</h2>
          <Form method="get" className="documents-filter" role="search">
            <label htmlFor="documents-filter" className="visually-hidden">
              Filter documents by name
            </label>
            <span className="search-field">
              <SearchIcon size={16} />
              <input id="documents-filter" type="search" name="q" defaultValue={filter} placeholder="Filter by name" maxLength={200} />
            </span>
            <button type="submit" className="button button--secondary button--small">
              Filter
            </button>
          </Form>
        </div>
        {documents.length ? (
          <StaffTable
            className="documents-table"
            caption="Documents, sorted by name"
            columns={['Name', 'Type', 'Size', 'Uploaded', 'Access', 'Linked to', { hidden: 'Actions' }]}
            scroll
          >
            {documents.map((document) => (
              <DocumentRow key={document.id} document={document} orgSlug={orgSlug} orgAccessType={orgAccessType} listHref={listHref} />
            ))}
          </StaffTable>
        ) : (
          <p className="empty">{filter ? `No documents match "${filter}".` : 'No documents yet. Upload one to link it to items.'}</p>
        )}
      </section>
      {uploadOpen || uploadFailed ? (
        <UploadDialog closeHref={listHref} maxUploadMb={maxUploadMb} orgAccessType={orgAccessType} lastResult={uploadFailed ? actionData.result : undefined} />
      ) : null}
      {deleting ? <DeleteDialog document={deleting} closeHref={listHref} /> : null}
    </div>
  )
}

function DocumentRow({ document, orgSlug, orgAccessType, listHref }: { document: LibraryRow; orgSlug: string; orgAccessType: DocumentAccessType; listHref: string }) {
  const selectId = `access-${document.id}`
  // The same item in two products reads alike: name the product then.
  const spansProducts = new Set(document.links.map((link) => link.productName)).size > 1
  return (
    <tr>
      <th scope="row" className="documents-table__name">
        <FileIcon size={16} />
        {/* Staff view documents through the one file route, like everyone else. */}
        <a href={`/portal/${orgSlug}/files/${document.id}/${encodeURIComponent(document.name)}`} target="_blank" rel="noreferrer">
          {document.name}
        </a>
      </th>
      <td>{typeLabel(document.contentType)}</td>
      <td className="documents-table__size">{formatBytes(document.sizeBytes)}</td>
      <td>
        <time dateTime={document.createdAt}>{formatDate(document.createdAt)}</time>
        {document.createdByName ? <span className="documents-table__by">by {document.createdByName}</span> : null}
      </td>
      <td>
        <Form method="post" className="documents-access" preventScrollReset>
          <input type="hidden" name="intent" value="accessType" />
          <input type="hidden" name="fileId" value={document.id} />
          <label htmlFor={selectId} className="visually-hidden">
            Access to {document.name}
          </label>
          <select id={selectId} name="documentAccessType" defaultValue={document.accessType}>
            {DOCUMENT_ACCESS_TYPES.map((type) => (
              <option key={type} value={type}>
                {DOCUMENT_ACCESS_LABELS[type]}
                {document.ownAccessType === null && type === orgAccessType ? ' (default)' : ''}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--secondary button--small" aria-label={`Save access to ${document.name}`}>
            Save
          </button>
        </Form>
      </td>
      <td>
        {document.links.length ? (
          <ul className="documents-table__links">
            {document.links.map((link) => (
              <li key={link.itemId}>
                <a href={link.href}>{link.itemTitle}</a>{' '}
                <span className="documents-table__card">
                  {link.cardTitle}
                  {spansProducts ? ` · ${link.productName}` : null}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <span className="documents-table__unlinked">Not linked</span>
        )}
      </td>
      <td>
        {document.links.length ? null : (
          <Link
            to={withQuery('/documents', listHref.split('?')[1] ?? '', { delete: document.id })}
            className="button button--danger button--small"
            aria-label={`Delete ${document.name}`}
            preventScrollReset
          >
            Delete
          </Link>
        )}
      </td>
    </tr>
  )
}

function UploadDialog({
  closeHref,
  maxUploadMb,
  orgAccessType,
  lastResult,
}: {
  closeHref: string
  maxUploadMb: number
  orgAccessType: DocumentAccessType
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload'
  const schema = uploadDocumentSchema(maxUploadMb)
  const [form, fields] = useForm({
    id: 'upload-document',
    lastResult,
    defaultValue: { documentAccessType: orgAccessType },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <Dialog title="Upload document" closeHref={closeHref} description={`PDF, Word, Excel, PowerPoint, PNG, JPEG, GIF, WebP or text (.txt, .csv, .md), up to ${maxUploadMb} MB.`}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="form" preventScrollReset>
        <input type="hidden" name="intent" value="upload" />
        {form.errors?.length ? (
          <p className="form__error" role="alert" id={form.errorId}>
            {form.errors.join(' ')}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={fields.file.id}>File</label>
          <input {...getInputProps(fields.file, { type: 'file' })} accept={ACCEPT} />
          {fields.file.errors?.length ? (
            <p className="field__error" id={fields.file.errorId} role="alert">
              {fields.file.errors.join(' ')}
            </p>
          ) : null}
        </div>
        <fieldset className="field documents-access-choice">
          <legend>Visitors who can see it may</legend>
          {DOCUMENT_ACCESS_TYPES.map((type) => (
            <label key={type} className="checkbox">
              <input type="radio" name={fields.documentAccessType.name} value={type} defaultChecked={(fields.documentAccessType.initialValue ?? orgAccessType) === type} />
              {DOCUMENT_ACCESS_LABELS[type]}
            </label>
          ))}
          {fields.documentAccessType.errors?.length ? <p className="field__error">{fields.documentAccessType.errors.join(' ')}</p> : null}
        </fieldset>
        <div className="dialog__actions">
          <Link to={closeHref} preventScrollReset className="button button--secondary">
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </Form>
    </Dialog>
  )
}

function DeleteDialog({ document, closeHref }: { document: LibraryRow; closeHref: string }) {
  return (
    <ConfirmDialog
      title="Delete document"
      description={`${document.name} will be removed from the library. This cannot be undone.`}
      closeHref={closeHref}
      action={closeHref}
      intent="delete"
      fields={{ fileId: document.id }}
      confirm="Delete"
      busy="Deleting…"
    />
  )
}

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'text/plain': 'Text',
  'text/csv': 'CSV',
  'text/markdown': 'Markdown',
}

function typeLabel(contentType: string) {
  return TYPE_LABELS[contentType.split(';')[0].trim()] ?? contentType
}

export function meta() {
  return [{ title: 'Documents' }]
}
