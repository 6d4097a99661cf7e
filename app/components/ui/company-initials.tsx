import { companyInitials } from '~/lib/company-initials'

/**
 * The company's initials in a badge. Drawn from an attribute by CSS, so the badge adds nothing to the
 * text beside it (the name is read once, by people and screen readers alike).
 */
export function CompanyInitials({ name, size = 'large' }: { name: string; size?: 'small' | 'large' }) {
  return <span className={`company-initials company-initials--${size}`} data-initials={companyInitials(name)} aria-hidden="true" />
}
