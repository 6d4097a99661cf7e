import type { KeyboardEvent } from 'react'
import type { PortalView } from './types'
import { SubscribeLink, subscribable } from './subscribe-link'
import { useHydrated } from '~/components/ui/use-hydrated'
import { useCopyLink } from '~/components/ui/copy-link'

// The Share popover (spec section 2.8): a disclosure, so it opens and its links work without JavaScript;
// Copy link is then a read-only field to copy by hand, as it is when the browser refuses the clipboard. It is on the public page's first load, so it stays
// small: no dependency, no dialog machinery. It shares the portal's public URL, never this page's query.

/**
 * Share and Subscribe (spec section 2.9): a fixed floating stack on the left of large screens, a card at the
 * page's end on small ones, where a member's Subscribe is left out (spec: hidden on small screens in
 * AccountExternal mode; the updates section offers it too).
 */
export function ShareAndSubscribe({ view }: { view: PortalView }) {
  return (
    // A landmark of its own, outside main and the footer.
    <aside aria-label="Share and subscribe" className="float-stack">
      <SharePopover view={view} />
      {subscribable(view) ? (
        <SubscribeLink
          source="subscribe_button"
          className={`button button--secondary float-stack__subscribe${view.mode === 'AccountExternal' ? ' float-stack__subscribe--member' : ''}`}
        />
      ) : null}
    </aside>
  )
}

export function SharePopover({ view }: { view: PortalView }) {
  const hydrated = useHydrated()
  const [copyState, copyLink] = useCopyLink()
  const url = view.portal.portalUrl
  const name = `${view.org.name} ${view.portal.title}`
  const off = !view.visitor?.sharePublished
  const link = (label: string, href: string, newTab: boolean) =>
    off ? (
      // eslint-disable-next-line jsx-a11y/anchor-is-valid -- a disabled link has no address on purpose (aria-disabled)
      <a className="share__action" role="link" aria-disabled="true">
        {label}
      </a>
    ) : (
      <a className="share__action" href={href} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {label}
      </a>
    )
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from inside the popover closes it
    <details className="share" onKeyDown={closeOnEscape}>
      <summary className="button button--secondary">Share</summary>
      <div className="share__popover" role="group" aria-labelledby="share-title">
        <h2 id="share-title">Share the {name}</h2>
        {off ? <p>Share links will be disabled until a public portal is published</p> : null}
        {hydrated && copyState !== 'refused' ? (
          <button type="button" className="share__action" disabled={off} aria-live="polite" onClick={() => void copyLink(url)}>
            {copyState === 'copied' ? 'Copied!' : 'Copy link'}
          </button>
        ) : (
          <label className="share__copy">
            Copy link
            <input readOnly disabled={off} value={off ? '' : url} />
          </label>
        )}
        {link('Share to LinkedIn', `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`, true)}
        {link('Share via email', `mailto:?subject=${encodeURIComponent(name)}&body=${encodeURIComponent(url)}`, false)}
      </div>
    </details>
  )
}

/** Escape closes the popover and puts focus back on its button, as a menu would. */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  if (event.key !== 'Escape' || !event.currentTarget.open) return
  event.currentTarget.open = false
  event.currentTarget.querySelector('summary')?.focus()
}
