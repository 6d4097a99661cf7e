import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Database } from '../../db/index'
import { indexDocumentName } from '../search/index-content'
import { wakeTextExtraction } from '../search/extract'
import { s3FileStore, type S3Settings } from './s3-store'

/**
 * Content-addressed blob storage: the key is the SHA-256 of the bytes. Two backends: a directory under
 * DATA_DIR (one server), and an S3-compatible bucket (several app servers: server/files/s3-store.ts).
 */
export interface FileStore {
  readonly kind: 'local' | 's3'
  /** Stores bytes already in memory (generated files: seed documents, signed NDAs, icons); returns the key. */
  put(bytes: Uint8Array): Promise<string>
  /**
   * Stores a file spooled to this server's disk (spoolStream), streamed from there: it never sits whole in
   * memory. A key the store has already is not sent again. The spool is left for the caller to remove.
   */
  putFile(file: SpooledFile): Promise<string>
  /** A web stream of the blob, or null when it is missing. */
  get(sha256: string): Promise<ReadableStream<Uint8Array> | null>
  /** Whether the blob is there, without opening it (a bulk download checks every file before it starts). */
  has(sha256: string): Promise<boolean>
  /**
   * Removes the blob (gone already is fine). Blobs are shared by content: only for one no file row of any org
   * names any more (`npm run org:delete`, server/orgs/delete.ts).
   */
  remove(sha256: string): Promise<void>
  /**
   * Throws a StoreUnavailable saying what is wrong when the store cannot be reached, read or (with
   * `write`) written: the boot check (a misconfigured server does not start) and the readiness answer.
   */
  check(options?: { write?: boolean }): Promise<void>
}

/** A file written to local disk while it was received, with its hash and size counted on the way. */
export interface SpooledFile {
  path: string
  sha256: string
  size: number
}

export class StoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'StoreUnavailable'
  }
}

/** Thrown by spoolStream once a stream passes `maxBytes`; what was written is removed. */
export class SpoolTooLarge extends Error {
  constructor() {
    super('The file is too large.')
    this.name = 'SpoolTooLarge'
  }
}

export function sha256Hex(bytes: Uint8Array) {
  return createHash('sha256').update(bytes).digest('hex')
}

export const isSha256 = (key: string) => /^[0-9a-f]{64}$/.test(key)

/** The SHA-256 of a file on disk, read as a stream. */
export async function hashFile(file: string) {
  const hash = createHash('sha256')
  await pipeline(createReadStream(file), hash)
  return hash.digest('hex')
}

/** Where spooled uploads wait: under DATA_DIR, private like the rest of it (server/data-dir.ts). */
export const spoolDirectory = (dataDir: string) => path.join(dataDir, 'tmp')

/**
 * Writes a stream to a new file under `dir`, hashing and counting as it goes; stops and removes the file
 * once it passes `maxBytes` (SpoolTooLarge). The caller removes the spool when done (removeSpool).
 */
export async function spoolStream(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Readable,
  dir: string,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<SpooledFile> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const file = path.join(dir, `spool-${randomUUID()}`)
  const hash = createHash('sha256')
  let size = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.byteLength
      if (size > maxBytes) return callback(new SpoolTooLarge())
      hash.update(chunk)
      callback(null, chunk)
    },
  })
  const input = source instanceof Readable ? source : Readable.from(source as AsyncIterable<Uint8Array>)
  const output = createWriteStream(file, { mode: 0o600 })
  try {
    await pipeline(input, counter, output)
  } catch (error) {
    // A stream destroyed while it opens still creates the file, and closes only then: removed once it is closed.
    if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()))
    await rm(file, { force: true })
    throw error
  }
  return { path: file, sha256: hash.digest('hex'), size }
}

/** Spools left by a server that stopped mid-upload: removed at boot once an hour old (no upload takes that long). */
export async function removeStaleSpools(dataDir: string, olderThanMs = 60 * 60 * 1000) {
  const dir = spoolDirectory(dataDir)
  const names = await readdir(dir).catch(() => [] as string[])
  for (const name of names.filter((entry) => entry.startsWith('spool-'))) {
    const file = path.join(dir, name)
    const stats = await stat(file).catch(() => null)
    if (stats && Date.now() - stats.mtimeMs > olderThanMs) await rm(file, { force: true })
  }
}

export async function removeSpool(file: SpooledFile | undefined | null) {
  if (file) await rm(file.path, { force: true })
}

export function localFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'files')
  const location = (sha: string) => path.join(root, sha.slice(0, 2), sha)
  async function has(sha: string) {
    if (!isSha256(sha)) return false
    try {
      return (await stat(location(sha))).isFile()
    } catch {
      return false
    }
  }
  /** Write then rename, so a reader never sees half a file. */
  async function place(sha: string, write: (temporary: string) => Promise<void>) {
    const file = location(sha)
    await mkdir(path.dirname(file), { recursive: true })
    const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`
    try {
      await write(temporary)
      await rename(temporary, file)
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
    return sha
  }
  return {
    kind: 'local',
    put(bytes) {
      const sha = sha256Hex(bytes)
      return place(sha, (temporary) => writeFile(temporary, bytes))
    },
    async putFile(file) {
      if (await has(file.sha256)) return file.sha256
      return place(file.sha256, (temporary) => copyFile(file.path, temporary))
    },
    async get(sha) {
      if (!(await has(sha))) return null
      return Readable.toWeb(createReadStream(location(sha))) as ReadableStream<Uint8Array>
    },
    has,
    async remove(sha) {
      if (isSha256(sha)) await rm(location(sha), { force: true })
    },
    async check(options) {
      try {
        await mkdir(root, { recursive: true })
        if (options?.write) {
          const probe = path.join(root, `.probe-${process.pid}-${randomUUID()}`)
          await writeFile(probe, 'ok')
          await rm(probe, { force: true })
        }
      } catch (error) {
        throw new StoreUnavailable(`The file store under ${root} cannot be written: ${(error as Error).message}`, { cause: error })
      }
    },
  }
}

/** The environment a store is chosen from: S3 when S3_BUCKET is set, DATA_DIR otherwise. */
export interface StoreEnv extends Partial<S3Settings> {
  DATA_DIR: string
}

const stores = new Map<string, FileStore>()
/** The store this deployment uses, one per configuration in a process. */
export function fileStore(env: StoreEnv): FileStore {
  const key = env.S3_BUCKET ? `s3\n${env.S3_ENDPOINT ?? ''}\n${env.S3_BUCKET}` : `local\n${env.DATA_DIR}`
  let store = stores.get(key)
  if (!store) {
    store = env.S3_BUCKET ? s3FileStore(env as S3Settings & StoreEnv) : localFileStore(env.DATA_DIR)
    stores.set(key, store)
  }
  return store
}

export async function createFile(
  db: Database,
  store: FileStore,
  file: {
    orgId: string
    originalName: string
    contentType: string
    documentAccessType?: 'view-only' | 'view-and-download'
    createdByName?: string
  } & ({ bytes: Uint8Array } | { /** A blob the store holds already (a streamed upload: FileStore.putFile). */ stored: { sha256: string; size: number } }),
) {
  const { sha256, size } = 'stored' in file ? file.stored : { sha256: await store.put(file.bytes), size: file.bytes.byteLength }
  const pdf = file.contentType === 'application/pdf'
  const row = await db
    .insertInto('files')
    .values({
      org_id: file.orgId,
      sha256,
      original_name: file.originalName,
      content_type: file.contentType,
      size_bytes: size,
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
