import { open, readFile } from 'node:fs/promises'
import type { Database } from '../../db/index'
import { fileTooLargeMessage, type DocumentAccessType } from '../../app/lib/schemas/documents'
import { recordAudit } from '../audit/record'
import type { Env } from '../env'
import type { StaffMember } from '../auth/staff-session'
import { inspect } from './inspection'
import { createFile, fileStore, StoreUnavailable, type SpooledFile, type StoreEnv } from './store'
import { centralHeaderSignatures, readZipDirectory } from './zip'

export const FILE_TYPE_NOT_ALLOWED = 'This file type is not allowed'
export const EMPTY_FILE = 'Choose a file to upload'
export const STORE_UNAVAILABLE = 'The file could not be stored just now. Please try again in a few minutes.'

/** An upload refused for what it is (type, size, emptiness): the message is shown to the staff member as is. */
export class UploadRejected extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 503 = 400,
  ) {
    super(message)
    this.name = 'UploadRejected'
  }
}

export const maxUploadBytes = (env: Pick<Env, 'MAX_UPLOAD_MB'>) => env.MAX_UPLOAD_MB * 1024 * 1024

const OFFICE_TYPES: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte)
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04]
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

/**
 * The real content type of an upload, read from its bytes (a zip's or a text file's are handed to a worker: not to be used after): PDF, PNG, JPEG, GIF, WebP, Word/Excel/PowerPoint
 * (OOXML) and UTF-8 text by extension. Everything else (HTML, SVG, executables, other archives, macro-enabled
 * Office files) is refused, whatever its name or the type the browser claimed.
 */
export async function sniffDocumentType(bytes: Uint8Array, originalName: string): Promise<string> {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  if (startsWith(bytes, ZIP_SIGNATURE)) {
    const office = await officeType(bytes)
    if (office) return office
    throw new UploadRejected(FILE_TYPE_NOT_ALLOWED)
  }
  const extension = /\.([a-z0-9]+)$/i.exec(originalName)?.[1]?.toLowerCase()
  const textType = extension ? TEXT_TYPES[extension] : undefined
  if (textType && (await isPlainText(bytes))) return textType
  throw new UploadRejected(FILE_TYPE_NOT_ALLOWED)
}

/**
 * What a real Word, Excel or PowerPoint file stays within (decision 026): a few thousand parts at most (a
 * 500-slide deck has ~2,000), well under a gigabyte unpacked, names at most four or five folders deep.
 */
export const OFFICE_LIMITS = { entries: 10_000, uncompressedBytes: 1024 * 1024 * 1024, depth: 8 }
export const ARCHIVE_TOO_COMPLEX = 'This file holds too many parts, or too much once unpacked, to be a Word, Excel or PowerPoint document'
/** A time to read one [Content_Types].xml among at most OFFICE_LIMITS.entries parts, on a loaded machine. */
const OFFICE_CHECK_MS = 10_000
const OFFICE_CHECK_MEMORY_MB = 128

/**
 * A zip is an Office document only when its [Content_Types].xml names a Word, Excel or PowerPoint main
 * part. Its directory is judged first, here (cheap); the archive is opened in an inspection worker.
 */
async function officeType(bytes: Uint8Array): Promise<string | null> {
  const directory = readZipDirectory(bytes, OFFICE_LIMITS.entries)
  if (!directory) return null
  // JSZip may read a directory other than the one the end record names: every entry signature counts.
  const entries = Math.max(directory.entries, await centralHeaderSignatures(bytes, OFFICE_LIMITS.entries))
  if (entries > OFFICE_LIMITS.entries || directory.uncompressedBytes > OFFICE_LIMITS.uncompressedBytes || directory.depth > OFFICE_LIMITS.depth) {
    throw new UploadRejected(ARCHIVE_TOO_COMPLEX)
  }
  let declared: string[] | null
  try {
    declared = await inspect({ check: 'office-parts', bytes: ownBuffer(bytes), xmlLimit: 1024 * 1024 }, { timeLimitMs: OFFICE_CHECK_MS, memoryLimitMb: OFFICE_CHECK_MEMORY_MB })
  } catch (error) {
    console.error('[files] an Office document could not be checked:', error instanceof Error ? error.message : error)
    throw new UploadRejected(ARCHIVE_TOO_COMPLEX)
  }
  // A macro-enabled document declares its own main type, so it never matches these.
  const main = declared?.find((type) => type in OFFICE_TYPES)
  return main ? OFFICE_TYPES[main] : null
}

/** The bytes' own ArrayBuffer, to hand to a worker without a copy (the caller is done with them); a copy only of a slice. */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
  return whole ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer)
}

/** A time and heap to check the UTF-8 of a text upload of up to MAX_UPLOAD_MB (one native pass, one scan of the bytes). */
const TEXT_CHECK_MS = 10_000
const TEXT_CHECK_MEMORY_MB = 64

/**
 * Valid UTF-8 without NUL or other binary control bytes, and not markup wearing a .txt name: checked in an
 * inspection worker (the bytes handed over), so a large text file never holds the event loop. A check
 * that fails or runs out of time refuses the file as any other that is not plain text.
 */
async function isPlainText(bytes: Uint8Array) {
  try {
    return await inspect({ check: 'plain-text', bytes: ownBuffer(bytes) }, { timeLimitMs: TEXT_CHECK_MS, memoryLimitMb: TEXT_CHECK_MEMORY_MB })
  } catch (error) {
    console.error('[files] a text file could not be checked:', error instanceof Error ? error.message : error)
    return false
  }
}

// Control characters, and the bidirectional overrides that can disguise an extension.
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g
const MAX_NAME_LENGTH = 200

/** The name a document keeps: its last path segment, without control characters, at most 200 characters with its extension kept. */
export function sanitiseFileName(name: string) {
  const base = (name.normalize('NFC').split(/[\\/]/).pop() ?? '').replace(UNSAFE_NAME_CHARACTERS, '').replace(/\s+/g, ' ').trim()
  const cleaned = base.replace(/^\.+/, '').trim() || 'document'
  const characters = [...cleaned]
  if (characters.length <= MAX_NAME_LENGTH) return cleaned
  const extension = /(\.[^.\s]{1,10})$/.exec(cleaned)?.[1] ?? ''
  return (
    characters
      .slice(0, MAX_NAME_LENGTH - extension.length)
      .join('')
      .trimEnd() + extension
  )
}

export interface UploadedDocument {
  name: string
  spooled: SpooledFile
  documentAccessType: DocumentAccessType
}

const SNIFF_HEAD_BYTES = 64 * 1024

/**
 * The bytes of a spooled upload that its type is told by: the first 64 KB for a PDF or an image; the whole
 * file only for a zip (an Office document's parts are listed at its end) or a text file (all of it must be
 * valid UTF-8).
 */
export async function sniffingBytes(spooled: SpooledFile, originalName: string): Promise<Uint8Array> {
  const handle = await open(spooled.path, 'r')
  let head: Uint8Array
  try {
    const buffer = Buffer.alloc(Math.min(SNIFF_HEAD_BYTES, spooled.size))
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
    head = buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
  const extension = /\.([a-z0-9]+)$/i.exec(originalName)?.[1]?.toLowerCase()
  const whole = startsWith(head, ZIP_SIGNATURE) || (extension !== undefined && extension in TEXT_TYPES)
  // The Buffer as read, not a copy: copying 35 MB held the event loop ~0.5 s on a busy machine.
  return whole && spooled.size > head.byteLength ? await readFile(spooled.path) : head
}

/** An upload's bytes into the file store (its SHA-256); the store down is an UploadRejected 503 with a message, not a 500. */
export async function putUpload(env: StoreEnv, spooled: SpooledFile) {
  try {
    return await fileStore(env).putFile(spooled)
  } catch (error) {
    if (!(error instanceof StoreUnavailable)) throw error
    console.error('[files] an upload could not be stored:', error.message)
    throw new UploadRejected(STORE_UNAVAILABLE, 503)
  }
}

/**
 * Checks and stores one upload for an org: size, real type, safe name; the file row and its audit entry
 * are written together (inside the caller's transaction when given one). Throws UploadRejected.
 */
export async function storeUpload(
  db: Database,
  env: StoreEnv & Pick<Env, 'MAX_UPLOAD_MB'>,
  orgId: string,
  staff: Pick<StaffMember, 'email' | 'name'>,
  file: UploadedDocument,
  request?: { ip?: string | null; userAgent?: string | null },
) {
  const { spooled } = file
  if (spooled.size === 0) throw new UploadRejected(EMPTY_FILE)
  if (spooled.size > maxUploadBytes(env)) throw new UploadRejected(fileTooLargeMessage(env.MAX_UPLOAD_MB), 413)
  const originalName = sanitiseFileName(file.name)
  const contentType = await sniffDocumentType(await sniffingBytes(spooled, originalName), originalName)
  // Into the store before the transaction: a rolled-back row leaves at most an unreferenced blob.
  await putUpload(env, spooled)
  const write = async (trx: Database) => {
    const stored = await createFile(trx, fileStore(env), {
      orgId,
      originalName,
      contentType,
      stored: { sha256: spooled.sha256, size: spooled.size },
      documentAccessType: file.documentAccessType,
      createdByName: staff.name,
    })
    await recordAudit(trx, {
      orgId,
      actor: staff.email,
      action: 'document.upload',
      target: stored.id,
      after: { name: originalName, contentType, sizeBytes: spooled.size, documentAccessType: file.documentAccessType },
      ip: request?.ip,
      userAgent: request?.userAgent,
    })
    return { id: stored.id, sha256: stored.sha256, originalName, contentType, sizeBytes: spooled.size }
  }
  return db.isTransaction ? write(db) : db.transaction().execute(write)
}
