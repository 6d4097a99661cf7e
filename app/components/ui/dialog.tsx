import { useId, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'
import { CloseIcon } from '~/components/icons'
import { useModalFocus } from './use-modal'

/**
 * A modal dialog the server renders when the URL asks for it, so it works without JavaScript; with
 * JavaScript focus moves in, Tab is trapped, Escape closes it and focus goes back to its opener.
 * `dismissOnBackdrop` false keeps it open on a backdrop click (Escape still closes it).
 */
export function Dialog({
  title,
  closeHref,
  children,
  size = 'medium',
  dismissOnBackdrop = true,
  description,
}: {
  title: string
  closeHref: string
  children: ReactNode
  size?: 'small' | 'medium' | 'large' | 'extra-large'
  dismissOnBackdrop?: boolean
  description?: string
}) {
  const panel = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  useModalFocus(panel, closeHref)
  return (
    <div className="dialog-layer">
      {dismissOnBackdrop ? <Link className="dialog-backdrop" to={closeHref} preventScrollReset aria-hidden="true" tabIndex={-1} /> : <div className="dialog-backdrop" />}
      <div
        className={`dialog dialog--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        ref={panel}
        tabIndex={-1}
      >
        <div className="dialog__header">
          <h2 id={titleId}>{title}</h2>
          <Link className="icon-button" to={closeHref} preventScrollReset aria-label="Close">
            <CloseIcon />
          </Link>
        </div>
        {description ? (
          <p className="dialog__description" id={descriptionId}>
            {description}
          </p>
        ) : null}
        <div className="dialog__body">{children}</div>
      </div>
    </div>
  )
}
