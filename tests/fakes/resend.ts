// A stand-in for Resend's HTTP API, enough for the `resend` SDK's `emails.send`: the SDK posts JSON to
// `${baseUrl}/emails` with `Authorization: Bearer <key>` and an `Idempotency-Key` header.
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeResendMessage {
  id: string
  idempotencyKey: string | undefined
  authorization: string | undefined
  body: {
    from: string
    to: string | string[]
    subject: string
    text?: string
    html?: string
    headers?: Record<string, string>
    [key: string]: unknown
  }
}

export interface FakeResend {
  /** Base URL for `new Resend(key, { baseUrl })` or RESEND_BASE_URL. */
  url: string
  /** Accepted sends, in order; every request counts, idempotency keys are not deduplicated here. */
  messages: FakeResendMessage[]
  /** Every POST /emails, accepted or failed. */
  requests: number
  /** The next n requests answer 500. */
  failNext(n: number): void
  close(): Promise<void>
}

export async function startFakeResend(): Promise<FakeResend> {
  let failures = 0
  const fake = { messages: [] as FakeResendMessage[], requests: 0 }
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method !== 'POST' || request.url !== '/emails') return answer(404, { statusCode: 404, name: 'not_found', message: 'Not found' })
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    fake.requests++
    if (failures > 0) {
      failures--
      return answer(500, { statusCode: 500, name: 'internal_server_error', message: 'Fake failure' })
    }
    let body: FakeResendMessage['body']
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      return answer(400, { statusCode: 400, name: 'validation_error', message: 'Body is not JSON' })
    }
    if (!body.from || !body.to || !body.subject) return answer(422, { statusCode: 422, name: 'missing_required_field', message: 'from, to and subject are required' })
    const id = randomUUID()
    fake.messages.push({
      id,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      authorization: request.headers.authorization,
      body,
    })
    answer(200, { id })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    get messages() {
      return fake.messages
    },
    get requests() {
      return fake.requests
    },
    failNext(n) {
      failures = n
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
