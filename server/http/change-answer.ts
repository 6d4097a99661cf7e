import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import type { Env } from '../env'
import type { Refused } from '../refusal'
import { redirectWithToast } from './redirect'

// How a staff page's action answers a form (/accounts, /updates, /subscribers): a change made is a
// redirect with its toast; a change refused, or a form that does not parse, is the reply of the form that
// asked, named by its intent and, when a page has several of one kind, its target.

export type FormAnswer = { intent: string; target?: string; result: SubmissionResult<string[]> }

type Submission = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> }

/** A change's answer: to `to` with the message as a toast, or the refusal on its field (or the whole form). */
export function answerChange(
  env: Pick<Env, 'SESSION_SECRET' | 'APP_URL'>,
  outcome: { ok: true; message: string } | Refused,
  submission: Submission,
  form: { intent: string; target?: string },
  to: string,
  fallback?: string,
) {
  if (outcome.ok) return redirectWithToast(env, to, outcome.message, fallback ? { fallback } : {})
  const result = outcome.field ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }) : submission.reply({ formErrors: [outcome.message] })
  return data<FormAnswer>({ ...form, result }, { status: outcome.status })
}

/** A form that did not parse: its messages, 400. */
export const invalidForm = (submission: Submission, form: { intent: string; target?: string }) => data<FormAnswer>({ ...form, result: submission.reply() }, { status: 400 })
