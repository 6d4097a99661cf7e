import { useEffect, useId, useRef, useState } from 'react'
import { useHydrated } from '~/components/ui/use-hydrated'

export interface DocumentChoice {
  id: string
  name: string
}

/**
 * The documents of an item inside its edit form. Choosing a library document makes a pending link, unlinking
 * a pending unlink; each is undoable and takes effect when the form is saved, through the `linkFileIds` and
 * `unlinkFileIds` fields (see server/files/links.ts). Without JavaScript the same fields are checkboxes.
 */
export function DocumentLinksField({
  linked,
  library,
  fieldPrefix = '',
  uploadHref = '/documents?uploadModal=true',
  hideLegend = false,
}: {
  linked: readonly DocumentChoice[]
  /** The org's library; documents already linked are left out of the picker here. */
  library: readonly DocumentChoice[]
  /** Put before the field names when one form edits several items (`${fieldPrefix}linkFileIds`). */
  fieldPrefix?: string
  uploadHref?: string
  /** Keeps the "Documents" legend for screen readers only, when the form already shows a heading. */
  hideLegend?: boolean
}) {
  const hydrated = useHydrated()
  const linkedIds = new Set(linked.map((document) => document.id))
  const available = library.filter((document) => !linkedIds.has(document.id))
  const props = { linked, available, uploadHref, hideLegend, names: { link: `${fieldPrefix}linkFileIds`, unlink: `${fieldPrefix}unlinkFileIds` } }
  return hydrated ? <PendingLinks {...props} /> : <CheckboxLinks {...props} />
}

interface ListProps {
  linked: readonly DocumentChoice[]
  available: readonly DocumentChoice[]
  uploadHref: string
  hideLegend: boolean
  names: { link: string; unlink: string }
}

function UploadLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="document-links__upload">
      Upload a new document
    </a>
  )
}

/** Without JavaScript: tick linked documents to unlink them, library documents to link them, on save. */
function CheckboxLinks({ linked, available, uploadHref, hideLegend, names }: ListProps) {
  const id = useId()
  return (
    <fieldset className="document-links">
      <legend className={hideLegend ? 'visually-hidden' : undefined}>Documents</legend>
      {linked.length ? (
        <fieldset className="document-links__group">
          <legend>Unlink on save</legend>
          {linked.map((document) => (
            <label key={document.id} htmlFor={`${id}-unlink-${document.id}`} className="checkbox">
              <input type="checkbox" id={`${id}-unlink-${document.id}`} name={names.unlink} value={document.id} />
              {document.name}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="document-links__empty">No documents linked yet.</p>
      )}
      {available.length ? (
        <fieldset className="document-links__group">
          <legend>Link on save</legend>
          {available.map((document) => (
            <label key={document.id} htmlFor={`${id}-link-${document.id}`} className="checkbox">
              <input type="checkbox" id={`${id}-link-${document.id}`} name={names.link} value={document.id} />
              {document.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <UploadLink href={uploadHref} />
    </fieldset>
  )
}

function PendingLinks({ linked, available, uploadHref, hideLegend, names }: ListProps) {
  const id = useId()
  const container = useRef<HTMLFieldSetElement>(null)
  const [pendingLinkIds, setPendingLinkIds] = useState<string[]>([])
  const [pendingUnlinkIds, setPendingUnlinkIds] = useState<string[]>([])
  const [choice, setChoice] = useState('')
  const [announcement, setAnnouncement] = useState('')
  const [focusKey, setFocusKey] = useState<string | null>(null)

  // After a save the props change: pending entries that no longer apply drop out.
  const availableById = new Map(available.map((document) => [document.id, document]))
  const pendingLinks = pendingLinkIds.flatMap((documentId) => availableById.get(documentId) ?? [])
  const pendingUnlinks = new Set(pendingUnlinkIds.filter((documentId) => linked.some((document) => document.id === documentId)))
  const pickable = available.filter((document) => !pendingLinkIds.includes(document.id))

  // A button that disappears hands focus to the one that replaces it.
  useEffect(() => {
    if (!focusKey) return
    container.current?.querySelector<HTMLElement>(`[data-focus-key="${focusKey}"]`)?.focus()
    setFocusKey(null)
  }, [focusKey])

  function link() {
    const document = availableById.get(choice)
    if (!document) return
    setPendingLinkIds((ids) => [...ids, document.id])
    setChoice('')
    setAnnouncement(`${document.name} will be linked when you save.`)
    setFocusKey(`undo-link-${document.id}`)
  }
  function undoLink(document: DocumentChoice) {
    setPendingLinkIds((ids) => ids.filter((entry) => entry !== document.id))
    setAnnouncement(`${document.name} will not be linked.`)
    setFocusKey('picker')
  }
  function unlink(document: DocumentChoice) {
    setPendingUnlinkIds((ids) => [...ids, document.id])
    setAnnouncement(`${document.name} will be unlinked when you save.`)
    setFocusKey(`undo-unlink-${document.id}`)
  }
  function undoUnlink(document: DocumentChoice) {
    setPendingUnlinkIds((ids) => ids.filter((entry) => entry !== document.id))
    setAnnouncement(`${document.name} stays linked.`)
    setFocusKey(`unlink-${document.id}`)
  }

  return (
    <fieldset className="document-links" ref={container}>
      <legend className={hideLegend ? 'visually-hidden' : undefined}>Documents</legend>
      {linked.length || pendingLinks.length ? (
        <ul className="document-links__list">
          {linked.map((document) =>
            pendingUnlinks.has(document.id) ? (
              <li key={document.id} className="document-links__entry document-links__entry--pending">
                <span className="document-links__name">{document.name}</span>
                <span className="tag tag--warning">Unlinked (pending)</span>
                <span className="field__hint">Save to unlink</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  data-focus-key={`undo-unlink-${document.id}`}
                  aria-label={`Undo unlinking ${document.name}`}
                  onClick={() => undoUnlink(document)}
                >
                  Undo
                </button>
              </li>
            ) : (
              <li key={document.id} className="document-links__entry">
                <span className="document-links__name">{document.name}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  data-focus-key={`unlink-${document.id}`}
                  aria-label={`Unlink ${document.name}`}
                  onClick={() => unlink(document)}
                >
                  Unlink
                </button>
              </li>
            ),
          )}
          {pendingLinks.map((document) => (
            <li key={document.id} className="document-links__entry document-links__entry--pending">
              <span className="document-links__name">{document.name}</span>
              <span className="tag tag--compliance">Linked (pending)</span>
              <span className="field__hint">Save to link</span>
              <button
                type="button"
                className="button button--secondary button--small"
                data-focus-key={`undo-link-${document.id}`}
                aria-label={`Undo linking ${document.name}`}
                onClick={() => undoLink(document)}
              >
                Undo
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="document-links__empty">No documents linked yet.</p>
      )}
      {pickable.length ? (
        <div className="document-links__picker">
          <label htmlFor={`${id}-picker`}>Add a document from the library</label>
          <div className="document-links__picker-row">
            <select id={`${id}-picker`} value={choice} onChange={(event) => setChoice(event.target.value)} data-focus-key="picker">
              <option value="">Choose a document…</option>
              {pickable.map((document) => (
                <option key={document.id} value={document.id}>
                  {document.name}
                </option>
              ))}
            </select>
            <button type="button" className="button button--secondary button--small" onClick={link} disabled={!choice}>
              Link
            </button>
          </div>
        </div>
      ) : (
        <p className="document-links__empty">Every document in the library is linked.</p>
      )}
      <UploadLink href={uploadHref} />
      {pendingLinks.map((document) => (
        <input key={document.id} type="hidden" name={names.link} value={document.id} />
      ))}
      {[...pendingUnlinks].map((documentId) => (
        <input key={documentId} type="hidden" name={names.unlink} value={documentId} />
      ))}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </fieldset>
  )
}
