import { useEffect, useRef } from 'react'
import { Link, useNavigation, useRevalidator } from 'react-router'
import type { SendProgress } from '@server/updates/sends'
import { formatDateTime } from '~/lib/format'

// How far each e-mail of an update has got. The server renders the counts, so a reload shows the
// current numbers without JavaScript; with it, the page reloads its data every 2 s while a send has work
// ahead (recipients being prepared, mails queued or retrying) and stops once every send is done.

export const REFRESH_MS = 2000

/** Revalidates the page's data every REFRESH_MS while `active`, skipping a beat when busy or hidden. */
export function useRefreshWhile(active: boolean) {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const latest = useRef({ revalidator, navigation })
  latest.current = { revalidator, navigation }
  useEffect(() => {
    if (!active) return
    const timer = window.setInterval(() => {
      const { revalidator: current, navigation: nav } = latest.current
      if (document.visibilityState !== 'visible' || current.state !== 'idle' || nav.state !== 'idle') return
      void current.revalidate()
    }, REFRESH_MS)
    return () => window.clearInterval(timer)
  }, [active])
}

const count = (value: number) => value.toLocaleString('en-US')

export function SendProgressTable({ sends, label }: { sends: readonly SendProgress[]; label: string }) {
  if (!sends.length) return null
  const held = sends.some((send) => send.held > 0)
  const withheld = sends.some((send) => send.countsWithheld)
  return (
    <div className="staff-updates__sends">
      <div className="table-scroll">
        <table className="data-table">
          <caption>
            E-mail progress<span className="visually-hidden"> of {label}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Sent on</th>
              <th scope="col">Recipients</th>
              <th scope="col">Queued</th>
              <th scope="col">Sent</th>
              <th scope="col">Retrying</th>
              <th scope="col">Failed</th>
              <th scope="col">Held</th>
            </tr>
          </thead>
          <tbody>
            {sends.map((send) => (
              <tr key={send.sendId}>
                <th scope="row">
                  <time dateTime={send.createdAt}>{formatDateTime(send.createdAt)}</time>
                </th>
                {send.countsWithheld ? (
                  <td colSpan={6}>{send.expanding ? 'Preparing recipients…' : 'Handed to the mail queue'}</td>
                ) : (
                  <>
                    <td>
                      {send.expanding ? (
                        <span className="staff-updates__preparing">Preparing recipients…{send.recipients ? ` (${count(send.recipients)} so far)` : ''}</span>
                      ) : (
                        count(send.recipients)
                      )}
                    </td>
                    <td>{count(send.queued)}</td>
                    <td>{count(send.sent)}</td>
                    <td>{count(send.retrying)}</td>
                    <td>{send.failed ? <span className="staff-updates__failed">{count(send.failed)}</span> : '0'}</td>
                    <td>{count(send.held)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {withheld ? (
        <p className="field__hint">
          The counts of an e-mail to an audience list are shown to staff who manage subscribers (and, for a private update, accounts): they would tell which addresses were left
          out.
        </p>
      ) : null}
      {held ? (
        <p className="field__hint">
          Held: no e-mail transport is configured, so these messages are kept in the <Link to="/settings/outbox">outbox</Link>.
        </p>
      ) : null}
    </div>
  )
}
