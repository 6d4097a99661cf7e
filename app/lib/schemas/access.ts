import { z } from '../zod'
import { REQUESTER_KINDS, type AccessRequestFields } from '../access-request-fields'
import { LINE_BREAKING } from '../one-line'

// The visitor forms of the access modal, with the spec's messages word for word (portal shell, section 5).

const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u
const COMPANY = /^[\p{L}\p{N}\p{M}][\p{L}\p{N}\p{M} &'.,()@+/-]*$/u
const single = (value: string) => !LINE_BREAKING.test(value)

/** Trimmed, lowercased, valid with any top-level domain; the same rule for every visitor e-mail field. */
export const visitorEmail = (required: string, invalid = 'This email is invalid') =>
  z.string({ error: required }).trim().min(1, required).max(254, invalid).toLowerCase().pipe(z.email(invalid))

const requiredText = (message: string, max: number, pattern: RegExp, invalid: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Use at most ${max} characters`)
    .refine(single, invalid)
    .refine((value) => pattern.test(value), invalid)

const checkbox = (message: string) => z.literal('on', { error: message })

export const COUNTRY_MAX = 100

/** The Request Access form as this org configures it; `productIds` are the products a visitor may pick. */
export function accessRequestSchema(fields: AccessRequestFields, productIds: readonly string[]) {
  const optionalText = (enabled: boolean, label: string, max: number) =>
    enabled
      ? z
          .string({ error: `${label} is required` })
          .trim()
          .min(1, `${label} is required`)
          .max(max, `Use at most ${max} characters`)
          .refine(single, `${label} must be one line`)
      : z.undefined().optional().catch(undefined)
  return z.object({
    firstName: requiredText('First name is required', 50, NAME, 'Use letters, spaces, hyphens and apostrophes only'),
    lastName: requiredText('Last name is required', 50, NAME, 'Use letters, spaces, hyphens and apostrophes only'),
    email: visitorEmail('Email is required'),
    companyName: requiredText('Company name is required', 100, COMPANY, "Use letters, digits, spaces and & ' . , ( ) @ + / - only").refine(
      (value) => value.length >= 2,
      'Company name is required',
    ),
    agree: checkbox('You must agree to the terms'),
    subscribe: z.literal('on').optional().catch(undefined),
    productId: z.string({ error: 'Choose a product' }).refine((value) => productIds.includes(value), 'Choose a product'),
    jobTitleTextField: optionalText(fields.jobTitle.enabled, fields.jobTitle.label, 100),
    pointOfContactField: fields.pointOfContact.enabled ? visitorEmail('Please enter a valid email', 'Please enter a valid email') : z.undefined().optional().catch(undefined),
    relationshipDropdown: fields.relationship.enabled
      ? z.enum(REQUESTER_KINDS.map((kind) => kind.value) as [string, ...string[]], { error: 'This field is required' })
      : z.undefined().optional().catch(undefined),
    countriesDropdown: fields.country.enabled
      ? z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(COUNTRY_MAX, 'This field is required')
      : z.undefined().optional().catch(undefined),
    customCheckbox: fields.customCheckbox.enabled && fields.customCheckbox.required ? checkbox('This field is required') : z.literal('on').optional().catch(undefined),
    accountMemberRequestProducts: fields.products.enabled
      ? z
          .array(
            z.string().refine((value) => productIds.includes(value), 'Please select at least one product'),
            { error: 'Please select at least one product' },
          )
          .min(1, 'Please select at least one product')
          .max(20)
      : z.undefined().optional().catch(undefined),
    itemUid: z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional()
      .catch(undefined),
    source: z
      .string()
      .max(40)
      .regex(/^[a-z_]+$/)
      .optional()
      .catch(undefined),
    inviteToken: z.string().max(100).optional().catch(undefined),
  })
}
export type AccessRequestInput = z.infer<ReturnType<typeof accessRequestSchema>>

export const visitorLoginSchema = z.object({
  email: visitorEmail('You must provide an email.'),
  productId: z.string().max(64).optional(),
})

export const ndaSignSchema = z.object({
  signerName: z
    .string({ error: 'Type your full name to sign' })
    .trim()
    .min(2, 'Type your full name to sign')
    .max(100, 'Use at most 100 characters')
    .refine(single, 'Type your full name to sign'),
  accept: checkbox('You must accept the NDA to continue'),
})

/** Invite colleagues: the e-mails arrive one per `emails` field (the multi-entry field posts each chip). */
export const inviteColleaguesSchema = z.object({
  emails: z
    .array(z.string().trim().toLowerCase().max(254), { error: 'Required' })
    .min(1, 'Required')
    .max(20, 'Invite at most 20 colleagues at a time')
    .superRefine((emails, context) => {
      const seen = new Set<string>()
      for (const email of emails) {
        if (!z.email().safeParse(email).success) context.addIssue({ code: 'custom', message: `"${email}" is not a valid email` })
        else if (seen.has(email)) context.addIssue({ code: 'custom', message: `"${email}" has already been added` })
        seen.add(email)
      }
    }),
  message: z.string().trim().max(2000, 'Use at most 2000 characters').optional(),
})

export const commentSchema = z.object({
  itemUid: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** Staff reply into an account's thread. */
  accountId: z.uuid().optional(),
  content: z.string({ error: 'Type a message' }).trim().min(1, 'Type a message').max(5000, 'Use at most 5000 characters'),
})

/** How a visitor came to subscribe (spec section 3); a bare ?subscribe=true link is a direct link. */
export const SUBSCRIBE_SOURCES = ['direct_link', 'subscribe_button', 'trust_center_updates_button', 'access_request'] as const
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number]

export const subscribeSchema = z.object({
  email: visitorEmail('Email is required'),
  source: z.enum(SUBSCRIBE_SOURCES).catch('direct_link'),
})

export const unsubscribeSchema = z.object({
  token: z.string().min(1).max(1024),
})
