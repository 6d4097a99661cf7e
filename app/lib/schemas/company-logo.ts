import { z } from '../zod'

// A logo staff upload for a company they add to the Trusted-by card or the subprocessors (issue 23 item 7).
// Optional: a company without one shows its initials.

export const COMPANY_LOGO_MAX_BYTES = 1024 * 1024
/** An SVG logo is rendered to a PNG this many pixels square (the drawing fitted and centred). */
export const COMPANY_LOGO_SVG_PX = 256
export const COMPANY_LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml'
export const COMPANY_LOGO_TYPES = 'Types: png, jpeg, webp, svg. Max 1MB.'
export const COMPANY_LOGO_HINT = `Optional. ${COMPANY_LOGO_TYPES}`

export const COMPANY_LOGO_MESSAGES = {
  tooLarge: 'The logo must be at most 1 MB',
  wrongType: 'The logo must be a png, jpeg, webp or svg image',
  wrongSize: 'The logo must be at most 4096 px wide and high',
  required: 'Choose a logo to upload',
} as const

/** The optional logo field of the add and edit forms: an empty file input means none. */
export const companyLogoField = {
  logo: z
    .file()
    .optional()
    .refine((file) => !file || file.size <= COMPANY_LOGO_MAX_BYTES, COMPANY_LOGO_MESSAGES.tooLarge),
}

/** "Change logo" of a company already listed: the row's id and a new file, which is required here. */
export function changeCompanyLogoSchema(intent: string, notFound: string) {
  return z.object({
    intent: z.literal(intent),
    id: z.guid({ error: notFound }),
    logo: z
      .file({ error: COMPANY_LOGO_MESSAGES.required })
      .refine((file) => file.size > 0, COMPANY_LOGO_MESSAGES.required)
      .refine((file) => file.size <= COMPANY_LOGO_MAX_BYTES, COMPANY_LOGO_MESSAGES.tooLarge),
  })
}

/** "Remove logo": the row's id; the company shows its built-in logo, or its initials, again. */
export function removeCompanyLogoSchema(intent: string, notFound: string) {
  return z.object({ intent: z.literal(intent), id: z.guid({ error: notFound }) })
}
