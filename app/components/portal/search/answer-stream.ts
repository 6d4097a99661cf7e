// Reading an AI answer as POST {portal}/search/answer streams it (application/x-ndjson, one JSON event a
// line): the sources, the text in pieces, then done; or an error event; or an HTTP refusal with
// JSON { error }. Every way it can fail ends in one error event: the dialog shows the spec's message.
import type { SearchHit } from '~/lib/search'

export type AnswerEvent = { type: 'sources'; sources: SearchHit[] } | { type: 'text'; text: string } | { type: 'done' } | { type: 'error'; message: string }

export const AI_FAILED = 'Failed to get an answer from the AI. Please try again later.'

/** Posts the question and yields the answer's events; the last is always done or error (none once aborted). */
export async function* askQuestion(url: string, question: string, signal: AbortSignal): AsyncGenerator<AnswerEvent> {
  try {
    const response = await fetch(url, { method: 'POST', body: new URLSearchParams({ question }), headers: { Accept: 'application/x-ndjson' }, signal })
    yield* answerEvents(response)
  } catch (error) {
    if (signal.aborted) return
    yield { type: 'error', message: error instanceof Error ? error.message : String(error) }
  }
}

/** A response's events: a refusal's message, or the streamed events up to done or error. */
export async function* answerEvents(response: Response): AsyncGenerator<AnswerEvent> {
  if (!response.ok || !response.body) {
    yield { type: 'error', message: await refusal(response) }
    return
  }
  for await (const event of readEvents(response.body)) {
    yield event
    if (event.type === 'done' || event.type === 'error') return
  }
  yield { type: 'error', message: 'The answer ended before it was done.' }
}

/** The events of a newline-delimited JSON stream, whichever way its bytes are split into chunks. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<AnswerEvent> {
  const reader = body.getReader()
  // A character split between chunks waits for its other bytes.
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true })
      let newline: number
      while ((newline = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, newline).trim()
        buffer = buffer.slice(newline + 1)
        if (line) yield parseEvent(line)
      }
      if (done) break
    }
    if (buffer.trim()) yield parseEvent(buffer.trim())
  } finally {
    // The reader stops early (done, error, or the dialog closed): the request ends too.
    await reader.cancel().catch(() => {})
  }
}

function parseEvent(line: string): AnswerEvent {
  let event: unknown
  try {
    event = JSON.parse(line)
  } catch {
    return { type: 'error', message: 'The answer could not be read.' }
  }
  if (typeof event !== 'object' || event === null) return { type: 'error', message: 'The answer could not be read.' }
  const { type } = event as { type?: unknown }
  const fields = event as Record<string, unknown>
  if (type === 'sources' && Array.isArray(fields.sources)) return { type, sources: fields.sources as SearchHit[] }
  if (type === 'text' && typeof fields.text === 'string') return { type, text: fields.text }
  if (type === 'done') return { type }
  if (type === 'error') return { type, message: typeof fields.message === 'string' ? fields.message : AI_FAILED }
  return { type: 'error', message: 'The answer could not be read.' }
}

async function refusal(response: Response) {
  try {
    const body = (await response.json()) as { error?: unknown }
    if (typeof body.error === 'string') return body.error
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${response.status}`
}
