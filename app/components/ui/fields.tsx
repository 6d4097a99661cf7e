import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { FieldErrors } from './form-errors'

// Labelled form fields over Conform's field metadata: the label, an optional hint, and the field's
// errors, all tied together with aria-describedby. Shared by the staff workspace and the visitor forms.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form: Conform's metadata is invariant in both
export type Field = FieldMetadata<any, any, string[]>

const describedBy = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(' ') || undefined

export function TextField({
  field,
  label,
  hint,
  type = 'text',
  maxLength,
  autoComplete,
  placeholder,
  readOnly,
  onChange,
  required,
}: {
  field: Field
  label: string
  hint?: string
  type?: 'text' | 'email' | 'url' | 'password'
  maxLength?: number
  autoComplete?: string
  placeholder?: string
  readOnly?: boolean
  onChange?: (value: string) => void
  /** Marked as required (the server checks it; no browser check, so its message is the one shown). */
  required?: boolean
}) {
  const hintId = `${field.id}-hint`
  const props = getInputProps(field, { type })
  return (
    <div className="field">
      {required ? (
        // The mark beside the label, not in it: the field's name stays its label alone.
        <span className="field__label">
          <label htmlFor={field.id}>{label}</label>
          <RequiredMark />
        </span>
      ) : (
        <label htmlFor={field.id}>{label}</label>
      )}
      <input
        {...props}
        key={field.key}
        aria-required={required || undefined}
        maxLength={maxLength}
        autoComplete={autoComplete}
        placeholder={placeholder}
        readOnly={readOnly}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        aria-describedby={describedBy(props['aria-describedby'], hint ? hintId : undefined)}
      />
      <FieldHelp field={field} hint={hint} hintId={hintId} />
    </div>
  )
}

export function TextareaField({ field, label, hint, rows = 4, maxLength }: { field: Field; label: string; hint?: string; rows?: number; maxLength?: number }) {
  const hintId = `${field.id}-hint`
  const props = getTextareaProps(field)
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...props} key={field.key} rows={rows} maxLength={maxLength} aria-describedby={describedBy(props['aria-describedby'], hint ? hintId : undefined)} />
      <FieldHelp field={field} hint={hint} hintId={hintId} />
    </div>
  )
}

/** The asterisk after a required field's label; the input says so to assistive technology (aria-required). */
export function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      {' *'}
    </span>
  )
}

/** A field's hint and its errors, under the input that names both in aria-describedby. */
function FieldHelp({ field, hint, hintId }: { field: Field; hint?: string; hintId: string }) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldErrors errors={field.errors} id={field.errorId} />
    </>
  )
}

export function CheckboxField({ field, children, className = 'field' }: { field: Field; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="checkbox">
        <input {...getInputProps(field, { type: 'checkbox' })} key={field.key} />
        <span>{children}</span>
      </label>
      <FieldErrors errors={field.errors} id={field.errorId} />
    </div>
  )
}

/** A labelled select outside Conform (filters, review forms): options as value and label. */
export function SelectField({
  id,
  name,
  label,
  options,
  defaultValue,
  placeholder,
  required,
}: {
  id: string
  name: string
  label: ReactNode
  options: readonly { value: string; label: string }[]
  defaultValue?: string
  /** A first, empty option ("Choose…"). */
  placeholder?: string
  required?: boolean
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} required={required} defaultValue={defaultValue}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
