// An org's share image (1200 x 630, the link preview of its portal) and favicon, drawn from its name,
// colour and logo (issue 23, docs/decisions/042-share-image.md). Plain JavaScript importing nothing: it
// runs in the inspection worker (server/files/inspection-worker.js), with its time and memory limits,
// because the logo is untrusted input; the worker hands it satori, resvg, the fonts and the SVG check.
// The layout functions are pure and tested directly (brand-image.test.ts).

export const SHARE_WIDTH = 1200
export const SHARE_HEIGHT = 630
export const ICON_SIZE = 128

/** The logo's box on the share image's white panel, and the panel. */
const LOGO_BOX = { width: 880, height: 220 }
const PANEL = { width: 1040, height: 320 }
/** A logo at most this much wider than high is drawn whole in the favicon; a wider one gives the initial. */
const ICON_LOGO_MAX_RATIO = 1.6

/**
 * @typedef {{ src: string, width: number, height: number }} LogoImage
 * @typedef {{ kind: 'svg', bytes: ArrayBuffer } | { kind: 'png' | 'jpeg' | 'webp', bytes: ArrayBuffer, width: number, height: number }} LogoInput
 * @typedef {{ kind: 'share' | 'icon', name: string, title: string, color: string, logo: LogoInput | null }} BrandRequest
 */

/**
 * A width and height scaled to fit inside a box, proportions kept; never below one pixel.
 * @param {number} width
 * @param {number} height
 * @param {number} maxWidth
 * @param {number} maxHeight
 */
export function fitInside(width, height, maxWidth, maxHeight) {
  const scale = Math.min(maxWidth / width, maxHeight / height)
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/**
 * The first letter of the org's name (a letter or digit, upper case), for a favicon without a square logo.
 * @param {string} name
 */
export function initial(name) {
  const match = /[\p{L}\p{N}]/u.exec(name)
  return match ? match[0].toLocaleUpperCase() : '?'
}

/**
 * The share image's element tree (satori's React-like objects): the logo on a white panel over the org's
 * colour, the name and portal title under it; without a logo, the name on the panel.
 * @param {{ name: string, title: string, color: string }} brand
 * @param {LogoImage | null} logo
 */
export function shareTree({ name, title, color }, logo) {
  const panelContent = logo
    ? el('img', { src: logo.src, width: logo.width, height: logo.height, style: { width: logo.width, height: logo.height } })
    : el('div', { style: { ...clamp(2), fontSize: name.length > 28 ? 64 : 88, fontWeight: 700, color, textAlign: 'center', padding: '0 48px' } }, name)
  const caption = logo ? `${name} ${title}` : title
  return el(
    'div',
    {
      style: {
        width: SHARE_WIDTH,
        height: SHARE_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: color,
        fontFamily: 'Inter',
        color: '#ffffff',
      },
    },
    [
      el(
        'div',
        { style: { display: 'flex', alignItems: 'center', justifyContent: 'center', width: PANEL.width, height: PANEL.height, backgroundColor: '#ffffff', borderRadius: 32 } },
        [panelContent],
      ),
      el('div', { style: { ...clamp(1), marginTop: 48, maxWidth: PANEL.width, fontSize: 52, fontWeight: 700, textAlign: 'center' } }, caption),
    ],
  )
}

/**
 * The favicon's element tree: a square logo on a transparent ground, or the org's initial on its colour.
 * @param {{ name: string, color: string }} brand
 * @param {LogoImage | null} logo
 */
export function iconTree({ name, color }, logo) {
  const box = { width: ICON_SIZE, height: ICON_SIZE, display: 'flex', alignItems: 'center', justifyContent: 'center' }
  if (logo) return el('div', { style: box }, [el('img', { src: logo.src, width: logo.width, height: logo.height, style: { width: logo.width, height: logo.height } })])
  return el('div', { style: { ...box, backgroundColor: color, borderRadius: 28, color: '#ffffff', fontFamily: 'Inter', fontSize: 84, fontWeight: 700 } }, initial(name))
}

/**
 * Draws the PNG asked for. A logo that is no well-formed SVG (after the allow-list) is left out; the
 * caller checked a raster logo's size from its header.
 * @param {BrandRequest} request
 * @param {{ satori: Function, Resvg: any, fonts: { name: string, data: ArrayBuffer, weight: number, style: string }[], svgDrawing: Function }} tools
 * @returns {Promise<Uint8Array>}
 */
export async function drawBrandImage(request, tools) {
  const share = request.kind === 'share'
  const logo = request.logo ? logoImage(request.logo, share ? LOGO_BOX : { width: ICON_SIZE, height: ICON_SIZE }, tools.svgDrawing) : null
  const squareLogo = logo && logo.width / logo.height <= ICON_LOGO_MAX_RATIO && logo.height / logo.width <= ICON_LOGO_MAX_RATIO ? logo : null
  const tree = share ? shareTree(request, logo) : iconTree(request, squareLogo)
  const size = share ? { width: SHARE_WIDTH, height: SHARE_HEIGHT } : { width: ICON_SIZE, height: ICON_SIZE }
  const svg = await tools.satori(tree, { ...size, fonts: tools.fonts })
  // No font is loaded: satori has turned every letter into a path already.
  const rendered = new tools.Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false }, logLevel: 'off' }).render()
  return new Uint8Array(rendered.asPng())
}

/**
 * The logo as an image source scaled into `box`: an SVG rebuilt from the allow-list (nothing it links is
 * read, no script runs), a raster as it is. Null when the SVG is not one.
 * @param {LogoInput} logo
 * @param {{ width: number, height: number }} box
 * @param {Function} svgDrawing
 * @returns {LogoImage | null}
 */
function logoImage(logo, box, svgDrawing) {
  if (logo.kind === 'svg') {
    const drawing = svgDrawing(new Uint8Array(logo.bytes), box.width, box.height)
    if (!drawing) return null
    return { src: `data:image/svg+xml;base64,${Buffer.from(drawing.svg).toString('base64')}`, width: drawing.width, height: drawing.height }
  }
  const size = fitInside(logo.width, logo.height, box.width, box.height)
  return { src: `data:image/${logo.kind};base64,${Buffer.from(logo.bytes).toString('base64')}`, ...size }
}

/** Text cut to `lines` lines with an ellipsis. */
function clamp(lines) {
  return { display: 'block', lineClamp: lines, overflow: 'hidden' }
}

/**
 * @param {string} type
 * @param {Record<string, unknown>} props
 * @param {unknown} [children]
 */
function el(type, props, children) {
  return { type, props: children === undefined ? props : { ...props, children } }
}
