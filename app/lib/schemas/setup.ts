import { z } from '../zod'
import { confirmField, confirmMessage, newPassword, passwordsMatch, staffName } from './members'
import { normalizeHttpsUrl } from './settings'
import { suggestUrlName, URL_NAME_PATTERN } from '../slug'

// The first org and its owner (issue 23): the setup page and `npm run setup` read the same fields.

/** The orgs' slug rule (migrations/0001-portal.ts): the portal's address, /portal/{slug}. */
export const ORG_SLUG = URL_NAME_PATTERN
export const ORG_NAME_MAX = 100

export const SETUP_MESSAGES = {
  nameRequired: 'Company name is required',
  nameLength: `Company name must be at most ${ORG_NAME_MAX} characters`,
  slug: 'Use lowercase letters, digits and hyphens (up to 63), starting with a letter or digit',
  slugTaken: 'This address is taken by another trust center on this server',
  websiteRequired: "Enter your company's website",
  emailInvalid: 'This email is invalid',
} as const

/** The portal address suggested for a company name: "Acme Security, Inc." is acme-security-inc. */
export const suggestOrgSlug = suggestUrlName

const orgName = z
  .string({ error: SETUP_MESSAGES.nameRequired })
  .trim()
  .min(1, SETUP_MESSAGES.nameRequired)
  .max(ORG_NAME_MAX, SETUP_MESSAGES.nameLength)
  .refine((value) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(value), 'Use one line, without tabs or other control characters')

const website = z.string({ error: SETUP_MESSAGES.websiteRequired }).transform((value, ctx) => {
  const normalized = normalizeHttpsUrl(value)
  if (normalized.ok) return normalized.url
  ctx.addIssue({ code: 'custom', message: value.trim() ? normalized.message : SETUP_MESSAGES.websiteRequired })
  return z.NEVER
})

const email = z.string({ error: 'Email is required' }).trim().toLowerCase().max(254, SETUP_MESSAGES.emailInvalid).pipe(z.email(SETUP_MESSAGES.emailInvalid))

const orgFields = {
  name: orgName,
  // Empty: the address suggested from the name.
  slug: z.string().trim().toLowerCase().max(63, SETUP_MESSAGES.slug).optional(),
  website,
  ownerName: staffName,
  ownerEmail: email,
}

/** The slug as typed, or suggested from the name when left empty; either way checked against the orgs' rule. */
function withSlug<Value extends { name: string; slug?: string }>(value: Value, ctx: z.RefinementCtx) {
  const slug = value.slug || suggestOrgSlug(value.name)
  if (ORG_SLUG.test(slug)) return { ...value, slug }
  ctx.addIssue({ code: 'custom', message: SETUP_MESSAGES.slug, path: ['slug'] })
  return z.NEVER
}

/** The org and its owner, the password aside (`npm run setup` reads it from a file or a prompt). */
export const newOrgSchema = z.object(orgFields).transform(withSlug)

/** The setup page's form. */
export const setupSchema = z
  .object({ ...orgFields, password: newPassword, confirm: confirmField })
  .refine(passwordsMatch, confirmMessage)
  .transform(withSlug)
