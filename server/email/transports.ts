import http from 'node:http'
import https from 'node:https'
import nodemailer from 'nodemailer'
import { Resend } from 'resend'
import type { Env } from '../env'
import { oneLine } from './text'

export interface OutgoingEmail {
  /** The outbox row id: the idempotency key, so a retried send is recognisable as the same mail. */
  id: string
  from: string
  to: string
  subject: string
  text: string
  html?: string
  headers: Record<string, string>
}

/** What became of one mail of a batch. */
export type BatchOutcome = { status: 'sent'; providerMessageId?: string } | { status: 'failed'; error: unknown } | { status: 'not-started' }

export interface EmailTransport {
  name: 'resend' | 'smtp' | 'log'
  send(message: OutgoingEmail): Promise<{ providerMessageId?: string }>
  /**
   * Several mails at once, an outcome for each in the same order. `idempotencyKey` stands for the whole
   * batch (the same rows always give the same key); no send starts after `startBy` (epoch ms): those
   * come back 'not-started'. Without it the worker sends one by one.
   */
  sendBatch?(messages: OutgoingEmail[], options: { idempotencyKey: string; startBy: number }): Promise<BatchOutcome[]>
  /** Lets go of pooled connections. */
  close?(): Promise<void>
}

const SEND_TIMEOUT_MS = 60_000
const RESEND_API = 'https://api.resend.com'
const RESEND_USER_AGENT = 'trust-center (resend batch)'
/** Resend's batch API takes at most this many mails per request. */
export const RESEND_BATCH_LIMIT = 100
/** Pooled SMTP connections, each delivering one mail at a time. */
const SMTP_CONNECTIONS = 5

export type TransportEnv = Pick<Env, 'EMAIL_FROM' | 'RESEND_API_KEY' | 'SMTP_URL'>

/** RESEND_API_KEY wins over SMTP_URL; with neither, mails are only logged and kept in the outbox. */
export function createTransport(env: TransportEnv): EmailTransport {
  if (env.RESEND_API_KEY) return resendTransport(env.RESEND_API_KEY)
  if (env.SMTP_URL) return smtpTransport(env.SMTP_URL, env.EMAIL_FROM)
  return logTransport()
}

function resendTransport(apiKey: string): EmailTransport {
  // RESEND_BASE_URL (checked at boot by env.ts) is read when the transport is made, so a test can point it at a fake.
  const baseUrl = process.env.RESEND_BASE_URL || RESEND_API
  const resend = new Resend(apiKey, { baseUrl })
  return {
    name: 'resend',
    async send(message) {
      const { data, error } = await resend.emails.send(
        resendMail(message, message.headers),
        // The SDK sets no timeout of its own; stay well inside the worker's claim (LOCK_SECONDS).
        { idempotencyKey: message.id, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      )
      // Resend keeps the key 24 h: a retry after a crash between send and markAllSent is not sent twice.
      // The SDK reports HTTP and network failures as `error` instead of throwing.
      if (error) throw resendError(error)
      return { providerMessageId: data?.id }
    },
    async sendBatch(messages, { idempotencyKey, startBy }) {
      if (messages.length > RESEND_BATCH_LIMIT) throw new Error(`Resend takes at most ${RESEND_BATCH_LIMIT} mails per batch`)
      if (Date.now() > startBy) return messages.map(() => ({ status: 'not-started' }) as const)
      // The batch API has one idempotency key per request; each mail still names its row, as over SMTP.
      const mails = messages.map((message) => resendMail(message, { ...message.headers, 'X-Idempotency-Key': message.id }))
      // The same rows in the same order are the same payload under the same key: after a crash between
      // the request and markAllSent, Resend answers the retry from its record instead of sending again.
      const answer = await postResendBatch(baseUrl, apiKey, mails, idempotencyKey)
      if ('error' in answer) {
        const failure = resendError(answer.error)
        return messages.map(() => ({ status: 'failed', error: failure }) as const)
      }
      // Strict validation: the API accepted every mail or none, and answers their ids in order.
      return messages.map((_, index) => ({ status: 'sent', providerMessageId: answer.ids[index] }) as const)
    },
  }
}

/**
 * Resend's batch endpoint (what the SDK's `batch.send` posts: the same JSON, headers and strict
 * validation), written to the socket a mail at a time. The SDK turns a batch into one string and then one
 * buffer, two 600 KB allocations per request of branded mail that only a full garbage collection frees;
 * and a fetch body of many small buffers still left tens of megabytes of them waiting for the collector.
 * Strings written to a Node request are copied straight to the socket: at 2,500 mails a second the
 * worker's memory stays near what it holds at rest (bench:fanout).
 */
async function postResendBatch(
  baseUrl: string,
  apiKey: string,
  mails: readonly object[],
  idempotencyKey: string,
): Promise<{ ids: (string | undefined)[] } | { error: { message: string; statusCode?: number | null } }> {
  const parts = mails.map((mail, index) => `${index ? ',' : '['}${JSON.stringify(mail)}`)
  parts.push(mails.length ? ']' : '[]')
  let answer: { status: number; statusText: string; text: string }
  try {
    answer = await postParts(new URL(`${baseUrl}/emails/batch`), parts, {
      Authorization: `Bearer ${apiKey}`,
      'Content-Type': 'application/json',
      'User-Agent': RESEND_USER_AGENT,
      'Idempotency-Key': idempotencyKey,
      'x-batch-validation': 'strict',
    })
  } catch (error) {
    return { error: { message: error instanceof Error ? error.message : String(error), statusCode: null } }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.text)
  } catch {
    parsed = undefined
  }
  if (answer.status < 200 || answer.status > 299) {
    const message = (parsed as { message?: unknown } | undefined)?.message
    return { error: { message: typeof message === 'string' ? message : answer.statusText || 'Request failed', statusCode: answer.status } }
  }
  const data = (parsed as { data?: { id?: unknown }[] } | undefined)?.data
  return { ids: mails.map((_, index) => (typeof data?.[index]?.id === 'string' ? (data[index].id as string) : undefined)) }
}

// Kept-alive connections to the provider, a few at a time: the worker sends one batch after another.
const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 4 }), https: new https.Agent({ keepAlive: true, maxSockets: 4 }) }

/** POSTs the concatenation of `parts` (with its Content-Length) and reads the answer as text, within SEND_TIMEOUT_MS. */
function postParts(url: URL, parts: readonly string[], headers: Record<string, string>): Promise<{ status: number; statusText: string; text: string }> {
  const secure = url.protocol === 'https:'
  const length = parts.reduce((total, part) => total + Buffer.byteLength(part), 0)
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      { method: 'POST', agent: secure ? agents.https : agents.http, headers: { ...headers, 'Content-Length': String(length) } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          // An answer is a few ids or an error; a proxy's error page is cut short.
          if (text.length < 1_000_000) text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', text }))
        response.on('error', reject)
      },
    )
    request.setTimeout(SEND_TIMEOUT_MS, () => request.destroy(new Error(`No answer within ${SEND_TIMEOUT_MS / 1000} s`)))
    request.on('error', reject)
    for (const part of parts) request.write(part)
    request.end()
  })
}

/** A mail as Resend's API takes it, single or in a batch. */
function resendMail(message: OutgoingEmail, headers: Record<string, string>) {
  return { from: message.from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}), headers }
}

function resendError(error: { message: string; statusCode?: number | null }) {
  return new Error(`Resend: ${error.message}${error.statusCode ? ` (${error.statusCode})` : ''}`)
}

function smtpTransport(url: string, from: string): EmailTransport {
  // Timeouts well below the worker's claim (worker.ts LOCK_SECONDS), so a hung server cannot outlive it.
  // Pooled: a batch reuses a few open connections instead of a handshake per mail.
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    idleTimeout: 30_000,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  })
  const domain = senderDomain(from)
  async function send(message: OutgoingEmail) {
    const info = await transporter.sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      // SMTP has no idempotency: a stable Message-ID lets receivers and staff spot a resend.
      messageId: `<${message.id}@${domain}>`,
      headers: smtpHeaders({ ...message.headers, 'X-Idempotency-Key': message.id }),
    })
    return { providerMessageId: info.messageId }
  }
  return {
    name: 'smtp',
    send,
    async sendBatch(messages, { startBy }) {
      const outcomes: BatchOutcome[] = []
      let next = 0
      // One mail per pooled connection at a time, and none started after startBy: a mail queued inside the
      // pool could otherwise start after the claim has run out.
      const deliver = async () => {
        for (let index = next++; index < messages.length; index = next++) {
          if (Date.now() > startBy) outcomes[index] = { status: 'not-started' }
          else
            outcomes[index] = await send(messages[index]).then(
              (sent) => ({ status: 'sent' as const, ...sent }),
              (error: unknown) => ({ status: 'failed' as const, error }),
            )
        }
      }
      await Promise.all(Array.from({ length: Math.min(SMTP_CONNECTIONS, messages.length) }, deliver))
      return outcomes
    },
    async close() {
      transporter.close()
    },
  }
}

/**
 * Header values that are plain printable ASCII go out as they are: nodemailer would otherwise MIME-encode
 * any value with a double quote whole, and `List-Id: "Acme updates" <updates.acme.example>` encoded whole
 * is no List-Id. Anything else (a name in another script) is left to nodemailer to encode.
 */
function smtpHeaders(headers: Record<string, string>) {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, /^[\x20-\x7e]{0,900}$/.test(value) ? { prepared: true, value } : value]))
}

function logTransport(): EmailTransport {
  return {
    name: 'log',
    async send(message) {
      // The whole mail, once, on one line (JSON-quoted): the only copy that keeps its single-use links, so an
      // operator without e-mail can still pass an invitation on; /settings/outbox shows it without them.
      console.log(
        `[email] to=${oneLine(message.to)} subject=${JSON.stringify(message.subject)} text=${JSON.stringify(message.text)} (no transport configured: not sent, kept at /settings/outbox without its links)`,
      )
      return {}
    },
  }
}

/** The address of EMAIL_FROM ('Trust <trust@acme.test>' → 'trust@acme.test'). */
export function senderAddress(from: string) {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim()
}

/** The domain of the EMAIL_FROM address ('Trust <trust@acme.test>' → 'acme.test'), for Message-IDs. */
export function senderDomain(from: string) {
  const domain = senderAddress(from).split('@')[1]?.trim().toLowerCase()
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost'
}
