import { data } from 'react-router'
import type { Route } from './+types/portal-answer'
import { readForm } from '@server/http/forms'
import { answerQuestion, answersOfferedTo, answerStream, checkQuestion, NOT_OFFERED } from '@server/ai/answers'
import { readSearchRequest } from '@server/search/page'

// POST {portal}/search/answer with `question`: an AI answer, streamed as newline-delimited JSON events
// (server/ai/answers.ts AnswerEvent): the sources, the text as it is written, then done or an error.
// Refusals answer JSON { error } with 400, 403 or 429. Without JavaScript the results page answers instead.

/** A stream of events, never React Router's data form (server/http/route-match.ts). */
export const handle = { streams: true }

const NO_STORE = { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' }

export async function loader() {
  throw data('Ask with POST.', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') throw data('Ask with POST.', { status: 405, headers: { Allow: 'POST' } })
  const form = await readForm(request)
  const search = await readSearchRequest(context.db, context.env, request, params.orgSlug)
  if (!(await answersOfferedTo(context.db, context.env, search.org.id, search.viewer))) return Response.json({ error: NOT_OFFERED }, { status: 403, headers: NO_STORE })
  const question = String(form.get('question') ?? '').trim()
  const refused = await checkQuestion(context.db, search.viewer, question)
  if (refused) return Response.json({ error: refused.message }, { status: refused.status, headers: NO_STORE })
  const abort = new AbortController()
  const events = answerQuestion(context.db, context.env, {
    scope: search.scope,
    viewer: search.viewer,
    orgName: search.org.name,
    question,
    ip: context.clientAddress,
    userAgent: request.headers.get('user-agent'),
    signal: abort.signal,
  })
  return new Response(answerStream(events, abort), { headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', ...NO_STORE } })
}
