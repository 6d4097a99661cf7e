import { Readable } from 'node:stream'
import type { Database } from '../../db/index'
import { bulkDownloadRefusal, type PortalViewer } from '../access/viewer'
import { isUuid } from '../http/query'
import type { PortalOrg } from '../portal/resolve'
import { download, type Download } from '../reply'
import { authoriseFile } from './access'
import type { DocumentFetch } from './fetches'
import { bridgeLetterFileName } from './letter'
import { authoriseLetter, type LetterSource } from './letters'
import { storedFileState } from './delivery'
import type { StoreEnv } from './store'
import { zipEntryNames, zipStream, type ZipEntry } from './zip'

// Bulk download (issue 9; cards-and-items spec sections 4 and 7): the documents a visitor ticked, and
// the bridge letters, as one ZIP streamed while it is built. Each is checked as a single download would
// be, at the moment of the request, from the ids alone: nothing the form says about a file is trusted.

/** More than this in one request is refused: the documents card lists far fewer. */
export const BULK_MAX_FILES = 200

export type BulkRefusal = { ok: false; status: 400 | 403 | 404 | 503; message: string }

/** One document of the archive: a stored file, or a bridge letter generated for it. */
export type BulkDocument =
  | {
      kind: 'file'
      id: string
      name: string
      file: { id: string; sha256: string; original_name: string; content_type: string; size_bytes: number }
      public: boolean
      itemUid: string | null
    }
  | { kind: 'letter'; id: string; name: string; letter: LetterSource; public: boolean }

type Unnamed = BulkDocument extends infer Entry ? (Entry extends BulkDocument ? Omit<Entry, 'name'> : never) : never

export interface BulkPlan {
  ok: true
  /** What goes into the archive, in the order asked (files, then letters), under safe unique names. */
  documents: BulkDocument[]
  /** Ids asked for and left out: unknown, another org's, not downloadable by this viewer, or gone from the store. */
  failed: string[]
}

export const BULK_MESSAGES = {
  notAllowed: 'Bulk download is available to signed-in accounts of this Trust Center.',
  turnedOff: 'Bulk download is turned off for this Trust Center.',
  noFiles: 'Choose at least one document to download.',
  tooMany: `Choose at most ${BULK_MAX_FILES} documents at a time.`,
  malformed: 'This selection names something that is not a document.',
  nothing: 'None of these documents can be downloaded.',
  unavailable: 'These documents are temporarily unavailable. Please try again in a few minutes.',
} as const

/** Which of the asked documents this viewer may download now: a member of a live account only, where the org allows it. */
export async function planBulkDownload(
  db: Database,
  env: StoreEnv,
  org: PortalOrg,
  viewer: PortalViewer,
  asked: { fileIds: readonly string[]; letterIds: readonly string[] },
): Promise<BulkPlan | BulkRefusal> {
  const setting = await db.selectFrom('portal_customizations').select('bulk_download_enabled').where('org_id', '=', org.id).executeTakeFirst()
  const refusal = bulkDownloadRefusal(viewer, setting?.bulk_download_enabled ?? false)
  if (refusal) return { ok: false, status: 403, message: BULK_MESSAGES[refusal] }
  const count = asked.fileIds.length + asked.letterIds.length
  if (!count) return { ok: false, status: 400, message: BULK_MESSAGES.noFiles }
  // Counted before de-duplicating: a form of thousands of fields is refused without a query.
  if (count > BULK_MAX_FILES * 2) return { ok: false, status: 400, message: BULK_MESSAGES.tooMany }
  // Every id is a UUID, or nothing is read: an id ends up in a header and in the audit log.
  if (![...asked.fileIds, ...asked.letterIds].every(isUuid)) return { ok: false, status: 400, message: BULK_MESSAGES.malformed }
  // UUIDs compare case-insensitively: one file asked for in two spellings is one entry.
  const fileIds = [...new Set(asked.fileIds.map((id) => id.toLowerCase()))]
  const letterIds = [...new Set(asked.letterIds.map((id) => id.toLowerCase()))]
  if (fileIds.length + letterIds.length > BULK_MAX_FILES) return { ok: false, status: 400, message: BULK_MESSAGES.tooMany }

  const found: Unnamed[] = []
  const failed: string[] = []
  for (const id of fileIds) {
    const decision = await authoriseFile(db, org, viewer, id, true)
    const state = decision.status === 'allowed' && decision.download ? await storedFileState(env, decision.file.sha256) : 'refused'
    // The store down is no reason to leave a document out: nothing is sent, and the member tries again.
    if (state === 'unavailable') return { ok: false, status: 503, message: BULK_MESSAGES.unavailable }
    if (decision.status === 'allowed' && state === 'present') {
      found.push({ kind: 'file', id, file: decision.file, public: decision.public, itemUid: decision.itemUid })
    } else failed.push(id)
  }
  for (const id of letterIds) {
    const decision = await authoriseLetter(db, org, viewer, id, true)
    if (decision.status === 'allowed') found.push({ kind: 'letter', id, letter: decision.letter, public: decision.public })
    else failed.push(id)
  }
  if (!found.length) return { ok: false, status: 404, message: BULK_MESSAGES.nothing }
  const names = zipEntryNames(found.map((entry) => (entry.kind === 'file' ? entry.file.original_name : bridgeLetterFileName(org.name, entry.letter.itemTitle))))
  return { ok: true, documents: found.map((entry, index) => ({ ...entry, name: names[index] }) as BulkDocument), failed }
}

/** What the audit log and analytics record of a document written into an archive: a download of it. */
export function bulkFetch(entry: BulkDocument): DocumentFetch {
  return entry.kind === 'file'
    ? { action: 'file.download', fileId: entry.file.id, itemUid: entry.itemUid, name: entry.file.original_name, via: 'bulk-download' }
    : { action: 'file.download', fileId: null, itemUid: entry.letter.itemUid, name: entry.name, via: 'bulk-download' }
}

/**
 * The archive as a download: the first bytes leave before the last document is read, and a client that
 * goes away stops the reading (the open file is closed). `open` gives a document's bytes as this viewer
 * gets them (stamped, a letter generated), or null when they are gone. `X-Bulk-Included` and
 * `X-Bulk-Failed` (ids) tell a script what the archive holds before it reads it; a document that
 * vanishes between the check and its turn (a staff delete in that instant) is left out.
 */
export function bulkArchive(orgName: string, plan: BulkPlan, open: (entry: BulkDocument) => Promise<AsyncIterable<Uint8Array> | null>): Download {
  // Every entry dated when it was put together, as a download would be.
  const modified = new Date()
  const entries: ZipEntry[] = plan.documents.map((entry) => ({ name: entry.name, modified, open: () => open(entry) }))
  const body = Readable.toWeb(Readable.from(zipStream(entries), { objectMode: false })) as ReadableStream<Uint8Array>
  return download(body, `${orgName} documents.zip`, 'application/zip', {
    'X-Bulk-Included': String(plan.documents.length),
    'X-Bulk-Failed': plan.failed.join(','),
  })
}
