import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef, useState } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { BuildingIcon } from '~/components/icons'
import { CompanyPicker, type CompanyValue } from '~/components/ui/company-picker'
import { CompanyLogoField } from '~/components/ui/company-logo'
import { Dialog } from '~/components/ui/dialog'
import { companyById, companyByName } from '~/lib/companies'
import { withQuery } from '~/lib/format'
import { applyMove, canMove, formatIdList, sameOrder } from '~/lib/reorder'
import { addTrustedBySchema } from '~/lib/schemas/trusted-by'
import type { PortalView } from '../types'
import { FormErrors, useIntentResult } from './card-dialogs'
import { useHydrated } from '~/components/ui/use-hydrated'
import { pendingOrder } from './reorder-dialogs'
import { MoveButton } from './move-button'
import { CompanyLogoForms } from './company-logo-forms'

// Edit the Trusted-by card's companies (cards-and-items: Trusted-by card and company): add one with the
// company picker, remove one, change or remove its logo, or move them up and down. Without JavaScript a move is a link to this
// dialog with the pending order in the URL (?order=...), as in the re-order dialogs; Save order posts it.

type Location = { pathname: string; search: string }
type Company = NonNullable<PortalView['trustedBy']>['companies'][number]
type Direction = 'up' | 'down'

const TITLE = 'Edit trusted-by companies'

const rowId = (id: string) => `trusted-by-row-${id}`

/** The page with this dialog, and any order it was carrying, closed: where every form here returns. */
function closeHref(location: Location) {
  return withQuery(location.pathname, location.search, { dialog: null, target: null, order: null })
}

/** This dialog with a pending order, scrolled to the company that moved; nothing is saved until Save order. */
function pendingHref(location: Location, order: readonly string[], focusId: string) {
  return `${withQuery(location.pathname, location.search, { order: formatIdList(order) })}#${rowId(focusId)}`
}

export function TrustedByDialog({ view }: { view: PortalView }) {
  const location = useLocation()
  const close = closeHref(location)
  const trustedBy = view.trustedBy
  if (!trustedBy) {
    return (
      <Dialog title={TITLE} closeHref={close} size="small">
        <p>This card does not exist.</p>
      </Dialog>
    )
  }
  return (
    <Dialog
      title={TITLE}
      closeHref={close}
      dismissOnBackdrop={false}
      description={`The companies shown under "${trustedBy.title}", in this order. Add one from the list or type your own.`}
    >
      <div className="trusted-by-edit">
        <AddCompanyForm names={trustedBy.companies.map((company) => company.name)} />
        <CompanyList key={location.search} companies={trustedBy.companies} />
      </div>
    </Dialog>
  )
}

/** The picker's starting value after a failed add: what was submitted, resolved as the server would. */
function pickerValue(submitted: { name?: string; id?: string; source?: string }): CompanyValue | null {
  const builtIn = submitted.source === 'Addendum' && submitted.id ? companyById(submitted.id) : !submitted.source && submitted.name ? companyByName(submitted.name) : undefined
  if (builtIn) return { source: 'Addendum', id: builtIn.id, name: builtIn.name, domain: builtIn.domain, logo: builtIn.logo }
  return submitted.name ? { source: 'Custom', id: null, name: submitted.name, domain: null, logo: null } : null
}

function AddCompanyForm({ names }: { names: string[] }) {
  const location = useLocation()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'trusted-by-add',
    lastResult: useIntentResult('trustedBy.add'),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addTrustedBySchema(names) }),
    // Tabbing past an empty picker to the list below is not a mistake; a submit without a company is.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const company = pickerValue({
    name: fields.companyName.initialValue as string | undefined,
    id: fields.companyId.initialValue as string | undefined,
    source: fields.companySource.initialValue as string | undefined,
  })
  const adding = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'trustedBy.add'
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="form trusted-by-edit__add" preventScrollReset>
      <input type="hidden" name="intent" value="trustedBy.add" />
      <input type="hidden" name="returnTo" value={closeHref(location)} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="trusted-by-edit__add-row">
        <CompanyPicker
          id={fields.companyName.id}
          label="Company"
          defaultValue={company}
          errors={fields.companyName.errors}
          errorId={fields.companyName.errorId}
          hint="Pick a company from the list, or type a name and choose to use it as it is."
        />
        <CompanyLogoField id="trusted-by-add-logo" errors={form.allErrors.logo} />
        <button type="submit" className="button button--primary" disabled={adding} aria-busy={adding || undefined}>
          {adding ? 'Adding…' : 'Add company'}
        </button>
      </div>
    </Form>
  )
}

function CompanyList({ companies }: { companies: Company[] }) {
  const location = useLocation()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const stored = companies.map((company) => company.id)
  const [order, setOrder] = useState(() => pendingOrder(location, stored) ?? stored)
  const [announcement, setAnnouncement] = useState('')
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null)
  const orderResult = useIntentResult('trustedBy.order')
  const removeResult = useIntentResult('trustedBy.remove')
  const byId = new Map(companies.map((company) => [company.id, company]))
  const close = closeHref(location)

  // After a move re-renders the rows, focus stays on the button that made it.
  useEffect(() => {
    const target = focusAfterMove.current
    focusAfterMove.current = null
    if (target) document.getElementById(rowId(target.id))?.querySelector<HTMLElement>(`[data-move="${target.direction}"]`)?.focus()
  }, [order])

  const move = (id: string, direction: Direction) => {
    const next = applyMove(order, id, direction)
    focusAfterMove.current = { id, direction }
    setOrder(next)
    setAnnouncement(`${byId.get(id)?.name ?? id} moved to position ${next.indexOf(id) + 1} of ${next.length}`)
  }

  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'trustedBy.order'
  const dirty = !sameOrder(order, stored)
  return (
    <section className="trusted-by-edit__companies" aria-labelledby="trusted-by-edit-companies">
      <h3 id="trusted-by-edit-companies">
        Companies <span className="trusted-by-edit__count">({order.length})</span>
      </h3>
      <FormErrors errors={removeResult?.error?.[''] ?? undefined} />
      <FormErrors errors={orderResult?.error?.[''] ?? undefined} />
      {order.length ? (
        <ol className="trusted-by-edit__list" aria-labelledby="trusted-by-edit-companies">
          {order.map((id) => {
            const company = byId.get(id)
            if (!company) return null
            return (
              <li key={id} id={rowId(id)} className="trusted-by-edit__row">
                <CompanyLogo logoUrl={company.logoUrl} />
                <span className="trusted-by-edit__name">{company.name}</span>
                <span className="trusted-by-edit__actions">
                  {(['up', 'down'] as const).map((direction) => (
                    <MoveButton
                      key={direction}
                      label={`Move ${company.name} ${direction}`}
                      className="trusted-by-edit__move"
                      direction={direction}
                      disabled={!canMove(order, id, direction)}
                      href={pendingHref(location, applyMove(order, id, direction), id)}
                      hydrated={hydrated}
                      onMove={() => move(id, direction)}
                    />
                  ))}
                  <Form method="post" preventScrollReset className="trusted-by-edit__remove">
                    <input type="hidden" name="intent" value="trustedBy.remove" />
                    <input type="hidden" name="id" value={id} />
                    <input type="hidden" name="returnTo" value={close} />
                    <button type="submit" className="button button--secondary button--small" aria-label={`Remove ${company.name}`}>
                      Remove
                    </button>
                  </Form>
                </span>
                <CompanyLogoForms prefix="trustedBy" id={id} name={company.name} uploaded={company.uploadedLogo ?? false} returnTo={close} />
              </li>
            )
          })}
        </ol>
      ) : (
        <p className="trusted-by-edit__empty">No companies yet. Visitors do not see this card until it lists one.</p>
      )}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <Form method="post" preventScrollReset className="dialog__actions">
        <input type="hidden" name="intent" value="trustedBy.order" />
        <input type="hidden" name="order" value={formatIdList(order)} />
        <input type="hidden" name="returnTo" value={close} />
        <Link to={close} preventScrollReset className="button button--secondary">
          {dirty ? 'Cancel' : 'Close'}
        </Link>
        {order.length > 1 ? (
          <button type="submit" className="button button--primary" disabled={!dirty || saving} aria-busy={saving || undefined}>
            {saving ? 'Saving…' : 'Save order'}
          </button>
        ) : null}
      </Form>
    </section>
  )
}

/** The company's logo, or the building icon when it has none or it fails to load. */
function CompanyLogo({ logoUrl }: { logoUrl: string | null }) {
  const [failed, setFailed] = useState(false)
  const image = useRef<HTMLImageElement>(null)
  // An image that failed before hydration fired its error event before React listened for it.
  useEffect(() => {
    const element = image.current
    if (element?.complete) element.decode().catch(() => setFailed(true))
  }, [])
  if (!logoUrl || failed) {
    return (
      <span className="trusted-by-edit__logo trusted-by-edit__logo--fallback">
        <BuildingIcon size={20} />
      </span>
    )
  }
  return <img ref={image} className="trusted-by-edit__logo" src={logoUrl} alt="" width={72} height={28} onError={() => setFailed(true)} />
}
