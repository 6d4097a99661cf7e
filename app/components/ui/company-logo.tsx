import { COMPANY_LOGO_ACCEPT, COMPANY_LOGO_HINT } from '~/lib/schemas/company-logo'
import { FieldErrors } from './form-errors'

// A company's own logo, uploaded with it (trusted-by and subprocessors, issue 23 item 7); the editor's only
// (the initials the portal shows without one are ./company-initials.tsx, kept apart from the form schema).

/** The optional logo file input of a company form (the form posts multipart). */
export function CompanyLogoField({ id, errors }: { id: string; errors?: string[] | null }) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id}>Logo</label>
      <input
        id={id}
        type="file"
        name="logo"
        accept={COMPANY_LOGO_ACCEPT}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
      />
      <p className="field__hint" id={hintId}>
        {COMPANY_LOGO_HINT} Without one, a company from the list shows its own logo and any other its initials.
      </p>
      <FieldErrors errors={errors} id={errorId} />
    </div>
  )
}
