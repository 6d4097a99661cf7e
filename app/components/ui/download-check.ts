import { useEffect, useRef } from 'react'

// A document download is a link with `download` to one of the portal's document routes: without JavaScript the
// browser fetches it and reports a failure in its own downloads list. With JavaScript the page asks first,
// with a HEAD the file route checks exactly as it would the download but neither reads, stamps nor counts,
// and shows the spec's failure snack instead of a broken download; a download that is there goes ahead as
// the same link would have.

const CHECKED = 'data-download-checked'
/** The portal's document routes (files and bridge letters), whose HEAD is checked without being counted; not staff exports. */
const DOCUMENT_PATH = /\/(files|letters)\/[^/]+/

/** Calls `onFailure` for each download on the page that would fail. */
export function useDownloadFailures(onFailure: () => void) {
  const failed = useRef(onFailure)
  failed.current = onFailure
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[download][href]') : null
      if (!link || link.hasAttribute(CHECKED)) return
      const target = new URL(link.href)
      if (target.origin !== window.location.origin || !DOCUMENT_PATH.test(target.pathname)) return
      event.preventDefault()
      void fetch(link.href, { method: 'HEAD', credentials: 'same-origin' })
        .then((answer) => answer.ok)
        .catch(() => false)
        .then((ok) => (ok ? download(link) : failed.current()))
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [])
}

/** Follows the link as the browser would have, once, without asking again. */
function download(link: HTMLAnchorElement) {
  const copy = document.createElement('a')
  copy.href = link.href
  copy.download = link.download
  copy.setAttribute(CHECKED, '')
  copy.hidden = true
  document.body.append(copy)
  copy.click()
  copy.remove()
}
