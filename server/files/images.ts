// Uploaded images are judged by their bytes, never by the name or content type the browser sent.
// An SVG is never stored or served as SVG: it is rebuilt from an allow-list of shapes and rendered
// to a PNG, so no script in it can ever run and nothing it points at is ever read.
import { renderAsync } from '@resvg/resvg-js'

export type ImageKind = 'png' | 'jpeg' | 'svg'

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', svg: 'image/svg+xml' }

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

/** What the bytes are: a PNG or JPEG by their magic bytes, an SVG when the text's root element is <svg>. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png'
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  const text = decodeText(bytes)
  return text !== null && rootElementName(text) === 'svg' ? 'svg' : null
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

/**
 * Renders an SVG to a square PNG of `size` pixels (the drawing scaled to fit and centred). The SVG is
 * first rebuilt from allowed elements and attributes only, so the renderer never sees an <image>, a
 * script, an event handler or a link to anything outside the file. Null when it is not a well-formed SVG.
 */
export async function rasteriseSvg(bytes: Uint8Array, size: number): Promise<Uint8Array | null> {
  const text = decodeText(bytes)
  if (text === null) return null
  const safe = sanitiseSvg(text, size)
  if (!safe) return null
  try {
    const image = await renderAsync(safe, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false }, logLevel: 'off' })
    if (image.width !== size || image.height !== size) return null
    return new Uint8Array(image.asPng())
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------------
// The SVG allow-list. Gradients, clip paths, masks and <style> are kept (they may only refer within
// the file); text (no fonts are loaded), images, filters, patterns, <use>, scripts and every element
// or attribute not listed here are dropped; <a> keeps its shapes as a group, without its link.

const SVG_NS = 'http://www.w3.org/2000/svg'

const ALLOWED_ELEMENTS = new Set([
  'g',
  'defs',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'style',
])

const PRESENTATION_ATTRIBUTES = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'clip-path',
  'clip-rule',
  'mask',
  'stop-color',
  'stop-opacity',
  'shape-rendering',
  'paint-order',
  'mix-blend-mode',
  'isolation',
  'style',
  'class',
]

const ALLOWED_ATTRIBUTES = new Set([
  ...PRESENTATION_ATTRIBUTES,
  'id',
  'transform',
  'd',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'width',
  'height',
  'points',
  'pathLength',
  'offset',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'href',
])

/** Enough for any icon; a file with more elements is refused rather than rendered. */
const MAX_ELEMENTS = 10_000
const MAX_DEPTH = 64

interface XmlElement {
  name: string
  attributes: Array<[string, string | null]>
  children: XmlNode[]
}
type XmlNode = XmlElement | { text: string }

/** The SVG rebuilt from allowed parts inside a `size` x `size` frame; null when it is not a well-formed SVG. */
export function sanitiseSvg(text: string, size: number): string | null {
  const root = parseXml(text)
  if (!root || root.name !== 'svg') return null
  const attributes = new Map(root.attributes)
  const viewBox = svgViewBox(attributes)
  if (!viewBox) return null
  const preserve = attributes.get('preserveAspectRatio')
  const inner = [
    ['width', String(size)],
    ['height', String(size)],
    ['viewBox', viewBox],
    ...(preserve && /^[a-zA-Z\s]+$/.test(preserve) ? [['preserveAspectRatio', preserve]] : []),
    ...safeAttributes(root.attributes.filter(([name]) => PRESENTATION_ATTRIBUTES.includes(name))),
  ]
  const children = root.children.map(serialise).join('')
  return `<svg xmlns="${SVG_NS}" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><svg${attributeText(inner)}>${children}</svg></svg>`
}

function serialise(node: XmlNode): string {
  if ('text' in node) return escapeText(node.text)
  // A link keeps its drawing as a plain group; where it pointed is dropped.
  if (node.name === 'a') return serialise({ ...node, name: 'g', attributes: node.attributes.filter(([name]) => name !== 'href' && name !== 'xlink:href') })
  if (!ALLOWED_ELEMENTS.has(node.name)) return ''
  if (node.name === 'style') return `<style>${escapeText(safeCss(node.children.map((child) => ('text' in child ? child.text : '')).join('')))}</style>`
  return `<${node.name}${attributeText(safeAttributes(node.attributes))}>${node.children.map(serialise).join('')}</${node.name}>`
}

/** Allowed attributes only; a link survives only as a reference inside the file (#id). */
function safeAttributes(attributes: Array<[string, string | null]>): string[][] {
  const kept: string[][] = []
  for (const [rawName, value] of attributes) {
    if (value === null) continue
    const name = rawName === 'xlink:href' ? 'href' : rawName
    if (!ALLOWED_ATTRIBUTES.has(name)) continue
    if (name === 'href' && !/^#[\w.:-]+$/.test(value.trim())) continue
    if (name === 'style') {
      kept.push([name, safeCss(value)])
      continue
    }
    // Paint and clip references may only point within the file.
    if (/url\s*\(/i.test(value.replace(LOCAL_URL, ''))) continue
    kept.push([name, value])
  }
  return kept
}

const LOCAL_URL = /url\(\s*(['"]?)#[\w.:-]+\1\s*\)/gi

/** CSS without imports; CSS that points anywhere outside the file is dropped whole. */
function safeCss(css: string) {
  // Escapes are removed first so none can spell out a url( or an @import.
  const plain = css.replace(/\\/g, '').replace(/@import[^;]*;?/gi, '')
  return /url\s*\(/i.test(plain.replace(LOCAL_URL, '')) ? '' : plain
}

function svgViewBox(attributes: Map<string, string | null>) {
  const viewBox = attributes.get('viewBox')
  if (viewBox) {
    const numbers = viewBox.trim().split(/[\s,]+/).map(Number)
    if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n)) || numbers[2] <= 0 || numbers[3] <= 0) return null
    return numbers.join(' ')
  }
  // Without a viewBox the drawing's own width and height (in px) frame it; a renderer's default otherwise.
  const length = (value: string | null | undefined) => {
    const match = value?.trim().match(/^(\d+(?:\.\d+)?)(px)?$/)
    return match && Number(match[1]) > 0 ? Number(match[1]) : null
  }
  return `0 0 ${length(attributes.get('width')) ?? 100} ${length(attributes.get('height')) ?? 100}`
}

function attributeText(attributes: string[][]) {
  return attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;')

// ---------------------------------------------------------------------------------------------------
// A small non-validating XML reader: elements, attributes, text and CDATA; comments, processing
// instructions and the DOCTYPE are skipped. No entity is ever expanded beyond the five predefined
// ones and character references, so no DTD can make it read a file or grow without bound.

const NAME = /[A-Za-z_:][\w.:-]*/y

function parseXml(text: string): XmlElement | null {
  let position = 0
  let elements = 0

  const startsAt = (token: string) => text.startsWith(token, position)
  const skipWhitespace = () => {
    while (position < text.length && /\s/.test(text[position])) position++
  }
  const skipPast = (opener: string, closer: string) => {
    position = endAfter(text, closer, position + opener.length)
    return position >= 0
  }
  const readName = () => {
    NAME.lastIndex = position
    const match = NAME.exec(text)
    if (!match) return null
    position += match[0].length
    return match[0]
  }
  const readElement = (depth: number): XmlElement | null => {
    if (depth > MAX_DEPTH || ++elements > MAX_ELEMENTS || text[position] !== '<') return null
    position++
    const name = readName()
    if (!name) return null
    const element: XmlElement = { name, attributes: [], children: [] }
    const seen = new Set<string>()
    for (;;) {
      const before = position
      skipWhitespace()
      if (startsAt('/>')) {
        position += 2
        return element
      }
      if (startsAt('>')) {
        position++
        break
      }
      if (position === before) return null
      const attribute = readName()
      if (!attribute || seen.has(attribute)) return null
      seen.add(attribute)
      skipWhitespace()
      if (text[position] !== '=') return null
      position++
      skipWhitespace()
      const quote = text[position]
      if (quote !== '"' && quote !== "'") return null
      const end = text.indexOf(quote, position + 1)
      if (end < 0) return null
      const raw = text.slice(position + 1, end)
      if (raw.includes('<')) return null
      position = end + 1
      element.attributes.push([attribute, decodeEntities(raw)])
    }
    for (;;) {
      if (position >= text.length) return null
      if (startsAt('</')) {
        position += 2
        if (readName() !== name) return null
        skipWhitespace()
        if (text[position] !== '>') return null
        position++
        return element
      }
      if (startsAt('<!--')) {
        if (!skipPast('<!--', '-->')) return null
      } else if (startsAt('<![CDATA[')) {
        const end = text.indexOf(']]>', position)
        if (end < 0) return null
        element.children.push({ text: text.slice(position + 9, end) })
        position = end + 3
      } else if (startsAt('<?')) {
        if (!skipPast('<?', '?>')) return null
      } else if (startsAt('<')) {
        const child = readElement(depth + 1)
        if (!child) return null
        element.children.push(child)
      } else {
        const end = text.indexOf('<', position)
        const raw = text.slice(position, end < 0 ? text.length : end)
        position += raw.length
        // Text with an entity this reader will not expand is left out.
        element.children.push({ text: decodeEntities(raw) ?? '' })
      }
    }
  }

  position = skipMisc(text, 0, true)
  if (position < 0) return null
  const root = readElement(0)
  if (!root || skipMisc(text, position, false) !== text.length) return null
  return root
}

/**
 * Where the next element or text starts: past whitespace, comments, processing instructions and (in the
 * prolog) the DOCTYPE; -1 when one of them is never closed. One forward scan, so linear in the text.
 */
function skipMisc(text: string, position: number, allowDoctype: boolean): number {
  for (;;) {
    while (position < text.length && /\s/.test(text[position])) position++
    let end: number
    if (text.startsWith('<!--', position)) end = endAfter(text, '-->', position + 4)
    else if (text.startsWith('<?', position)) end = endAfter(text, '?>', position + 2)
    else if (allowDoctype && text.startsWith('<!DOCTYPE', position)) end = doctypeEnd(text, position + 9)
    else return position
    if (end < 0) return -1
    position = end
  }
}

const endAfter = (text: string, token: string, from: number) => {
  const end = text.indexOf(token, from)
  return end < 0 ? -1 : end + token.length
}

/** Just past the DOCTYPE's closing '>', skipping quoted strings and the internal subset; -1 when unclosed. */
function doctypeEnd(text: string, from: number) {
  let inSubset = false
  let quote: string | null = null
  for (let position = from; position < text.length; position++) {
    const char = text[position]
    if (quote) {
      if (char === quote) quote = null
    } else if (char === '"' || char === "'") quote = char
    else if (char === '[') inSubset = true
    else if (char === ']') inSubset = false
    else if (char === '>' && !inSubset) return position + 1
  }
  return -1
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** The five predefined entities and character references; null when any other entity or a bare & is used. */
function decodeEntities(raw: string): string | null {
  let valid = true
  const decoded = raw.replace(/&([^;&\s]*)(;?)/g, (_match, entity: string, end: string) => {
    const code = /^#x[0-9a-fA-F]+$/.test(entity) ? parseInt(entity.slice(2), 16) : /^#\d+$/.test(entity) ? parseInt(entity.slice(1), 10) : null
    if (end && code !== null && code > 0 && code <= 0x10ffff) return String.fromCodePoint(code)
    if (end && Object.hasOwn(PREDEFINED, entity)) return PREDEFINED[entity]
    valid = false
    return ''
  })
  return valid ? decoded : null
}

/** The name of the first element after the prolog, without reading the rest (the same scan parseXml does). */
function rootElementName(text: string) {
  const start = skipMisc(text, 0, true)
  if (start < 0 || text[start] !== '<') return null
  NAME.lastIndex = start + 1
  return NAME.exec(text)?.[0] ?? null
}

function decodeText(bytes: Uint8Array) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return null
  }
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array) {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte)
}

function ascii(bytes: Uint8Array, offset: number, length: number) {
  return String.fromCharCode(...bytes.subarray(offset, offset + length))
}
