// The "Search items" box in the portal header (spec search-ai-and-widgets 2.1). Without JavaScript it is a
// GET form to the results page. With JavaScript a click, typing or Ctrl/Cmd+K opens the search dialog, a
// chunk of its own (search-dialog.tsx); Escape closes it and the box takes focus back. Part of the page's
// first bundle, so it stays this small. Focus alone (Tab) does not open it: a change of context on
// focus would trap keyboard users moving through the header (WCAG 3.2.1).
import { Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { onDemand } from '~/components/on-demand'
import { SearchIcon } from '~/components/icons'
import { SEARCH_QUERY_MAX } from '~/lib/search'
import type { PortalView } from '../types'

const dialog = onDemand(() => import('./search-dialog'))
const SearchDialog = dialog.component('SearchDialog')
const prefetch = () => void dialog.load()

export function SearchBox({ view }: { view: PortalView }) {
  const location = useLocation()
  const keep = keptParams(view, location.search)
  const box = useRef<HTMLInputElement>(null)
  // The dialog's first query while it is open (what was typed in the box), null while closed.
  const [opened, setOpened] = useState<string | null>(null)
  const refocus = useRef(false)
  const open = () => {
    prefetch()
    setOpened(box.current?.value ?? '')
    // Until the dialog's chunk is in, what is typed goes into the box and on into the dialog.
    box.current?.focus()
  }
  const close = () => {
    if (box.current) box.current.value = ''
    refocus.current = true
    setOpened(null)
  }
  // Focus comes back once the dialog is gone (while it is open the box is inert). Blurred first: focus the
  // closing <dialog> gave back can leave Chromium's input refusing typing until it is focused anew.
  useEffect(() => {
    if (opened !== null || !refocus.current) return
    refocus.current = false
    box.current?.blur()
    box.current?.focus()
  }, [opened])
  const openRef = useRef(open)
  openRef.current = open
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        openRef.current()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  return (
    <>
      <form
        className="search-box"
        role="search"
        aria-label={`Search ${view.portal.title}`}
        method="get"
        action={view.portal.search.action}
        onSubmit={(event) => {
          event.preventDefault()
          open()
        }}
      >
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <span className="search-field">
          <SearchIcon size={16} />
          <input
            ref={box}
            type="search"
            name="q"
            aria-label="Search items"
            placeholder="Search items"
            maxLength={SEARCH_QUERY_MAX}
            autoComplete="off"
            aria-keyshortcuts="Control+K Meta+K"
            onPointerEnter={prefetch}
            onFocus={prefetch}
            onClick={open}
            onChange={open}
          />
        </span>
      </form>
      {opened !== null ? (
        <Suspense fallback={null}>
          <SearchDialog view={view} keep={keep} initial={opened} onClose={close} />
        </Suspense>
      ) : null}
    </>
  )
}

/** What a search keeps of the page: a product other than the default, a preview's account or permission profile. */
function keptParams(view: PortalView, search: string) {
  const keep: Record<string, string> = {}
  if (view.product.home !== `${view.portal.basePath}/`) keep.product = view.product.slug
  if (view.mode === 'Preview') {
    const params = new URLSearchParams(search)
    for (const name of ['accountId', 'permissionProfileId']) {
      const value = params.get(name)
      if (value) keep[name] = value
    }
  }
  return keep
}
