import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useActionData, useLocation, useNavigation } from 'react-router'
import type { z } from 'zod'
import { DEFAULT_CARD_TITLES, isCardKind } from '~/lib/card-kinds'
import { displayTextSchema, placeholderSchema, renameCardSchema } from '~/lib/schemas/cards'
import { Dialog } from '~/components/ui/dialog'
import { FormErrors } from '~/components/ui/form-errors'
import type { PortalView } from '../types'
import { closeDialogHref, returnToValue } from './links'

type ActionResult = { intent?: string; result?: SubmissionResult<string[]> } | undefined

/** The last failed submission of this intent, for the dialog that made it. */
export function useIntentResult(intent: string) {
  const actionData = useActionData() as ActionResult
  return actionData?.intent === intent ? actionData.result : undefined
}

export function SubmitRow({ label, closeHref, danger }: { label: string; closeHref: string; danger?: boolean }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <div className="dialog__actions">
      <Link to={closeHref} preventScrollReset className="button button--secondary">
        Cancel
      </Link>
      <button type="submit" className={`button ${danger ? 'button--danger' : 'button--primary'}`} disabled={busy}>
        {busy ? 'Saving…' : label}
      </button>
    </div>
  )
}

export { FormErrors }

function cardOf(view: PortalView, kind: string) {
  return view.cards.find((card) => card.kind === kind) ?? (view.editor?.dialogCard?.kind === kind ? view.editor.dialogCard : null)
}

function useCardForm<Schema extends z.ZodType>(id: string, intent: string, schema: Schema, defaultValue: Record<string, string>) {
  return useForm({
    id,
    lastResult: useIntentResult(intent),
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
}

export function DisplayTextDialog({ view, kind }: { view: PortalView; kind: string }) {
  const location = useLocation()
  const card = cardOf(view, kind)
  const [form, fields] = useCardForm('display-text', 'card.displayText', displayTextSchema, { displayText: card?.displayText ?? '' })
  const closeHref = closeDialogHref(location)
  return (
    <Dialog title="Edit display text" closeHref={closeHref} description={`The short text shown under "${card?.title ?? kind}". Leave it empty for the default.`}>
      <Form method="post" {...getFormProps(form)} className="form" preventScrollReset>
        <input type="hidden" name="intent" value="card.displayText" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="field">
          <label htmlFor={fields.displayText.id}>Display text</label>
          <input {...getInputProps(fields.displayText, { type: 'text' })} maxLength={100} />
          <FormErrors errors={fields.displayText.errors} id={fields.displayText.errorId} />
        </div>
        <SubmitRow label="Save" closeHref={closeHref} />
      </Form>
    </Dialog>
  )
}

export function PlaceholderDialog({ view, kind }: { view: PortalView; kind: string }) {
  const location = useLocation()
  const card = cardOf(view, kind)
  const [form, fields] = useCardForm('placeholder', 'card.placeholder', placeholderSchema, { placeholder: card?.placeholder ?? '' })
  const closeHref = closeDialogHref(location)
  return (
    <Dialog title="Set empty placeholder" closeHref={closeHref} description="What visitors read when this card has nothing to show.">
      <Form method="post" {...getFormProps(form)} className="form" preventScrollReset>
        <input type="hidden" name="intent" value="card.placeholder" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="field">
          <label htmlFor={fields.placeholder.id}>Placeholder text</label>
          <textarea {...getTextareaProps(fields.placeholder)} rows={5} />
          <FormErrors errors={fields.placeholder.errors} id={fields.placeholder.errorId} />
        </div>
        <SubmitRow label="Save" closeHref={closeHref} />
      </Form>
    </Dialog>
  )
}

export function RenameCardDialog({ view, kind }: { view: PortalView; kind: string }) {
  const location = useLocation()
  const card = cardOf(view, kind)
  const [form, fields] = useCardForm('rename-card', 'card.rename', renameCardSchema, { title: card?.title ?? '' })
  const closeHref = closeDialogHref(location)
  return (
    <Dialog title="Rename card" closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="form" preventScrollReset>
        <input type="hidden" name="intent" value="card.rename" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <div className="field">
          <label htmlFor={fields.title.id}>Card name</label>
          <input {...getInputProps(fields.title, { type: 'text' })} placeholder="Type card name..." maxLength={100} />
          <FormErrors errors={fields.title.errors} id={fields.title.errorId} />
          {isCardKind(kind) ? <p className="field__hint">Default: {DEFAULT_CARD_TITLES[kind]}</p> : null}
        </div>
        <SubmitRow label="Save" closeHref={closeHref} />
      </Form>
    </Dialog>
  )
}

/** Without JavaScript the Hide/Show menu item lands here; with it, the menu posts straight away. */
export function CardVisibilityDialog({ view, kind }: { view: PortalView; kind: string }) {
  const location = useLocation()
  const card = cardOf(view, kind)
  const hidden = card?.hidden ?? false
  const closeHref = closeDialogHref(location)
  return (
    <Dialog title={hidden ? 'Show card' : 'Hide card'} closeHref={closeHref} size="small">
      <Form method="post" className="form" preventScrollReset>
        <input type="hidden" name="intent" value="card.visibility" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="hidden" value={String(!hidden)} />
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <p>{hidden ? `Show "${card?.title ?? kind}" to visitors again?` : `Hide "${card?.title ?? kind}" from visitors? Staff still see it.`}</p>
        <SubmitRow label={hidden ? 'Show card' : 'Hide card'} closeHref={closeHref} />
      </Form>
    </Dialog>
  )
}
