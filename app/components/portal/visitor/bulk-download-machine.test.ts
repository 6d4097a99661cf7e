import { describe, expect, it } from 'vitest'
import { formatBytes } from '~/lib/format'
import { attachmentName, BULK_DOWNLOAD_IDLE, bulkDownloadReducer, failedIds, type BulkDownloadEvent, type BulkDownloadState } from './bulk-download-machine'

const EVENTS: BulkDownloadEvent[] = [
  { type: 'begin_download' },
  { type: 'cancel' },
  { type: 'success', successCount: 3 },
  { type: 'partial_success', failedFileIds: ['a'], successCount: 2 },
  { type: 'error' },
  { type: 'reset' },
]

const STATES: BulkDownloadState[] = [
  BULK_DOWNLOAD_IDLE,
  { status: 'loading' },
  { status: 'success', successCount: 3 },
  { status: 'partial_success', failedFileIds: ['a'], successCount: 2 },
  { status: 'error' },
]

/** The spec's transitions (cards-and-items section 4), as state -> event -> next status. */
const ALLOWED: Record<BulkDownloadState['status'], Partial<Record<BulkDownloadEvent['type'], BulkDownloadState['status']>>> = {
  idle: { begin_download: 'loading' },
  loading: { cancel: 'idle', error: 'error', success: 'success', partial_success: 'partial_success' },
  error: { begin_download: 'loading', reset: 'idle' },
  success: { reset: 'idle' },
  partial_success: { reset: 'idle' },
}

describe('the bulk download state machine', () => {
  it('takes exactly the transitions of the spec and ignores every other event', () => {
    for (const state of STATES) {
      for (const event of EVENTS) {
        const next = bulkDownloadReducer(state, event)
        const expected = ALLOWED[state.status][event.type]
        if (expected) expect(next.status, `${state.status} + ${event.type}`).toBe(expected)
        else expect(next, `${state.status} + ${event.type} is ignored`).toBe(state)
      }
    }
  })

  it('carries the failed ids and the success count into partial success, and the count into success', () => {
    const loading = bulkDownloadReducer(BULK_DOWNLOAD_IDLE, { type: 'begin_download' })
    expect(bulkDownloadReducer(loading, { type: 'partial_success', failedFileIds: ['x', 'y'], successCount: 4 })).toEqual({
      status: 'partial_success',
      failedFileIds: ['x', 'y'],
      successCount: 4,
    })
    expect(bulkDownloadReducer(loading, { type: 'success', successCount: 5 })).toEqual({ status: 'success', successCount: 5 })
  })
})

describe('reading the archive response', () => {
  it('takes the UTF-8 file name of Content-Disposition first, then the plain one, then the fallback', () => {
    expect(attachmentName(`attachment; filename="Northwind Cloud documents.zip"; filename*=UTF-8''Northwind%20Cloud%20documents.zip`)).toBe('Northwind Cloud documents.zip')
    expect(attachmentName(`attachment; filename="Caf_ documents.zip"; filename*=UTF-8''Caf%C3%A9%20documents.zip`)).toBe('Café documents.zip')
    expect(attachmentName('attachment; filename="plain.zip"')).toBe('plain.zip')
    expect(attachmentName(`attachment; filename="broken.zip"; filename*=UTF-8''%E0%A4%A`)).toBe('broken.zip')
    expect(attachmentName(null, 'fallback.zip')).toBe('fallback.zip')
    expect(attachmentName('attachment', 'fallback.zip')).toBe('fallback.zip')
  })

  it('reads X-Bulk-Failed as lower-case ids, none when empty or absent', () => {
    expect(failedIds('A1B2C3D4-0000-4000-8000-000000000001, b1b2c3d4-0000-4000-8000-000000000002')).toEqual([
      'a1b2c3d4-0000-4000-8000-000000000001',
      'b1b2c3d4-0000-4000-8000-000000000002',
    ])
    expect(failedIds('')).toEqual([])
    expect(failedIds(null)).toEqual([])
  })

  it('shows bytes received as people read them', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(14_540)).toBe('14.2 KB')
    expect(formatBytes(3.5 * 1024 * 1024)).toBe('3.5 MB')
    expect(formatBytes(5 * 1024 ** 4)).toBe('5120.0 GB')
  })
})
