import { z } from '../zod'
import { lfLineBreaks, LINE_BREAKING } from '../one-line'

// The knowledge base (/knowledge-base): a product's FAQ entries, added, edited, moved, deleted and
// imported from CSV by staff. The same field rules check the forms and every row of an import.

export const FAQ_QUESTION_MAX = 500
export const FAQ_ANSWER_MAX = 10_000
export const FAQ_COMMENT_MAX = 2_000
/** An import adds at most this many entries, from a file of at most FAQ_IMPORT_MAX_BYTES. */
export const FAQ_IMPORT_MAX_ROWS = 1_000
export const FAQ_IMPORT_MAX_BYTES = 1024 * 1024

export const FAQ_MESSAGES = {
  questionRequired: 'Question is required',
  questionTooLong: `Question must be at most ${FAQ_QUESTION_MAX} characters`,
  questionOneLine: 'Write the question on one line',
  answerRequired: 'Answer is required',
  answerTooLong: `Answer must be at most ${FAQ_ANSWER_MAX.toLocaleString('en-US')} characters`,
  commentTooLong: `Comment must be at most ${FAQ_COMMENT_MAX.toLocaleString('en-US')} characters`,
  unknownFaq: 'This question no longer exists.',
  unknownProduct: 'This product no longer exists.',
  fileRequired: 'Choose a CSV file to import',
  fileTooLarge: 'The file is larger than 1 MB: split it into smaller files',
  tooManyRows: `The file has more than ${FAQ_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: import at most ${FAQ_IMPORT_MAX_ROWS.toLocaleString('en-US')} questions at a time`,
} as const

/** Line breaks as one LF, whatever the browser or spreadsheet sent: a textarea's limit counts them once. */

/** Conform turns an empty field into undefined; a CSV cell arrives as ''. Both read as missing. */
const text = (max: number, messages: { required?: string; tooLong: string }) => {
  const trimmed = z
    .string({ error: messages.required ?? messages.tooLong })
    .overwrite(lfLineBreaks)
    .trim()
  return (messages.required ? trimmed.min(1, messages.required) : trimmed).max(max, messages.tooLong)
}

export const faqFields = {
  question: text(FAQ_QUESTION_MAX, { required: FAQ_MESSAGES.questionRequired, tooLong: FAQ_MESSAGES.questionTooLong }).refine(
    (value) => !LINE_BREAKING.test(value),
    FAQ_MESSAGES.questionOneLine,
  ),
  answer: text(FAQ_ANSWER_MAX, { required: FAQ_MESSAGES.answerRequired, tooLong: FAQ_MESSAGES.answerTooLong }),
  comment: text(FAQ_COMMENT_MAX, { tooLong: FAQ_MESSAGES.commentTooLong })
    .optional()
    .transform((value) => value || null),
}

/** One entry's fields, as a form or an import row gives them. */
export const faqFieldsSchema = z.object(faqFields)
export type FaqFields = z.output<typeof faqFieldsSchema>

const productId = z.uuid({ error: FAQ_MESSAGES.unknownProduct })
const faqId = z.uuid({ error: FAQ_MESSAGES.unknownFaq })

export const createFaqSchema = z.object({ intent: z.literal('faq.create'), productId, ...faqFields })
export const updateFaqSchema = z.object({ intent: z.literal('faq.update'), faqId, ...faqFields })
export const deleteFaqSchema = z.object({ intent: z.literal('faq.delete'), faqId })

export const FAQ_DIRECTIONS = ['up', 'down'] as const
export type FaqDirection = (typeof FAQ_DIRECTIONS)[number]
export const moveFaqSchema = z.object({ intent: z.literal('faq.move'), faqId, direction: z.enum(FAQ_DIRECTIONS, { error: 'Move the question up or down' }) })

export const importFaqsSchema = z.object({
  intent: z.literal('faq.import'),
  productId,
  // Conform turns an empty file input into undefined.
  file: z
    .instanceof(File, { error: FAQ_MESSAGES.fileRequired })
    .refine((file) => file.size > 0, FAQ_MESSAGES.fileRequired)
    .refine((file) => file.size <= FAQ_IMPORT_MAX_BYTES, FAQ_MESSAGES.fileTooLarge),
})

/** The columns an import reads and an export writes; `comment` may be left out of an import. */
export const FAQ_CSV_COLUMNS = ['question', 'answer', 'comment'] as const
