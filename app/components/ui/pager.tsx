import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** Previous, where we are, and next, under a staff table: plain links, so paging works without JavaScript. */
export function Pager({
  label,
  previous,
  next,
  children,
  previousLabel = 'Previous',
  nextLabel = 'Next',
}: {
  label: string
  /** The previous page's link, or null on the first. */
  previous: string | null
  /** The next page's link, or null on the last. */
  next: string | null
  children: ReactNode
  previousLabel?: string
  nextLabel?: string
}) {
  return (
    <nav className="pagination" aria-label={label}>
      {previous ? <Link to={previous}>{previousLabel}</Link> : <span />}
      <span>{children}</span>
      {next ? <Link to={next}>{nextLabel}</Link> : <span />}
    </nav>
  )
}
