// The worker thread of server/search/extract.ts, which bounds its time and memory: reads the text of the
// PDFs it is sent, one at a time, and answers each with its pages. Plain JavaScript importing nothing but
// Node and unpdf: extract.ts inlines this source (Vite's ?raw) and starts it as a data: URL, so no file
// has to be found beside the sources or the bundle. A data: URL module resolves no bare specifier, hence
// unpdf's URL in workerData.
import { parentPort, workerData } from 'node:worker_threads'

/** @type {typeof import('unpdf')} */
const { getDocumentProxy } = await import(workerData.unpdf)

/**
 * The text of each page (trimmed, whitespace collapsed), in order.
 * @param {{ bytes: ArrayBuffer, maxPages: number, pageTextLimit: number }} request
 */
async function pdfPages({ bytes, maxPages, pageTextLimit }) {
  // The bytes were transferred to this thread: pdf.js may keep them, no copy needed.
  // No code generated from the file's contents (pdf.js compiles PostScript functions with eval otherwise).
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false })
  try {
    const pages = []
    const count = Math.min(pdf.numPages, maxPages)
    for (let number = 1; number <= count; number++) {
      const page = await pdf.getPage(number)
      const content = await page.getTextContent()
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
        .join('')
        .replace(/[ \t\f\v\r]+/g, ' ')
        .replace(/\s*\n\s*/g, '\n')
        .trim()
      pages.push(text.slice(0, pageTextLimit))
      page.cleanup()
    }
    return pages
  } finally {
    await pdf.destroy()
  }
}

// One answer per request, never two: the next request's answer must not be taken for this one's.
parentPort.on('message', async (request) => {
  const answer = await pdfPages(request).then(
    (pages) => ({ pages }),
    // A message, not the error: what pdf.js throws may not survive the structured clone.
    (error) => ({ error: error instanceof Error ? error.message : String(error) }),
  )
  parentPort.postMessage(answer)
})
