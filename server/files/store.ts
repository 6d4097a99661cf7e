import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { Database } from '../../db/index'
import { indexDocumentName } from '../search/index-content'
import { wakeTextExtraction } from '../search/extract'

/** Content-addressed blob storage: the key is the SHA-256 of the bytes. */
export interface FileStore {
  put(bytes: Uint8Array): Promise<string>
  /** A web stream of the blob, or null when it is missing. */
  get(sha256: string): Promise<ReadableStream<Uint8Array> | null>
  /** Whether the blob is there, without opening it (a bulk download checks every file before it starts). */
  has(sha256: string): Promise<boolean>
}

export function sha256Hex(bytes: Uint8Array) {
  return createHash('sha256').update(bytes).digest('hex')
}

export function localFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files')
  const location = (sha: string) => path.join(root, sha.slice(0, 2), sha)
  async function has(sha: string) {
    if (!/^[0-9a-f]{64}$/.test(sha)) return false
    try {
      return (await stat(location(sha))).isFile()
    } catch {
      return false
    }
  }
  return {
    async put(bytes) {
      const sha = sha256Hex(bytes)
      const file = location(sha)
      await mkdir(path.dirname(file), { recursive: true })
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
      await writeFile(temporary, bytes)
      await rename(temporary, file)
      return sha
    },
    async get(sha) {
      if (!(await has(sha))) return null
      return Readable.toWeb(createReadStream(location(sha))) as ReadableStream<Uint8Array>
    },
    has,
  }
}

const stores = new Map<string, FileStore>()
/** The store this deployment uses (S3-compatible storage comes with multi-server deployments). */
export function fileStore(env: { DATA_DIR: string }): FileStore {
  let store = stores.get(env.DATA_DIR)
  if (!store) stores.set(env.DATA_DIR, (store = localFileStore(env.DATA_DIR)))
  return store
}

export async function createFile(
  db: Database,
  store: FileStore,
  file: { orgId: string; originalName: string; contentType: string; bytes: Uint8Array; documentAccessType?: 'view-only' | 'view-and-download'; createdByName?: string },
) {
  const sha256 = await store.put(file.bytes)
  const pdf = file.contentType === 'application/pdf'
  const row = await db
    .insertInto('files')
    .values({
      org_id: file.orgId,
      sha256,
      original_name: file.originalName,
      content_type: file.contentType,
      size_bytes: file.bytes.byteLength,
      document_access_type: file.documentAccessType ?? null,
      created_by_name: file.createdByName ?? null,
      // A PDF's text is read in the background, once (server/search/extract.ts).
      text_status: pdf ? 'pending' : 'none',
    })
    .returning(['id', 'sha256'])
    .executeTakeFirstOrThrow()
  await indexDocumentName(db, { id: row.id, orgId: file.orgId, name: file.originalName })
  if (pdf) wakeTextExtraction()
  return row
}
