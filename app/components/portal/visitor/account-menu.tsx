// The signed-in visitor's account dropdown, and the banner staff see while previewing the portal as an account.
import { Form, Link, useLocation } from 'react-router'
import type { PortalView, VisitorView } from '~/lib/portal-view'
import { withQuery } from '~/lib/format'
import { useHydrated } from '~/components/ui/use-hydrated'
import { useMenuButton } from '~/components/ui/menu'
import { ChevronIcon } from '~/components/icons'

/** The account dropdown: the WAI-ARIA menu button with JavaScript, a disclosure without it. */
export function AccountMenu({ view, visitor }: { view: PortalView; visitor: VisitorView }) {
  const account = visitor.account!
  const location = useLocation()
  const hydrated = useHydrated()
  const { open, close, buttonProps, menuProps } = useMenuButton()
  const ndaAction = `${view.portal.basePath}/nda`

  const details = (
    <div className="account-menu__details">
      <p className="account-menu__title">Review of {view.org.name}</p>
      <p>
        {account.name} · {account.accountName}
      </p>
      <p>{account.gainedAccess}</p>
      <p>{account.ndaType}</p>
      {account.signedByOther ? <p className="field__hint">(NDA signed by another user at your organization)</p> : null}
      <p className="field__hint">{account.reviewStatus}</p>
    </div>
  )
  const entries = (role: 'menuitem' | undefined) => (
    <>
      {account.canDownloadNda ? (
        <form method="post" action={ndaAction} role="none">
          <button type="submit" role={role} className="account-menu__item" tabIndex={role ? -1 : undefined}>
            Download NDA
          </button>
        </form>
      ) : null}
      <Link role={role} className="account-menu__item" tabIndex={role ? -1 : undefined} to={withQuery(location.pathname, location.search, { welcome: 'true' })} preventScrollReset>
        How to use this Trust Center?
      </Link>
      <Link
        role={role}
        className="account-menu__item"
        tabIndex={role ? -1 : undefined}
        to={withQuery(location.pathname, location.search, { inviteColleagues: 'true' })}
        preventScrollReset
      >
        Invite colleagues
      </Link>
      {visitor.tprm ? (
        <Link role={role} className="account-menu__item" tabIndex={role ? -1 : undefined} to={withQuery(location.pathname, location.search, { tprm: 'true' })} preventScrollReset>
          Send data to TPRM tool
        </Link>
      ) : null}
      {visitor.questionnairesOffered ? (
        <>
          <Link
            role={role}
            className="account-menu__item"
            tabIndex={role ? -1 : undefined}
            to={withQuery(location.pathname, location.search, { questionnaire: 'true', questionnaires: null })}
            preventScrollReset
          >
            Upload questionnaire
          </Link>
          <Link
            role={role}
            className="account-menu__item"
            tabIndex={role ? -1 : undefined}
            to={withQuery(location.pathname, location.search, { questionnaires: 'list', questionnaire: null })}
            preventScrollReset
          >
            Questionnaires
          </Link>
        </>
      ) : null}
      <Form method="post" action={location.pathname} role="none">
        <input type="hidden" name="intent" value="logout" />
        <button type="submit" role={role} className="account-menu__item" tabIndex={role ? -1 : undefined}>
          Log Out
        </button>
      </Form>
    </>
  )
  if (!hydrated) {
    return (
      <details className="account-menu">
        <summary className="button button--secondary button--small account-menu__button">
          {account.name}
          <ChevronIcon size={14} />
        </summary>
        <div className="account-menu__popup">
          {details}
          {entries(undefined)}
        </div>
      </details>
    )
  }
  return (
    <div className="account-menu">
      <button {...buttonProps} className="button button--secondary button--small account-menu__button">
        {account.name}
        <ChevronIcon size={14} />
      </button>
      {open ? (
        <div className="account-menu__popup">
          {details}
          {/* A chosen item closes the menu after its own action has started (a form must still be in the page to submit). */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- role="menu" via menuProps; the menu items handle keys, this only sees their clicks bubble */}
          <div {...menuProps} aria-label="Account" onClick={(event) => (event.target as HTMLElement).closest('[role="menuitem"]') && setTimeout(() => close(false))}>
            {entries('menuitem')}
          </div>
        </div>
      ) : null}
    </div>
  )
}

export function PreviewBanner({ visitor }: { visitor: VisitorView }) {
  const preview = visitor.preview!
  const who = [preview.accountName, preview.profileName && `profile ${preview.profileName}`].filter(Boolean).join(', ')
  return (
    <div className="preview-banner" role="region" aria-label="Preview">
      <span>
        Previewing as <strong>{who}</strong>: you see exactly what they see.
      </span>
      <Link to={preview.exitHref}>Exit preview</Link>
    </div>
  )
}
