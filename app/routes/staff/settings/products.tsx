import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { data, Form, Link, useActionData, useLocation, useNavigation } from 'react-router'
import type { Route } from './+types/products'
import { requireStaff } from '@server/auth/require'
import { answerChange, invalidForm, type FormAnswer } from '@server/http/change-answer'
import { parseForm, readForm } from '@server/http/forms'
import { isUuid } from '@server/http/query'
import {
  addProduct,
  deleteProduct,
  moveProduct,
  productsPage,
  removeProductBanner,
  setDefaultProduct,
  setProductBanner,
  updateProduct,
  type ManagedProduct,
  type ProductActor,
} from '@server/products/manage'
import { prepareBanner } from '@server/products/pictures'
import { Dialog } from '~/components/ui/dialog'
import { FieldErrors, FormErrors, submissionErrors } from '~/components/ui/form-errors'
import { TextField } from '~/components/ui/fields'
import {
  addProductSchema,
  BANNER_ACCEPT,
  BANNER_HINT,
  bannerSchema,
  defaultProductSchema,
  deleteProductSchema,
  moveProductSchema,
  PRODUCT_NAME_MAX,
  removeBannerSchema,
  suggestProductSlug,
  updateProductSchema,
} from '~/lib/schemas/products'
import { SettingsPages } from './settings-pages'

const PAGE = '/settings/products'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'settings')
  const page = await productsPage(context.db, staff.orgId)
  // ?delete=ID opens the confirmation (a page of its own without JavaScript).
  const wanted = new URL(request.url).searchParams.get('delete')
  const deleting = isUuid(wanted) && page.products.some((product) => product.id === wanted) ? wanted : null
  return { ...page, deleting }
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, 'settings')
  const formData = await readForm(request)
  const { db, env } = context
  const actor: ProductActor = { orgId: staff.orgId, email: staff.email, name: staff.name, ip: context.clientAddress, userAgent: request.headers.get('user-agent') }
  const intent = String(formData.get('intent') ?? '')
  // The product a row's form is about: its errors show next to it.
  const target = String(formData.get('id') ?? '').slice(0, 40)
  const form = { intent, target }
  switch (intent) {
    case 'add': {
      const submission = parseForm(formData, addProductSchema)
      if (submission.status !== 'success') return invalidForm(submission, form)
      return answerChange(env, await addProduct(db, actor, submission.value), submission, form, PAGE)
    }
    case 'update': {
      const submission = parseForm(formData, updateProductSchema)
      if (submission.status !== 'success') return invalidForm(submission, form)
      return answerChange(env, await updateProduct(db, actor, submission.value), submission, form, PAGE)
    }
    case 'move': {
      const submission = parseForm(formData, moveProductSchema)
      if (submission.status !== 'success') return invalidForm(submission, form)
      return answerChange(env, await moveProduct(db, actor, submission.value), submission, form, `${PAGE}#product-${submission.value.id}`, PAGE)
    }
    case 'default': {
      const submission = parseForm(formData, defaultProductSchema)
      if (submission.status !== 'success') return invalidForm(submission, form)
      return answerChange(env, await setDefaultProduct(db, actor, submission.value), submission, form, PAGE)
    }
    case 'delete': {
      const submission = parseForm(formData, deleteProductSchema)
      if (submission.status !== 'success') return invalidForm(submission, form)
      return answerChange(env, await deleteProduct(db, actor, submission.value), submission, form, PAGE)
    }
    case 'banner': {
      const submission = parseForm(formData, bannerSchema)
      // The file itself is never sent back to the browser.
      const reply = (options: { fieldErrors?: Record<string, string[]> } = {}) =>
        data<FormAnswer>({ ...form, result: submission.reply({ ...options, hideFields: ['banner'] }) }, { status: 400 })
      if (submission.status !== 'success') return reply()
      const prepared = await prepareBanner(submission.value.banner)
      if (!prepared.ok) return reply({ fieldErrors: { banner: [prepared.message] } })
      return answerChange(env, await setProductBanner(db, env, actor, { id: submission.value.id, picture: prepared.picture }), submission, form, PAGE)
    }
    case 'banner-remove': {
      const submission = parseForm(formData, removeBannerSchema)
      if (submission.status !== 'success') return invalidForm(submission, form)
      return answerChange(env, await removeProductBanner(db, actor, submission.value), submission, form, PAGE)
    }
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

type Answer = FormAnswer | undefined

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, portalBase, deleting } = loaderData
  const answer = useActionData<typeof action>() as Answer
  const of = (intent: string, id?: string) => (answer && answer.intent === intent && (id === undefined || answer.target === id) ? answer : undefined)
  const doomed = products.find((product) => product.id === deleting)
  return (
    <div className="staff-page products-settings">
      <header className="staff-page__header">
        <h1>Products</h1>
        <p>Each product has its own page of the trust center, with its own cards, banner and terms. Visitors switch between them with the product selector.</p>
        <SettingsPages />
      </header>
      <AddProduct answer={of('add')} />
      <section aria-labelledby="products-list-title" className="products-settings__list">
        <h2 id="products-list-title">Your products</h2>
        <ol>
          {products.map((product, index) => (
            <ProductRow
              key={`${product.id}:${product.slug}:${product.name}:${product.termsUrl}`}
              product={product}
              portalBase={portalBase}
              first={index === 0}
              last={index === products.length - 1}
              only={products.length === 1}
              answer={answer && answer.target === product.id ? answer : undefined}
            />
          ))}
        </ol>
      </section>
      {doomed ? <DeleteDialog product={doomed} others={products.filter((product) => product.id !== doomed.id)} answer={of('delete', doomed.id)} /> : null}
    </div>
  )
}

function AddProduct({ answer }: { answer: Answer }) {
  const busy = useBusy('add')
  const [form, fields] = useForm({
    id: 'product-add',
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addProductSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const [name, setName] = useState(String(fields.name.initialValue ?? ''))
  return (
    <section className="panel" aria-labelledby="product-add-title">
      <h2 id="product-add-title">Add a product</h2>
      <Form method="post" {...getFormProps(form)} className="form form--wide">
        <input type="hidden" name="intent" value="add" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="form__row">
          <TextField field={fields.name} label="Product name" maxLength={PRODUCT_NAME_MAX} onChange={setName} />
          <TextField
            field={fields.slug}
            label="URL slug (optional)"
            maxLength={63}
            placeholder={name ? suggestProductSlug(name) : undefined}
            hint="Part of the product's address, /product/{slug}. Leave it empty to use one made from the name."
          />
        </div>
        <p className="field__hint">A new product starts with every card and item switched off, and a permission profile for all restricted content.</p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add product'}
        </button>
      </Form>
    </section>
  )
}

function ProductRow({
  product,
  portalBase,
  first,
  last,
  only,
  answer,
}: {
  product: ManagedProduct
  portalBase: string
  first: boolean
  last: boolean
  only: boolean
  answer: Answer
}) {
  const location = useLocation()
  const titleId = `product-${product.id}-title`
  const address = `${portalBase}/product/${product.slug}`
  const rowErrors = answer && ['move', 'default', 'banner-remove'].includes(answer.intent) ? submissionErrors(answer.result) : undefined
  return (
    <li className="panel products-settings__product" id={`product-${product.id}`} aria-labelledby={titleId}>
      <div className="panel__header">
        <h3 id={titleId}>{product.name}</h3>
        {product.isDefault ? <span className="tag">Default</span> : null}
      </div>
      <p>
        Address: <Link to={address}>{address}</Link>
        {product.oldSlugs.length ? <> (old addresses that lead here: {product.oldSlugs.map((slug) => `/product/${slug}`).join(', ')})</> : null}
      </p>
      <FormErrors errors={rowErrors} />
      <div className="products-settings__actions">
        <RowButton product={product} intent="move" fields={{ direction: 'up' }} label="Move up" ariaLabel={`Move ${product.name} up`} disabled={first} />
        <RowButton product={product} intent="move" fields={{ direction: 'down' }} label="Move down" ariaLabel={`Move ${product.name} down`} disabled={last} />
        {product.isDefault ? null : <RowButton product={product} intent="default" label="Make default" ariaLabel={`Make ${product.name} the default product`} />}
        {only ? null : (
          <Link to={`${location.pathname}?delete=${product.id}`} preventScrollReset className="button button--secondary button--small">
            Delete<span className="visually-hidden"> {product.name}</span>
          </Link>
        )}
      </div>
      <ProductDetails product={product} answer={answer?.intent === 'update' ? answer : undefined} />
      <BannerForm product={product} answer={answer?.intent === 'banner' ? answer : undefined} />
    </li>
  )
}

/** A one-button form about one product (move, make default, remove the banner). */
function RowButton({
  product,
  intent,
  fields = {},
  label,
  ariaLabel,
  disabled,
}: {
  product: ManagedProduct
  intent: string
  fields?: Record<string, string>
  label: string
  ariaLabel: string
  disabled?: boolean
}) {
  return (
    <Form method="post" className="products-settings__button" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={product.id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--secondary button--small" aria-label={ariaLabel} disabled={disabled}>
        {label}
      </button>
    </Form>
  )
}

function ProductDetails({ product, answer }: { product: ManagedProduct; answer: Answer }) {
  const busy = useBusy('update', product.id)
  const [form, fields] = useForm({
    id: `product-${product.id}-details`,
    lastResult: answer?.result,
    defaultValue: { name: product.name, slug: product.slug, termsUrl: product.termsUrl ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: updateProductSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="form form--wide" aria-label={`${product.name} details`}>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={product.id} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form__row">
        <TextField field={fields.name} label="Name" maxLength={PRODUCT_NAME_MAX} />
        <TextField field={fields.slug} label="URL slug" maxLength={63} hint="Changing it keeps the old address working: it redirects here." />
      </div>
      <TextField field={fields.termsUrl} label="Terms link (optional)" maxLength={2000} hint="This product's own terms, linked from its access request form." />
      <button type="submit" className="button button--primary button--small" disabled={busy}>
        {busy ? 'Saving…' : 'Save product'}
      </button>
    </Form>
  )
}

function BannerForm({ product, answer }: { product: ManagedProduct; answer: Answer }) {
  const busy = useBusy('banner', product.id)
  const inputId = `product-${product.id}-banner`
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const errors = answer?.result.error?.banner ?? undefined
  const formErrors = answer?.result.error?.[''] ?? undefined
  return (
    <div className="products-settings__banner">
      {product.bannerUrl ? (
        <img src={product.bannerUrl} alt={`${product.name} banner`} width={640} height={175} />
      ) : (
        <p className="empty">No banner: the portal shows none for this product.</p>
      )}
      <Form method="post" encType="multipart/form-data" className="form" preventScrollReset>
        <input type="hidden" name="intent" value="banner" />
        <input type="hidden" name="id" value={product.id} />
        <FormErrors errors={formErrors} />
        <div className="field">
          <label htmlFor={inputId}>Banner image for {product.name}</label>
          <input
            id={inputId}
            type="file"
            name="banner"
            accept={BANNER_ACCEPT}
            required
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={[hintId, errors?.length ? errorId : ''].filter(Boolean).join(' ')}
          />
          <p className="field__hint" id={hintId}>
            {BANNER_HINT}
          </p>
          <FieldErrors errors={errors} id={errorId} />
        </div>
        <button type="submit" className="button button--secondary button--small" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload banner'}
        </button>
      </Form>
      {product.bannerFileId ? <RowButton product={product} intent="banner-remove" label="Remove banner" ariaLabel={`Remove the banner of ${product.name}`} /> : null}
    </div>
  )
}

/** Deleting a product: confirmed here; items with documents are moved or deleted only when the staff member says so. */
function DeleteDialog({ product, others, answer }: { product: ManagedProduct; others: ManagedProduct[]; answer: Answer }) {
  const location = useLocation()
  const busy = useBusy('delete', product.id)
  const close = location.pathname
  const errors = answer ? submissionErrors(answer.result) : undefined
  const count = product.itemsWithDocuments
  return (
    <Dialog
      title={`Delete ${product.name}?`}
      size="small"
      closeHref={close}
      description={`Its cards, items, subprocessors and trusted-by companies go with it, and accounts lose their access to it. ${product.name}'s addresses stop working.`}
    >
      <Form method="post" className="form" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={product.id} />
        <FormErrors errors={errors} />
        {count ? (
          <fieldset className="field">
            <legend>
              {product.name} holds {count} {count === 1 ? 'item' : 'items'} with documents. What should happen to {count === 1 ? 'it' : 'them'}?
            </legend>
            <label className="checkbox">
              <input type="radio" name="documents" value="move" defaultChecked />
              Move {count === 1 ? 'it' : 'them'} to another product
            </label>
            <div className="field">
              <label htmlFor="delete-target">Product that receives them</label>
              <select id="delete-target" name="targetId" defaultValue={others.find((other) => other.isDefault)?.id ?? others[0]?.id}>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </select>
            </div>
            <label className="checkbox">
              <input type="radio" name="documents" value="delete" />
              Delete {count === 1 ? 'it' : 'them'} with the product
            </label>
          </fieldset>
        ) : null}
        <div className="dialog__actions">
          <Link to={close} preventScrollReset className="button button--secondary">
            Cancel
          </Link>
          <button type="submit" className="button button--danger" disabled={busy}>
            {busy ? 'Deleting…' : 'Delete product'}
          </button>
        </div>
      </Form>
    </Dialog>
  )
}

function useBusy(intent: string, id?: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent && (id === undefined || navigation.formData?.get('id') === id)
}

export function meta() {
  return [{ title: 'Products' }]
}
