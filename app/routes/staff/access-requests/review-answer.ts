import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import type { ReviewResult } from '@server/access-requests/review'

// How the queue's action (a selection) and a request's page (one decision) answer a refusal.

export type ReviewAnswer = { intent: string; requestId?: string; result: SubmissionResult<string[]> }

/** A refusal of the server's, as the reply of the form that asked. */
export function refused(
  intent: string,
  submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
  outcome: Extract<ReviewResult, { ok: false }>,
  requestId?: string,
) {
  const result = outcome.field ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }) : submission.reply({ formErrors: [outcome.message] })
  return data<ReviewAnswer>({ intent, requestId, result }, { status: outcome.status })
}
