import { z } from './zod'
import { fileTooLargeMessage } from './schemas/documents'
import { lfLineBreaks } from './one-line'

// Questionnaires (search-ai-and-widgets spec section 2.6, docs/decisions/021-share-and-questionnaires.md):
// what an account member may send and staff answer. Shared by the dialogs, the staff page and the server.

export const QUESTIONNAIRE_EXTENSIONS = ['xlsx', 'xls', 'csv', 'docx', 'doc', 'pdf', 'txt', 'zip'] as const
export type QuestionnaireExtension = (typeof QUESTIONNAIRE_EXTENSIONS)[number]
/** For the file input, so the browser offers only these. */
export const QUESTIONNAIRE_ACCEPT = QUESTIONNAIRE_EXTENSIONS.map((extension) => `.${extension}`).join(',')

export const MAX_LINK_LENGTH = 2000
export const MAX_NOTE_LENGTH = 2000
export const MAX_ANSWER_LENGTH = 5000

export const QUESTIONNAIRE_MESSAGES = {
  fileRequired: 'Choose a file to upload',
  fileType: 'Upload an Excel, CSV, Word, PDF, text or ZIP file',
  linkRequired: 'Enter the link to your questionnaire',
  linkInvalid: 'Enter a link that starts with http:// or https://',
  linkTooLong: `The link can be at most ${MAX_LINK_LENGTH} characters`,
  noteTooLong: `The note can be at most ${MAX_NOTE_LENGTH} characters`,
  answerRequired: 'Write an answer',
  answerTooLong: `The answer can be at most ${MAX_ANSWER_LENGTH} characters`,
  membersOnly: 'Questionnaires are for signed-in members of an account. Please log in again.',
  notOffered: 'Questionnaires are not offered here.',
} as const

/** Text from a textarea: browsers send its line breaks as CRLF, and each counts as one character here as in the field. */
const multiline = (error: string, rules: z.ZodString) => z.string({ error }).transform(lfLineBreaks).pipe(rules)

const note = multiline(QUESTIONNAIRE_MESSAGES.noteTooLong, z.string().trim().max(MAX_NOTE_LENGTH, QUESTIONNAIRE_MESSAGES.noteTooLong)).optional()

/** The submit-file dialog; the size cap is MAX_UPLOAD_MB, so the browser can refuse a large file before sending it. */
export function questionnaireFileSchema(maxUploadMb: number) {
  return z.object({
    // Conform turns an empty file input into undefined.
    file: z
      .instanceof(File, { error: QUESTIONNAIRE_MESSAGES.fileRequired })
      .refine((file) => file.size > 0, QUESTIONNAIRE_MESSAGES.fileRequired)
      .refine((file) => file.size <= maxUploadMb * 1024 * 1024, fileTooLargeMessage(maxUploadMb)),
    note,
  })
}

// URL() drops tabs and line breaks inside a URL without a word: a link carrying any is refused instead.
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/

/** An absolute http(s) link to a host, without credentials in it; stored as the URL parser writes it. */
function httpLink(value: string): string | null {
  if (WHITESPACE_OR_CONTROL.test(value)) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return null
  return url.href
}

/** The submit-link dialog. */
export const questionnaireLinkSchema = z.object({
  url: z
    .string({ error: QUESTIONNAIRE_MESSAGES.linkRequired })
    .trim()
    .max(MAX_LINK_LENGTH, QUESTIONNAIRE_MESSAGES.linkTooLong)
    .transform((value, context) => {
      const link = httpLink(value)
      if (!link) context.addIssue({ code: 'custom', message: QUESTIONNAIRE_MESSAGES.linkInvalid })
      else if (link.length > MAX_LINK_LENGTH) context.addIssue({ code: 'custom', message: QUESTIONNAIRE_MESSAGES.linkTooLong })
      return link ?? ''
    }),
  note,
})

/** Staff answer one questionnaire (/questionnaires). */
export const answerQuestionnaireSchema = z.object({
  intent: z.literal('answer'),
  questionnaireId: z.uuid('This questionnaire no longer exists'),
  answer: multiline(
    QUESTIONNAIRE_MESSAGES.answerRequired,
    z.string().trim().min(1, QUESTIONNAIRE_MESSAGES.answerRequired).max(MAX_ANSWER_LENGTH, QUESTIONNAIRE_MESSAGES.answerTooLong),
  ),
})

export type QuestionnaireStatus = 'submitted' | 'answered'
export const QUESTIONNAIRE_STATUS_LABELS: Record<QuestionnaireStatus, string> = { submitted: 'Submitted', answered: 'Answered' }

/** One of the account's questionnaires as its members see it (no staff names: decision 004). */
export interface QuestionnaireEntryView {
  id: string
  kind: 'file' | 'link'
  /** The file's name, or the link. */
  name: string
  submittedBy: string
  submittedAt: string
  status: QuestionnaireStatus
  answer: string | null
  answeredAt: string | null
}

/**
 * The questionnaire dialog the URL opens (`questionnaire=true|file|link|submitted`, `questionnaires=list`),
 * for a signed-in account member of an org that takes questionnaires.
 */
export type QuestionnaireDialogView = { step: 'intro' | 'file' | 'link' | 'submitted'; maxUploadMb: number } | { step: 'list'; entries: QuestionnaireEntryView[] }

/** The steps of the questionnaire modal, by the value of `questionnaire`. */
export const QUESTIONNAIRE_STEPS = { true: 'intro', file: 'file', link: 'link', submitted: 'submitted' } as const
