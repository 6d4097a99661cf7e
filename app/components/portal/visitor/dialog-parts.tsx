// What the visitor dialogs share: the query parameters they open with (closing one clears them all), the
// page's own URL their forms post to, the portal's name in their copy, the terms links and the honeypot.
import { useLocation } from 'react-router'
import type { PortalView } from '~/lib/portal-view'
import { withQuery } from '~/lib/format'
import { VISITOR_DIALOG_PARAMS } from '~/lib/portal-query'

export function useCloseHref() {
  const location = useLocation()
  return withQuery(location.pathname, location.search, Object.fromEntries(VISITOR_DIALOG_PARAMS.map((name) => [name, null])))
}

export function useHere() {
  const location = useLocation()
  return location.pathname + location.search
}

export const portalOf = (view: PortalView) => `${view.org.name}'s ${view.portal.title}`

/** The org's terms or privacy page in a new tab; the words alone when the org has none. */
export function TermsLink({ href, children }: { href: string | null; children: string }) {
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <>{children}</>
  )
}

export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  )
}
