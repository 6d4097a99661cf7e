import { useEffect, useState } from 'react'
import { CloseIcon } from '~/components/icons'

/** The flash message after a redirect: announced politely, dismissed after five seconds (or `duration` ms) with JavaScript. */
export function Toast({ message, tone = 'success', duration = 5000 }: { message: string | null; tone?: 'success' | 'error'; duration?: number }) {
  const [shown, setShown] = useState(message)
  useEffect(() => {
    setShown(message)
    if (!message) return
    const timer = setTimeout(() => setShown(null), duration)
    return () => clearTimeout(timer)
  }, [message, duration])
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {shown ? (
        <div className={`toast toast--${tone}`}>
          <span>{shown}</span>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setShown(null)}>
            <CloseIcon size={14} />
          </button>
        </div>
      ) : null}
    </div>
  )
}
