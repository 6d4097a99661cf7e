import { z } from '../zod'
import { DEFAULT_CARD_TITLES, GRID_KINDS, type CardKind } from '../card-kinds'
import { LINE_BREAKING } from '../one-line'
import { checkbox, expiryDate } from './access-requests'
import { withQuery } from '../format'

// Accounts and permission profiles (/accounts). Ids come from the form; the server checks each one
// against the staff member's org.

/** The card kinds a profile can grant whole: the grid's, plus Documents and Certifications. */
export const PROFILE_CARD_KINDS: readonly CardKind[] = ['Certifications', 'Documents', ...GRID_KINDS]

export const PROFILE_CARD_KIND_LABELS: Record<string, string> = {
  ...Object.fromEntries(PROFILE_CARD_KINDS.map((kind) => [kind, DEFAULT_CARD_TITLES[kind]])),
  // The portal calls this card "Compliance"; here it is what it grants.
  Certifications: 'Certifications',
}

export const PROFILE_NAME_MAX = 100
/** More uids than any product has items; a bound on what one form may send. */
const ITEM_UIDS_MAX = 2000

export const ACCOUNT_MESSAGES = {
  profileRequired: 'Choose a permission profile',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PROFILE_NAME_MAX} characters`,
  oneLine: 'Use one line, without tabs or other control characters',
  unknownCardKind: 'Unknown card kind',
  unknownItem: 'Unknown item',
} as const

// The list of accounts: a page at a time, searched and filtered by the state of their access.

export const ACCOUNTS_PAGE_SIZE = 25
/** Longer than any e-mail address, domain or company name a search could be looking for. */
export const ACCOUNT_SEARCH_MAX = 254

export const ACCOUNT_ACCESS_FILTERS = [
  { value: 'all', label: 'Any access' },
  { value: 'live', label: 'Live' },
  { value: 'expiring', label: 'Expiring soon' },
  { value: 'expired', label: 'Expired or revoked' },
] as const
export type AccountAccessFilter = (typeof ACCOUNT_ACCESS_FILTERS)[number]['value']

/** The list's filters from the query string; anything unknown falls back, nothing reaches a query unchecked. */
export function accountFilters(search: URLSearchParams) {
  const wanted = search.get('access')
  const access = ACCOUNT_ACCESS_FILTERS.find((option) => option.value === wanted)?.value ?? 'all'
  const q = (search.get('q') ?? '').trim().slice(0, ACCOUNT_SEARCH_MAX)
  return { q, access }
}
export type AccountFilters = ReturnType<typeof accountFilters>

/** The list's URL for these filters (and page), as its links and the redirects after a change use. */
export const accountsPath = (filter: AccountFilters & { page?: number }) =>
  withQuery('/accounts', '', { q: filter.q || null, access: filter.access === 'all' ? null : filter.access, page: filter.page && filter.page > 1 ? String(filter.page) : null })

const accountId = z.uuid({ error: 'Unknown account' })
const productId = z.uuid({ error: 'Unknown product' })
const profileId = z.uuid({ error: ACCOUNT_MESSAGES.profileRequired })

export const updateAccessSchema = z.object({
  intent: z.literal('access'),
  accountId,
  productId,
  profileId,
  expiresOn: expiryDate,
  ndaRequired: checkbox,
})
export type UpdateAccessInput = z.infer<typeof updateAccessSchema>

/** The quick extensions beside "Access until": from the later of today and the current end. */
export const ACCESS_PERIODS = [
  { value: '90d', label: '+90 days' },
  { value: '1y', label: '+1 year' },
] as const
export type AccessPeriod = (typeof ACCESS_PERIODS)[number]['value']

/** A new end date, or one of the quick periods (a button's value, so it works without JavaScript). */
export const extendAccessSchema = z.union([
  z.object({ intent: z.literal('extend'), accountId, productId, expiresOn: expiryDate }),
  z.object({ intent: z.literal('extend'), accountId, productId, period: z.enum(['90d', '1y'], { error: 'Choose +90 days or +1 year' }) }),
])
export type ExtendAccessInput = z.infer<typeof extendAccessSchema>

export const revokeAccessSchema = z.object({
  intent: z.literal('revoke'),
  accountId,
  productId,
})
export type RevokeAccessInput = z.infer<typeof revokeAccessSchema>

export const removeAccountMemberSchema = z.object({
  intent: z.literal('remove-member'),
  memberId: z.uuid({ error: 'Unknown member' }),
})

const profileFields = {
  name: z
    .string({ error: ACCOUNT_MESSAGES.nameRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.nameRequired)
    .max(PROFILE_NAME_MAX, ACCOUNT_MESSAGES.nameTooLong)
    .refine((value) => !LINE_BREAKING.test(value), ACCOUNT_MESSAGES.oneLine),
  allRestricted: checkbox,
  cardKinds: z
    .array(z.enum(PROFILE_CARD_KINDS as [CardKind, ...CardKind[]], { error: ACCOUNT_MESSAGES.unknownCardKind }))
    .max(PROFILE_CARD_KINDS.length)
    .default([]),
  itemUids: z
    .array(z.string({ error: ACCOUNT_MESSAGES.unknownItem }).min(1, ACCOUNT_MESSAGES.unknownItem).max(200, ACCOUNT_MESSAGES.unknownItem))
    .max(ITEM_UIDS_MAX)
    .default([]),
  canDownload: checkbox,
}

export const createProfileSchema = z.object({
  intent: z.literal('profile-create'),
  productId,
  ...profileFields,
})
export type CreateProfileInput = z.infer<typeof createProfileSchema>

export const updateProfileSchema = z.object({
  intent: z.literal('profile-update'),
  profileId: z.uuid({ error: 'Unknown permission profile' }),
  ...profileFields,
})
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>

export type ProfileFields = Omit<CreateProfileInput, 'intent' | 'productId'>

export const deleteProfileSchema = z.object({
  intent: z.literal('profile-delete'),
  profileId: z.uuid({ error: 'Unknown permission profile' }),
})
