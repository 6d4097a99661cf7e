// Both fake e-mail providers at once, with the Resend transport pointed at its fake (RESEND_BASE_URL is read
// when the transport is created, not part of Env) and put back on close.
import { startFakeResend, type FakeResend } from './resend'
import { startFakeSmtp, type FakeSmtp } from './smtp'

export interface FakeMail {
  smtp: FakeSmtp
  resend: FakeResend
  close(): Promise<void>
}

export async function startFakeMail(): Promise<FakeMail> {
  const savedBaseUrl = process.env.RESEND_BASE_URL
  const [smtp, resend] = await Promise.all([startFakeSmtp(), startFakeResend()])
  process.env.RESEND_BASE_URL = resend.url
  return {
    smtp,
    resend,
    async close() {
      if (savedBaseUrl === undefined) delete process.env.RESEND_BASE_URL
      else process.env.RESEND_BASE_URL = savedBaseUrl
      await Promise.all([smtp.close(), resend.close()])
    },
  }
}
