import { Form, Link, useLocation } from 'react-router'
import type { PortalView } from '../types'
import { dialogHref } from './links'

/** Main mode: what staff can do from the portal page itself. */
export function StaffBar({ view }: { view: PortalView }) {
  const location = useLocation()
  if (view.mode !== 'Main') return null
  return (
    <div className="staff-bar" role="region" aria-label="Staff tools">
      <span className="staff-bar__label">{view.editor ? 'You are editing this Trust Center' : 'You are viewing this Trust Center as staff (read-only)'}</span>
      {view.editor ? (
        <>
          <Link to={dialogHref(location, 'reorderSections')} preventScrollReset className="button button--small button--secondary">
            Re-order sections
          </Link>
          <Link to={dialogHref(location, 'reorderCards')} preventScrollReset className="button button--small button--secondary">
            Re-order cards
          </Link>
        </>
      ) : null}
      <Link to="/members" className="button button--small button--secondary">
        Workspace
      </Link>
      <Form method="post" action="/logout">
        <button type="submit" className="button button--small button--secondary">
          Log out
        </button>
      </Form>
    </div>
  )
}
