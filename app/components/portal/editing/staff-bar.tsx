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
      {view.visitor?.previewTargets ? <PreviewPicker view={view} targets={view.visitor.previewTargets} /> : null}
      <Link to={`${view.product.home}?viewAs=public`} className="button button--small button--secondary">
        View as public
      </Link>
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

/** Preview: the portal as an account or a permission profile sees it; a disclosure of links, so no JavaScript is needed. */
function PreviewPicker({ view, targets }: { view: PortalView; targets: NonNullable<NonNullable<PortalView['visitor']>['previewTargets']> }) {
  if (!targets.accounts.length && !targets.profiles.length) return null
  const home = view.product.home
  return (
    <details className="preview-picker">
      <summary className="button button--small button--secondary">Preview as…</summary>
      <div className="preview-picker__menu">
        {targets.accounts.length ? (
          <nav aria-label="Preview as an account">
            <p>Accounts</p>
            <ul>
              {targets.accounts.map((account) => (
                <li key={account.id}>
                  <Link to={`${home}?accountId=${account.id}`}>{account.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {targets.profiles.length ? (
          <nav aria-label="Preview as a permission profile">
            <p>Permission profiles</p>
            <ul>
              {targets.profiles.map((profile) => (
                <li key={profile.id}>
                  <Link to={`${home}?permissionProfileId=${profile.id}`}>{profile.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </details>
  )
}
