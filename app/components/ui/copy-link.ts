import { useEffect, useState } from 'react'

// Copy link (spec: portal shell section 8, the link copy tooltips): "Link copied" once the clipboard took it,
// "Copy link from the address bar" when the browser refused (no clipboard, an insecure origin, a denied
// permission); each reads for a few seconds, then the button is "Copy link" again.

export type CopyState = 'idle' | 'copied' | 'refused'

export const COPY_LINK_LABELS: Record<CopyState, string> = {
  idle: 'Copy link',
  copied: 'Link copied',
  refused: 'Copy link from the address bar',
}

/** The copy's state and the function that copies; it resolves true when the clipboard took the link. */
export function useCopyLink(): [CopyState, (url: string) => Promise<boolean>] {
  const [state, setState] = useState<CopyState>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 3000)
    return () => clearTimeout(timer)
  }, [state])
  const copy = async (url: string) => {
    const copied = await (navigator.clipboard?.writeText(url).then(() => true) ?? Promise.resolve(false)).catch(() => false)
    setState(copied ? 'copied' : 'refused')
    return copied
  }
  return [state, copy]
}
