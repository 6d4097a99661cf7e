import type { Route } from './+types/outbox'
import { requireStaff } from '@server/auth/require'
import { listOutbox } from '@server/email/list'
import { formatDateTime } from '~/lib/format'
import { SettingsPages } from './settings-pages'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'settings')
  const transport = context.env.RESEND_API_KEY ? 'Resend' : context.env.SMTP_URL ? 'SMTP' : null
  const updateMailsWithheld = !(staff.permissions.includes('subscribers') && staff.permissions.includes('accounts'))
  return { messages: await listOutbox(context.db, staff.orgId, staff), transport, updateMailsWithheld }
}

const STATUS_LABELS: Record<string, string> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  held: 'Kept here (no transport)',
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { messages, transport, updateMailsWithheld } = loaderData
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <h1>Outbox</h1>
        <SettingsPages />
        <p>
          {transport
            ? `E-mail goes out through ${transport}. Recent messages and their delivery are listed here.`
            : 'No e-mail transport is configured (set RESEND_API_KEY or SMTP_URL), so messages are kept here instead of being sent, and each is printed once, whole, to the server log.'}
        </p>
        <p>Single-use links such as invitations show here as [redacted:1]: only the recipient receives them{transport ? '' : ', or the server log when nothing is sent'}.</p>
        {updateMailsWithheld ? <p>Trust update e-mails are listed for staff who manage subscribers (and accounts, for a private update).</p> : null}
      </header>
      <section className="panel">
        {messages.length ? (
          <ul className="outbox">
            {messages.map((message) => (
              <li key={message.id} className="outbox__message">
                <details>
                  <summary>
                    <strong>{message.subject}</strong>
                    <span>to {message.recipient}</span>
                    <span className="tag">{STATUS_LABELS[message.status] ?? message.status}</span>
                    <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                  </summary>
                  <pre className="outbox__body">{message.text}</pre>
                  {message.lastError ? <p className="field__error">Last error: {message.lastError}</p> : null}
                </details>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">No e-mail yet.</p>
        )}
      </section>
    </div>
  )
}

export function meta() {
  return [{ title: 'Outbox' }]
}
