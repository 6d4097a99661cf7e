import { Form, Link, useLocation } from 'react-router'
import type { CardView, ItemView, PortalView } from './types'
import { CardKindIcon, CheckIcon, ExpandIcon, LockIcon, ProgressIcon } from '~/components/icons'
import { formatDate, withQuery } from '~/lib/format'
import type { LockedNote } from '~/lib/portal-view'
import { CardMenu } from './editing/card-menu'
import { StateTag, stateClass } from './state-tag'

export function itemHref(view: PortalView, item: Pick<ItemView, 'slug'>) {
  return `${view.product.itemBase}/${item.slug}`
}

export function cardHref(view: PortalView, kind: string) {
  return withQuery(view.product.home, '', { card: kind })
}

export function LockBadge() {
  return (
    <span className="lock-badge">
      <LockIcon size={14} label="Restricted" />
    </span>
  )
}

export function ItemStateIcon({ item }: { item: ItemView }) {
  if (item.locked) return <LockIcon size={18} label="Restricted" />
  if (item.enabledState === 'WorkInProgress') return <ProgressIcon size={18} label="In Progress" />
  return <CheckIcon size={18} label="Enabled" />
}

/** "Get access" for a locked item: opens the access request on the request tab. */
export function GetAccessLink({ view, item }: { view: PortalView; item: Pick<ItemView, 'uid'> & { title?: string } }) {
  const location = useLocation()
  // A signed-in member waiting on the NDA signs it; one whose profile lacks the item asks the org.
  if (view.visitor?.ndaPending) {
    return (
      <Link className="get-access" to={withQuery(location.pathname, location.search, { nda: 'sign' })} preventScrollReset>
        Sign NDA to view
      </Link>
    )
  }
  // A member asks staff for what their profile lacks (an extra-access request, decision 057): a plain form.
  if (view.visitor?.account) {
    return (
      <Form method="post" action={location.pathname + location.search} className="get-access-form" preventScrollReset>
        <input type="hidden" name="intent" value="request-item" />
        <input type="hidden" name="itemUid" value={item.uid} />
        <button type="submit" className="link-button get-access" aria-label={item.title ? `Request access to ${item.title}` : undefined}>
          Request access
        </button>
      </Form>
    )
  }
  // This browser's request is pending: not offered again (the banner says so too).
  if (view.visitor?.pendingRequest) return <span className="get-access get-access--locked">Access requested</span>
  return (
    <Link className="get-access" to={withQuery(location.pathname, location.search, { requestAccess: 'true', itemUid: item.uid })} preventScrollReset>
      Get access
    </Link>
  )
}

/** What staff tell visitors without access about a locked item or document: its summary, type and date. */
export function LockedNoteText({ note }: { note: LockedNote }) {
  const meta = [note.type, note.date ? formatDate(note.date) : null].filter(Boolean).join(' · ')
  return (
    <>
      {note.summary ? <span className="locked-note__summary">{note.summary}</span> : null}
      {meta ? <span className="locked-note__meta">{meta}</span> : null}
    </>
  )
}

export function CardIcon({ card }: { card: Pick<CardView, 'iconUrl' | 'kind'> }) {
  if (card.iconUrl) {
    return (
      <img
        className="card-icon"
        src={card.iconUrl}
        alt=""
        width={20}
        height={20}
        onError={(event) => {
          event.currentTarget.src = '/images/card-icon-generic.svg'
        }}
      />
    )
  }
  return (
    <span className="card-icon">
      <CardKindIcon kind={card.kind} size={20} />
    </span>
  )
}

/** A card's place on the page, for the section navigation's links. */
export const cardAnchor = (kind: CardView['kind']) => `card-${kind}`

export function CardGrid({ view }: { view: PortalView }) {
  if (!view.cards.length) return null
  return (
    <section className="card-grid" aria-label="Security practices">
      {view.cards.map((card) => (
        <GenericCard key={card.kind} view={view} card={card} />
      ))}
    </section>
  )
}

function GenericCard({ view, card }: { view: PortalView; card: CardView }) {
  const titleId = `card-${card.kind}-title`
  const href = cardHref(view, card.kind)
  return (
    <article className={`card${card.hidden ? ' card--hidden' : ''}`} id={cardAnchor(card.kind)} aria-labelledby={titleId} data-card={card.kind}>
      <header className="card__header">
        <CardIcon card={card} />
        <h3 id={titleId}>
          <Link to={href} preventScrollReset data-card-trigger={card.kind}>
            {card.title}
          </Link>
        </h3>
        {card.itemCount ? <span className="card__count">{card.itemCount === 1 ? '1 item' : `${card.itemCount} items`}</span> : null}
        {card.hidden ? <span className="tag">Hidden</span> : null}
        {view.editor ? (
          <CardMenu view={view} kind={card.kind} title={card.title} />
        ) : (
          <Link className="icon-button" to={href} preventScrollReset aria-label={`Expand ${card.title}`}>
            <ExpandIcon size={16} />
          </Link>
        )}
      </header>
      {card.displayText ? <p className="card__text">{card.displayText}</p> : null}
      {card.items.length ? (
        <ul className="card__items">
          {card.items.map((item) => (
            <li key={item.uid} className={stateClass('card__item', item.state)}>
              <ItemStateIcon item={item} />
              <Link to={itemHref(view, item)} preventScrollReset>
                {item.title}
              </Link>
              {item.enabledState === 'WorkInProgress' ? <span className="tag tag--warning">In Progress</span> : null}
              {item.kind === 'SecurityGrades' && item.grades?.[0] ? <GradeBadge grade={item.grades[0]} /> : null}
              {item.choice ? <span className="card__answer">{item.choice.answer}</span> : null}
              <StateTag state={item.state} />
            </li>
          ))}
        </ul>
      ) : view.editor ? (
        <Link className="button button--secondary button--small" to={withQuery(view.product.home, '', { card: card.kind, edit: 'true' })} preventScrollReset>
          Add Items
        </Link>
      ) : (
        <p className="card__placeholder">{card.placeholder || 'Nothing to show here yet.'}</p>
      )}
      {card.itemCount > card.items.length ? (
        <Link className="card__more" to={href} preventScrollReset>
          View more
        </Link>
      ) : null}
    </article>
  )
}

export function GradeBadge({ grade }: { grade: NonNullable<ItemView['grades']>[number] }) {
  if (!grade.grade) return null
  return <span className={`grade grade--${grade.colour}`}>{grade.grade}</span>
}
