// A stand-in for Anthropic's Messages API at the network boundary: the real @anthropic-ai/sdk client talks
// to it over HTTP (ANTHROPIC_BASE_URL). It streams an answer as server-sent events the way the API does,
// records every request body (so tests can read each prompt), and can be told to fail. Plain JavaScript,
// so tests/e2e/serve.js runs it beside the browsers' server too (types in anthropic.d.ts).
import http from 'node:http'

/** One server-sent event as the API writes it. */
function event(type, data) {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`
}

/** @returns {Promise<import('./anthropic').FakeAnthropic>} */
export async function startFakeAnthropic() {
  /** @type {import('./anthropic').FakeAnthropic} */
  const fake = {
    url: '',
    requests: [],
    reply: 'The sources cover this [1].',
    failure: null,
    close: async () => {},
  }
  const server = http.createServer((request, response) => {
    /** @type {Buffer[]} */
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.startsWith('/v1/messages')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'Not found' } }))
        return
      }
      const recorded = {
        path: request.url,
        authorization: request.headers.authorization ?? null,
        apiKey: request.headers['x-api-key'] ?? null,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      }
      fake.requests.push(recorded)
      if (fake.failure === 'error') {
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'Internal server error' } }))
        return
      }
      const text = typeof fake.reply === 'function' ? fake.reply(recorded) : fake.reply
      const pieces = text.match(/.{1,12}/gs) ?? []
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      response.write(
        event('message_start', {
          type: 'message_start',
          message: {
            id: 'msg_fake',
            type: 'message',
            role: 'assistant',
            model: recorded.body.model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 1, output_tokens: 1 },
          },
        }),
      )
      response.write(event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }))
      pieces.forEach((piece, index) => {
        if (fake.failure === 'drop' && index === Math.floor(pieces.length / 2)) {
          response.destroy()
          return
        }
        if (!response.destroyed) response.write(event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }))
      })
      if (response.destroyed) return
      response.write(event('content_block_stop', { type: 'content_block_stop', index: 0 }))
      response.write(event('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: pieces.length } }))
      response.end(event('message_stop', { type: 'message_stop' }))
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${server.address().port}`
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return fake
}

/** Every prompt the fake received, as one string per request (system and messages). */
/** @param {import('./anthropic').FakeAnthropic} fake */
export function promptsOf(fake) {
  return fake.requests.map((request) => [request.body.system ?? '', ...request.body.messages.map((message) => message.content)].join('\n'))
}
