// The Bulk download dialog's states and events, exactly as the cards-and-items spec (section 4) has them:
// idle -> loading on begin_download; loading -> idle (cancel, which aborts), error, success or
// partial_success; error -> loading (retry) or idle (reset); success and partial_success -> idle on reset.
// Any other event leaves the state as it is.

export type BulkDownloadState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; successCount: number }
  | { status: 'partial_success'; failedFileIds: string[]; successCount: number }
  | { status: 'error' }

export type BulkDownloadEvent =
  | { type: 'begin_download' }
  | { type: 'cancel' }
  | { type: 'success'; successCount: number }
  | { type: 'partial_success'; failedFileIds: string[]; successCount: number }
  | { type: 'error' }
  | { type: 'reset' }

export const BULK_DOWNLOAD_IDLE: BulkDownloadState = { status: 'idle' }

export function bulkDownloadReducer(state: BulkDownloadState, event: BulkDownloadEvent): BulkDownloadState {
  switch (state.status) {
    case 'idle':
      return event.type === 'begin_download' ? { status: 'loading' } : state
    case 'loading':
      switch (event.type) {
        case 'cancel':
          return BULK_DOWNLOAD_IDLE
        case 'error':
          return { status: 'error' }
        case 'success':
          return { status: 'success', successCount: event.successCount }
        case 'partial_success':
          return { status: 'partial_success', failedFileIds: event.failedFileIds, successCount: event.successCount }
        default:
          return state
      }
    case 'error':
      if (event.type === 'begin_download') return { status: 'loading' }
      return event.type === 'reset' ? BULK_DOWNLOAD_IDLE : state
    case 'success':
    case 'partial_success':
      return event.type === 'reset' ? BULK_DOWNLOAD_IDLE : state
  }
}

/** The archive's name from its Content-Disposition: the UTF-8 form first (RFC 6266), then the plain one. */
export function attachmentName(disposition: string | null, fallback = 'documents.zip') {
  if (!disposition) return fallback
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(disposition) ?? /filename\s*=\s*([^;]+)/i.exec(disposition)
  return plain?.[1].trim() || fallback
}

/** The ids in `X-Bulk-Failed`: comma-separated, compared case-insensitively (they are UUIDs). */
export function failedIds(header: string | null) {
  return (header ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean)
}
