// The worker thread of server/files/inspection.ts, which bounds its time and memory: runs the content
// checks of uploaded files it is sent, one at a time, and answers each, and draws an org's share image and
// favicon from its logo (server/files/brand-image.js). Plain JavaScript importing nothing but Node, unpdf,
// JSZip, satori, resvg and the SVG check (server/files/svg.js): inspection.ts inlines this source (Vite's ?raw) and starts it as a data: URL,
// so no file has to be found beside the sources or the bundle. A data: URL module resolves no bare
// specifier, hence the libraries' URLs in workerData, imported on first use.
import { isUtf8 } from 'node:buffer'
import { readFile } from 'node:fs/promises'
import { parentPort, workerData } from 'node:worker_threads'

/** @type {Promise<typeof import('unpdf')> | undefined} */
let unpdf
/** @type {Promise<{ default: typeof import('jszip') }> | undefined} */
let jszip
/** @type {Promise<typeof import('./svg.js')> | undefined} */
let svg
/** @type {Promise<{ satori: Function, Resvg: any, fonts: { name: string, data: ArrayBuffer, weight: number, style: string }[], svgDrawing: Function, draw: Function }> | undefined} */
let brandTools

/**
 * The text of each page of a PDF (trimmed, whitespace collapsed), in order.
 * @param {{ bytes: ArrayBuffer, maxPages: number, pageTextLimit: number }} request
 */
async function pdfPages({ bytes, maxPages, pageTextLimit }) {
  const { getDocumentProxy } = await (unpdf ??= import(workerData.unpdf))
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

/**
 * The content types a zip's [Content_Types].xml declares (lower case), or null when it is no readable zip
 * or has no such part under `xmlLimit` bytes. The caller has checked the archive's directory first.
 * @param {{ bytes: ArrayBuffer, xmlLimit: number }} request
 */
async function officeParts({ bytes, xmlLimit }) {
  const { default: JSZip } = await (jszip ??= import(workerData.jszip))
  let zip
  try {
    zip = await JSZip.loadAsync(bytes)
  } catch {
    return null
  }
  const entry = zip.file('[Content_Types].xml')
  if (!entry) return null
  const xml = await readCapped(entry, xmlLimit)
  if (xml === null) return null
  return [...xml.matchAll(/ContentType\s*=\s*"([^"]+)"/g)].map((match) => match[1].toLowerCase())
}

/**
 * At most `limit` bytes of a zip entry as text, so a compressed bomb is never inflated whole.
 * @param {import('jszip').JSZipObject} entry
 * @param {number} limit
 * @returns {Promise<string | null>}
 */
function readCapped(entry, limit) {
  // JSZip's stream is an old-style Readable (no async iteration): events, paused for good past the limit.
  const stream = entry.nodeStream('nodebuffer')
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = []
    let size = 0
    stream.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length
      if (size > limit) {
        stream.pause()
        stream.removeAllListeners('data')
        resolve(null)
        return
      }
      chunks.push(chunk)
    })
    stream.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')))
    stream.on('error', () => resolve(null))
  })
}

/**
 * A card icon's SVG rebuilt from the allow-list, or null when it is not a well-formed SVG in UTF-8.
 * @param {{ bytes: ArrayBuffer, size: number }} request
 */
async function svgIcon({ bytes, size }) {
  const { svgIcon } = await (svg ??= import(workerData.svg))
  return svgIcon(new Uint8Array(bytes), size)
}

/**
 * An org's share image or favicon as a PNG (server/files/brand-image.js); satori, resvg and the fonts are
 * loaded on the first drawing and kept for the worker's life.
 * @param {import('./brand-image.js').BrandRequest} request
 */
async function brandImage(request) {
  brandTools ??= (async () => {
    const [{ default: satori }, resvg, svgModule, brand, fonts] = await Promise.all([
      import(workerData.satori),
      import(workerData.resvg),
      svg ?? (svg = import(workerData.svg)),
      import(workerData.brandImage),
      Promise.all(
        workerData.fonts.map(async (/** @type {{ url: string, weight: number }} */ font) => ({
          name: 'Inter',
          data: await readFile(new URL(font.url)),
          weight: font.weight,
          style: 'normal',
        })),
      ),
    ])
    return { satori, Resvg: resvg.Resvg ?? resvg.default.Resvg, fonts, svgDrawing: svgModule.svgDrawing, draw: brand.drawBrandImage }
  })()
  const tools = await brandTools
  return tools.draw(request, tools)
}

const MARKUP_START = /^\s*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>]|script[\s>]|svg[\s>]|\?xml|iframe[\s>])/i

/**
 * Whether a text upload is plain text: valid UTF-8 (checked natively, no string made of the whole file),
 * no NUL or other binary control byte (in UTF-8 these bytes are those characters and nothing else), and
 * not markup wearing a .txt name (its first 1,024 characters).
 * @param {{ bytes: ArrayBuffer }} request
 */
function plainText({ bytes }) {
  const view = new Uint8Array(bytes)
  if (!isUtf8(view)) return false
  for (const byte of view) if (byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1f) || byte === 0x7f) return false
  const start = new TextDecoder('utf-8', { ignoreBOM: false }).decode(view.subarray(0, 4 * 1024)).slice(0, 1024)
  return !MARKUP_START.test(start)
}

/**
 * A company logo's SVG rebuilt from the allow-list at `height` pixels high, or null when it is not one.
 * @param {{ bytes: ArrayBuffer, height: number, maxWidth: number }} request
 */
async function svgLogo({ bytes, height, maxWidth }) {
  const { svgLogo } = await (svg ??= import(workerData.svg))
  return svgLogo(new Uint8Array(bytes), height, maxWidth)
}

const CHECKS = { 'pdf-pages': pdfPages, 'office-parts': officeParts, 'svg-icon': svgIcon, 'svg-logo': svgLogo, 'plain-text': plainText, 'brand-image': brandImage }

// One answer per request, never two: the next request's answer must not be taken for this one's.
parentPort.on('message', async (request) => {
  const answer = await Promise.resolve()
    .then(() => CHECKS[request.check](request))
    .then(
      (value) => ({ value }),
      // A message, not the error: what pdf.js throws may not survive the structured clone.
      (error) => ({ error: error instanceof Error ? error.message : String(error) }),
    )
  parentPort.postMessage(answer)
})
