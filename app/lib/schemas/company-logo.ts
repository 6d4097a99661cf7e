import { z } from '../zod'

// A logo staff upload for a company they add to the Trusted-by card or the subprocessors (issue 23 item 7).
// Optional: a company without one shows its initials.

export const COMPANY_LOGO_MAX_BYTES = 1024 * 1024
/** An SVG logo is rendered to a PNG this many pixels square (the drawing fitted and centred). */
export const COMPANY_LOGO_SVG_PX = 256
export const COMPANY_LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml'
export const COMPANY_LOGO_HINT = 'Optional. Types: png, jpeg, webp, svg. Max 1MB.'

export const COMPANY_LOGO_MESSAGES = {
  tooLarge: 'The logo must be at most 1 MB',
  wrongType: 'The logo must be a png, jpeg, webp or svg image',
  wrongSize: 'The logo must be at most 4096 px wide and high',
} as const

/** The optional logo field of the add and edit forms: an empty file input means none. */
export const companyLogoField = {
  logo: z
    .file()
    .optional()
    .refine((file) => !file || file.size <= COMPANY_LOGO_MAX_BYTES, COMPANY_LOGO_MESSAGES.tooLarge),
}
