import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { CloseIcon } from '~/components/icons'

/** A link the toast offers beside its message ("View account"): a path on this site. */
export interface ToastAction {
  label: string
  href: string
}

/**
 * The flash message after a redirect: announced politely, dismissed after five seconds (or `duration` ms) with
 * JavaScript; one with an action stays twice as long, so the link can be reached.
 */
export function Toast({
  message,
  action = null,
  tone = 'success',
  duration = 5000,
}: {
  message: string | null
  action?: ToastAction | null
  tone?: 'success' | 'error'
  duration?: number
}) {
  const [shown, setShown] = useState(message)
  const lasts = action ? duration * 2 : duration
  useEffect(() => {
    setShown(message)
    if (!message) return
    const timer = setTimeout(() => setShown(null), lasts)
    return () => clearTimeout(timer)
  }, [message, lasts])
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {shown ? (
        <div className={`toast toast--${tone}`}>
          <span>{shown}</span>
          {action ? (
            <Link to={action.href} className="toast__action" onClick={() => setShown(null)}>
              {action.label}
            </Link>
          ) : null}
          <button type="button" className="icon-button toast__close" aria-label="Dismiss" onClick={() => setShown(null)}>
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
    </div>
  )
}
