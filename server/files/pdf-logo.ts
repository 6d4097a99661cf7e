import type { PDFDocument, PDFPage } from 'pdf-lib'
import type { Database } from '../../db/index'
import { fileStore, StoreUnavailable, type StoreEnv } from './store'

// The company's logo on the PDFs the portal makes (the signed NDA, bridge letters): its uploaded PNG or
// JPEG (an SVG logo is stored as a PNG), read from the store; none for a WebP, which PDF cannot hold, or
// when the store or the picture fails, so a document is never refused for its logo.

export interface PdfLogo {
  bytes: Uint8Array
  kind: 'png' | 'jpeg'
}

const KINDS: Record<string, PdfLogo['kind']> = { 'image/png': 'png', 'image/jpeg': 'jpeg' }
const MAX_BYTES = 1024 * 1024

/** The org's uploaded logo as a PDF can draw it, or null. */
export async function orgPdfLogo(db: Database, env: StoreEnv, orgId: string): Promise<PdfLogo | null> {
  const file = await db
    .selectFrom('orgs')
    .innerJoin('files', 'files.id', 'orgs.logo_file_id')
    .select(['files.sha256', 'files.content_type', 'files.size_bytes'])
    .where('orgs.id', '=', orgId)
    .executeTakeFirst()
  const kind = file && KINDS[file.content_type]
  if (!file || !kind || file.size_bytes > MAX_BYTES) return null
  try {
    const stream = await fileStore(env).get(file.sha256)
    return stream ? { bytes: new Uint8Array(await new Response(stream).arrayBuffer()), kind } : null
  } catch (error) {
    if (!(error instanceof StoreUnavailable)) throw error
    return null
  }
}

/**
 * Draws `logo` with its top-left corner at (x, top), scaled to fit `maxWidth` x `maxHeight`; the height it
 * took, or 0 when the picture could not be read (the document goes on without it).
 */
export async function drawPdfLogo(pdf: PDFDocument, page: PDFPage, logo: PdfLogo | null | undefined, x: number, top: number, maxWidth: number, maxHeight: number): Promise<number> {
  if (!logo) return 0
  try {
    const image = logo.kind === 'png' ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes)
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1)
    const height = image.height * scale
    page.drawImage(image, { x, y: top - height, width: image.width * scale, height })
    return height
  } catch {
    return 0
  }
}
