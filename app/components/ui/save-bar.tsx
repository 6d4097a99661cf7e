import { useEffect, useState } from 'react'

/**
 * A form's unsaved-changes state (decision 059): dirty from the first input until the form is sent, and dirty
 * again when the server refuses it. While dirty, leaving the page asks first (beforeunload). Without
 * JavaScript none of this runs and the form simply has its Save button.
 */
export function useUnsavedChanges(refused: boolean) {
  const [dirty, setDirty] = useState(false)
  useEffect(() => {
    if (refused) setDirty(true)
  }, [refused])
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
  return { dirty, markDirty: () => setDirty(true), markSaved: () => setDirty(false) }
}

/** A form's save bar, sticky at the bottom of the window while the form is in view: the Save button and, once a field changes, "Unsaved changes". */
export function SaveBar({ label, saving, dirty }: { label: string; saving: boolean; dirty: boolean }) {
  return (
    <div className="save-bar">
      <p className="save-bar__status" role="status">
        {dirty ? 'Unsaved changes' : ''}
      </p>
      <button type="submit" className="button button--primary" disabled={saving}>
        {label}
      </button>
    </div>
  )
}
