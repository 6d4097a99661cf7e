import type { Database } from '../../db/index'
import { QUESTIONNAIRE_EXTENSIONS, QUESTIONNAIRE_MESSAGES, type QuestionnaireExtension } from '../../app/lib/questionnaires'
import { readCookie } from '../auth/cookies'
import { looksLikeToken } from '../auth/tokens'
import { FILE_TYPE_NOT_ALLOWED, sanitiseFileName, sniffDocumentType, UploadRejected } from '../files/upload'
import { hasLiveVisitorSession, VISITOR_COOKIE } from '../visitors/sessions'
import type { Env } from '../env'
import { resolvePortalOrg } from '../portal/resolve'

// What a questionnaire file may be: one of the spec's types, named for what its bytes are. The documents
// library's sniffing reads PDF, OOXML and text; the legacy Office formats and plain ZIPs are told by their
// signatures here. A file whose bytes do not match its extension is refused, whatever the browser claimed.

const OLE_COMPOUND = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  // An empty archive is only its end record.
  [0x50, 0x4b, 0x05, 0x06],
]

/** The type the documents library's sniffing must find for each extension it reads. */
const SNIFFED: Partial<Record<QuestionnaireExtension, string>> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

const LEGACY_OFFICE: Partial<Record<QuestionnaireExtension, string>> = {
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
}

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte)

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() as QuestionnaireExtension | undefined

/** A questionnaire's safe name and real content type; throws UploadRejected for anything else. */
export async function questionnaireFile(bytes: Uint8Array, name: string): Promise<{ name: string; contentType: string }> {
  if (bytes.byteLength === 0) throw new UploadRejected(QUESTIONNAIRE_MESSAGES.fileRequired)
  const safeName = sanitiseFileName(name)
  const extension = extensionOf(safeName)
  if (!extension || !QUESTIONNAIRE_EXTENSIONS.includes(extension)) throw new UploadRejected(QUESTIONNAIRE_MESSAGES.fileType)
  const legacy = LEGACY_OFFICE[extension]
  if (legacy) {
    if (startsWith(bytes, OLE_COMPOUND)) return { name: safeName, contentType: legacy }
  } else if (extension === 'zip') {
    if (ZIP_SIGNATURES.some((signature) => startsWith(bytes, signature))) return { name: safeName, contentType: 'application/zip' }
  } else {
    const sniffed = await sniffDocumentType(bytes, safeName).catch((error) => {
      // Refused for its type: the questionnaire's own message; for anything else, the sniffing's (an archive too complex).
      if (error instanceof UploadRejected && error.message === FILE_TYPE_NOT_ALLOWED) return null
      throw error
    })
    if (sniffed === SNIFFED[extension]) return { name: safeName, contentType: sniffed }
  }
  throw new UploadRejected(QUESTIONNAIRE_MESSAGES.fileType)
}

// The portal page takes a questionnaire file where its form posts: the product's home with
// `?questionnaire=file`, as a document request or React Router's `.data` fetch of it.
const PORTAL_HOME = /^(?:\/portal\/[^/]+)?(?:\/product\/[^/]+)?(?:\/|\/_root\.data|\/_\.data|\.data)?$/i

/** Whether a request is a questionnaire upload (from its request line alone: the body limit is decided before reading it). */
export function isQuestionnaireUpload(method: string | undefined, url: string | undefined) {
  if (method !== 'POST') return false
  const [path, query = ''] = (url ?? '/').split('?')
  return PORTAL_HOME.test(path) && new URLSearchParams(query).get('questionnaire') === 'file'
}

/**
 * Whether the request carries a live session of a member of the portal's own org (from its head alone):
 * enough to take an upload's body; the action checks the member's access and the setting before it keeps anything.
 */
export async function hasVisitorSession(db: Database, env: Env, origin: string, url: string | undefined, cookie: string | undefined) {
  const request = new Request(new URL(url ?? '/', origin), { headers: { cookie: cookie ?? '' } })
  if (!looksLikeToken(readCookie(request, VISITOR_COOKIE))) return false
  const org = await resolvePortalOrg(db, env, request, ORG_SLUG.exec(new URL(request.url).pathname)?.[1]).catch(() => null)
  return org ? hasLiveVisitorSession(db, request, org.id) : false
}

const ORG_SLUG = /^\/portal\/([^/.]+)/i
