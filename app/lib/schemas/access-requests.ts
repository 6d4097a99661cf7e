import { z } from '../zod'

// Staff review of access requests (/access-requests): approve, decline, and both for a selection.

export const REQUEST_STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
] as const
export type RequestStatusFilter = (typeof REQUEST_STATUS_FILTERS)[number]['value']

export const REQUEST_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  declined_third_party: 'Declined: third party',
  declined_auto: 'Declined automatically',
}

/** How staff decline: the requester's later attempts answer with this kind. */
export const DECLINE_KINDS = [
  { value: 'declined', label: 'Declined' },
  { value: 'declined_third_party', label: 'Declined: third party' },
] as const
export type DeclineKind = (typeof DECLINE_KINDS)[number]['value']

export const REQUEST_KIND_LABELS: Record<string, string> = { access: 'Access', extend: 'Extend access' }

/** The account select's value for "New account: {company name}". */
export const NEW_ACCOUNT = 'new'

/** At most this many characters of a search of the queue. */
export const REQUEST_SEARCH_MAX = 100

/** At most this many requests in one bulk decision. */
export const BULK_MAX = 200

export const REVIEW_MESSAGES = {
  profileRequired: 'Choose a permission profile',
  accountRequired: 'Choose an account',
  expiryRequired: 'Choose the date access expires',
  expiryInvalid: 'Enter a date as YYYY-MM-DD',
  expiryPast: 'Choose a date from today on',
  expiryTooFar: 'Choose a date within 10 years',
  selectionRequired: 'Select at least one request',
  selectionTooLarge: `Select at most ${BULK_MAX} requests at once`,
} as const

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const MAX_YEARS = 10

/** `value` as the YYYY-MM-DD a date input shows (UTC). */
export const dateInputValue = (value: Date | string) => new Date(value).toISOString().slice(0, 10)

/** Access given until a date lasts through that whole day (UTC). */
export const accessExpiry = (date: string) => new Date(`${date}T23:59:59.999Z`)

/** What is wrong with an expiry date, or null: a real date, from today (UTC), at most ten years ahead. */
export function expiryProblem(value: string, now = new Date()): string | null {
  if (!ISO_DATE.test(value)) return REVIEW_MESSAGES.expiryInvalid
  const day = new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(day.getTime()) || dateInputValue(day) !== value) return REVIEW_MESSAGES.expiryInvalid
  if (value < dateInputValue(now)) return REVIEW_MESSAGES.expiryPast
  const limit = new Date(now)
  limit.setUTCFullYear(limit.getUTCFullYear() + MAX_YEARS)
  if (value > dateInputValue(limit)) return REVIEW_MESSAGES.expiryTooFar
  return null
}

/** The expiry date of a grant, as a date input sends it. */
export const expiryDate = z
  .string({ error: REVIEW_MESSAGES.expiryRequired })
  .trim()
  .superRefine((value, context) => {
    const problem = expiryProblem(value)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  })

/** A checkbox: present ("on") when ticked, absent otherwise. */
export const checkbox = z.boolean({ error: 'Tick or untick this box' }).default(false)

const requestId = z.uuid({ error: 'Unknown request' })
const profileId = z.uuid({ error: REVIEW_MESSAGES.profileRequired })
const requestIds = z.array(requestId, { error: REVIEW_MESSAGES.selectionRequired }).min(1, REVIEW_MESSAGES.selectionRequired).max(BULK_MAX, REVIEW_MESSAGES.selectionTooLarge)
const declineKind = z.enum(['declined', 'declined_third_party'], { error: 'Choose how to decline' })

export const approveRequestSchema = z.object({
  intent: z.literal('approve'),
  requestId,
  accountId: z.union([z.literal(NEW_ACCOUNT), z.uuid()], { error: REVIEW_MESSAGES.accountRequired }),
  profileId,
  expiresOn: expiryDate,
  ndaRequired: checkbox,
})
export type ApproveRequestInput = z.infer<typeof approveRequestSchema>

export const declineRequestSchema = z.object({
  intent: z.literal('decline'),
  requestId,
  status: declineKind.default('declined'),
})
export type DeclineRequestInput = z.infer<typeof declineRequestSchema>

export const bulkApproveSchema = z.object({
  intent: z.literal('bulk-approve'),
  requestIds,
  profileId,
  expiresOn: expiryDate,
  ndaRequired: checkbox,
})
export type BulkApproveInput = z.infer<typeof bulkApproveSchema>

export const bulkDeclineSchema = z.object({
  intent: z.literal('bulk-decline'),
  requestIds,
  status: declineKind.default('declined'),
})
export type BulkDeclineInput = z.infer<typeof bulkDeclineSchema>
