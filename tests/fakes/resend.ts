// A stand-in for Resend's HTTP API, enough for the `resend` SDK's `emails.send` and `batch.send`: the SDK
// posts JSON to `${baseUrl}/emails` (one mail) or `${baseUrl}/emails/batch` (an array of up to 100), with
// `Authorization: Bearer <key>` and an `Idempotency-Key` header. Like Resend, a key seen before (Resend
// keeps them 24 h; this fake for its lifetime) is answered from its record: the same payload gets the
// first answer and sends nothing, another payload is a 409, and so is a key whose first request is
// still in progress.
import { createHash, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeResendMessage {
  id: string
  /**
   * The mail's own idempotency key: the request's Idempotency-Key for one mail, the mail's
   * X-Idempotency-Key header in a batch (where the API has one key per request).
   */
  idempotencyKey: string | undefined
  /** The Idempotency-Key of the batch request that carried the mail; undefined for a single send. */
  batchKey: string | undefined
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
  /** Accepted mails, in order: what Resend would deliver. A request answered from its idempotency record adds none. */
  messages: FakeResendMessage[]
  /** Every POST /emails and /emails/batch, accepted or failed. */
  requests: number
  /** Batch requests received. */
  batches: number
  /** Requests answered from the idempotency record of an earlier one with the same key and payload. */
  replays: number
  /** Requests refused with 409 for their idempotency key (another payload, or the first still in progress). */
  conflicts: number
  /** Requests received and not answered yet (see `delayPerMessageMs`). */
  inFlight: number
  /** The next n requests answer 500. */
  failNext(n: number): void
  close(): Promise<void>
}

type Body = FakeResendMessage['body']

export async function startFakeResend(options: { delayPerMessageMs?: number } = {}): Promise<FakeResend> {
  let failures = 0
  const fake = { messages: [] as FakeResendMessage[], requests: 0, batches: 0, replays: 0, conflicts: 0, inFlight: 0 }
  const keys = new Map<string, { payload: string; answer: unknown | undefined }>()
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const batch = request.url === '/emails/batch'
    if (request.method !== 'POST' || (request.url !== '/emails' && !batch)) return answer(404, { statusCode: 404, name: 'not_found', message: 'Not found' })
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    fake.requests++
    if (batch) fake.batches++
    if (failures > 0) {
      failures--
      return answer(500, { statusCode: 500, name: 'internal_server_error', message: 'Fake failure' })
    }
    const raw = Buffer.concat(chunks).toString('utf8')
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      return answer(400, { statusCode: 400, name: 'validation_error', message: 'Body is not JSON' })
    }
    const mails = (batch ? parsed : [parsed]) as Body[]
    if (!Array.isArray(mails) || !mails.length || mails.length > 100) return answer(422, { statusCode: 422, name: 'validation_error', message: 'A batch holds 1 to 100 e-mails' })
    if (mails.some((mail) => !mail?.from || !mail.to || !mail.subject))
      return answer(422, { statusCode: 422, name: 'missing_required_field', message: 'from, to and subject are required' })

    const key = request.headers['idempotency-key'] as string | undefined
    const payload = createHash('sha256').update(request.url!).update(raw).digest('hex')
    const seen = key === undefined ? undefined : keys.get(key)
    if (seen) {
      if (seen.payload !== payload) {
        fake.conflicts++
        return answer(409, { statusCode: 409, name: 'invalid_idempotent_request', message: 'Same idempotency key used with a different request payload' })
      }
      if (seen.answer === undefined) {
        fake.conflicts++
        return answer(409, { statusCode: 409, name: 'concurrent_idempotent_requests', message: 'Same idempotency key used while original request is still in progress' })
      }
      fake.replays++
      return answer(200, seen.answer)
    }
    // Accepted on arrival, as Resend queues a mail before it answers: a client killed before the answer still sent it.
    const record = { payload, answer: undefined as unknown }
    if (key !== undefined) keys.set(key, record)
    const ids = mails.map((mail) => {
      const id = randomUUID()
      fake.messages.push({
        id,
        idempotencyKey: batch ? mail.headers?.['X-Idempotency-Key'] : key,
        batchKey: batch ? key : undefined,
        authorization: request.headers.authorization,
        body: mail,
      })
      return id
    })
    record.answer = batch ? { data: ids.map((id) => ({ id })) } : { id: ids[0] }
    const delay = (options.delayPerMessageMs ?? 0) * mails.length
    if (delay > 0) {
      fake.inFlight++
      // Until answered the key counts as in progress, as at Resend.
      const answered = record.answer
      record.answer = undefined
      await new Promise((resolve) => setTimeout(resolve, delay))
      record.answer = answered
      fake.inFlight--
    }
    if (!response.destroyed) answer(200, record.answer)
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
    get batches() {
      return fake.batches
    },
    get replays() {
      return fake.replays
    },
    get conflicts() {
      return fake.conflicts
    },
    get inFlight() {
      return fake.inFlight
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
