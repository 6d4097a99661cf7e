// An SVG card icon's check (decision 026): the file read as UTF-8, its root element told, then the
// drawing rebuilt from an allow-list of shapes inside a square frame, so the renderer never sees an
// <image>, a script, an event handler or a link to anything outside the file. Plain JavaScript importing
// nothing: it runs in the inspection worker (server/files/inspection-worker.js imports this source as a
// data: URL), never on the main thread, so no file can hold the event loop; tests import it directly.

/**
 * The icon's drawing rebuilt to be rendered at `size` x `size` pixels; null when the bytes are not a
 * well-formed SVG in UTF-8.
 * @param {Uint8Array} bytes
 * @param {number} size
 * @returns {string | null}
 */
export function svgIcon(bytes, size) {
  const text = decodeText(bytes)
  return text === null ? null : sanitiseSvg(text, size)
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

/**
 * Enough for any icon or logo; a file with more elements is refused rather than rendered: drawing costs about
 * the element count times the frame's pixels (10,000 canvas-sized circles: 8 s at 128 px; 2,000: 2.3 s on a
 * loaded machine, decision 046).
 */
const MAX_ELEMENTS = 2_000
const MAX_DEPTH = 64

/** The SVG rebuilt from allowed parts inside a `size` x `size` frame; null when it is not a well-formed SVG. */
export function sanitiseSvg(text, size) {
  return rebuildSvg(text, () => ({ width: size, height: size }))?.svg ?? null
}

/**
 * A logo's drawing rebuilt from the allow-list, in its own proportions scaled to fit `maxWidth` x
 * `maxHeight` (the share image and favicon: server/files/brand-image.js); null when the bytes are not a well-formed SVG in UTF-8.
 * @param {Uint8Array} bytes
 * @param {number} maxWidth
 * @param {number} maxHeight
 * @returns {{ svg: string, width: number, height: number } | null}
 */
export function svgDrawing(bytes, maxWidth, maxHeight) {
  const text = decodeText(bytes)
  if (text === null) return null
  return rebuildSvg(text, (width, height) => {
    const scale = Math.min(maxWidth / width, maxHeight / height)
    return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
  })
}

/**
 * A company logo's drawing rebuilt from the same allow-list, `height` pixels high and as wide as its own
 * proportions make it (at most `maxWidth`); null when the bytes are not a well-formed SVG in UTF-8.
 * @param {Uint8Array} bytes
 * @param {number} height
 * @param {number} maxWidth
 * @returns {string | null}
 */
export function svgLogo(bytes, height, maxWidth) {
  const text = decodeText(bytes)
  if (text === null) return null
  return rebuildSvg(text, (width, tall) => ({ width: Math.max(1, Math.min(maxWidth, Math.round((height * width) / tall))), height }))?.svg ?? null
}

/** The drawing rebuilt inside a frame of the size `frame` gives for its viewBox's width and height. */
function rebuildSvg(text, frame) {
  const root = parseXml(text)
  if (!root || root.name !== 'svg') return null
  const attributes = new Map(root.attributes)
  const viewBox = svgViewBox(attributes)
  if (!viewBox) return null
  const [, , boxWidth, boxHeight] = viewBox.split(' ').map(Number)
  const { width, height } = frame(boxWidth, boxHeight)
  const preserve = attributes.get('preserveAspectRatio')
  const inner = [
    ['width', String(width)],
    ['height', String(height)],
    ['viewBox', viewBox],
    ...(preserve && /^[a-zA-Z\s]+$/.test(preserve) ? [['preserveAspectRatio', preserve]] : []),
    ...safeAttributes(root.attributes.filter(([name]) => PRESENTATION_ATTRIBUTES.includes(name))),
  ]
  const children = root.children.map(serialise).join('')
  return { svg: `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><svg${attributeText(inner)}>${children}</svg></svg>`, width, height }
}

function serialise(node) {
  if ('text' in node) return escapeText(node.text)
  // A link keeps its drawing as a plain group; where it pointed is dropped.
  if (node.name === 'a') return serialise({ ...node, name: 'g', attributes: node.attributes.filter(([name]) => name !== 'href' && name !== 'xlink:href') })
  if (!ALLOWED_ELEMENTS.has(node.name)) return ''
  if (node.name === 'style') return `<style>${escapeText(safeCss(node.children.map((child) => ('text' in child ? child.text : '')).join('')))}</style>`
  return `<${node.name}${attributeText(safeAttributes(node.attributes))}>${node.children.map(serialise).join('')}</${node.name}>`
}

/** Allowed attributes only; a link survives only as a reference inside the file (#id). */
function safeAttributes(attributes) {
  const kept = []
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
function safeCss(css) {
  // Escapes are removed first so none can spell out a url( or an @import.
  const plain = css.replace(/\\/g, '').replace(/@import[^;]*;?/gi, '')
  return /url\s*\(/i.test(plain.replace(LOCAL_URL, '')) ? '' : plain
}

function svgViewBox(attributes) {
  const viewBox = attributes.get('viewBox')
  if (viewBox) {
    const numbers = viewBox
      .trim()
      .split(/[\s,]+/)
      .map(Number)
    if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n)) || numbers[2] <= 0 || numbers[3] <= 0) return null
    return numbers.join(' ')
  }
  // Without a viewBox the drawing's own width and height (in px) frame it; a renderer's default otherwise.
  const length = (value) => {
    const match = value?.trim().match(/^(\d+(?:\.\d+)?)(px)?$/)
    return match && Number(match[1]) > 0 ? Number(match[1]) : null
  }
  return `0 0 ${length(attributes.get('width')) ?? 100} ${length(attributes.get('height')) ?? 100}`
}

function attributeText(attributes) {
  return attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')
}

const escapeText = (value) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (value) => escapeText(value).replace(/"/g, '&quot;')

// ---------------------------------------------------------------------------------------------------
// A small non-validating XML reader: elements, attributes, text and CDATA; comments, processing
// instructions and the DOCTYPE are skipped. No entity is ever expanded beyond the five predefined
// ones and character references, so no DTD can make it read a file or grow without bound.
const NAME = /[A-Za-z_:][\w.:-]*/y

function parseXml(text) {
  let position = 0
  let elements = 0
  const startsAt = (token) => text.startsWith(token, position)
  const skipWhitespace = () => {
    while (position < text.length && /\s/.test(text[position])) position++
  }
  const skipPast = (opener, closer) => {
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
  const readElement = (depth) => {
    if (depth > MAX_DEPTH || ++elements > MAX_ELEMENTS || text[position] !== '<') return null
    position++
    const name = readName()
    if (!name) return null
    const element = { name, attributes: [], children: [] }
    const seen = new Set()
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
function skipMisc(text, position, allowDoctype) {
  for (;;) {
    while (position < text.length && /\s/.test(text[position])) position++
    let end
    if (text.startsWith('<!--', position)) end = endAfter(text, '-->', position + 4)
    else if (text.startsWith('<?', position)) end = endAfter(text, '?>', position + 2)
    else if (allowDoctype && text.startsWith('<!DOCTYPE', position)) end = doctypeEnd(text, position + 9)
    else return position
    if (end < 0) return -1
    position = end
  }
}

const endAfter = (text, token, from) => {
  const end = text.indexOf(token, from)
  return end < 0 ? -1 : end + token.length
}

/** Just past the DOCTYPE's closing '>', skipping quoted strings and the internal subset; -1 when unclosed. */
function doctypeEnd(text, from) {
  let inSubset = false
  let quote = null
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

const PREDEFINED = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** The five predefined entities and character references; null when any other entity or a bare & is used. */
function decodeEntities(raw) {
  let valid = true
  const decoded = raw.replace(/&([^;&\s]*)(;?)/g, (_match, entity, end) => {
    const code = /^#x[0-9a-fA-F]+$/.test(entity) ? parseInt(entity.slice(2), 16) : /^#\d+$/.test(entity) ? parseInt(entity.slice(1), 10) : null
    if (end && code !== null && code > 0 && code <= 0x10ffff) return String.fromCodePoint(code)
    if (end && Object.hasOwn(PREDEFINED, entity)) return PREDEFINED[entity]
    valid = false
    return ''
  })
  return valid ? decoded : null
}

function decodeText(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return null
  }
}
