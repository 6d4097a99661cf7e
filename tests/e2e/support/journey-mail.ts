// The journey servers' mail (playwright.config.ts starts a journey server per journey project): a fake SMTP
// server for each, held by the test runner for the whole run, writing every message it receives as a line of
// a log that the workers read (support/journey.ts). The servers outlive any one worker, so a worker the
// shuffled order replaces starts no server of its own.
import { appendFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startFakeSmtp } from '../../fakes/smtp'

/** The ports of a journey server and of its SMTP server, from the run's E2E_PORT. */
export function journeyPorts(base: number, javascript: boolean) {
  const offset = javascript ? 0 : 1
  return { server: base + 2 + offset, smtp: base + 4 + offset }
}

/** Where the fake SMTP server on `smtpPort` writes what it receives, one JSON message a line. */
export const mailLog = (smtpPort: number) => path.join(tmpdir(), `tc-e2e-mail-${smtpPort}.jsonl`)

/** serve.js's E2E_DATABASE for the journey server on `port`, when the run uses PostgreSQL. */
export const journeyDatabase = (port: number) => `tc_e2e_journey_${port}`

export function journeyBase() {
  return Number(process.env.E2E_PORT ?? 3210)
}

export default async function startJourneyMail() {
  const base = journeyBase()
  const servers = await Promise.all(
    [true, false].map(async (javascript) => {
      const { smtp: port } = journeyPorts(base, javascript)
      const log = mailLog(port)
      writeFileSync(log, '')
      // Each message as it arrives, whole, before the server hears it was accepted.
      return startFakeSmtp({ port, onMessage: (message) => appendFileSync(log, `${JSON.stringify(message)}\n`) })
    }),
  )
  return async () => {
    for (const smtp of servers) await smtp.close()
  }
}
