import { COMPANY_LOGO_ACCEPT, COMPANY_LOGO_HINT, companyInitials } from '~/lib/schemas/company-logo'
import { FieldErrors } from './form-errors'

// A company's own logo, uploaded with it (trusted-by and subprocessors, issue 23 item 7), and the initials
// shown where it has none.

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

/**
 * The company's initials in a badge. Drawn from an attribute by CSS, so the badge adds nothing to the
 * text beside it (the name is read once, by people and screen readers alike).
 */
export function CompanyInitials({ name, size = 'large' }: { name: string; size?: 'small' | 'large' }) {
  return <span className={`company-initials company-initials--${size}`} data-initials={companyInitials(name)} aria-hidden="true" />
}
