import { z } from '../zod'

// The documents library (/documents) and the document links of an item; shared by client and server.

export const DOCUMENT_ACCESS_TYPES = ['view-only', 'view-and-download'] as const
export type DocumentAccessType = (typeof DOCUMENT_ACCESS_TYPES)[number]

export const DOCUMENT_ACCESS_LABELS: Record<DocumentAccessType, string> = {
  'view-only': 'View only',
  'view-and-download': 'View and download',
}

export const fileTooLargeMessage = (maxMb: number) => `The file is larger than ${maxMb} MB`
export const FILE_REQUIRED_MESSAGE = 'Choose a file to upload'

const documentAccessType = z.enum(DOCUMENT_ACCESS_TYPES, { error: 'Choose who may download this document' })
const fileId = z.uuid('This document no longer exists')

/** The upload form; the size cap comes from MAX_UPLOAD_MB, so the browser can refuse a large file before sending it. */
export function uploadDocumentSchema(maxUploadMb: number) {
  return z.object({
    intent: z.literal('upload'),
    // Conform turns an empty file input into undefined.
    file: z
      .instanceof(File, { error: FILE_REQUIRED_MESSAGE })
      .refine((file) => file.size > 0, FILE_REQUIRED_MESSAGE)
      .refine((file) => file.size <= maxUploadMb * 1024 * 1024, fileTooLargeMessage(maxUploadMb)),
    documentAccessType,
  })
}

export const documentAccessTypeSchema = z.object({
  intent: z.literal('accessType'),
  fileId,
  documentAccessType,
})

export const deleteDocumentSchema = z.object({
  intent: z.literal('delete'),
  fileId,
})

/** Fields an item form carries from DocumentLinksField; merge them into the item's own schema. */
export const documentLinkFields = {
  linkFileIds: z.array(fileId).max(500, 'Link fewer documents at once').default([]),
  unlinkFileIds: z.array(fileId).max(500, 'Unlink fewer documents at once').default([]),
}
export const documentLinksSchema = z.object(documentLinkFields)
