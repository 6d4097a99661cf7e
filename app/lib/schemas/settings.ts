import { z } from '../zod'
import { DEFAULT_ACCESS_REQUEST_FIELDS, OPTIONAL_REQUEST_FIELDS, type AccessRequestFields, type OptionalRequestField } from '../access-request-fields'
import { lfLineBreaks, LINE_BREAKING } from '../one-line'
import { DOCUMENT_ACCESS_TYPES } from './documents'

// The portal settings page (/settings): one form per section, each its own schema, shared by client and server.

export const SETTINGS_SECTIONS = ['portal', 'contact', 'access', 'nda', 'documents'] as const
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]

export const PUBLIC_ACCESS_LEVELS = ['Limited', 'PublicContentOnly', 'Minimal'] as const
export type PublicAccessLevel = (typeof PUBLIC_ACCESS_LEVELS)[number]
export const PUBLIC_ACCESS_LABELS: Record<PublicAccessLevel, string> = {
  Limited: 'Limited: list every item, lock restricted ones',
  PublicContentOnly: 'Public content only: list public items, leave restricted ones out',
  Minimal: 'Minimal: only the overview, the certifications and the review banner',
}

export const REVIEW_BANNERS = ['default', 'none'] as const
export const REVIEW_BANNER_LABELS: Record<(typeof REVIEW_BANNERS)[number], string> = {
  default: 'Show the security review banner',
  none: 'No banner',
}

export const AUTO_APPROVE_MODES = ['never', 'domains', 'always'] as const
export type AutoApproveMode = (typeof AUTO_APPROVE_MODES)[number]
export const AUTO_APPROVE_LABELS: Record<AutoApproveMode, string> = {
  never: 'Never: staff review every request',
  domains: 'By domain: requesters whose e-mail is at one of these domains',
  always: 'Always: every request that passes the checks',
}

export const NDA_TYPES = ['none', 'clickwrap'] as const
export const NDA_TYPE_LABELS: Record<(typeof NDA_TYPES)[number], string> = {
  none: 'No NDA',
  clickwrap: 'Clickwrap: visitors accept the NDA text before restricted content opens',
}
export const NDA_SCOPES = ['account', 'member'] as const
export const NDA_SCOPE_LABELS: Record<(typeof NDA_SCOPES)[number], string> = {
  account: 'The first member of an account signs for everyone',
  member: 'Every member signs',
}

export const CONTACT_ACTIONS = ['email', 'url'] as const
export type ContactAction = (typeof CONTACT_ACTIONS)[number]

/** What staff call each optional request field on this page. */
export const REQUEST_FIELD_NAMES: Record<OptionalRequestField, string> = {
  jobTitle: 'Job title',
  pointOfContact: 'Point of contact',
  relationship: 'Relationship',
  country: 'Country',
  customCheckbox: 'Custom checkbox',
  products: 'Products',
}

export const PORTAL_TITLE_MAX = 60
export const NDA_TEXT_MAX = 50_000
export const DOMAIN_LIST_MAX = 1000
export const ACCESS_DAYS_MAX = 3650
/** The usual reply time the Request Access dialog states, in business days. */
export const REVIEW_DAYS_MAX = 30

export const SETTINGS_MESSAGES = {
  portalTitleRequired: 'Portal title is required',
  urlRequired: 'Enter the address of the site to open',
  httpsOnly: 'Use an https:// address',
  invalidUrl: 'This address is invalid',
  domainsRequired: 'List at least one domain to approve automatically',
  profileRequired: 'Choose the permission profile auto-approved requesters get',
  profileUnknown: 'Choose a permission profile of your organization',
  accessDays: `Enter a whole number of days from 1 to ${ACCESS_DAYS_MAX}`,
  reviewDays: `Enter a whole number of business days from 1 to ${REVIEW_DAYS_MAX}`,
  ndaTextRequired: 'Enter the NDA text visitors accept',
} as const

const SINGLE_LINE_MESSAGE = 'Use one line, without tabs or other control characters'

/**
 * Cross-field checks run even when a field failed, so every message shows at once; they then see that
 * field's raw value, so they test only for the exact values they need.
 */
const EVERY_TIME = { when: () => true }

/** A checkbox: present ("on") when ticked, absent otherwise. */
const checkbox = z.boolean({ error: 'Tick or untick this box' }).default(false)

const optionalLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !LINE_BREAKING.test(value), SINGLE_LINE_MESSAGE)
    .optional()

const optionalEmail = z.string().trim().toLowerCase().max(254, 'This email is invalid').pipe(z.email('This email is invalid')).optional()

// ---------------------------------------------------------------------------------------------------
// Addresses and domain lists

/**
 * A site the portal's contact buttons open: https only, `https://` added when no scheme is typed, no
 * user name or password in it (`https://trusted.example@elsewhere.example` reads as trusted but is not).
 */
export function normalizeHttpsUrl(input: string): { ok: true; url: string } | { ok: false; message: string } {
  const value = input.trim()
  if (/[\s\p{Cc}\\]/u.test(value)) return { ok: false, message: SETTINGS_MESSAGES.invalidUrl }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return { ok: false, message: SETTINGS_MESSAGES.invalidUrl }
  }
  if (url.protocol !== 'https:') return { ok: false, message: SETTINGS_MESSAGES.httpsOnly }
  if (url.username || url.password || !isDomainName(url.hostname)) return { ok: false, message: SETTINGS_MESSAGES.invalidUrl }
  return { ok: true, url: url.href }
}

const DOMAIN_NAME = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/

/** A registrable-looking host name: labels of letters, digits and hyphens, and a top-level domain. */
export function isDomainName(value: string) {
  return DOMAIN_NAME.test(value)
}

/** One entry of a domain list as stored: lower case, without a leading `@` or trailing dot, IDNs in punycode. */
export function normalizeDomain(entry: string): string | null {
  let value = entry.toLowerCase().replace(/^@/, '').replace(/\.$/, '')
  // `user@host` or `host:port` would lose their first part in the URL parser below and pass as `host`.
  if (/[@:/\\?#\s]/.test(value)) return null
  if (/[^\x00-\x7f]/.test(value)) {
    try {
      value = new URL(`https://${value}`).hostname
    } catch {
      return null
    }
  }
  return isDomainName(value) ? value : null
}

/** A textarea of domains, one per line (commas and spaces also separate), as a deduplicated list. */
const domainList = (label: string) =>
  z
    .string()
    .max(50_000, `${label}: the list is too long`)
    .optional()
    .transform((text, ctx) => {
      const entries = (text ?? '').split(/[\s,;]+/).filter(Boolean)
      const domains: string[] = []
      const invalid: string[] = []
      for (const entry of entries) {
        const domain = normalizeDomain(entry)
        if (!domain) invalid.push(entry)
        else if (!domains.includes(domain)) domains.push(domain)
      }
      if (invalid.length) {
        const shown = invalid.slice(0, 5).map((entry) => (entry.length > 60 ? `${entry.slice(0, 60)}…` : entry))
        ctx.addIssue({ code: 'custom', message: `Not a domain name: ${shown.join(', ')}${invalid.length > 5 ? ` and ${invalid.length - 5} more` : ''}` })
      }
      if (domains.length > DOMAIN_LIST_MAX) ctx.addIssue({ code: 'custom', message: `${label}: list at most ${DOMAIN_LIST_MAX} domains` })
      return domains
    })

/** A stored domain list as the textarea shows it. */
export const domainsText = (domains: readonly string[]) => domains.join('\n')

// ---------------------------------------------------------------------------------------------------
// Sections

export const portalSettingsSchema = z.object({
  intent: z.literal('portal'),
  portalTitle: z
    .string({ error: SETTINGS_MESSAGES.portalTitleRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.portalTitleRequired)
    .max(PORTAL_TITLE_MAX, `Portal title must be at most ${PORTAL_TITLE_MAX} characters`)
    .refine((value) => !LINE_BREAKING.test(value), SINGLE_LINE_MESSAGE),
  showPortalTitle: checkbox,
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters').optional(),
})

const contactAction = z.enum(CONTACT_ACTIONS, { error: 'Choose what the button does' })
export const optionalUrl = z
  .string()
  .max(2000, SETTINGS_MESSAGES.invalidUrl)
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return null
    const normalized = normalizeHttpsUrl(value)
    if (!normalized.ok) {
      ctx.addIssue({ code: 'custom', message: normalized.message })
      return z.NEVER
    }
    return normalized.url
  })

export const contactSettingsSchema = z
  .object({
    intent: z.literal('contact'),
    supportMailbox: optionalEmail,
    securityMailbox: optionalEmail,
    contactSupportAction: contactAction,
    contactSupportUrl: optionalUrl,
    reportIssueAction: contactAction,
    reportIssueUrl: optionalUrl,
  })
  .superRefine((value, ctx) => {
    // A site is required only for a button that opens one; a URL typed for an e-mail button is kept for later.
    for (const [action, url] of [
      ['contactSupportAction', 'contactSupportUrl'],
      ['reportIssueAction', 'reportIssueUrl'],
    ] as const) {
      if (value[action] === 'url' && value[url] === null) ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.urlRequired, path: [url] })
    }
  }, EVERY_TIME)

const requestField = (name: OptionalRequestField) =>
  z
    .object({
      enabled: checkbox,
      label: optionalLine('Label', 200),
      required: checkbox,
    })
    .prefault({})
    .transform(({ enabled, label, required }) => ({
      enabled,
      label: label || DEFAULT_ACCESS_REQUEST_FIELDS[name].label,
      ...(name === 'customCheckbox' ? { required } : {}),
    }))

const requestFieldsSchema = z
  .object(Object.fromEntries(OPTIONAL_REQUEST_FIELDS.map((name) => [name, requestField(name)])) as Record<OptionalRequestField, ReturnType<typeof requestField>>)
  .prefault({})
  .transform((fields) => fields as AccessRequestFields)

export const accessSettingsSchema = z
  .object({
    intent: z.literal('access'),
    requestFields: requestFieldsSchema,
    publicAccessLevel: z.enum(PUBLIC_ACCESS_LEVELS, { error: 'Choose what visitors without access see' }),
    reviewBanner: z.enum(REVIEW_BANNERS, { error: 'Choose whether to show the review banner' }),
    reviewBannerInformationText: optionalLine('Information subtitle', 200),
    blockedDomains: domainList('Blocked domains'),
    freeMailDomains: domainList('Free e-mail providers'),
    autoApprove: z.enum(AUTO_APPROVE_MODES, { error: 'Choose when requests are approved automatically' }),
    autoApproveDomains: domainList('Auto-approved domains'),
    autoApproveProfileId: z.uuid(SETTINGS_MESSAGES.profileUnknown).optional(),
    defaultAccessDays: z
      .number({ error: SETTINGS_MESSAGES.accessDays })
      .int(SETTINGS_MESSAGES.accessDays)
      .min(1, SETTINGS_MESSAGES.accessDays)
      .max(ACCESS_DAYS_MAX, SETTINGS_MESSAGES.accessDays),
    reviewDays: z
      .number({ error: SETTINGS_MESSAGES.reviewDays })
      .int(SETTINGS_MESSAGES.reviewDays)
      .min(1, SETTINGS_MESSAGES.reviewDays)
      .max(REVIEW_DAYS_MAX, SETTINGS_MESSAGES.reviewDays)
      // A form without the field (an older page) keeps the stored value.
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.autoApprove === 'domains' && Array.isArray(value.autoApproveDomains) && value.autoApproveDomains.length === 0) {
      ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.domainsRequired, path: ['autoApproveDomains'] })
    }
    if ((value.autoApprove === 'domains' || value.autoApprove === 'always') && !value.autoApproveProfileId) {
      ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.profileRequired, path: ['autoApproveProfileId'] })
    }
  }, EVERY_TIME)

export const ndaSettingsSchema = z
  .object({
    intent: z.literal('nda'),
    ndaType: z.enum(NDA_TYPES, { error: 'Choose whether visitors sign an NDA' }),
    // Browsers send textarea line breaks as CRLF: stored as LF, so saving the same text keeps its version (SHA-256).
    ndaText: z
      .string()
      .transform((text) => lfLineBreaks(text).trim())
      .refine((text) => text.length <= NDA_TEXT_MAX, `The NDA text must be at most ${NDA_TEXT_MAX.toLocaleString('en-US')} characters`)
      .optional(),
    ndaScope: z.enum(NDA_SCOPES, { error: 'Choose who signs' }),
  })
  .superRefine((value, ctx) => {
    if (value.ndaType === 'clickwrap' && !value.ndaText) ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.ndaTextRequired, path: ['ndaText'] })
  }, EVERY_TIME)

export const documentSettingsSchema = z.object({
  intent: z.literal('documents'),
  documentAccessType: z.enum(DOCUMENT_ACCESS_TYPES, { error: 'Choose whether visitors may download documents' }),
  bulkDownloadEnabled: checkbox,
  watermarkEnabled: checkbox,
  subscribeEnabled: checkbox,
  commentsEnabled: checkbox,
  aiAnswersEnabled: checkbox,
  questionnairesEnabled: checkbox,
  tprmEnabled: checkbox,
})

export type PortalSettingsInput = z.output<typeof portalSettingsSchema>
export type ContactSettingsInput = z.output<typeof contactSettingsSchema>
export type AccessSettingsInput = z.output<typeof accessSettingsSchema>
export type NdaSettingsInput = z.output<typeof ndaSettingsSchema>
export type DocumentSettingsInput = z.output<typeof documentSettingsSchema>
