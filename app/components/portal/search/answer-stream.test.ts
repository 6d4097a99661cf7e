import { describe, expect, test } from 'vitest'
import type { SearchHit } from '~/lib/search'
import { answerEvents, readEvents, type AnswerEvent } from './answer-stream'

const source: SearchHit = {
  type: 'items',
  id: 'encryption-at-rest',
  title: [{ text: 'Encryption at rest' }],
  excerpt: [],
  source: 'Data Security',
  href: '/item/encryption-at-rest',
}

/** A body that arrives in the given pieces of bytes, as a network would split it. */
function streamOf(chunks: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
}

/** The text as bytes cut every `size` bytes: through lines, JSON and multi-byte characters alike. */
function cut(text: string, size: number) {
  const bytes = new TextEncoder().encode(text)
  const chunks: Uint8Array[] = []
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.slice(at, at + size))
  return chunks
}

async function collect(events: AsyncIterable<AnswerEvent>) {
  const all: AnswerEvent[] = []
  for await (const event of events) all.push(event)
  return all
}

const ndjson = (...events: unknown[]) => events.map((event) => JSON.stringify(event)).join('\n') + '\n'

describe('readEvents', () => {
  const body = ndjson({ type: 'sources', sources: [source] }, { type: 'text', text: 'Data is encrypted ' }, { type: 'text', text: 'with AES-256 — “at rest” ✓.' }, { type: 'done' })
  const expected: AnswerEvent[] = [
    { type: 'sources', sources: [source] },
    { type: 'text', text: 'Data is encrypted ' },
    { type: 'text', text: 'with AES-256 — “at rest” ✓.' },
    { type: 'done' },
  ]

  test.each([1, 2, 3, 7, 64, 4096])('reads the same events whatever the chunk size (%i bytes)', async (size) => {
    expect(await collect(readEvents(streamOf(cut(body, size))))).toEqual(expected)
  })

  test('reads a last line without its newline, and skips blank lines', async () => {
    const events = await collect(readEvents(streamOf(cut(`\n${JSON.stringify({ type: 'text', text: 'a' })}\n\n${JSON.stringify({ type: 'done' })}`, 5))))
    expect(events).toEqual([{ type: 'text', text: 'a' }, { type: 'done' }])
  })

  test('a line that is not an event becomes an error event', async () => {
    const events = await collect(readEvents(streamOf(cut(`${JSON.stringify({ type: 'text', text: 'a' })}\n{"type":"text"\n${JSON.stringify({ type: 'surprise' })}\n`, 4))))
    expect(events.map((event) => event.type)).toEqual(['text', 'error', 'error'])
  })
})

describe('answerEvents', () => {
  const response = (body: string, init: ResponseInit = {}) => new Response(streamOf(cut(body, 5)), { headers: { 'Content-Type': 'application/x-ndjson' }, ...init })

  test('yields the events up to done', async () => {
    const events = await collect(answerEvents(response(ndjson({ type: 'sources', sources: [] }, { type: 'text', text: 'Yes.' }, { type: 'done' }))))
    expect(events).toEqual([{ type: 'sources', sources: [] }, { type: 'text', text: 'Yes.' }, { type: 'done' }])
  })

  test('stops at an error event', async () => {
    const events = await collect(answerEvents(response(ndjson({ type: 'text', text: 'Ye' }, { type: 'error', message: 'upstream failed' }, { type: 'text', text: 's.' }))))
    expect(events).toEqual([
      { type: 'text', text: 'Ye' },
      { type: 'error', message: 'upstream failed' },
    ])
  })

  test('a stream that ends before done ends in an error', async () => {
    const events = await collect(answerEvents(response(ndjson({ type: 'sources', sources: [] }, { type: 'text', text: 'Ye' }))))
    expect(events.at(-1)?.type).toBe('error')
    expect(events).toHaveLength(3)
  })

  test.each([400, 403, 429])('an HTTP %i refusal yields its message as one error', async (status) => {
    const events = await collect(answerEvents(Response.json({ error: 'You have asked many questions' }, { status })))
    expect(events).toEqual([{ type: 'error', message: 'You have asked many questions' }])
  })

  test('a refusal that is not JSON still yields one error', async () => {
    const events = await collect(answerEvents(new Response('Bad gateway', { status: 502 })))
    expect(events).toEqual([{ type: 'error', message: 'HTTP 502' }])
  })
})
