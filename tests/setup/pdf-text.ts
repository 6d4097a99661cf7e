import { extractText, getDocumentProxy } from 'unpdf'

// unpdf bundles a serverless pdf.js build with no worker and no native canvas, so the same import works
// under vitest and in Playwright's plain Node ESM (where a test reads a downloaded PDF's watermark).

/** The text of each page, in page order; throws when pdf.js cannot open the file. */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  // A copy: pdf.js may take ownership of (detach) the buffer it is given, and callers keep theirs.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 })
  try {
    const { text } = await extractText(pdf, { mergePages: false })
    return text
  } finally {
    await pdf.destroy()
  }
}

/**
 * Text with all whitespace removed, for matching text drawn rotated or wrapped, which pdf.js may split
 * into runs or join with line breaks.
 */
export function compact(text: string): string {
  return text.replace(/\s+/g, '')
}
