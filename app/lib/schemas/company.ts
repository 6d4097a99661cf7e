import { z } from '../zod'
import { LINE_BREAKING } from '../one-line'
import { brandColorProblem, normalizeHexColor } from '../brand-color'
import { optionalUrl } from './settings'

// The company's identity (/settings/company, issue 23): its name, website, brand colour, legal links and
// portal address in one form; its logo and favicon as uploads of their own.

export const COMPANY_NAME_MAX = 100
export const ORG_SLUG_MAX = 63
/** Logos and favicons are small images: the size of a form's body (server/http/limits.ts). */
export const BRAND_IMAGE_MAX_BYTES = 1024 * 1024
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml'
export const FAVICON_ACCEPT = 'image/png,image/svg+xml'

export const COMPANY_MESSAGES = {
  nameRequired: 'Company name is required',
  nameLength: `Company name must be at most ${COMPANY_NAME_MAX} characters`,
  oneLine: 'Use one line, without tabs or other control characters',
  colorInvalid: 'Enter a colour as #rrggbb, for example #1d4ed8',
  slugRequired: 'Portal address is required',
  slugPattern: 'Use lowercase letters, numbers and hyphens, starting and ending with a letter or number',
  slugLength: `Portal address must be from 2 to ${ORG_SLUG_MAX} characters`,
  slugTaken: 'This portal address is taken: another company uses it, or used it before',
  logoRequired: 'Choose a logo to upload',
  logoTooLarge: 'The logo must be at most 1 MB',
  logoType: 'The logo must be a png, jpeg, webp or svg image',
  logoSize: 'The logo must be from 16 to 4096 pixels wide and high',
  faviconRequired: 'Choose a favicon to upload',
  faviconNoLogo: 'Upload a logo first, or upload a favicon',
  faviconTooLarge: 'The favicon must be at most 1 MB',
  faviconType: 'The favicon must be a square png (16 to 512 pixels) or an svg image',
} as const

export const FAVICON_MODES = ['default', 'logo', 'upload'] as const
export type FaviconMode = (typeof FAVICON_MODES)[number]

/** An org's slug: what /portal/{slug} reads. */
export function orgSlugProblem(slug: string): string | undefined {
  if (slug.length < 2 || slug.length > ORG_SLUG_MAX) return COMPANY_MESSAGES.slugLength
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(slug)) return COMPANY_MESSAGES.slugPattern
  return undefined
}

const brandColor = z
  .string()
  .max(20, COMPANY_MESSAGES.colorInvalid)
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return null
    const color = normalizeHexColor(value)
    if (!color) {
      ctx.addIssue({ code: 'custom', message: COMPANY_MESSAGES.colorInvalid })
      return z.NEVER
    }
    const problem = brandColorProblem(color)
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem })
      return z.NEVER
    }
    return color
  })

/** A site's root as people write it: `https://acme.example`, not the parser's `https://acme.example/`. */
const siteUrl = optionalUrl.transform((value) => (value && /^https:\/\/[^/?#]+\/$/.test(value) ? value.slice(0, -1) : value))

export const companyDetailsSchema = z.object({
  intent: z.literal('details'),
  name: z
    .string({ error: COMPANY_MESSAGES.nameRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.nameRequired)
    .max(COMPANY_NAME_MAX, COMPANY_MESSAGES.nameLength)
    .refine((value) => !LINE_BREAKING.test(value), COMPANY_MESSAGES.oneLine),
  website: siteUrl,
  brandColor,
  termsUrl: optionalUrl,
  privacyUrl: optionalUrl,
  slug: z
    .string({ error: COMPANY_MESSAGES.slugRequired })
    .trim()
    .toLowerCase()
    .min(1, COMPANY_MESSAGES.slugRequired)
    .superRefine((value, ctx) => {
      const problem = orgSlugProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
})

export type CompanyDetailsInput = z.output<typeof companyDetailsSchema>

/** A checkbox: present ("on") when ticked. */
const checkbox = z.boolean({ error: 'Tick or untick this box' }).default(false)

export const companyLogoSchema = z.object({
  intent: z.literal('logo'),
  logo: z
    .file({ error: COMPANY_MESSAGES.logoRequired })
    .refine((file) => file.size > 0, COMPANY_MESSAGES.logoRequired)
    .refine((file) => file.size <= BRAND_IMAGE_MAX_BYTES, COMPANY_MESSAGES.logoTooLarge),
  faviconFromLogo: checkbox,
})

export const companyFaviconSchema = z
  .object({
    intent: z.literal('favicon'),
    mode: z.enum(FAVICON_MODES, { error: 'Choose where the favicon comes from' }),
    favicon: z.file().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.mode !== 'upload') return
    if (!value.favicon || value.favicon.size === 0) ctx.addIssue({ code: 'custom', path: ['favicon'], message: COMPANY_MESSAGES.faviconRequired })
    else if (value.favicon.size > BRAND_IMAGE_MAX_BYTES) ctx.addIssue({ code: 'custom', path: ['favicon'], message: COMPANY_MESSAGES.faviconTooLarge })
  })

export const companyLogoRemoveSchema = z.object({ intent: z.literal('logo-remove') })
