// Uploaded images are judged by their bytes, never by the name or content type the browser sent.
// An SVG is never stored or served as SVG: it is rebuilt from an allow-list of shapes (server/files/svg.js,
// in the inspection worker, with a time and memory limit) and rendered to a PNG, so no script in it can
// ever run and nothing it points at is ever read.
import { ICON_MAX_BYTES } from '../../app/lib/schemas/icons'
import { inspect, type InspectionRequest } from './inspection'
import { drawSvg } from './svg-draw'

/** What a card icon is stored as: an SVG is rendered to PNG, never stored as SVG. */
export type ImageKind = 'png' | 'jpeg'

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg' }

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

/**
 * A PNG or JPEG by its magic bytes; anything else may be an SVG, which only rasteriseSvg tells (reading
 * text is not done here, on the main thread).
 */
export function sniffRaster(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png'
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  return null
}

/** Width and height read from a PNG's IHDR or a JPEG's start-of-frame segment; null when they cannot be found. */
export function rasterDimensions(bytes: Uint8Array, kind: 'png' | 'jpeg'): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (kind === 'png') {
    // The first chunk must be a 13-byte IHDR: length, type, then width and height.
    if (bytes.length < 24 || view.getUint32(8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR') return null
    return { width: view.getUint32(16), height: view.getUint32(20) }
  }
  let offset = 2
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1]
    // Fill bytes and markers without a length (TEM, RSTn) carry no segment.
    if (marker === 0xff) {
      offset += 1
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null
    const length = view.getUint16(offset + 2)
    if (length < 2) return null
    const startOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (startOfFrame) {
      if (offset + 9 > bytes.length) return null
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) }
    }
    offset += 2 + length
  }
  return null
}

/** A WebP's width and height from its first chunk (lossy VP8, lossless VP8L or extended VP8X); null when they cannot be read. */
export function webpDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return null
  const chunk = ascii(bytes, 12, 4)
  if (chunk === 'VP8X') return { width: 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16)), height: 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16)) }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null
    const [b0, b1, b2, b3] = [bytes[21], bytes[22], bytes[23], bytes[24]]
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) }
  }
  if (chunk === 'VP8 ') {
    // A key frame's start code, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null
    return { width: (bytes[26] | (bytes[27] << 8)) & 0x3fff, height: (bytes[28] | (bytes[29] << 8)) & 0x3fff }
  }
  return null
}

/** An uploaded PNG, JPEG or WebP picture (a banner, a company logo) by its bytes, with its size; null for anything else. */
export function uploadedPicture(bytes: Uint8Array): { kind: 'png' | 'jpeg' | 'webp'; contentType: string; width: number; height: number } | null {
  const raster = sniffRaster(bytes)
  if (raster) {
    const size = rasterDimensions(bytes, raster)
    return size ? { kind: raster, contentType: IMAGE_CONTENT_TYPES[raster], ...size } : null
  }
  const webp = webpDimensions(bytes)
  return webp ? { kind: 'webp', contentType: 'image/webp', ...webp } : null
}

/** An SVG icon's check in the worker: at most an icon's size, given this long and this much heap. */
const SVG_CHECK_LIMITS = { maxBytes: ICON_MAX_BYTES, timeLimitMs: 5_000, memoryLimitMb: 64 }

/**
 * Renders an SVG to a square PNG of `size` pixels (the drawing scaled to fit and centred). The SVG is
 * first rebuilt from allowed elements and attributes only, in the inspection worker (bytes past
 * SVG_CHECK_LIMITS, or a check past its time or memory, count as not an SVG); resvg draws the result in a
 * child process ended at a time limit (server/files/svg-draw.ts). Null when it is not a well-formed SVG or
 * its drawing is refused.
 */
export async function rasteriseSvg(bytes: Uint8Array, size: number): Promise<Uint8Array | null> {
  // A copy for the worker: the caller keeps its bytes.
  return renderChecked({ check: 'svg-icon', bytes: bytes.slice().buffer, size }, SVG_CHECK_LIMITS, (width, height) => width === size && height === size)
}

/** A company logo's SVG check: the same size (a form's body), time and heap as an icon's. */
const SVG_LOGO_LIMITS = SVG_CHECK_LIMITS

/**
 * Renders a company logo's SVG to a PNG `height` pixels high and as wide as its proportions (at most
 * `maxWidth`), rebuilt in the inspection worker as icons are; null when it is not a well-formed SVG.
 */
export async function rasteriseSvgLogo(bytes: Uint8Array, height: number, maxWidth: number): Promise<Uint8Array | null> {
  return renderChecked({ check: 'svg-logo', bytes: bytes.slice().buffer, height, maxWidth }, SVG_LOGO_LIMITS, (width, tall) => tall === height && width <= maxWidth)
}

async function renderChecked(
  request: Extract<InspectionRequest, { check: 'svg-icon' | 'svg-logo' }>,
  limits: typeof SVG_CHECK_LIMITS,
  fits: (width: number, height: number) => boolean,
): Promise<Uint8Array | null> {
  let safe: string | null
  try {
    safe = await inspect(request, limits)
  } catch (error) {
    console.error('[files] an SVG could not be checked:', error instanceof Error ? error.message : error)
    return null
  }
  if (!safe) return null
  const drawn = await drawSvg(safe)
  if (!('png' in drawn)) {
    console.error(`[files] an SVG's drawing was refused (${drawn.refused})`)
    return null
  }
  const size = rasterDimensions(drawn.png, 'png')
  return size && fits(size.width, size.height) ? drawn.png : null
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array) {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte)
}

function ascii(bytes: Uint8Array, offset: number, length: number) {
  return String.fromCharCode(...bytes.subarray(offset, offset + length))
}
