import { Suspense, useRef } from 'react'
import { CommentsView } from './visitor-tools'
import { Link } from 'react-router'
import type { CardView, ItemView, PortalView } from './types'
import { CardIcon, GetAccessLink, GradeBadge, itemHref, ItemStateIcon, LockedNoteText } from './cards'
import { CloseIcon, DownloadIcon, EyeIcon, LinkIcon } from '~/components/icons'
import { RECURRENCE_LABELS } from '~/lib/card-kinds'
import { formatDate } from '~/lib/format'
import { useModalFocus } from '~/components/ui/use-modal'
import { ActionMenu } from '~/components/ui/menu'
import { dialogHref } from './editing/links'
import { StateTag, stateClass } from './state-tag'
import { ItemEditorForm } from './staff-tools'
import { withQuery } from '~/lib/format'
import { useLocation } from 'react-router'

/**
 * The expanded card: a right-hand drawer rendered by the server when the URL asks for it, so it opens
 * without JavaScript. With JavaScript, focus moves in, Escape closes it and focus goes back.
 */
export function CardDrawer({ view, card }: { view: PortalView; card: CardView }) {
  const panel = useRef<HTMLDivElement>(null)
  const closeHref = view.product.home
  useModalFocus(panel, closeHref, {
    initialFocus: view.openItemUid ? `item-${view.openItemUid}` : undefined,
    fallbackSelector: `[data-card-trigger="${card.kind}"]`,
  })

  const titleId = 'drawer-title'
  return (
    <div className="drawer-layer">
      <Link
        className="drawer-backdrop"
        to={closeHref}
        preventScrollReset
        aria-hidden="true"
        tabIndex={-1}
        onClick={(event) => {
          if (panel.current?.querySelector('form[data-dirty="true"]') && !window.confirm('You have unsaved changes. Discard them?')) event.preventDefault()
        }}
      />
      <div className="drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panel} tabIndex={-1}>
        <div className="drawer__header">
          <CardIcon card={card} />
          <h2 id={titleId}>{card.title}</h2>
          {view.editor && !view.editor.editing ? (
            <Link className="button button--secondary button--small" to={withQuery(view.product.home, '', { card: card.kind, edit: 'true' })} preventScrollReset>
              Edit
            </Link>
          ) : null}
          <Link
            className="icon-button"
            to={closeHref}
            preventScrollReset
            aria-label="Close"
            onClick={(event) => {
              if (panel.current?.querySelector('form[data-dirty="true"]') && !window.confirm('You have unsaved changes. Discard them?')) event.preventDefault()
            }}
          >
            <CloseIcon />
          </Link>
        </div>
        {card.displayText ? <p className="drawer__text">{card.displayText}</p> : null}
        <div className="drawer__body">
          {view.editor?.editing && view.editor.editItems ? (
            <Suspense fallback={<p className="empty">Loading the editor…</p>}>
              <ItemEditorForm view={view} card={card} items={view.editor.editItems} />
            </Suspense>
          ) : card.items.length ? (
            card.items.map((item) => <ItemDetail key={item.uid} view={view} item={item} open={item.uid === view.openItemUid} />)
          ) : (
            <p className="card__placeholder">{card.placeholder || 'Nothing to show here yet.'}</p>
          )}
        </div>
      </div>
    </div>
  )
}

function ItemDetail({ view, item, open }: { view: PortalView; item: ItemView; open: boolean }) {
  const titleId = `item-${item.uid}-title`
  return (
    <article id={`item-${item.uid}`} className={`${stateClass('item', item.state)}${open ? ' item--open' : ''}`} aria-labelledby={titleId} tabIndex={-1}>
      <header className="item__header">
        <ItemStateIcon item={item} />
        {item.logo ? <img src={item.logo} alt="" width={32} height={32} /> : null}
        <h3 id={titleId}>{item.title}</h3>
        {item.enabledState === 'WorkInProgress' ? <span className="tag tag--warning">In Progress</span> : null}
        <StateTag state={item.state} />
        <Link className="icon-button" to={itemHref(view, item)} preventScrollReset aria-label={`Permalink to ${item.title}`}>
          <LinkIcon size={16} />
        </Link>
        {view.editor ? <ItemMenu item={item} /> : null}
      </header>
      {item.locked ? (
        <div className="item__locked">
          {item.lockedNote ? (
            <p className="locked-note">
              <LockedNoteText note={item.lockedNote} />
            </p>
          ) : (
            <p>This information is available to approved reviewers.</p>
          )}
          <GetAccessLink view={view} item={item} />
        </div>
      ) : (
        <ItemContent item={item} />
      )}
      {open && view.visitor?.comments?.itemUid === item.uid ? (
        <Suspense fallback={null}>
          <CommentsView comments={view.visitor.comments} />
        </Suspense>
      ) : null}
      {item.lastModified ? (
        <footer className="item__footer">
          Modified at {formatDate(item.lastModified.on)}
          {item.lastModified.by ? ` by ${item.lastModified.by}` : ''}
        </footer>
      ) : null}
    </article>
  )
}

/** Item actions for staff outside edit mode: move item, custom URL, delete a custom item. */
function ItemMenu({ item }: { item: ItemView }) {
  const location = useLocation()
  const entries = [
    { label: 'Move item', href: dialogHref(location, 'moveItem', item.uid) },
    { label: 'Custom URL', href: dialogHref(location, 'customUrl', item.uid) },
    ...(item.custom ? [{ label: 'Delete item', href: dialogHref(location, 'deleteCustomItem', item.uid) }] : []),
  ]
  return <ActionMenu label={`Actions for ${item.title}`} entries={entries} />
}

function ItemContent({ item }: { item: ItemView }) {
  const facts: [string, string][] = []
  if (item.itemType) facts.push(['Type', item.itemType])
  if (item.auditor) facts.push(['Auditor', item.auditor])
  if (item.expiresOn) facts.push(['Expires', formatDate(item.expiresOn)])
  if (item.maturity) facts.push(['Maturity', item.maturity])
  if (item.recurrence) facts.push(['Frequency', RECURRENCE_LABELS[item.recurrence as keyof typeof RECURRENCE_LABELS] ?? item.recurrence])
  if (item.choice) facts.push([item.choice.question, item.choice.answer])
  return (
    <div className="item__content">
      {item.explanation ? <p className="item__explanation">{item.explanation}</p> : null}
      {facts.length ? (
        <dl className="item__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {item.grades?.length ? (
        <ul className="grades">
          {item.grades.map((grade, index) => (
            <li key={index}>
              <span className="grades__label">
                {grade.url ? (
                  <a href={grade.url} rel="noopener noreferrer" target="_blank">
                    {grade.label}
                  </a>
                ) : (
                  grade.label
                )}
              </span>
              {grade.description ? <span className="grades__description">{grade.description}</span> : null}
              <GradeBadge grade={grade} />
            </li>
          ))}
        </ul>
      ) : null}
      {item.href ? (
        <p>
          <a href={item.href} rel="noopener noreferrer" target="_blank">
            Learn more
          </a>
        </p>
      ) : null}
      {item.files?.length ? (
        <ul className="files">
          {item.files.map((file) => (
            <li key={file.id}>
              <span className="files__name">{file.name}</span>
              <a className="button button--small button--secondary" href={file.viewerUrl ?? file.viewUrl} target="_blank" rel="noopener">
                <EyeIcon size={14} /> View
              </a>
              {file.downloadUrl ? (
                <a className="button button--small button--secondary" href={file.downloadUrl} download={file.name}>
                  <DownloadIcon size={14} /> Download
                </a>
              ) : (
                <span className="files__note">View only</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
