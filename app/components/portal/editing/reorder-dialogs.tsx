import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { Form, Link, useLocation, useNavigation } from 'react-router'
import { EyeIcon } from '~/components/icons'
import { Dialog } from '~/components/ui/dialog'
import { ActionMenu } from '~/components/ui/menu'
import { withQuery } from '~/lib/format'
import {
  applyDocumentsMove,
  applyMove,
  applySectionMove,
  canCombine,
  canMove,
  canSeparate,
  columnsOf,
  COMBINED_SECTION,
  dropDocument,
  formatIdList,
  isPermutationOf,
  isValidSectionOrder,
  moveIndex,
  orderOf,
  parseIdList,
  sameOrder,
  type DocumentColumn,
  type DocumentColumns,
  type DocumentsMove,
  type Move,
  type SectionMove,
} from '~/lib/reorder'
import { FIXED_SECTION_TITLES } from '~/lib/sections'
import type { CardView, ItemView, PortalView, SectionId } from '../types'
import { FormErrors, useIntentResult } from './card-dialogs'
import { useHydrated } from '~/components/ui/use-hydrated'
import { MoveButton } from './move-button'

// Re-order items, cards and sections. Without JavaScript the pending order lives in the URL (each move
// is a link to this dialog with ?order=...), and Save order posts it; with JavaScript sortablejs drags
// the rows and the same moves change local state. The server checks the whole order again.

type Location = { pathname: string; search: string }
type Intent = 'reorder.items' | 'reorder.cards' | 'reorder.sections'

const MOVES: Move[] = ['top', 'up', 'down', 'bottom']
const MOVE_LABELS: Record<Move, string> = { top: 'Move to top', up: 'Move up', down: 'Move down', bottom: 'Move to bottom' }
const PENDING_PARAMS = { order: null, featured: null }
const COLUMN_NAMES: Record<DocumentColumn, string> = { featured: 'Featured', other: 'Not featured' }

/** One move a row offers: a link to the pending order without JavaScript, `run` with it. */
interface RowAction {
  key: string
  label: string
  disabled: boolean
  href: string
  /** Applies the move; `focus` is the control (a selector within the row) to keep focus on. */
  run: (focus: string) => void
}

const rowId = (id: string) => `reorder-row-${id}`

function closeHref(location: Location) {
  return withQuery(location.pathname, location.search, { dialog: null, target: null, ...PENDING_PARAMS })
}

/** This dialog with a pending order, scrolled to the row that moved; nothing is saved until Save order. */
function pendingHref(location: Location, order: readonly string[], featured: readonly string[] | undefined, focusId: string) {
  const changes: Record<string, string> = { order: formatIdList(order) }
  if (featured) changes.featured = formatIdList(featured)
  return `${withQuery(location.pathname, location.search, changes)}#${rowId(focusId)}`
}

/** The order the URL carries (a move made without JavaScript), when it is a re-ordering of `stored`. */
export function pendingOrder(location: Location, stored: readonly string[]) {
  const order = parseIdList(new URLSearchParams(location.search).get('order'))
  return isPermutationOf(order, stored) ? order : null
}

/** After a move re-renders the rows, focus stays on the control that made it. */
function useFocusAfterMove(state: unknown) {
  const target = useRef<{ id: string; selector: string } | null>(null)
  useEffect(() => {
    const next = target.current
    if (!next) return
    target.current = null
    // A row that just appeared (Separate, Combine) renders its menu button a frame later.
    const focus = (attempts: number) => {
      const control = document.getElementById(rowId(next.id))?.querySelector<HTMLElement>(next.selector)
      if (control) control.focus()
      else if (attempts > 0) requestAnimationFrame(() => focus(attempts - 1))
    }
    focus(5)
  }, [state])
  return target
}

interface Drop {
  from: string
  to: string
  oldIndex: number
  newIndex: number
}

/**
 * Drag and drop on every `[data-sortable]` list inside `root`, loaded in the browser only. Sortable moves
 * the row itself; it is put back at once so React, which owns the DOM, re-renders the new order.
 */
function useSortable(root: RefObject<HTMLElement | null>, enabled: boolean, onDrop: (drop: Drop) => void) {
  const latest = useRef(onDrop)
  useEffect(() => {
    latest.current = onDrop
  })
  useEffect(() => {
    if (!enabled || !root.current) return
    let cancelled = false
    const instances: { destroy: () => void }[] = []
    const lists = [...root.current.querySelectorAll<HTMLElement>('[data-sortable]')]
    // A column is highlighted while a row is dragged over it.
    const highlight = (list: HTMLElement | null) => lists.forEach((element) => element.classList.toggle('reorder-list--over', element === list))
    import('sortablejs').then(({ default: Sortable }) => {
      if (cancelled) return
      for (const list of lists) {
        instances.push(
          Sortable.create(list, {
            group: list.dataset.sortable,
            handle: '.reorder-row__handle',
            draggable: '.reorder-row',
            forceFallback: true,
            fallbackOnBody: true,
            animation: 150,
            ghostClass: 'reorder-row--ghost',
            chosenClass: 'reorder-row--chosen',
            onStart: (event) => highlight(event.from),
            onMove: (event) => {
              highlight(event.to)
              return true
            },
            onEnd: (event) => {
              highlight(null)
              const { item, from, to, oldIndex, oldDraggableIndex, newDraggableIndex } = event
              if (item.parentElement === to) to.removeChild(item)
              from.insertBefore(item, from.children[oldIndex ?? 0] ?? null)
              if (oldDraggableIndex === undefined || newDraggableIndex === undefined) return
              if (from === to && oldDraggableIndex === newDraggableIndex) return
              latest.current({ from: from.dataset.column ?? '', to: to.dataset.column ?? '', oldIndex: oldDraggableIndex, newIndex: newDraggableIndex })
            },
          }),
        )
      }
    })
    return () => {
      cancelled = true
      instances.forEach((instance) => instance.destroy())
    }
  }, [enabled, root])
}

function GripIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className="icon">
      {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  )
}

function EyeOffIcon({ label }: { label: string }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      role="img"
      aria-label={label}
      className="icon"
    >
      <title>{label}</title>
      <path d="M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  )
}

/** Move up / Move down in one click (see MoveButton). */
function QuickMove({ action, title, direction, hydrated }: { action: RowAction; title: string; direction: 'up' | 'down'; hydrated: boolean }) {
  return (
    <MoveButton
      label={`Move ${title} ${direction}`}
      direction={direction}
      disabled={action.disabled}
      href={action.href}
      hydrated={hydrated}
      onMove={() => action.run(`[data-move="${direction}"]`)}
      className="reorder-row__move"
    />
  )
}

/**
 * Escape in a row's menu closes the menu only: the dialog's own Escape listener (on document, added
 * after React's) must not also close the dialog and lose the pending order.
 */
function keepDialogOpen(event: KeyboardEvent) {
  if (event.key === 'Escape' && (event.target as HTMLElement).closest('[role="menu"]')) event.nativeEvent.stopImmediatePropagation()
}

function ReorderRow({ id, title, marker, actions, hydrated }: { id: string; title: string; marker?: ReactNode; actions: RowAction[]; hydrated: boolean }) {
  const up = actions.find((action) => action.key === 'up')
  const down = actions.find((action) => action.key === 'down')
  return (
    <li className="reorder-row" id={rowId(id)} data-id={id}>
      {hydrated ? (
        <span className="reorder-row__handle" title="Drag to re-order" aria-hidden="true">
          <GripIcon />
        </span>
      ) : null}
      <span className="reorder-row__title">{title}</span>
      {marker ? <span className="reorder-row__marker">{marker}</span> : null}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- catches Escape bubbling from the buttons inside, not an interaction of its own */}
      <span className="reorder-row__moves" onKeyDown={keepDialogOpen}>
        {up ? <QuickMove action={up} title={title} direction="up" hydrated={hydrated} /> : null}
        {down ? <QuickMove action={down} title={title} direction="down" hydrated={hydrated} /> : null}
        <ActionMenu
          label={`More moves for ${title}`}
          entries={actions.map((action) => ({
            label: action.label,
            href: action.href,
            disabled: action.disabled,
            onSelect: () => action.run('.menu > button'),
          }))}
        />
      </span>
    </li>
  )
}

/** Cancel and Save order: Save only once the order changed, and busy while it saves. */
function SaveRow({ intent, dirty, closeHref }: { intent: Intent; dirty: boolean; closeHref: string }) {
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  return (
    <div className="dialog__actions">
      <Link to={closeHref} preventScrollReset className="button button--secondary">
        Cancel
      </Link>
      <button type="submit" className="button button--primary" disabled={!dirty || saving} aria-busy={saving || undefined}>
        {saving ? 'Saving…' : 'Save order'}
      </button>
    </div>
  )
}

function formErrors(result: ReturnType<typeof useIntentResult>) {
  return result?.error?.[''] ?? undefined
}

/** One list of rows (items of a card, the grid's cards, the sections) with its moves and Save order. */
function SingleListReorder<Id extends string>({
  intent,
  fields,
  stored,
  initial,
  titleOf,
  markerOf,
  extraActions,
  listLabel,
}: {
  intent: Intent
  fields?: Record<string, string>
  stored: Id[]
  initial: Id[]
  titleOf: (id: Id) => string
  markerOf?: (id: Id) => ReactNode
  /** Moves beyond top/up/down/bottom (Separate, Combine): the order they lead to and the row to focus. */
  extraActions?: (order: Id[], id: Id) => { key: string; label: string; disabled: boolean; next: Id[]; focusId: Id }[]
  listLabel: string
}) {
  const location = useLocation()
  const hydrated = useHydrated()
  const [order, setOrder] = useState(initial)
  const [announcement, setAnnouncement] = useState('')
  const focusTarget = useFocusAfterMove(order)
  const root = useRef<HTMLDivElement>(null)
  const result = useIntentResult(intent)

  const change = (next: Id[], focusId: Id, focus: string, message: string) => {
    focusTarget.current = { id: focusId, selector: focus }
    setOrder(next)
    setAnnouncement(message)
  }
  const placed = (next: Id[], id: Id) => `${titleOf(id)} moved to position ${next.indexOf(id) + 1} of ${next.length}`

  useSortable(root, hydrated, ({ oldIndex, newIndex }) => {
    const next = moveIndex(order, oldIndex, newIndex)
    const id = order[oldIndex]
    setOrder(next)
    setAnnouncement(placed(next, id))
  })

  const actionsOf = (id: Id): RowAction[] => [
    ...MOVES.map((move) => {
      const next = applyMove(order, id, move)
      return {
        key: move,
        label: MOVE_LABELS[move],
        disabled: !canMove(order, id, move),
        href: pendingHref(location, next, undefined, id),
        run: (focus: string) => change(next, id, focus, placed(next, id)),
      }
    }),
    ...(extraActions?.(order, id) ?? []).map(({ key, label, disabled, next, focusId }) => ({
      key,
      label,
      disabled,
      href: pendingHref(location, next, undefined, focusId),
      run: () => change(next, focusId, '.menu > button', `${label}: ${next.map(titleOf).join(', ')}`),
    })),
  ]

  return (
    <Form method="post" preventScrollReset className="form reorder-form">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="order" value={formatIdList(order)} />
      <input type="hidden" name="returnTo" value={closeHref(location)} />
      <FormErrors errors={formErrors(result)} />
      <div className="reorder-dialog__content" ref={root}>
        <ol className="reorder-list" data-sortable="list" data-column="list" aria-label={listLabel}>
          {order.map((id) => (
            <ReorderRow key={id} id={id} title={titleOf(id)} marker={markerOf?.(id)} actions={actionsOf(id)} hydrated={hydrated} />
          ))}
        </ol>
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <SaveRow intent={intent} dirty={!sameOrder(order, stored)} closeHref={closeHref(location)} />
    </Form>
  )
}

function ItemMarker({ item }: { item: ItemView }) {
  return (
    <>
      {item.enabledState === 'NotEnabled' ? <EyeOffIcon label="Not enabled: not shown to visitors" /> : null}
      {item.hidden ? <span className="tag">Hidden</span> : null}
    </>
  )
}

export function ReorderItemsDialog({ view, kind }: { view: PortalView; kind: string }) {
  const location = useLocation()
  const card = view.editor?.dialogCard?.kind === kind ? view.editor.dialogCard : null
  const close = closeHref(location)
  if (!card) {
    return (
      <Dialog title="Re-order items" closeHref={close} size="small">
        <p>This card does not exist.</p>
      </Dialog>
    )
  }
  if (card.kind === 'Documents') return <ReorderDocumentsDialog view={view} card={card} />
  const stored = card.items.map((item) => item.uid)
  const byUid = new Map(card.items.map((item) => [item.uid, item]))
  return (
    <Dialog
      title="Re-order items"
      closeHref={close}
      dismissOnBackdrop={false}
      description={`Drag the items of ${card.title}, or use their move buttons. Items that are not enabled always follow the enabled ones on the page.`}
    >
      {card.items.length ? (
        <SingleListReorder
          key={location.search}
          intent="reorder.items"
          fields={{ kind: card.kind }}
          stored={stored}
          initial={pendingOrder(location, stored) ?? stored}
          titleOf={(uid) => byUid.get(uid)?.title ?? uid}
          markerOf={(uid) => {
            const item = byUid.get(uid)
            return item ? <ItemMarker item={item} /> : null
          }}
          listLabel={`Items of ${card.title}`}
        />
      ) : (
        <p>This card has no items yet.</p>
      )}
    </Dialog>
  )
}

/** Documents: featured and the rest in two columns; featured documents come first in the card's order. */
function ReorderDocumentsDialog({ view, card }: { view: PortalView; card: CardView }) {
  const location = useLocation()
  const stored = columnsOf(
    card.items.map((item) => item.uid),
    view.editor?.dialogFeatured ?? [],
  )
  const storedOrder = orderOf(stored)
  const pending = pendingOrder(location, storedOrder)
  const initial = pending ? columnsOf(pending, parseIdList(new URLSearchParams(location.search).get('featured'))) : stored
  return (
    <Dialog
      title="Re-order items"
      closeHref={closeHref(location)}
      size="extra-large"
      dismissOnBackdrop={false}
      description={`Drag the documents of ${card.title} within a column or across, or use their move buttons. Featured documents come first.`}
    >
      <DocumentsReorder key={location.search} card={card} stored={stored} initial={initial} />
    </Dialog>
  )
}

function DocumentsReorder({ card, stored, initial }: { card: CardView; stored: DocumentColumns; initial: DocumentColumns }) {
  const location = useLocation()
  const hydrated = useHydrated()
  const [columns, setColumns] = useState(initial)
  const [announcement, setAnnouncement] = useState('')
  const focusTarget = useFocusAfterMove(columns)
  const root = useRef<HTMLDivElement>(null)
  const result = useIntentResult('reorder.items')
  const byUid = new Map(card.items.map((item) => [item.uid, item]))
  const titleOf = (uid: string) => byUid.get(uid)?.title ?? uid

  const placed = (next: DocumentColumns, uid: string) => {
    const column: DocumentColumn = next.featured.includes(uid) ? 'featured' : 'other'
    return `${titleOf(uid)} moved to ${COLUMN_NAMES[column]}, position ${next[column].indexOf(uid) + 1} of ${next[column].length}`
  }

  useSortable(root, hydrated, ({ from, to, oldIndex, newIndex }) => {
    if (!(from in COLUMN_NAMES) || !(to in COLUMN_NAMES)) return
    const uid = columns[from as DocumentColumn][oldIndex]
    const next = dropDocument(columns, from as DocumentColumn, to as DocumentColumn, oldIndex, newIndex)
    setColumns(next)
    if (uid) setAnnouncement(placed(next, uid))
  })

  const actionsOf = (uid: string, column: DocumentColumn): RowAction[] =>
    ([...MOVES, 'other'] as DocumentsMove[]).map((move) => {
      const next = applyDocumentsMove(columns, uid, move)
      return {
        key: move,
        label: move === 'other' ? 'Move to other column' : MOVE_LABELS[move],
        disabled: move !== 'other' && !canMove(columns[column], uid, move),
        href: pendingHref(location, orderOf(next), next.featured, uid),
        run: (focus: string) => {
          focusTarget.current = { id: uid, selector: focus }
          setColumns(next)
          setAnnouncement(placed(next, uid))
        },
      }
    })

  const dirty = !sameOrder(orderOf(columns), orderOf(stored)) || !sameOrder([...columns.featured].sort(), [...stored.featured].sort())
  return (
    <Form method="post" preventScrollReset className="form reorder-form">
      <input type="hidden" name="intent" value="reorder.items" />
      <input type="hidden" name="kind" value={card.kind} />
      <input type="hidden" name="order" value={formatIdList(orderOf(columns))} />
      <input type="hidden" name="featured" value={formatIdList(columns.featured)} />
      <input type="hidden" name="returnTo" value={closeHref(location)} />
      <FormErrors errors={formErrors(result)} />
      <div className="reorder-dialog__content reorder-columns" ref={root}>
        {(['featured', 'other'] as DocumentColumn[]).map((column) => (
          <section key={column} className="reorder-column" aria-labelledby={`reorder-column-${column}`}>
            <h3 id={`reorder-column-${column}`}>
              {COLUMN_NAMES[column]} <span className="reorder-column__count">({columns[column].length})</span>
            </h3>
            <ol className="reorder-list" data-sortable="documents" data-column={column} aria-labelledby={`reorder-column-${column}`}>
              {columns[column].map((uid) => {
                const item = byUid.get(uid)
                return <ReorderRow key={uid} id={uid} title={titleOf(uid)} marker={item ? <ItemMarker item={item} /> : null} actions={actionsOf(uid, column)} hydrated={hydrated} />
              })}
            </ol>
            {columns[column].length ? null : <p className="reorder-column__empty">{column === 'featured' ? 'No featured documents.' : 'Every document is featured.'}</p>}
          </section>
        ))}
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <SaveRow intent="reorder.items" dirty={dirty} closeHref={closeHref(location)} />
    </Form>
  )
}

export function ReorderCardsDialog({ view }: { view: PortalView }) {
  const location = useLocation()
  const stored = view.cards.map((card) => card.kind)
  const byKind = new Map(view.cards.map((card) => [card.kind, card]))
  return (
    <Dialog
      title="Re-order cards"
      closeHref={closeHref(location)}
      dismissOnBackdrop={false}
      description={`Drag the cards of ${view.product.name}, or use their move buttons, to set their order on the page.`}
    >
      {stored.length ? (
        <SingleListReorder
          key={location.search}
          intent="reorder.cards"
          stored={stored}
          initial={(pendingOrder(location, stored) as typeof stored | null) ?? stored}
          titleOf={(kind) => byKind.get(kind)?.title ?? kind}
          markerOf={(kind) => (byKind.get(kind)?.hidden ? <span className="tag">Hidden</span> : null)}
          listLabel="Cards"
        />
      ) : (
        <p>There are no cards to re-order.</p>
      )}
    </Dialog>
  )
}

export function ReorderSectionsDialog({ view }: { view: PortalView }) {
  const location = useLocation()
  const editor = view.editor
  if (!editor) return null
  const stored = editor.sectionOrder
  const requested = parseIdList(new URLSearchParams(location.search).get('order'))
  const initial = isValidSectionOrder(requested) ? requested : stored
  const titles = editor.sectionTitles
  const titleOf = (id: SectionId) =>
    id === COMBINED_SECTION ? `${titles.overview ?? 'Overview'} and ${titles.certifications ?? 'Certifications'}` : (FIXED_SECTION_TITLES[id] ?? titles[id] ?? id)
  return (
    <Dialog
      title={`Re-order ${view.portal.title} sections`}
      closeHref={closeHref(location)}
      dismissOnBackdrop={false}
      description={`The order in the ${view.portal.title} reflects only enabled sections.`}
    >
      <SingleListReorder
        key={location.search}
        intent="reorder.sections"
        stored={stored}
        initial={initial}
        titleOf={titleOf}
        markerOf={(id) =>
          editor.sectionEnabled[id] ? (
            <span className="reorder-row__enabled">
              <EyeIcon size={16} label="Enabled" />
            </span>
          ) : (
            <span className="tag">Hidden</span>
          )
        }
        extraActions={(order, id): { key: SectionMove; label: string; disabled: boolean; next: SectionId[]; focusId: SectionId }[] => {
          if (id === COMBINED_SECTION) {
            return [{ key: 'separate', label: 'Separate', disabled: !canSeparate(order, id), next: applySectionMove(order, id, 'separate'), focusId: 'overview' }]
          }
          if (id === 'overview' || id === 'certifications') {
            return [{ key: 'combine', label: 'Combine', disabled: !canCombine(order, id), next: applySectionMove(order, id, 'combine'), focusId: COMBINED_SECTION }]
          }
          return []
        }}
        listLabel="Sections"
      />
    </Dialog>
  )
}
