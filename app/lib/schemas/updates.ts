import { z } from '../zod'
import { lfLineBreaks, LINE_BREAKING } from '../one-line'
import { checkbox } from './access-requests'

// Trust updates (/updates): topics and the updates under them (portal shell spec, sections 3 and 5).
// Ids come from the form; the server checks each one against the staff member's org.

import { UPDATE_CATEGORIES } from '../update-categories'

export { UPDATE_CATEGORIES, UPDATE_CATEGORY_LABELS, type UpdateCategory } from '../update-categories'

export const UPDATE_AUDIENCES = ['public', 'private'] as const
export type UpdateAudience = (typeof UPDATE_AUDIENCES)[number]

export const UPDATE_AUDIENCE_LABELS: Record<UpdateAudience, string> = {
  public: 'Public',
  private: 'Private (accounts only)',
}

/** Who an e-mailed update goes to: every confirmed subscriber, or a list typed in. */
export const EMAIL_AUDIENCES = ['subscribers', 'list'] as const

export const TOPIC_SUBJECT_MAX = 200
export const UPDATE_TITLE_MAX = 120
export const UPDATE_MESSAGE_MAX = 5000
export const AUDIENCE_EMAILS_MAX = 1000
/** Room for AUDIENCE_EMAILS_MAX addresses of the longest kind and their separators. */
const AUDIENCE_TEXT_MAX = AUDIENCE_EMAILS_MAX * 256
/** How many bad addresses one reply names; the rest are counted. */
const INVALID_NAMED = 5

export const UPDATE_MESSAGES = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${TOPIC_SUBJECT_MAX} characters`,
  oneLine: 'Use one line, without tabs or other control characters',
  categoryRequired: 'Category is required',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${UPDATE_TITLE_MAX} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${UPDATE_MESSAGE_MAX} characters`,
  audienceRequired: 'Choose who can see the update',
  channelRequired: 'Choose at least one channel: Trust Center or Email',
  emailAudienceRequired: 'Choose who gets the e-mail: all confirmed subscribers or an audience list',
  audienceEmailsRequired: 'Add at least one e-mail address',
  audienceEmailsTooMany: `Use at most ${AUDIENCE_EMAILS_MAX.toLocaleString('en-US')} e-mail addresses`,
  invalidEmail: (email: string) => `"${email}" is not a valid email`,
  moreInvalid: (count: number) => `and ${count} more ${count === 1 ? 'address is' : 'addresses are'} not valid`,
} as const

const email = z.email()

/**
 * An audience list as typed: addresses separated by commas, semicolons, spaces or new lines, lowercased,
 * each said once (in the order first typed), and the entries that are not e-mail addresses.
 */
export function parseAudienceEmails(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = []
  const invalid: string[] = []
  const seen = new Set<string>()
  for (const entry of text.split(/[\s,;]+/)) {
    const address = entry.toLowerCase()
    if (!address || seen.has(address)) continue
    seen.add(address)
    if (address.length <= 254 && email.safeParse(address).success) emails.push(address)
    else invalid.push(entry.length > 80 ? `${entry.slice(0, 80)}…` : entry)
  }
  return { emails, invalid }
}

const topicId = z.uuid({ error: 'Unknown topic' })
const updateId = z.uuid({ error: 'Unknown update' })

const topicFields = {
  subject: z
    .string({ error: UPDATE_MESSAGES.subjectRequired })
    .trim()
    .min(1, UPDATE_MESSAGES.subjectRequired)
    .max(TOPIC_SUBJECT_MAX, UPDATE_MESSAGES.subjectTooLong)
    .refine((value) => !LINE_BREAKING.test(value), UPDATE_MESSAGES.oneLine),
  category: z.enum(UPDATE_CATEGORIES, { error: UPDATE_MESSAGES.categoryRequired }),
  hidden: checkbox,
}

export const createTopicSchema = z.object({
  intent: z.literal('topic-create'),
  ...topicFields,
})

export const editTopicSchema = z.object({
  intent: z.literal('topic-edit'),
  topicId,
  ...topicFields,
})

export type TopicFields = Pick<z.infer<typeof createTopicSchema>, 'subject' | 'category' | 'hidden'>

export const deleteTopicSchema = z.object({
  intent: z.literal('topic-delete'),
  topicId,
})

/** An update's title (issue 24 item 10): one line, what the banner, the list, the feed and the e-mail name it by. */
const title = z
  .string({ error: UPDATE_MESSAGES.titleRequired })
  .trim()
  .min(1, UPDATE_MESSAGES.titleRequired)
  .max(UPDATE_TITLE_MAX, UPDATE_MESSAGES.titleTooLong)
  .refine((value) => !LINE_BREAKING.test(value), UPDATE_MESSAGES.oneLine)

const message = z
  .string({ error: UPDATE_MESSAGES.messageRequired })
  // Line breaks are the message's own: browsers send them as CR LF, stored as LF; only the ends are trimmed.
  .overwrite(lfLineBreaks)
  .trim()
  .min(1, UPDATE_MESSAGES.messageRequired)
  .max(UPDATE_MESSAGE_MAX, UPDATE_MESSAGES.messageTooLong)

const audience = z.enum(UPDATE_AUDIENCES, { error: UPDATE_MESSAGES.audienceRequired }).default('public')

/**
 * A new update under a topic: shown on the Trust Center, e-mailed, or both. The e-mail goes to all
 * confirmed subscribers or to an audience list (spec section 5: at least one channel; e-mail needs
 * subscribers or an audience; an audience has at least one address).
 */
export const createUpdateSchema = z
  .object({
    intent: z.literal('update-create'),
    topicId,
    title,
    message,
    audience,
    channelPortal: checkbox,
    channelEmail: checkbox,
    emailAudience: z.enum(EMAIL_AUDIENCES, { error: UPDATE_MESSAGES.emailAudienceRequired }).optional(),
    audienceEmails: z.string().max(AUDIENCE_TEXT_MAX, UPDATE_MESSAGES.audienceEmailsTooMany).default(''),
  })
  .superRefine(
    (value, context) => {
      // Runs even when another field failed, so every problem is said at once: values may be raw here.
      if (value.channelPortal !== true && value.channelEmail !== true) {
        context.addIssue({ code: 'custom', path: ['channels'], message: UPDATE_MESSAGES.channelRequired })
      }
      if (value.channelEmail !== true) return
      if (value.emailAudience === undefined) {
        context.addIssue({ code: 'custom', path: ['emailAudience'], message: UPDATE_MESSAGES.emailAudienceRequired })
        return
      }
      if (value.emailAudience !== 'list' || typeof value.audienceEmails !== 'string') return
      const { emails, invalid } = parseAudienceEmails(value.audienceEmails)
      for (const entry of invalid.slice(0, INVALID_NAMED)) context.addIssue({ code: 'custom', path: ['audienceEmails'], message: UPDATE_MESSAGES.invalidEmail(entry) })
      if (invalid.length > INVALID_NAMED) context.addIssue({ code: 'custom', path: ['audienceEmails'], message: UPDATE_MESSAGES.moreInvalid(invalid.length - INVALID_NAMED) })
      if (!invalid.length && !emails.length) context.addIssue({ code: 'custom', path: ['audienceEmails'], message: UPDATE_MESSAGES.audienceEmailsRequired })
      if (emails.length > AUDIENCE_EMAILS_MAX) context.addIssue({ code: 'custom', path: ['audienceEmails'], message: UPDATE_MESSAGES.audienceEmailsTooMany })
    },
    { when: () => true },
  )
  .transform(({ topicId, title, message, audience, channelPortal, channelEmail, emailAudience, audienceEmails }) => ({
    topicId,
    title,
    message,
    audience,
    channelPortal,
    email: !channelEmail
      ? null
      : emailAudience === 'list'
        ? { audience: 'list' as const, emails: parseAudienceEmails(audienceEmails).emails }
        : { audience: 'subscribers' as const },
  }))

export type CreateUpdateInput = z.infer<typeof createUpdateSchema>

/** Editing never sends e-mail again; whether the update shows on the Trust Center may change. */
export const editUpdateSchema = z.object({
  intent: z.literal('update-edit'),
  updateId,
  title,
  message,
  audience,
  pinned: checkbox,
  channelPortal: checkbox,
})

export type EditUpdateInput = Omit<z.infer<typeof editUpdateSchema>, 'intent'>

export const pinUpdateSchema = z.object({
  intent: z.literal('update-pin'),
  updateId,
  pinned: z.enum(['true', 'false'], { error: 'Choose pin or unpin' }).transform((value) => value === 'true'),
})

export const deleteUpdateSchema = z.object({
  intent: z.literal('update-delete'),
  updateId,
})
