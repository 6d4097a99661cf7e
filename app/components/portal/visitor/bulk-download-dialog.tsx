// The Bulk download dialog (cards-and-items spec sections 4 and 7; docs/decisions/018-bulk-download.md).
// The server renders it when the URL asks (`bulkDownload`) as a plain form posting to {portal}/bulk-download,
// so the archive downloads without JavaScript. With JavaScript the same form is sent by fetch and follows
// the spec's state machine: progress with Cancel (aborts the request), success, partial success from
// `X-Bulk-Failed`, and an error with Try again. Loaded on demand (visitor-tools.tsx).
import { useEffect, useId, useReducer, useRef, useState } from 'react'
import { Link, useLocation, useNavigation } from 'react-router'
import type { BulkDocumentView, BulkDownloadView, PortalView } from '~/lib/portal-view'
import { Dialog } from '~/components/ui/dialog'
import { useHydrated } from '~/components/ui/use-hydrated'
import { documentDateText, formatBytes, withQuery } from '~/lib/format'
import { attachmentName, BULK_DOWNLOAD_IDLE, bulkDownloadReducer, failedIds } from './bulk-download-machine'

const keyOf = (document: Pick<BulkDocumentView, 'field' | 'id'>) => `${document.field}:${document.id.toLowerCase()}`
const displayName = (name: string) => name.trim() || '(Untitled)'
const documentCount = (count: number) => `${count} ${count === 1 ? 'document' : 'documents'}`

export function BulkDownloadDialog({ view, dialog }: { view: PortalView; dialog: BulkDownloadView }) {
  const location = useLocation()
  const closeHref = withQuery(location.pathname, location.search, { bulkDownload: null })
  const selectHref = (value: 'true' | 'none') => withQuery(location.pathname, location.search, { bulkDownload: value })
  const hydrated = useHydrated()
  const [state, dispatch] = useReducer(bulkDownloadReducer, BULK_DOWNLOAD_IDLE)
  const [selected, setSelected] = useState(() => new Set(dialog.preselected ? dialog.documents.map(keyOf) : []))
  const [received, setReceived] = useState<{ bytes: number; total: number | null }>({ bytes: 0, total: null })
  const running = useRef<AbortController | null>(null)
  const content = useRef<HTMLDivElement>(null)
  const baseId = useId()
  const action = `${view.portal.basePath}/bulk-download`

  function cancel() {
    const controller = running.current
    if (!controller) return
    running.current = null
    controller.abort()
    dispatch({ type: 'cancel' })
  }

  // Closing the dialog (Escape, Close, the backdrop) or leaving the page stops a running download.
  const navigation = useNavigation()
  const closing = navigation.location !== undefined && !new URLSearchParams(navigation.location.search).has('bulkDownload')
  useEffect(() => {
    if (closing) cancel()
  }, [closing])
  useEffect(
    () => () => {
      const controller = running.current
      running.current = null
      controller?.abort()
    },
    [],
  )

  // Each view takes focus as it replaces the last: what it offers next, or its heading.
  // (The dialog's own focus handling places it on opening.)
  const focusedStatus = useRef(state.status)
  useEffect(() => {
    if (focusedStatus.current === state.status) return
    focusedStatus.current = state.status
    content.current?.querySelector<HTMLElement>('[data-focus]')?.focus()
  }, [state.status])

  async function download() {
    const chosen = dialog.documents.filter((document) => selected.has(keyOf(document)))
    if (!chosen.length) return
    running.current?.abort()
    const controller = new AbortController()
    running.current = controller
    dispatch({ type: 'begin_download' })
    setReceived({ bytes: 0, total: null })
    try {
      const response = await fetch(action, {
        method: 'POST',
        body: new URLSearchParams(chosen.map((document) => [document.field, document.id])),
        signal: controller.signal,
      })
      if (!response.ok) throw new Error(`The server answered ${response.status}`)
      const total = Number(response.headers.get('Content-Length')) || null
      const chunks: BlobPart[] = []
      let bytes = 0
      let shown = 0
      const reader = response.body?.getReader()
      while (reader) {
        const { done, value } = await reader.read()
        if (done) break
        chunks.push(value as Uint8Array<ArrayBuffer>)
        bytes += value.byteLength
        // A few updates a second: an archive of a gigabyte arrives in thousands of chunks.
        if (performance.now() - shown > 200) {
          shown = performance.now()
          setReceived({ bytes, total })
        }
      }
      if (running.current !== controller) return
      running.current = null
      saveFile(new Blob(chunks, { type: 'application/zip' }), attachmentName(response.headers.get('Content-Disposition'), `${view.org.name} documents.zip`))
      const failed = failedIds(response.headers.get('X-Bulk-Failed'))
      const included = response.headers.get('X-Bulk-Included')
      const successCount = included !== null && /^\d+$/.test(included) ? Number(included) : chosen.length - failed.length
      dispatch(failed.length ? { type: 'partial_success', failedFileIds: failed, successCount } : { type: 'success', successCount })
    } catch (error) {
      // A cancelled download is not an error: the dialog is back at the checklist already.
      if (running.current !== controller) return
      running.current = null
      console.error('Downloading files failed', error)
      dispatch({ type: 'error' })
    }
  }

  const allKeys = dialog.documents.map(keyOf)
  const allSelected = selected.size === allKeys.length
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(key)) next.add(key)
      return next
    })

  return (
    <Dialog title="Bulk download" closeHref={closeHref} description="Choose the documents to download as one ZIP file.">
      <div ref={content} className="bulk-download">
        {state.status === 'idle' ? (
          <form
            method="post"
            action={action}
            onSubmit={(event) => {
              event.preventDefault()
              void download()
            }}
          >
            <div className="bulk-download__select">
              {hydrated ? (
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={allSelected && allKeys.length > 0}
                    ref={(input) => {
                      if (input) input.indeterminate = selected.size > 0 && !allSelected
                    }}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(allKeys))}
                  />
                  Select all
                </label>
              ) : (
                // Without JavaScript the page itself changes the selection.
                <>
                  <Link to={selectHref('true')} replace preventScrollReset>
                    Select all
                  </Link>
                  <Link to={selectHref('none')} replace preventScrollReset>
                    Clear selection
                  </Link>
                </>
              )}
              {hydrated ? (
                <span className="bulk-download__count">
                  {selected.size} of {allKeys.length} selected
                </span>
              ) : null}
            </div>
            <ul className="bulk-download__list" aria-label="Documents">
              {dialog.documents.map((document, index) => {
                const key = keyOf(document)
                const inputId = `${baseId}-${index}`
                return (
                  <li key={key} className="bulk-download__choice">
                    <input
                      type="checkbox"
                      id={inputId}
                      name={document.field}
                      value={document.id}
                      checked={selected.has(key)}
                      onChange={() => toggle(key)}
                      aria-describedby={`${inputId}-about`}
                    />
                    <label htmlFor={inputId}>{displayName(document.title)}</label>
                    <span className="bulk-download__about" id={`${inputId}-about`}>
                      {[document.date ? documentDateText(document.date) : null, document.fileName === document.title ? null : document.fileName, document.cardTitle]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </li>
                )
              })}
            </ul>
            <div className="dialog__actions">
              <button type="submit" className="button button--primary" disabled={hydrated && selected.size === 0} data-focus>
                Download
              </button>
            </div>
          </form>
        ) : state.status === 'loading' ? (
          <div className="bulk-download__progress">
            <progress aria-label="Downloading documents" {...(received.total ? { value: received.bytes, max: received.total } : {})} />
            <p className="bulk-download__received">{received.bytes ? `${formatBytes(received.bytes)} received` : 'Preparing your documents…'}</p>
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={cancel} data-focus>
                Cancel
              </button>
            </div>
          </div>
        ) : state.status === 'error' ? (
          <div className="bulk-download__result">
            <h3 tabIndex={-1} data-focus>
              Error downloading
            </h3>
            <p>Oops, looks like we encountered an error during this download. Try again below.</p>
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'reset' })}>
                Back
              </button>
              <button type="button" className="button button--primary" onClick={() => void download()}>
                Try again
              </button>
            </div>
          </div>
        ) : (
          <div className="bulk-download__result">
            {state.status === 'partial_success' ? (
              <>
                <h3 tabIndex={-1} data-focus>
                  Failed to download {state.failedFileIds.length} document(s)
                </h3>
                <ul className="bulk-download__failed">
                  {state.failedFileIds.map((id) => (
                    <li key={id}>{displayName(dialog.documents.find((document) => document.id.toLowerCase() === id)?.title ?? '')}</li>
                  ))}
                </ul>
                <p>The other {documentCount(state.successCount)} downloaded in one ZIP file.</p>
              </>
            ) : (
              <>
                <h3 tabIndex={-1} data-focus>
                  Download complete
                </h3>
                <p>{documentCount(state.successCount)} downloaded in one ZIP file.</p>
              </>
            )}
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={() => dispatch({ type: 'reset' })}>
                Download more
              </button>
              <Link className="button button--primary" to={closeHref} preventScrollReset>
                Done
              </Link>
            </div>
          </div>
        )}
      </div>
    </Dialog>
  )
}

/** Hands a downloaded archive to the browser under its name, as a link to it would. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = name
  anchor.hidden = true
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // Kept a while: the browser reads it after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
