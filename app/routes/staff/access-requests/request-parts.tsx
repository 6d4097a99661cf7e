// What the access queue and a request's own page both show of a request.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { formatDate, formatDateTime } from '~/lib/format'

const DAY_MS = 86_400_000

/** "today", "yesterday", "3 days ago", then the date: how long a request has waited, at a glance. */
export function ago(at: string, now = new Date()) {
  const days = Math.floor((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - Date.parse(at.slice(0, 10))) / DAY_MS)
  if (days <= 0) return 'today'
  if (days === 1) return 'yesterday'
  if (days < 30) return `${days} days ago`
  return formatDate(at)
}

/** When, relative, with the full date and time in a tooltip (and to a screen reader, through `dateTime`). */
export function Ago({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)} suppressHydrationWarning>
      {ago(at)}
    </time>
  )
}

export function RequestStatus({
  request,
}: {
  request: { status: string; statusLabel: string; decidedAt: string | null; decidedAccountName: string | null; decidedBy: string | null }
}) {
  return (
    <>
      <span className={`tag request-status request-status--${request.status.startsWith('declined') ? 'declined' : request.status}`}>{request.statusLabel}</span>
      {request.decidedAt ? (
        <span className="request-status__by">
          {request.decidedAccountName ? `${request.decidedAccountName}, ` : ''}
          {request.decidedBy ? `by ${request.decidedBy}, ` : ''}
          {formatDate(request.decidedAt)}
        </span>
      ) : null}
    </>
  )
}

/**
 * The account whose domain is the requester's: a link to it for staff who may open accounts, its name for the
 * others (a link they would follow to a 403).
 */
export function DomainAccount({ account, linked, none }: { account: { id: string; name: string } | null; linked: boolean; none: ReactNode }) {
  if (!account) return <>{none}</>
  return linked ? <Link to={`/accounts?account=${account.id}`}>{account.name}</Link> : <>{account.name}</>
}
