import { openAsBlob } from 'node:fs'
import { Readable } from 'node:stream'
import { parseWithZod } from '@conform-to/zod/v4'
import busboy from 'busboy'
import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import type { z } from 'zod'
import { removeSpool, spoolStream, SpoolTooLarge, type SpooledFile } from '../files/store'

// The one place that reads form bodies. The listener has already refused bodies over their route's cap
// (limits.ts) before reading a byte; here the fields are checked before anything parses their names:
// Conform turns `x[30000000]` into a sparse array and `a.a.a…` into nested objects, so a 42-byte body could
// cost seconds and megabytes. A form with such a name is refused whole, and a reply echoes only the
// schema's own fields, each bounded in length.

export const FORM_LIMITS = {
  /** Fields in one form (a re-order of every item of a card stays far below). */
  maxFields: 1000,
  /** Characters in one field name. */
  maxNameLength: 200,
  /** Path segments in one name: `links[3].url` has three. */
  maxDepth: 6,
  /** The largest list index a name may carry: `order[999]`. */
  maxIndex: 999,
  /**
   * All list indices of a form added up: Conform makes an array as long as each index, and a reply walks
   * every slot, so `a[0][999][999]…` a thousand times over would cost millions for 38 KB sent.
   */
  maxIndexSum: 5_000,
  /** Characters of one value echoed back in an error reply. */
  maxEchoLength: 10_000,
} as const

export const UNREADABLE_FORM = 'This form could not be read. Send it as application/x-www-form-urlencoded or multipart/form-data.'
export const HOSTILE_FORM = 'This form has a field this page does not accept.'
export const UNSTORABLE_VALUE = 'This form has a value with a NUL character, which cannot be saved.'

const SEGMENT = /\[(\d+)\]|\.?([^.[\]]+)|(.)/g
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor'])
// Conform's own control fields: never accepted from a request (one of them is JSON.parse'd and echoed).
const CONFORM_FIELDS = new Set(['__intent__', '__state__'])

/** Why a field name is refused, or null when it is an ordinary name. */
export function fieldNameProblem(name: string): string | null {
  return readFieldName(name).problem
}

/** A field name's problem, if any, and the sum of the list indices it carries. */
function readFieldName(name: string): { problem: string | null; indexSum: number } {
  if (name.length === 0 || name.length > FORM_LIMITS.maxNameLength) return { problem: 'length', indexSum: 0 }
  let depth = 0
  let indexSum = 0
  for (const match of name.matchAll(SEGMENT)) {
    if (match[3] !== undefined) return { problem: 'syntax', indexSum }
    if (++depth > FORM_LIMITS.maxDepth) return { problem: 'depth', indexSum }
    if (match[1] !== undefined) {
      if (match[1].length > 4 || Number(match[1]) > FORM_LIMITS.maxIndex) return { problem: 'index', indexSum }
      indexSum += Number(match[1]) + 1
    }
    if (match[2] !== undefined && FORBIDDEN_SEGMENTS.has(match[2])) return { problem: 'reserved', indexSum }
  }
  return { problem: null, indexSum }
}

/**
 * A form post's fields, every name checked. A body that is not a readable form is the sender's mistake
 * (400), not ours; so is a hostile name or too many fields.
 */
export async function readForm(request: Request): Promise<FormData> {
  let formData: FormData
  try {
    formData = await request.formData()
  } catch (error) {
    if (error instanceof BodyTooLargeError || (error as { cause?: unknown })?.cause instanceof BodyTooLargeError) {
      throw data('The request body is too large.', { status: 413 })
    }
    throw data(UNREADABLE_FORM, { status: 400 })
  }
  checkFormFields(formData)
  return formData
}

export type UploadForm =
  | {
      ok: true
      /** The fields; the file field holds a File read from the spool on disk (its size is known without reading it). */
      formData: FormData
      /** The file as received, on this server's disk with its SHA-256: for FileStore.putFile. */
      spooled: SpooledFile | null
      /** Removes the spool: call it once the upload is handled (stored or refused). */
      dispose(): Promise<void>
    }
  | { ok: false; status: 400 | 413; problem: 'too-large' | 'too-many-files' | 'unreadable' }

type UploadProblem = Extract<UploadForm, { ok: false }>
const UPLOAD_PROBLEM = {
  tooLarge: { ok: false, status: 413, problem: 'too-large' },
  tooMany: { ok: false, status: 400, problem: 'too-many-files' },
  unreadable: { ok: false, status: 400, problem: 'unreadable' },
} as const satisfies Record<string, UploadProblem>

class UploadRefused extends Error {
  constructor(readonly answer: UploadProblem) {
    super(answer.problem)
  }
}

/**
 * An upload action's form (limits.ts lets only these routes take large bodies), streamed: `fileField`'s
 * one file goes to a spool file under `spoolDir` as it arrives, hashed on the way, and the read stops as
 * soon as it passes `maxFileSize`; a 50 MB document never sits whole in memory. Other files are drained
 * unread. The other fields are checked like any form's.
 */
export async function readUploadForm(request: Request, options: { fileField: string; maxFileSize: number; spoolDir: string }): Promise<UploadForm> {
  const contentType = request.headers.get('content-type') ?? ''
  // The same actions take small forms without a file (delete, change a setting).
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) return { ok: true, formData: await readForm(request), spooled: null, dispose: async () => {} }
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as UTF-8 (busboy's default reads them as Latin-1).
      defParamCharset: 'utf8',
      limits: { files: 1, fileSize: options.maxFileSize, parts: 20, fields: 19, fieldSize: 100 * 1024, headerPairs: 20 },
    })
  } catch {
    return UPLOAD_PROBLEM.unreadable
  }
  const fields: [string, string][] = []
  let file: { spooled: Promise<SpooledFile>; stream: Readable; name: string; type: string } | undefined
  const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>)
  const parsed = new Promise<void>((resolve, reject) => {
    const refuse = (answer: UploadProblem) => reject(new UploadRefused(answer))
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return refuse(UPLOAD_PROBLEM.tooLarge)
      fields.push([name, value])
    })
    parser.on('file', (name, stream, info) => {
      // A part cut short errors its stream; the read as a whole is answered below, once.
      stream.on('error', () => {})
      if (name !== options.fileField || file) {
        stream.resume()
        return
      }
      // Past fileSize busboy ends the stream early and says so: the spool would look whole, so refuse here.
      stream.on('limit', () => refuse(UPLOAD_PROBLEM.tooLarge))
      const spooled = spoolStream(stream, options.spoolDir, options.maxFileSize)
      spooled.catch(reject)
      file = { spooled, stream, name: info.filename ?? 'file', type: info.mimeType || 'application/octet-stream' }
    })
    parser.on('filesLimit', () => refuse(UPLOAD_PROBLEM.tooMany))
    parser.on('partsLimit', () => refuse(UPLOAD_PROBLEM.tooMany))
    parser.on('fieldsLimit', () => refuse(UPLOAD_PROBLEM.tooMany))
    parser.on('error', () => refuse(UPLOAD_PROBLEM.unreadable))
    parser.on('close', resolve)
    // The capped body (listener.ts) errors with BodyTooLargeError; a client that leaves, with another error.
    body.on('error', reject)
  })
  body.pipe(parser)
  let spooled: SpooledFile | null = null
  try {
    await parsed
    spooled = file ? await file.spooled : null
  } catch (error) {
    // The parser is left to be collected: destroying it mid-part would error the file stream once more.
    body.unpipe(parser)
    body.destroy()
    // The spool's write stops with its source, then the spool file is removed.
    file?.stream.destroy(new Error('The upload was refused.'))
    await removeSpool(await file?.spooled.catch(() => null))
    if (error instanceof UploadRefused) return error.answer
    if (error instanceof SpoolTooLarge || error instanceof BodyTooLargeError || (error as { cause?: unknown })?.cause instanceof BodyTooLargeError) return UPLOAD_PROBLEM.tooLarge
    return UPLOAD_PROBLEM.unreadable
  }
  const formData = new FormData()
  for (const [name, value] of fields) formData.append(name, value)
  if (file && spooled) {
    // Read from disk when read at all (the FAQ import reads its CSV; a document goes to the store by path).
    formData.append(options.fileField, new File([await openAsBlob(spooled.path)], file.name, { type: file.type }))
  }
  const dispose = () => removeSpool(spooled)
  try {
    checkFormFields(formData)
  } catch (error) {
    await dispose()
    throw error
  }
  return { ok: true, formData, spooled, dispose }
}

/**
 * Refuses a form with too many fields, a name Conform would expand out of proportion, or a NUL in a
 * value (PostgreSQL cannot store one, so it would only ever fail later, as a 500).
 */
export function checkFormFields(formData: FormData) {
  let count = 0
  let indexSum = 0
  for (const [name, value] of formData) {
    const read = readFieldName(name)
    indexSum += read.indexSum
    if (++count > FORM_LIMITS.maxFields || read.problem || indexSum > FORM_LIMITS.maxIndexSum) throw data(HOSTILE_FORM, { status: 400 })
    if (typeof value === 'string' && value.includes('\u0000')) throw data(UNSTORABLE_VALUE, { status: 400 })
  }
}

/** Thrown by a capped request body (listener.ts) once it passes its route's limit. */
export class BodyTooLargeError extends Error {
  constructor() {
    super('The request body is too large.')
    this.name = 'BodyTooLargeError'
  }
}

/**
 * Conform's parse of `formData` against `schema`, reading only the schema's own fields: the reply then
 * echoes nothing else, and no value longer than FORM_LIMITS.maxEchoLength.
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  checkFormFields(formData)
  const names = schemaFieldNames(schema)
  const own = new FormData()
  for (const [name, value] of formData) {
    if (CONFORM_FIELDS.has(name)) continue
    if (names && !names.has(rootName(name))) continue
    own.append(name, value)
  }
  const submission = parseWithZod(own, { schema })
  const reply = submission.reply.bind(submission)
  submission.reply = (options) => boundedReply(reply(options))
  return submission
}

function boundedReply(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  if (!result.initialValue) return result
  return { ...result, initialValue: bounded(result.initialValue) as typeof result.initialValue }
}

function bounded(value: unknown): unknown {
  if (typeof value === 'string') return value.length > FORM_LIMITS.maxEchoLength ? '' : value
  if (Array.isArray(value)) return value.map(bounded)
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, bounded(entry)]))
  return value
}

const rootName = (name: string) => /^[^.[]*/.exec(name)![0]

/** The top-level field names a zod schema reads, or null when they cannot be told (nothing is filtered). */
export function schemaFieldNames(schema: z.ZodType): Set<string> | null {
  const def = (schema as unknown as { _zod?: { def?: Record<string, unknown> } })._zod?.def
  if (!def) return null
  switch (def.type) {
    case 'object':
      return new Set(Object.keys(def.shape as object))
    case 'pipe':
      return schemaFieldNames(def.in as z.ZodType)
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return schemaFieldNames(def.innerType as z.ZodType)
    case 'union': {
      const all = new Set<string>()
      for (const option of def.options as z.ZodType[]) {
        const names = schemaFieldNames(option)
        if (!names) return null
        for (const name of names) all.add(name)
      }
      return all
    }
    case 'intersection': {
      const left = schemaFieldNames(def.left as z.ZodType)
      const right = schemaFieldNames(def.right as z.ZodType)
      return left && right ? new Set([...left, ...right]) : null
    }
    default:
      return null
  }
}
