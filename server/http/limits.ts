import type { IncomingMessage } from 'node:http'
import type { StaffPermission } from '../../app/lib/permissions'
import { SAFE_METHODS } from '../security'

// How large a request body may be, decided from the request line and the sender before a byte of the
// body is read. Forms are small: every route takes at most FORM_BODY_LIMIT. Only the upload actions take
// more, and only from a signed-in staff member holding the upload's permission.

/** A form of text fields, or a card icon (at most 1 MiB) with its multipart framing. */
export const FORM_BODY_LIMIT = 1024 * 1024 + 64 * 1024

/** The actions that take files larger than a form: method, path, and the permission their sender needs. */
export const UPLOAD_ROUTES: { method: string; path: RegExp; permission: StaffPermission }[] = [
  // With JavaScript the page's form posts to React Router's data form of the same path (`/documents.data`).
  { method: 'POST', path: /^\/documents(\/|\.data)?$/i, permission: 'documents' },
  // A CSV import of FAQ entries (up to 1 MB of text, refused with its own message beyond that).
  { method: 'POST', path: /^\/knowledge-base(\/|\.data)?$/i, permission: 'knowledge-base' },
]

/** The upload route a request is for, if any. */
export function uploadRouteOf(method: string | undefined, url: string | undefined) {
  const path = (url ?? '/').split('?')[0]
  return UPLOAD_ROUTES.find((route) => route.method === method && route.path.test(path))
}

/** Room for an upload of `maxUploadBytes` and its multipart framing and fields. */
export const uploadBodyLimit = (maxUploadBytes: number) => maxUploadBytes + 1024 * 1024

export type BodyRefusal = { status: 411 | 413 | 415; message: string } | null

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** Refuses, from the headers alone, a body that is not a form, has no length, or is longer than `limit`. */
export function bodyRefusal(req: Pick<IncomingMessage, 'method' | 'headers'>, limit: number): BodyRefusal {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return null
  const declared = req.headers['content-length']
  if (declared === undefined && req.headers['transfer-encoding']) return { status: 411, message: 'Send the request body with a Content-Length.' }
  const length = Number(declared ?? 0)
  if (!Number.isSafeInteger(length) || length < 0) return { status: 413, message: 'The request body is too large.' }
  if (length > limit) return { status: 413, message: 'The request body is too large.' }
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
  if (length > 0 && !FORM_TYPES.includes(type)) return { status: 415, message: 'Send forms as application/x-www-form-urlencoded or multipart/form-data.' }
  return null
}
