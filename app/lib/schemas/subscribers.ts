import { z } from '../zod'
import { SUBSCRIBE_SOURCES } from './access'

// The subscribers page (/subscribers): the list's filters, and the forms that block, unblock and remove.
// Ids come from the form; the server checks each one against the staff member's org.

export const SUBSCRIBER_STATUSES = ['confirmed', 'pending', 'unsubscribed'] as const
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number]

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Awaiting confirmation',
  unsubscribed: 'Unsubscribed',
}

/** Every source a subscriber row may carry: the visitor's four (spec section 3) and staff's own. */
export const SUBSCRIBER_SOURCES = [...SUBSCRIBE_SOURCES, 'staff'] as const
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number]

export const SUBSCRIBER_SOURCE_LABELS: Record<SubscriberSource, string> = {
  direct_link: 'Direct link',
  subscribe_button: 'Subscribe button',
  trust_center_updates_button: 'Trust Center updates',
  access_request: 'Access request',
  staff: 'Added by staff',
}

export const statusLabel = (status: string) => SUBSCRIBER_STATUS_LABELS[status as SubscriberStatus] ?? status
export const sourceLabel = (source: string) => SUBSCRIBER_SOURCE_LABELS[source as SubscriberSource] ?? source

export const SUBSCRIBER_STATUS_FILTERS = [
  { value: 'all', label: 'All statuses' },
  ...SUBSCRIBER_STATUSES.map((status) => ({ value: status, label: SUBSCRIBER_STATUS_LABELS[status] })),
] as const
export type SubscriberStatusFilter = 'all' | SubscriberStatus

export const SUBSCRIBERS_PAGE_SIZE = 50
/** Longer than any e-mail address: a search beyond it can match nothing. */
export const SUBSCRIBER_SEARCH_MAX = 254

/** The list's filters from the query string; anything unknown falls back, nothing reaches a query unchecked. */
export function subscriberFilters(search: URLSearchParams) {
  const wanted = search.get('status')
  const status: SubscriberStatusFilter = (SUBSCRIBER_STATUSES as readonly string[]).includes(wanted ?? '') ? (wanted as SubscriberStatus) : 'all'
  const q = (search.get('q') ?? '').trim().slice(0, SUBSCRIBER_SEARCH_MAX)
  return { q, status }
}

export const BLOCK_MESSAGES = {
  required: 'Enter an e-mail address or a domain',
  invalid: 'Enter an e-mail address (name@example.com) or a domain (example.com)',
} as const

// Two labels at least, each of letters, digits and inner hyphens; a top-level domain of letters (or punycode).
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/

export type BlockKind = 'email' | 'domain'

/**
 * What staff typed as a block: an address blocks that address; a bare domain (`example.com`) or an
 * at-domain (`@example.com`) blocks the domain and its subdomains. Lowercased, as rows are stored.
 */
export function readBlockPattern(value: string): { pattern: string; kind: BlockKind } | null {
  const text = value.trim().toLowerCase().replace(/\.$/, '')
  if (!text || text.length > 254) return null
  if (text.startsWith('@')) return DOMAIN.test(text.slice(1)) ? { pattern: text.slice(1), kind: 'domain' } : null
  if (text.includes('@')) return z.email().safeParse(text).success ? { pattern: text, kind: 'email' } : null
  return DOMAIN.test(text) ? { pattern: text, kind: 'domain' } : null
}

export const blockSchema = z.object({
  intent: z.literal('block'),
  // One message per mistake: nothing typed, or something that is neither an address nor a domain.
  pattern: z.string({ error: BLOCK_MESSAGES.required }).transform((value, context) => {
    const block = value.trim() ? readBlockPattern(value) : null
    if (!block) context.addIssue({ code: 'custom', message: value.trim() ? BLOCK_MESSAGES.invalid : BLOCK_MESSAGES.required })
    return block ?? z.NEVER
  }),
})

export const unblockSchema = z.object({
  intent: z.literal('unblock'),
  blockId: z.uuid({ error: 'This block no longer exists.' }),
})

export const removeSubscriberSchema = z.object({
  intent: z.literal('remove'),
  subscriberId: z.uuid({ error: 'This subscriber no longer exists.' }),
})

/** The list's URL for these filters (and page), as links and redirects back to it use. */
export function subscribersPath(filter: { q: string; status: SubscriberStatusFilter; page?: number }, base = '/subscribers') {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  if (filter.status !== 'all') params.set('status', filter.status)
  if (filter.page && filter.page > 1) params.set('page', String(filter.page))
  const query = params.toString()
  return query ? `${base}?${query}` : base
}
