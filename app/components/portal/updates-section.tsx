import { useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { PortalView, UpdateView } from './types'
import { LinkIcon, PinIcon } from '~/components/icons'
import { COPY_LINK_LABELS, useCopyLink } from '~/components/ui/copy-link'
import { formatDate, withQuery } from '~/lib/format'
import { UPDATE_CATEGORY_LABELS, type UpdateCategory } from '~/lib/update-categories'
import { SubscribeLink, subscribable } from './subscribe-link'

export function UpdatesSection({ view }: { view: PortalView }) {
  const updates = view.updates
  const location = useLocation()
  useEffect(() => {
    if (updates?.highlighted) document.getElementById(`update-${updates.highlighted}`)?.scrollIntoView({ block: 'center' })
  }, [updates?.highlighted])
  if (!updates || !updates.items.length) return null
  const page = (number: number) => withQuery(location.pathname, location.search, { updatesPage: String(number), tcuUid: null }) + '#updates'

  return (
    <section className="panel updates" id="updates" aria-labelledby="updates-title">
      <div className="updates__header">
        <h2 id="updates-title">{updates.title}</h2>
        {subscribable(view) ? <SubscribeLink source="trust_center_updates_button" className="button button--secondary button--small" /> : null}
      </div>
      <ol className="updates__list">
        {updates.items.map((update) => (
          <UpdateEntry key={update.id} view={view} update={update} highlighted={update.id === updates.highlighted} />
        ))}
      </ol>
      {updates.pageCount > 1 ? (
        <nav className="pagination" aria-label="Updates pages">
          {updates.page > 1 ? (
            <Link to={page(updates.page - 1)} preventScrollReset>
              Previous
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
          <span>
            Page {updates.page} of {updates.pageCount}
          </span>
          {updates.page < updates.pageCount ? (
            <Link to={page(updates.page + 1)} preventScrollReset>
              Next
            </Link>
          ) : (
            <span aria-hidden="true" />
          )}
        </nav>
      ) : null}
    </section>
  )
}

function UpdateEntry({ view, update, highlighted }: { view: PortalView; update: UpdateView; highlighted: boolean }) {
  const [copyState, copyLink] = useCopyLink()
  const navigate = useNavigate()
  const permalink = withQuery(view.product.home, '', { tcuUid: update.id })
  const copy = async (event: React.MouseEvent) => {
    event.preventDefault()
    // Refused, the page goes to the update's own address, to be copied from the address bar.
    if (!(await copyLink(new URL(permalink, window.location.href).toString()))) void navigate(permalink, { preventScrollReset: true })
  }
  return (
    <li id={`update-${update.id}`} className={`update${highlighted ? ' update--highlighted' : ''}`} aria-current={highlighted ? 'true' : undefined}>
      <div className="update__meta">
        <span className={`tag tag--${update.category}`}>{UPDATE_CATEGORY_LABELS[update.category as UpdateCategory] ?? update.category}</span>
        <span className="update__topic">{update.subject}</span>
        <time dateTime={update.createdAt}>{formatDate(update.createdAt)}</time>
        {update.pinned ? (
          <span className="update__pinned">
            <PinIcon size={14} /> Pinned
          </span>
        ) : null}
      </div>
      <h3>{update.title}</h3>
      <p>{update.message}</p>
      <a className="update__copy" href={permalink} onClick={copy}>
        <LinkIcon size={14} /> {COPY_LINK_LABELS[copyState]}
      </a>
      <span className="visually-hidden" role="status">
        {copyState === 'idle' ? '' : COPY_LINK_LABELS[copyState]}
      </span>
    </li>
  )
}
