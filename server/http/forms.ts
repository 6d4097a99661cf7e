import { parseWithZod } from '@conform-to/zod/v4'
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser'
import type { SubmissionResult } from '@conform-to/react'
import { data } from 'react-router'
import type { z } from 'zod'

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

export type UploadForm = { ok: true; formData: FormData } | { ok: false; status: 400 | 413; problem: 'too-large' | 'too-many-files' | 'unreadable' }

/**
 * An upload action's form (limits.ts lets only these routes take large bodies): streamed, keeping only
 * `fileField`'s one file, and stopping as soon as it passes `maxFileSize`. The other fields are checked
 * like any form's.
 */
export async function readUploadForm(request: Request, options: { fileField: string; maxFileSize: number }): Promise<UploadForm> {
  let formData: FormData
  try {
    formData = await parseFormData(
      request,
      { maxFiles: 1, maxFileSize: options.maxFileSize, maxTotalSize: options.maxFileSize + 1024 * 1024, maxParts: 20 },
      (upload) => (upload.fieldName === options.fileField ? upload : null),
    )
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError || error instanceof BodyTooLargeError) return { ok: false, status: 413, problem: 'too-large' }
    if (error instanceof MaxFilesExceededError || error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError) return { ok: false, status: 400, problem: 'too-many-files' }
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || error instanceof TypeError) return { ok: false, status: 400, problem: 'unreadable' }
    throw error
  }
  checkFormFields(formData)
  return { ok: true, formData }
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
