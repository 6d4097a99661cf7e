import { getCollectionProps, getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react'
import { Form, useLocation } from 'react-router'
import { ShieldIcon } from '~/components/icons'
import { Dialog } from '~/components/ui/dialog'
import { changeIconSchema, declaredIconType, ICON_ACCEPT, ICON_HINT, ICON_MAX_BYTES, ICON_MESSAGES, ICON_SIZE_PX } from '~/lib/schemas/icons'
import type { PortalView } from '../types'
import { FormErrors, SubmitRow, useIntentResult } from './card-dialogs'
import { closeDialogHref, returnToValue } from './links'

const MODE_LABELS: Record<string, string> = { default: 'Use default icon', custom: 'Upload custom icon' }

/** What the browser learnt about the chosen file: its preview and, for a picture it could open, its size. */
type Chosen = { file: File; url?: string; width?: number; height?: number; unreadable?: boolean }

/** The browser's checks (the server checks the bytes again): declared type, size and, once measured, 20 x 20. */
function browserProblem(file: File, chosen: Chosen | null) {
  const type = declaredIconType(file)
  if (!type) return ICON_MESSAGES.wrongType
  if (chosen?.file !== file) return undefined
  if (chosen.unreadable) return ICON_MESSAGES.wrongType
  if (type !== 'svg' && chosen.width !== undefined && (chosen.width !== ICON_SIZE_PX || chosen.height !== ICON_SIZE_PX)) return ICON_MESSAGES.wrongSize
  return undefined
}

/**
 * Change card icon (search-ai-and-widgets 2.4): the default icon or an uploaded png, jpeg or svg of
 * 20 x 20 px and at most 1 MB. A multipart form, so it works without JavaScript; with it, the file can
 * be dropped on the zone, is previewed and is checked before it is sent.
 */
export function ChangeIconDialog({ view, kind }: { view: PortalView; kind: string }) {
  const location = useLocation()
  const card = view.cards.find((entry) => entry.kind === kind) ?? (view.editor?.dialogCard?.kind === kind ? view.editor.dialogCard : null)
  const hasCustomIcon = Boolean(card?.iconUrl)
  const closeHref = closeDialogHref(location)
  const input = useRef<HTMLInputElement>(null)
  const chosen = useRef<Chosen | null>(null)
  const [preview, setPreview] = useState<{ url?: string; name: string } | null>(null)
  const [dragging, setDragging] = useState(false)
  const promptId = useId()
  const hintId = useId()
  const [form, fields] = useForm({
    id: 'change-icon',
    lastResult: useIntentResult('card.icon'),
    defaultValue: { mode: hasCustomIcon ? 'custom' : 'default' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeIconSchema({ hasCustomIcon, checkFile: (file) => browserProblem(file, chosen.current) }) }),
    shouldValidate: 'onInput',
  })

  const revalidate = () => form.validate({ name: fields.icon.name })

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    if (!file) {
      chosen.current = null
      setPreview(null)
      return
    }
    // Choosing a file means a custom icon.
    const custom = event.currentTarget.form?.querySelector<HTMLInputElement>(`input[name="${fields.mode.name}"][value="custom"]`)
    if (custom && !custom.checked) {
      custom.checked = true
      custom.dispatchEvent(new Event('input', { bubbles: true }))
    }
    const current: Chosen = { file }
    chosen.current = current
    setPreview({ name: file.name })
    if (!declaredIconType(file) || file.size > ICON_MAX_BYTES) return
    const reader = new FileReader()
    reader.onload = () => {
      if (chosen.current !== current || typeof reader.result !== 'string') return
      current.url = reader.result
      setPreview({ url: reader.result, name: file.name })
      const image = new Image()
      image.onload = () => {
        current.width = image.naturalWidth
        current.height = image.naturalHeight
        if (chosen.current === current) revalidate()
      }
      image.onerror = () => {
        current.unreadable = true
        if (chosen.current === current) revalidate()
      }
      image.src = reader.result
    }
    reader.readAsDataURL(file)
  }

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (!file || !input.current) return
    const transfer = new DataTransfer()
    transfer.items.add(file)
    input.current.files = transfer.files
    // The same events a picked file sends: Conform listens for input, React's onChange for change.
    input.current.dispatchEvent(new Event('input', { bubbles: true }))
    input.current.dispatchEvent(new Event('change', { bubbles: true }))
  }

  if (!view.editor?.canChangeIcons) {
    return (
      <Dialog title={card?.title ?? kind} closeHref={closeHref} size="small">
        <p>You don&apos;t have permission to change card icons.</p>
      </Dialog>
    )
  }
  const currentIcon = preview?.url ?? (preview ? null : card?.iconUrl)
  const describedBy = [hintId, fields.icon.errors?.length ? fields.icon.errorId : null].filter(Boolean).join(' ')
  return (
    <Dialog title={card?.title ?? kind} closeHref={closeHref}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="form icon-form" preventScrollReset>
        <input type="hidden" name="intent" value="card.icon" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <FormErrors errors={form.errors} id={form.errorId} />
        <fieldset className="icon-choice">
          <legend className="visually-hidden">Card icon</legend>
          {getCollectionProps(fields.mode, { type: 'radio', options: ['default', 'custom'] }).map(({ key, ...props }) => (
            <label key={key} className="icon-choice__option">
              <input {...props} />
              {MODE_LABELS[props.value]}
            </label>
          ))}
        </fieldset>
        <div className="field icon-upload">
          <label
            className={`icon-dropzone${dragging ? ' icon-dropzone--over' : ''}`}
            onDragOver={(event) => {
              event.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <input
              {...getInputProps(fields.icon, { type: 'file' })}
              ref={input}
              accept={ICON_ACCEPT}
              className="icon-dropzone__input"
              aria-labelledby={promptId}
              aria-describedby={describedBy}
              onChange={onFileChange}
            />
            <span className="icon-dropzone__preview">
              {currentIcon ? <img src={currentIcon} alt="" width={ICON_SIZE_PX} height={ICON_SIZE_PX} /> : <ShieldIcon size={ICON_SIZE_PX} />}
            </span>
            <span className="icon-dropzone__text">
              <span id={promptId} className="icon-dropzone__prompt">
                Choose an icon file or drag it here
              </span>
              <span className="icon-dropzone__file">{preview ? preview.name : hasCustomIcon ? 'Current custom icon' : 'No file chosen'}</span>
            </span>
          </label>
          <p className="field__hint" id={hintId}>
            {ICON_HINT}
          </p>
          <FormErrors errors={fields.icon.errors} id={fields.icon.errorId} />
        </div>
        <SubmitRow label="Save" closeHref={closeHref} />
      </Form>
    </Dialog>
  )
}
