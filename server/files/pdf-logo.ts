import type { PDFDocument, PDFPage } from 'pdf-lib'

// The company's logo on the PDFs the portal makes (the signed NDA, bridge letters): its uploaded PNG or
// JPEG (an SVG logo is stored as a PNG), read from the store; none for a WebP, which PDF cannot hold, or
// when the store or the picture fails, so a document is never refused for its logo. Drawing only here (pdf-lib):
// reading the logo from the store is server/files/org-pdf-logo.ts, so the letter's own code stays light.

export interface PdfLogo {
  bytes: Uint8Array
  kind: 'png' | 'jpeg'
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
