// A local SMTP server for tests: plain text (no STARTTLS), any credentials or none, every message kept raw.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface FakeSmtpMessage {
  from: string | undefined
  to: string[]
  /** The user the client authenticated as, if it did. */
  user: string | undefined
  /** The whole message as received: headers, blank line, body. */
  raw: string
}

export interface FakeSmtp {
  port: number
  /** An SMTP_URL pointing here (with throwaway credentials, as a real one has). */
  url: string
  messages: FakeSmtpMessage[]
  close(): Promise<void>
}

/** On `port`, or on any free port by default; `onMessage` hears each message as it arrives, before the sender is told it was accepted. */
export async function startFakeSmtp({ port: listenOn = 0, onMessage }: { port?: number; onMessage?: (message: FakeSmtpMessage) => void } = {}): Promise<FakeSmtp> {
  const messages: FakeSmtpMessage[] = []
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    // AUTH over plain text is refused by default; this server only ever listens on loopback.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The SMTP transport pools its connections: close them soon instead of waiting 30 s for the client.
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username })
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const message = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        messages.push(message)
        onMessage?.(message)
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(listenOn, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    url: `smtp://tester:secret@127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
