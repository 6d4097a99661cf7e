import { COMPANY_LOGO_ACCEPT, COMPANY_LOGO_HINT, COMPANY_LOGO_TYPES } from '~/lib/schemas/company-logo'
import { FieldErrors } from './form-errors'

// A company's own logo, uploaded with it (trusted-by and subprocessors, issue 23 item 7); the editor's only
// (the initials the portal shows without one are ./company-initials.tsx, kept apart from the form schema).

/** The logo file input of a company form (the form posts multipart): optional when adding, required to change one. */
export function CompanyLogoField({ id, errors, label = 'Logo', required = false }: { id: string; errors?: string[] | null; label?: string; required?: boolean }) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        name="logo"
        accept={COMPANY_LOGO_ACCEPT}
        required={required || undefined}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
      />
      <p className="field__hint" id={hintId}>
        {required ? COMPANY_LOGO_TYPES : `${COMPANY_LOGO_HINT} Without one, a company from the list shows its own logo and any other its initials.`}
      </p>
      <FieldErrors errors={errors} id={errorId} />
    </div>
  )
}
