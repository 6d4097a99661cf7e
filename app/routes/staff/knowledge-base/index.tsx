import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { requireStaff } from '@server/auth/require'
import { createFaq, deleteFaq, faqEditor, importFaqs, knowledgeBaseProducts, listFaqs, moveFaq, updateFaq, type FaqEntry } from '@server/faqs/manage'
import { answerChange, invalidForm, type FormAnswer } from '@server/http/change-answer'
import { spoolDirectory } from '@server/files/store'
import { parseForm, readUploadForm } from '@server/http/forms'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { TextareaField, TextField } from '~/components/ui/fields'
import { FieldErrors, FormErrors, submissionErrors } from '~/components/ui/form-errors'
import {
  createFaqSchema,
  deleteFaqSchema,
  FAQ_ANSWER_MAX,
  FAQ_COMMENT_MAX,
  FAQ_IMPORT_MAX_BYTES,
  FAQ_IMPORT_MAX_ROWS,
  FAQ_MESSAGES,
  FAQ_QUESTION_MAX,
  importFaqsSchema,
  moveFaqSchema,
  updateFaqSchema,
} from '~/lib/schemas/faqs'

// The knowledge base (/knowledge-base): a product's FAQ entries, shown in the portal's Knowledge Base
// (FAQs) section. Every editor and confirmation is a URL (?new, ?edit, ?delete, with ?product), every
// change a plain form that redirects back with a toast, so the page works without JavaScript.

const PAGE = '/knowledge-base'
const EXPORT_PATH = '/knowledge-base/export.csv'

/** The page for a product, with the editor or dialog `open` names, and the entry to scroll to. */
const pagePath = (productSlug: string, open: Record<string, string> = {}, hash?: string) =>
  `${PAGE}?${new URLSearchParams({ product: productSlug, ...open })}${hash ? `#${hash}` : ''}`

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'knowledge-base')
  const search = new URL(request.url).searchParams
  const { products, product } = await knowledgeBaseProducts(context.db, staff.orgId, search.get('product')?.slice(0, 100) ?? null)
  if (!product) throw data('This product does not exist.', { status: 404 })
  const [entries, org] = await Promise.all([listFaqs(context.db, product.id), context.db.selectFrom('orgs').select('slug').where('id', '=', staff.orgId).executeTakeFirstOrThrow()])
  const isDefault = products[0]?.id === product.id
  // Only ids of this product's list open anything: another's, or one deleted meanwhile, is ignored.
  const pick = (name: string) => entries.find((entry) => entry.id === search.get(name))?.id ?? null
  return {
    products,
    product,
    entries,
    portalHref: isDefault ? `/portal/${org.slug}` : `/portal/${org.slug}/product/${product.slug}`,
    open: { create: search.get('new') === '1' || entries.length === 0, edit: pick('edit'), delete: pick('delete') },
  }
}

const UPLOAD_PROBLEMS = {
  'too-large': FAQ_MESSAGES.fileTooLarge,
  'too-many-files': 'Import one file at a time',
  unreadable: 'The file could not be read. Please try again.',
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'knowledge-base')
  const upload = await readUploadForm(request, { fileField: 'file', maxFileSize: FAQ_IMPORT_MAX_BYTES, spoolDir: spoolDirectory(context.env.DATA_DIR) })
  if (!upload.ok) {
    return data<FormAnswer>({ intent: 'faq.import', result: { status: 'error', initialValue: {}, error: { file: [UPLOAD_PROBLEMS[upload.problem]] } } }, { status: upload.status })
  }
  const { formData } = upload
  const editor = faqEditor(context, request, staff)
  const intent = String(formData.get('intent') ?? '')
  const target = String(formData.get('faqId') ?? '').slice(0, 40) || undefined
  type Outcome = Awaited<ReturnType<typeof createFaq>>
  const answer = (submission: Parameters<typeof invalidForm>[0], outcome: Outcome, to: (product: string, faqId: string | null) => string) =>
    answerChange(context.env, outcome, submission, { intent, target }, outcome.ok ? to(outcome.product.slug, outcome.faqId) : PAGE, PAGE)
  const atEntry = (product: string, faqId: string | null) => pagePath(product, {}, faqId ? `faq-${faqId}` : undefined)
  try {
    switch (intent) {
      case 'faq.create': {
        const submission = parseForm(formData, createFaqSchema)
        if (submission.status !== 'success') return invalidForm(submission, { intent })
        const { productId, question, answer: text, comment } = submission.value
        return answer(submission, await createFaq(editor, productId, { question, answer: text, comment }), atEntry)
      }
      case 'faq.update': {
        const submission = parseForm(formData, updateFaqSchema)
        if (submission.status !== 'success') return invalidForm(submission, { intent, target })
        const { faqId, question, answer: text, comment } = submission.value
        return answer(submission, await updateFaq(editor, faqId, { question, answer: text, comment }), atEntry)
      }
      case 'faq.move': {
        const submission = parseForm(formData, moveFaqSchema)
        if (submission.status !== 'success') return invalidForm(submission, { intent, target })
        return answer(submission, await moveFaq(editor, submission.value.faqId, submission.value.direction), atEntry)
      }
      case 'faq.delete': {
        const submission = parseForm(formData, deleteFaqSchema)
        if (submission.status !== 'success') return invalidForm(submission, { intent, target })
        return answer(submission, await deleteFaq(editor, submission.value.faqId), (product) => pagePath(product, {}, 'faqs'))
      }
      case 'faq.import': {
        const submission = parseForm(formData, importFaqsSchema)
        if (submission.status !== 'success') return invalidForm(submission, { intent })
        const { productId, file } = submission.value
        const outcome = await importFaqs(editor, productId, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })
        return answer(submission, outcome, (product) => pagePath(product, {}, 'faqs'))
      }
      default:
        throw data('Unknown intent', { status: 400 })
    }
  } finally {
    await upload.dispose()
  }
}

type LoaderData = Route.ComponentProps['loaderData']

export default function KnowledgeBase({ loaderData }: Route.ComponentProps) {
  const { products, product, entries, portalHref, open } = loaderData
  const actionData = useActionData<typeof action>() as FormAnswer | undefined
  const resultFor = (intent: string, target?: string) => (actionData && actionData.intent === intent && actionData.target === target ? actionData.result : undefined)
  const createResult = resultFor('faq.create')
  const importResult = resultFor('faq.import')
  // A refusal is said in the form that asked when that form is on the page; otherwise at the top.
  const inForm = actionData && (createResult || importResult || (actionData.intent === 'faq.update' && entries.some((entry) => entry.id === actionData.target)))
  const pageErrors = actionData && !inForm ? submissionErrors(actionData.result) : undefined
  const here = pagePath(product.slug)
  const deleting = entries.find((entry) => entry.id === open.delete)
  return (
    <div className="staff-page knowledge-base-page">
      <header className="staff-page__header knowledge-base-page__header">
        <div>
          <h1>Knowledge base</h1>
          <p>
            Questions and answers for the Knowledge Base (FAQs) section of the Trust Center, in the order visitors see them. The first five show on the page; the rest under View
            all.
          </p>
        </div>
        <Link to={pagePath(product.slug, { new: '1' }, 'new-faq')} className="button button--primary" preventScrollReset>
          Add question
        </Link>
      </header>

      {products.length > 1 ? <ProductPicker products={products} current={product.slug} /> : null}
      <FormErrors errors={pageErrors} />

      {open.create || createResult ? (
        <section className="panel" id="new-faq" aria-labelledby="new-faq-title">
          <h2 id="new-faq-title">New question</h2>
          <FaqForm entry={null} productId={product.id} lastResult={createResult} cancelHref={entries.length ? here : null} />
        </section>
      ) : null}

      <section className="panel" id="faqs" aria-labelledby="faqs-title">
        <div className="panel__header">
          <h2 id="faqs-title">
            Questions for {product.name} <span className="knowledge-base-page__count">({entries.length})</span>
          </h2>
          <a href={portalHref}>View on the Trust Center</a>
        </div>
        {entries.length ? (
          <ol className="knowledge-base-page__list">
            {entries.map((entry, index) => (
              <EntryView
                key={entry.id}
                entry={entry}
                productSlug={product.slug}
                first={index === 0}
                last={index === entries.length - 1}
                editing={open.edit === entry.id || Boolean(resultFor('faq.update', entry.id))}
                lastResult={resultFor('faq.update', entry.id)}
              />
            ))}
          </ol>
        ) : (
          <p className="empty">No questions yet. Add the first one above, or import a CSV file below.</p>
        )}
      </section>

      <section className="panel" aria-labelledby="faq-csv-title">
        <h2 id="faq-csv-title">Import and export</h2>
        <p className="field__hint">
          A CSV file with a header row <code>question,answer,comment</code> (comment may be left out), one question per row; fields with commas or line breaks go in double quotes.
          Imported questions are added after the others. A file with a row that is not valid is refused whole, naming the line. At most{' '}
          {FAQ_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and 1 MB.
        </p>
        <div className="knowledge-base-page__csv">
          <a href={`${EXPORT_PATH}?${new URLSearchParams({ product: product.slug })}`} className="button button--secondary" download>
            Download CSV
          </a>
          <ImportForm productId={product.id} lastResult={importResult} />
        </div>
      </section>

      {deleting ? (
        <ConfirmDialog
          title="Delete question"
          description={`"${deleting.question}" and its answer will be removed from the Trust Center. This cannot be undone.`}
          closeHref={pagePath(product.slug, {}, `faq-${deleting.id}`)}
          action={here}
          intent="faq.delete"
          fields={{ faqId: deleting.id }}
          confirm="Delete question"
          busy="Deleting…"
        />
      ) : null}
    </div>
  )
}

/** Which product's list to show: a GET form, sent as soon as a product is chosen when JavaScript runs. */
function ProductPicker({ products, current }: { products: LoaderData['products']; current: string }) {
  return (
    <Form method="get" className="knowledge-base-page__product">
      <label htmlFor="knowledge-base-product">Product</label>
      <select id="knowledge-base-product" name="product" defaultValue={current} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
        {products.map((product) => (
          <option key={product.id} value={product.slug}>
            {product.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary button--small">
        Show
      </button>
    </Form>
  )
}

function EntryView({
  entry,
  productSlug,
  first,
  last,
  editing,
  lastResult,
}: {
  entry: FaqEntry
  productSlug: string
  first: boolean
  last: boolean
  editing: boolean
  lastResult?: SubmissionResult<string[]>
}) {
  const navigation = useNavigation()
  const moving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'faq.move' && navigation.formData?.get('faqId') === entry.id
  const of = <span className="visually-hidden"> {entry.question}</span>
  const anchor = `faq-${entry.id}`
  return (
    <li className="knowledge-base-page__entry" id={anchor}>
      {editing ? (
        <FaqForm entry={entry} lastResult={lastResult} cancelHref={pagePath(productSlug, {}, anchor)} />
      ) : (
        <>
          <h3>{entry.question}</h3>
          <p className="knowledge-base-page__answer">{entry.answer}</p>
          {entry.comment ? (
            <p className="knowledge-base-page__comment">
              <span className="visually-hidden">Comment: </span>
              {entry.comment}
            </p>
          ) : null}
          <div className="knowledge-base-page__actions">
            <Link to={pagePath(productSlug, { edit: entry.id }, anchor)} className="button button--secondary button--small" preventScrollReset>
              Edit{of}
            </Link>
            <Form method="post" preventScrollReset className="knowledge-base-page__move">
              <input type="hidden" name="intent" value="faq.move" />
              <input type="hidden" name="faqId" value={entry.id} />
              <button type="submit" name="direction" value="up" className="button button--secondary button--small" disabled={first || moving}>
                Move up{of}
              </button>
              <button type="submit" name="direction" value="down" className="button button--secondary button--small" disabled={last || moving}>
                Move down{of}
              </button>
            </Form>
            <Link to={pagePath(productSlug, { delete: entry.id }, anchor)} className="button button--danger button--small" preventScrollReset>
              Delete{of}
            </Link>
          </div>
        </>
      )}
    </li>
  )
}

function FaqForm({ entry, productId, lastResult, cancelHref }: { entry: FaqEntry | null; productId?: string; lastResult?: SubmissionResult<string[]>; cancelHref: string | null }) {
  const navigation = useNavigation()
  const intent = entry ? 'faq.update' : 'faq.create'
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  const [form, fields] = useForm({
    id: entry ? `faq-edit-${entry.id}` : 'faq-new',
    lastResult,
    defaultValue: { question: entry?.question ?? '', answer: entry?.answer ?? '', comment: entry?.comment ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: entry ? updateFaqSchema : createFaqSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="form form--wide" preventScrollReset aria-label={entry ? `Edit question: ${entry.question}` : 'New question'}>
      <input type="hidden" name="intent" value={intent} />
      {entry ? <input type="hidden" name="faqId" value={entry.id} /> : <input type="hidden" name="productId" value={productId} />}
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField field={fields.question} label="Question" maxLength={FAQ_QUESTION_MAX} />
      <TextareaField field={fields.answer} label="Answer" rows={6} maxLength={FAQ_ANSWER_MAX} />
      <TextareaField
        field={fields.comment}
        label="Comment (optional)"
        hint="Shown below the answer in smaller type, e.g. a caveat or where to learn more."
        rows={2}
        maxLength={FAQ_COMMENT_MAX}
      />
      <div className="knowledge-base-page__buttons">
        <button type="submit" className="button button--primary" disabled={busy}>
          {entry ? 'Save question' : 'Add question'}
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

function ImportForm({ productId, lastResult }: { productId: string; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'faq.import'
  const [form, fields] = useForm({
    id: 'faq-import',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: importFaqsSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="form knowledge-base-page__import"
      preventScrollReset
      aria-label="Import questions from CSV"
    >
      <input type="hidden" name="intent" value="faq.import" />
      <input type="hidden" name="productId" value={productId} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="field">
        <label htmlFor={fields.file.id}>CSV file</label>
        <input {...getInputProps(fields.file, { type: 'file' })} accept=".csv,text/csv" />
        <FieldErrors errors={fields.file.errors} id={fields.file.errorId} />
      </div>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Importing…' : 'Import CSV'}
      </button>
    </Form>
  )
}

export function meta() {
  return [{ title: 'Knowledge base' }]
}
