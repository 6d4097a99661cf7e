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

export interface EmailTransport {
  name: 'resend' | 'smtp' | 'log'
  send(message: OutgoingEmail): Promise<{ providerMessageId?: string }>
}

const SEND_TIMEOUT_MS = 60_000

export type TransportEnv = Pick<Env, 'EMAIL_FROM' | 'RESEND_API_KEY' | 'SMTP_URL'>

/** RESEND_API_KEY wins over SMTP_URL; with neither, mails are only logged and kept in the outbox. */
export function createTransport(env: TransportEnv): EmailTransport {
  if (env.RESEND_API_KEY) return resendTransport(env.RESEND_API_KEY)
  if (env.SMTP_URL) return smtpTransport(env.SMTP_URL, env.EMAIL_FROM)
  return logTransport()
}

function resendTransport(apiKey: string): EmailTransport {
  // RESEND_BASE_URL is read here only (not part of Env): it exists so tests can point at a fake API.
  const resend = new Resend(apiKey, { baseUrl: process.env.RESEND_BASE_URL || undefined })
  return {
    name: 'resend',
    async send(message) {
      const { data, error } = await resend.emails.send(
        {
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          headers: message.headers,
        },
        // The SDK sets no timeout of its own; stay well inside the worker's claim (LOCK_SECONDS).
        { idempotencyKey: message.id, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) },
      )
      // Resend keeps the key 24 h: a retry after a crash between send and markSent is not sent twice.
      // The SDK reports HTTP and network failures as `error` instead of throwing.
      if (error) throw new Error(`Resend: ${error.message}${'statusCode' in error && error.statusCode ? ` (${error.statusCode})` : ''}`)
      return { providerMessageId: data?.id }
    },
  }
}

function smtpTransport(url: string, from: string): EmailTransport {
  // Timeouts well below the worker's claim (worker.ts LOCK_SECONDS), so a hung server cannot outlive it.
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 })
  const domain = senderDomain(from)
  return {
    name: 'smtp',
    async send(message) {
      const info = await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        // SMTP has no idempotency: a stable Message-ID lets receivers and staff spot a resend.
        messageId: `<${message.id}@${domain}>`,
        headers: { ...message.headers, 'X-Idempotency-Key': message.id },
      })
      return { providerMessageId: info.messageId }
    },
  }
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

/** The domain of the EMAIL_FROM address ('Trust <trust@acme.test>' → 'acme.test'), for Message-IDs. */
export function senderDomain(from: string) {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from
  const domain = address.split('@')[1]?.trim().toLowerCase()
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost'
}
