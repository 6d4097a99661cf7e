// Where a portal document is read: its file URL (inline), its download form, and the viewer page for a
// view-only one (decision 020). The portal page, search results and the viewer page link the same way.

/** Whether a document is view-only: its own setting, or the org's. */
export const isViewOnly = (file: { document_access_type: string | null }, org: { documentAccessType: string }) =>
  (file.document_access_type ?? org.documentAccessType) === 'view-only'

/** The file route's URL for a stored file; `?download=1` asks for its download form. */
export const fileUrl = (basePath: string, file: { id: string; original_name: string }) => `${basePath}/files/${file.id}/${encodeURIComponent(file.original_name)}`

/** The inline viewer page of a document. */
export const viewerUrl = (basePath: string, fileId: string) => `${basePath}/view/${fileId}`

/** An org's logo or favicon: public on every host, keyed by the file, so it never changes and may be cached for good. */
export const brandFileUrl = (fileId: string) => `/brand/${fileId}`
