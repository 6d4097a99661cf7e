import { useEffect, type RefObject } from 'react'
import { useNavigate } from 'react-router'

/**
 * Focus handling for a modal rendered from the URL: focus moves in on open, Tab stays inside, Escape
 * navigates to `closeHref`, and focus returns to what opened it (or `fallbackSelector`) on close.
 */
export function useModalFocus(panel: RefObject<HTMLElement | null>, closeHref: string, options: { initialFocus?: string; fallbackSelector?: string } = {}) {
  const navigate = useNavigate()
  const { initialFocus, fallbackSelector } = options
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    const initial = initialFocus ? document.getElementById(initialFocus) : null
    if (initial) {
      initial.scrollIntoView({ block: 'start' })
      initial.focus({ preventScroll: true })
    } else {
      const autofocus = panel.current?.querySelector<HTMLElement>('[autofocus], input:not([type=hidden]), textarea, select')
      ;(autofocus ?? panel.current)?.focus()
    }
    const onKey = (event: KeyboardEvent) => {
      // A control inside (a combobox, a menu) that handled the key itself keeps it.
      if (event.defaultPrevented) return
      if (event.key === 'Escape') {
        // Only the topmost modal closes (a dialog opened over the drawer is later in the page).
        const modals = document.querySelectorAll('[aria-modal="true"]')
        if (modals[modals.length - 1] !== panel.current) return
        event.preventDefault()
        // A form inside with unsaved changes (the item editor marks itself data-dirty) asks first.
        if (panel.current?.querySelector('form[data-dirty="true"]') && !window.confirm('You have unsaved changes. Discard them?')) return
        navigate(closeHref, { preventScrollReset: true })
      } else if (event.key === 'Tab') {
        trapFocus(event, panel.current)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      const fallback = fallbackSelector ? document.querySelector<HTMLElement>(fallbackSelector) : null
      ;(opener && document.contains(opener) ? opener : fallback)?.focus({ preventScroll: true })
    }
  }, [panel, closeHref, navigate, initialFocus, fallbackSelector])
}

function trapFocus(event: KeyboardEvent, container: HTMLElement | null) {
  if (!container) return
  const focusable = [
    ...container.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'),
  ]
  if (!focusable.length) return
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  if (event.shiftKey && (document.activeElement === first || document.activeElement === container)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}
