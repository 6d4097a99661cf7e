import { useState } from 'react'
import { COPY_LINK_LABELS, useCopyLink } from '~/components/ui/copy-link'
import { useHydrated } from '~/components/ui/use-hydrated'
import { Form, Link, useActionData, useLocation } from 'react-router'
import { CARD_KINDS, DEFAULT_CARD_TITLES, MOVE_EXCLUDED_KINDS } from '~/lib/card-kinds'
import { slugFromTitle, validateSlug } from '~/lib/slug'
import { portalAddress } from '~/lib/portal-view'
import { Dialog } from '~/components/ui/dialog'
import type { PortalView } from '../types'
import { FormErrors, SubmitRow, useIntentResult } from './card-dialogs'
import { closeDialogHref, returnToValue } from './links'

/** Custom items, move item and custom URL dialogs (?dialog=addCustomItem|deleteCustomItem|moveItem|customUrl). */
export function ItemDialogs({ view, name, target }: { view: PortalView; name: string; target: string | null }) {
  const actionData = useActionData() as { intent?: string; deleteError?: string } | undefined
  if (actionData?.intent === 'item.delete' && actionData.deleteError) return <DeleteErrorDialog title={actionData.deleteError} />
  switch (name) {
    case 'addCustomItem':
      return <AddCustomItemDialog kind={target ?? ''} />
    case 'deleteCustomItem':
      return <DeleteCustomItemDialog view={view} uid={target ?? ''} />
    case 'moveItem':
      return <MoveItemDialog view={view} uid={target ?? ''} />
    case 'customUrl':
      return <CustomUrlDialog view={view} uid={target ?? ''} />
    default:
      return null
  }
}

function findItem(view: PortalView, uid: string) {
  return view.openCard?.items.find((item) => item.uid === uid) ?? view.editor?.dialogCard?.items.find((item) => item.uid === uid) ?? null
}

function AddCustomItemDialog({ kind }: { kind: string }) {
  const location = useLocation()
  const result = useIntentResult('item.add')
  const closeHref = closeDialogHref(location)
  return (
    <Dialog title="Add custom item" closeHref={closeHref} size="small">
      <Form method="post" className="form" preventScrollReset>
        <input type="hidden" name="intent" value="item.add" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <FormErrors errors={result?.error?.[''] ?? undefined} />
        <div className="field">
          <label htmlFor="custom-item-title">Title</label>
          <input id="custom-item-title" name="title" required minLength={2} maxLength={100} aria-invalid={result?.error?.title ? true : undefined} />
          <FormErrors errors={result?.error?.title ?? undefined} />
        </div>
        <SubmitRow label="Add item" closeHref={closeHref} />
      </Form>
    </Dialog>
  )
}

function DeleteCustomItemDialog({ view, uid }: { view: PortalView; uid: string }) {
  const location = useLocation()
  const item = findItem(view, uid)
  const closeHref = closeDialogHref(location)
  return (
    <Dialog title="Delete custom item" closeHref={closeHref} size="small">
      <Form method="post" className="form" preventScrollReset>
        <input type="hidden" name="intent" value="item.delete" />
        <input type="hidden" name="uid" value={uid} />
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <p>Delete “{item?.title ?? uid}”? This cannot be undone.</p>
        <SubmitRow label="Delete" closeHref={closeHref} danger />
      </Form>
    </Dialog>
  )
}

function DeleteErrorDialog({ title }: { title: string }) {
  const location = useLocation()
  const closeHref = closeDialogHref(location)
  return (
    <Dialog title="Delete Error" closeHref={closeHref} size="small">
      <p>There was an unexpected error while deleting "{title}".</p>
      <div className="dialog__actions">
        <Link to={closeHref} className="button button--primary" preventScrollReset>
          OK
        </Link>
      </div>
    </Dialog>
  )
}

function MoveItemDialog({ view, uid }: { view: PortalView; uid: string }) {
  const location = useLocation()
  const item = findItem(view, uid)
  const closeHref = closeDialogHref(location)
  // Only other cards, never the excluded kinds (cards-and-items section 5).
  const targets = CARD_KINDS.filter((kind) => kind !== item?.kind && !MOVE_EXCLUDED_KINDS.includes(kind))
  const titleOf = (kind: (typeof CARD_KINDS)[number]) => view.cards.find((card) => card.kind === kind)?.title ?? DEFAULT_CARD_TITLES[kind]
  return (
    <Dialog title="Move item to a different card" closeHref={closeHref} size="small" description={item ? `Move “${item.title}” to:` : undefined}>
      <Form method="post" className="form" preventScrollReset>
        <input type="hidden" name="intent" value="item.move" />
        <input type="hidden" name="uid" value={uid} />
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <div className="field">
          <label htmlFor="move-destination">Card</label>
          <select id="move-destination" name="destination" required defaultValue="">
            <option value="" disabled>
              Choose a card
            </option>
            {targets.map((kind) => (
              <option key={kind} value={kind}>
                {titleOf(kind)}
              </option>
            ))}
          </select>
        </div>
        <SubmitRow label="Move item" closeHref={closeHref} />
      </Form>
    </Dialog>
  )
}

function CustomUrlDialog({ view, uid }: { view: PortalView; uid: string }) {
  const location = useLocation()
  const item = findItem(view, uid)
  const result = useIntentResult('item.slug')
  const current = item?.slug ?? ''
  const [slug, setSlug] = useState(current || slugFromTitle(item?.title ?? ''))
  const [copyState, copyLink] = useCopyLink()
  // Without JavaScript the slug cannot be checked as it is typed, so Save stays usable (the server checks).
  const hydrated = useHydrated()
  const closeHref = closeDialogHref(location)
  const problem = slug ? validateSlug(slug) : undefined
  const serverProblem = result?.error?.slug
  const url = portalAddress(view.portal, `${view.product.itemBase}/${slug}`)
  return (
    <Dialog title="Create custom item URL" closeHref={closeHref} description={item ? `The permalink of “${item.title}”.` : undefined}>
      <Form method="post" className="form" preventScrollReset>
        <input type="hidden" name="intent" value="item.slug" />
        <input type="hidden" name="uid" value={uid} />
        <input type="hidden" name="returnTo" value={returnToValue(location)} />
        <div className="field">
          <label htmlFor="custom-url-slug">URL slug</label>
          <input
            id="custom-url-slug"
            name="slug"
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
            maxLength={120}
            aria-invalid={problem || serverProblem ? true : undefined}
            aria-describedby="custom-url-preview custom-url-error"
          />
          <p className="field__hint" id="custom-url-preview">
            {url}
          </p>
          <FormErrors errors={problem ? [problem] : (serverProblem ?? undefined)} id="custom-url-error" />
        </div>
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={!slug || Boolean(problem)}
            onClick={async () => {
              // Refused, the link is selected where the dialog shows it, to be copied by hand.
              if (!(await copyLink(url))) document.getSelection()?.selectAllChildren(document.getElementById('custom-url-preview')!)
            }}
          >
            {copyState === 'copied' ? COPY_LINK_LABELS.copied : COPY_LINK_LABELS.idle}
          </button>
          <Link to={closeHref} preventScrollReset className="button button--secondary">
            Cancel
          </Link>
          <button type="submit" className="button button--primary" disabled={hydrated && (!slug || Boolean(problem) || slug === current)}>
            Save
          </button>
        </div>
      </Form>
    </Dialog>
  )
}
