import { useFetcher, useLocation } from 'react-router'
import { withQuery } from '~/lib/format'
import { RENAME_EXCLUDED, type CardKind } from '~/lib/card-kinds'
import type { PortalView } from '../types'
import { ActionMenu, type MenuEntry } from '~/components/ui/menu'
import { dialogHref, returnToValue } from './links'

type CardAction = 'edit' | 'displayText' | 'visibility' | 'placeholder' | 'reorderItems' | 'changeIcon' | 'rename'

/** Each kind's subset of card actions (cards-and-items section 6). */
const KIND_ACTIONS: Partial<Record<CardKind, CardAction[]>> = {
  Subprocessors: ['visibility'],
  TrustedBy: ['visibility', 'edit', 'displayText', 'changeIcon'],
  Overview: ['edit', 'visibility'],
  Certifications: ['edit', 'displayText', 'visibility', 'reorderItems'],
  Documents: ['edit', 'visibility', 'placeholder', 'reorderItems'],
}
const GRID_ACTIONS: CardAction[] = ['edit', 'rename', 'displayText', 'visibility', 'placeholder', 'reorderItems', 'changeIcon']

/** What a card's menu offers: its kind's actions, less what this staff member or the kind may not do (no renaming Security Grades). */
export function cardActions(kind: CardKind, options: { canChangeIcons: boolean }): CardAction[] {
  return (KIND_ACTIONS[kind] ?? GRID_ACTIONS).filter((action) => (action !== 'changeIcon' || options.canChangeIcons) && (action !== 'rename' || !RENAME_EXCLUDED.includes(kind)))
}

export function CardMenu({ view, kind, title }: { view: PortalView; kind: CardKind; title: string }) {
  const location = useLocation()
  const fetcher = useFetcher()
  if (!view.editor) return null
  const hidden = view.editor.hiddenKinds.includes(kind)
  const actions = cardActions(kind, { canChangeIcons: Boolean(view.editor.canChangeIcons) })
  const entries: MenuEntry[] = actions.map((action) => {
    switch (action) {
      case 'edit':
        return { label: 'Edit', href: kind === 'TrustedBy' ? dialogHref(location, 'trustedByEdit', 'TrustedBy') : withQuery(view.product.home, '', { card: kind, edit: 'true' }) }
      case 'rename':
        return { label: 'Rename card', href: dialogHref(location, 'renameCard', kind) }
      case 'displayText':
        return { label: 'Edit display text', href: dialogHref(location, 'displayText', kind) }
      case 'visibility':
        return {
          label: hidden ? 'Show card' : 'Hide card',
          href: dialogHref(location, 'cardVisibility', kind),
          onSelect: () =>
            fetcher.submit({ intent: 'card.visibility', kind, hidden: String(!hidden), returnTo: returnToValue(location) }, { method: 'post', action: location.pathname }),
        }
      case 'placeholder':
        return { label: 'Edit placeholder text', href: dialogHref(location, 'placeholder', kind) }
      case 'reorderItems':
        return { label: 'Re-order items', href: dialogHref(location, 'reorderItems', kind) }
      case 'changeIcon':
        return { label: 'Change icon', href: dialogHref(location, 'changeIcon', kind) }
    }
  })
  return <ActionMenu label={`Actions for ${title}`} entries={entries} />
}
