import { Readable } from 'node:stream'
import type { Database } from '../../db/index'
import type { PortalViewer } from '../access/viewer'
import type { PortalOrg } from '../portal/resolve'
import { authoriseFile } from './access'
import { contentDisposition } from './headers'
import { fileStore } from './store'
import { zipEntryNames, zipStream, type ZipEntry, type ZipResult } from './zip'

// Bulk download (issue 9; cards-and-items spec sections 4 and 7): the documents a visitor ticked, as one
// ZIP streamed while it is built. Each file is checked as a single download would be, at the moment of
// the request, from the ids alone: nothing the form says about a file is trusted.

/** More than this in one request is refused: the documents card lists far fewer. */
export const BULK_MAX_FILES = 200

export type BulkRefusal = { ok: false; status: 400 | 403 | 404; message: string }

export interface BulkPlan {
  ok: true
  /** What goes into the archive, in the order asked, under safe unique names. */
  files: { id: string; sha256: string; name: string; modified: Date }[]
  /** Asked for and left out: unknown, another org's, not downloadable by this viewer, or gone from the store. */
  failed: { id: string; name: string | null }[]
}

export const BULK_MESSAGES = {
  notAllowed: 'Bulk download is available to signed-in accounts of this Trust Center.',
  turnedOff: 'Bulk download is turned off for this Trust Center.',
  noFiles: 'Choose at least one document to download.',
  tooMany: `Choose at most ${BULK_MAX_FILES} documents at a time.`,
  nothing: 'None of these documents can be downloaded.',
} as const

/** Which of `fileIds` this viewer may download now: an account member only, where the org allows it. */
export async function planBulkDownload(db: Database, env: { DATA_DIR: string }, org: PortalOrg, viewer: PortalViewer, fileIds: readonly string[]): Promise<BulkPlan | BulkRefusal> {
  if (viewer.mode !== 'AccountExternal' || !viewer.account?.member) return { ok: false, status: 403, message: BULK_MESSAGES.notAllowed }
  const setting = await db.selectFrom('portal_customizations').select('bulk_download_enabled').where('org_id', '=', org.id).executeTakeFirst()
  if (!setting?.bulk_download_enabled) return { ok: false, status: 403, message: BULK_MESSAGES.turnedOff }
  const ids = [...new Set(fileIds)]
  if (!ids.length) return { ok: false, status: 400, message: BULK_MESSAGES.noFiles }
  if (ids.length > BULK_MAX_FILES) return { ok: false, status: 400, message: BULK_MESSAGES.tooMany }

  const store = fileStore(env)
  const allowed: { id: string; sha256: string; originalName: string; modified: Date }[] = []
  const failed: BulkPlan['failed'] = []
  for (const id of ids) {
    const decision = await authoriseFile(db, org, viewer, id, true)
    if (decision.status === 'allowed' && decision.download && (await store.has(decision.file.sha256))) {
      allowed.push({ id, sha256: decision.file.sha256, originalName: decision.file.original_name, modified: new Date() })
    } else {
      // A name only for a file the viewer may see listed (the spec shows failed names); never another org's.
      failed.push({ id, name: decision.status === 'allowed' ? decision.file.original_name || null : null })
    }
  }
  if (!allowed.length) return { ok: false, status: 404, message: BULK_MESSAGES.nothing }
  const names = zipEntryNames(allowed.map((file) => file.originalName))
  return { ok: true, files: allowed.map((file, index) => ({ id: file.id, sha256: file.sha256, name: names[index], modified: file.modified })), failed }
}

/**
 * The archive as a response: the first bytes leave before the last file is read, and a client that
 * goes away stops the reading (the open file is closed). `X-Bulk-Included` and `X-Bulk-Failed` (ids)
 * tell a script what the archive holds before it reads it; a file that vanishes after the check is
 * left out and `onDone` hears of it.
 */
export function bulkArchiveResponse(env: { DATA_DIR: string }, orgName: string, plan: BulkPlan, onDone?: (result: ZipResult) => void): Response {
  const store = fileStore(env)
  const entries: ZipEntry[] = plan.files.map((file) => ({
    name: file.name,
    modified: file.modified,
    // As a Node stream: reading it is async iteration, and stopping early destroys it (the file is closed).
    open: async () => {
      const stream = await store.get(file.sha256)
      return stream ? (Readable.fromWeb(stream as import('node:stream/web').ReadableStream<Uint8Array>) as AsyncIterable<Uint8Array>) : null
    },
  }))
  const result: ZipResult = { written: [], missing: [] }
  async function* archive() {
    yield* zipStream(entries, result)
    onDone?.(result)
  }
  const body = Readable.toWeb(Readable.from(archive(), { objectMode: false })) as ReadableStream<Uint8Array>
  return new Response(body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition('attachment', `${orgName} documents.zip`),
      'Cache-Control': 'private, no-store',
      'X-Bulk-Included': String(plan.files.length),
      'X-Bulk-Failed': plan.failed.map((file) => file.id).join(','),
    },
  })
}
