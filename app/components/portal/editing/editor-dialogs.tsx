import type { PortalView } from '../types'
import { CardVisibilityDialog, DisplayTextDialog, PlaceholderDialog, RenameCardDialog } from './card-dialogs'
import { ChangeIconDialog } from './icon-dialog'
import { ReorderCardsDialog, ReorderItemsDialog, ReorderSectionsDialog } from './reorder-dialogs'
import { SubprocessorDialogs } from './subprocessor-dialogs'
import { ItemDialogs } from './item-dialogs'
import { TrustedByDialog } from './trusted-by-dialog'

/** The staff dialog named by ?dialog= (Main mode with statuspage:edit only; the server checks again). */
export function EditorDialogs({ view }: { view: PortalView }) {
  const dialog = view.editor?.dialog
  if (!dialog) return null
  const target = dialog.target ?? ''
  switch (dialog.name) {
    case 'displayText':
      return <DisplayTextDialog view={view} kind={target} />
    case 'placeholder':
      return <PlaceholderDialog view={view} kind={target} />
    case 'renameCard':
      return <RenameCardDialog view={view} kind={target} />
    case 'cardVisibility':
      return <CardVisibilityDialog view={view} kind={target} />
    case 'reorderItems':
      return <ReorderItemsDialog view={view} kind={target} />
    case 'reorderCards':
      return <ReorderCardsDialog view={view} />
    case 'reorderSections':
      return <ReorderSectionsDialog view={view} />
    case 'changeIcon':
      return <ChangeIconDialog view={view} kind={target} />
    case 'trustedByEdit':
      return <TrustedByDialog view={view} />
    default:
      if (dialog.name.startsWith('subprocessor')) return <SubprocessorDialogs view={view} name={dialog.name} target={dialog.target} />
      return <ItemDialogs view={view} name={dialog.name} target={dialog.target} />
  }
}
