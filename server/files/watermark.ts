import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PDFDocument, StandardFonts, concatTransformationMatrix, degrees, popGraphicsState, pushGraphicsState, rgb } from 'pdf-lib'
import type { PDFFont } from 'pdf-lib'
import { letterDate } from './letter'
import { sanitize } from './pdf-text'

// Every PDF that leaves the portal for an account member carries the viewer's e-mail, company and the
// date on every page (PRODUCT.md section 5): a light diagonal band, repeated down the page so cropping one
// out does not remove it, drawn over the content at low opacity so the text stays readable.

export type Stamp = { email: string; company: string; date: Date }

const GREY = rgb(0.45, 0.45, 0.45)
const OPACITY = 0.18

function stampText(stamp: Stamp, font: PDFFont): string {
  const separator = font.getCharacterSet().includes(0xb7) ? ' \u00b7 ' : ' - '
  return [stamp.email, stamp.company, letterDate(stamp.date)]
    .map((part) => sanitize(part, font))
    .filter(Boolean)
    .join(separator)
}

/**
 * Maps the page as the reader sees it (origin bottom-left of the visible box, after /Rotate) onto the
 * page's own user space, so the band reads left to right, bottom to top whatever the page's rotation.
 */
function visualToUser(box: { x: number; y: number; width: number; height: number }, rotation: number): [number, number, number, number, number, number] {
  const { x, y, width, height } = box
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return [0, 1, -1, 0, x + width, y]
    case 180:
      return [-1, 0, 0, -1, x + width, y + height]
    case 270:
      return [0, -1, 1, 0, x, y + height]
    default:
      return [1, 0, 0, 1, x, y]
  }
}

/**
 * The PDF with the stamp on every page, or null when it cannot be parsed, is encrypted or has no pages:
 * the caller then refuses to serve it rather than hand out an unstamped copy.
 */
export async function stampPdf(bytes: Uint8Array, stamp: Stamp): Promise<Uint8Array | null> {
  try {
    // Encrypted files throw here: stamping their encrypted streams would corrupt them.
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    if (pdf.isEncrypted || pdf.getPageCount() === 0) return null
    const font = await pdf.embedFont(StandardFonts.Helvetica)
    const text = stampText(stamp, font)
    if (!text) return null
    const widthAtOne = font.widthOfTextAtSize(text, 1)

    for (const page of pdf.getPages()) {
      // A box may be given corner to corner in either order.
      const crop = page.getCropBox()
      const box = { x: Math.min(crop.x, crop.x + crop.width), y: Math.min(crop.y, crop.y + crop.height), width: Math.abs(crop.width), height: Math.abs(crop.height) }
      const rotation = page.getRotation().angle
      const sideways = Math.abs(rotation % 180) === 90
      const width = sideways ? box.height : box.width
      const height = sideways ? box.width : box.height
      // Refused rather than served with a page left unstamped.
      if (!(width > 0 && height > 0)) return null

      // Along the page's diagonal, kept between 30 and 45 degrees so it stays legible on odd sizes.
      const angle = Math.min(Math.max(Math.atan2(height, width), Math.PI / 6), Math.PI / 4)
      const cos = Math.cos(angle)
      const sin = Math.sin(angle)
      const bands = height >= width ? 3 : 2
      // As wide as 80% of the page, but the parallel bands (3 font sizes apart) must fit in 90% of its height.
      const size = Math.max(6, Math.min((0.8 * width) / (cos * widthAtOne), width / 18, (0.9 * height) / (widthAtOne * sin + (3 * (bands - 1)) / cos)))
      const length = widthAtOne * size
      const rise = length * sin
      const capHeight = size * 0.7
      const lowest = 0.05 * height + rise / 2
      const highest = 0.95 * height - rise / 2

      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...visualToUser(box, rotation)))
      for (let band = 0; band < bands; band++) {
        const cx = width / 2
        const cy = lowest + ((highest - lowest) * band) / (bands - 1)
        // Start so that the text's centre, not its baseline origin, lands on the band's centre.
        page.drawText(text, {
          x: cx - (length / 2) * cos + (capHeight / 2) * sin,
          y: cy - (length / 2) * sin - (capHeight / 2) * cos,
          size,
          font,
          color: GREY,
          opacity: OPACITY,
          rotate: degrees((angle * 180) / Math.PI),
        })
      }
      page.pushOperators(popGraphicsState())
    }
    return await pdf.save()
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------
// On-disk cache of stamped copies: one per file, viewer and day, so a 50 MB PDF is stamped once and
// then streamed from disk. The state below is per process, shared by every cache on any data directory.

export type CacheKey = Stamp & { sha256: string }
export type CachedStamp = { path: string; size: number }

const inFlight = new Map<string, Promise<CachedStamp | 'unreadable' | null>>()
let queue: Promise<unknown> = Promise.resolve()
const lastPruned = new Map<string, number>()
const PRUNE_EVERY_MS = 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** Runs tasks one after another in arrival order: only one original and its stamped copy in memory. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task)
  queue = result.catch(() => undefined)
  return result
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

async function sizeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).size
  } catch {
    return null
  }
}

/** Removes day directories older than yesterday; a failure only means they go on the next try. */
async function prune(root: string, today: Date) {
  const yesterday = isoDay(new Date(today.getTime() - DAY_MS))
  try {
    for (const entry of await readdir(root)) {
      if (/^\d{4}-\d{2}-\d{2}$/.test(entry) && entry < yesterday) await rm(path.join(root, entry), { recursive: true, force: true }).catch(() => undefined)
    }
  } catch {
    // No cache yet, or unreadable: nothing to prune.
  }
}

export function watermarkCache(dataDir: string) {
  const root = path.join(dataDir, 'cache', 'watermarks')

  async function stampToDisk(file: string, readOriginal: () => Promise<Uint8Array | null>, stamp: Stamp): Promise<CachedStamp | 'unreadable' | null> {
    // Another process (or an earlier queue slot) may have made it while this one waited.
    const existing = await sizeOf(file)
    if (existing !== null) return { path: file, size: existing }
    const original = await readOriginal()
    if (!original) return null
    const stamped = await stampPdf(original, stamp)
    if (!stamped) return 'unreadable'
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
    const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await writeFile(temp, stamped, { mode: 0o600, flag: 'wx' })
      await rename(temp, file)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
    return { path: file, size: stamped.byteLength }
  }

  return {
    /**
     * The stamped copy's path and size; null when the original is gone, 'unreadable' when it is not a
     * PDF that can be stamped (nothing is cached for it).
     */
    async get(key: CacheKey, readOriginal: () => Promise<Uint8Array | null>): Promise<CachedStamp | 'unreadable' | null> {
      // The hash becomes a file name: anything else could reach outside the cache.
      if (!/^[0-9a-f]{64}$/.test(key.sha256)) throw new TypeError('watermarkCache needs a lowercase hex SHA-256')
      const now = key.date.getTime()
      if (now - (lastPruned.get(root) ?? -Infinity) >= PRUNE_EVERY_MS) {
        lastPruned.set(root, now)
        await prune(root, key.date)
      }

      const viewer = createHash('sha256').update(`${key.email}\0${key.company}`).digest('hex').slice(0, 32)
      const file = path.join(root, isoDay(key.date), `${key.sha256}-${viewer}.pdf`)
      const size = await sizeOf(file)
      if (size !== null) return { path: file, size }

      let pending = inFlight.get(file)
      if (!pending) {
        pending = oneAtATime(() => stampToDisk(file, readOriginal, key)).finally(() => inFlight.delete(file))
        inFlight.set(file, pending)
      }
      return pending
    },
  }
}
