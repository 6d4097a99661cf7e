import { describe, expect, it } from 'vitest'
import { rasteriseSvg, sniffRaster, uploadedPicture, webpDimensions } from './images'
import { inspect } from './inspection'
import { sanitiseSvg } from './svg.js'

const bytes = (text: string) => new TextEncoder().encode(text)
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'

// No clock here: each input is sized so that the old backtracking regex could never finish it (29 empty
// comments took it 3.8 s, twice as long for each further one), so an answer at all proves the scan is linear.
const COMMENTS = '<!---->'.repeat(30)
/** Whether the text is taken as an SVG: its root element told past the prolog, the drawing rebuilt. */
const isSvg = (text: string) => sanitiseSvg(text, 24) !== null

it('judges a prolog of empty comments with no element, and not as an SVG, however many there are', () => {
  expect(isSvg(COMMENTS)).toBe(false)
  // The old regex: 3.8 s x 2^31.
  expect(isSvg('<!---->'.repeat(60))).toBe(false)
})

it('judges processing instructions, unclosed comments and DOCTYPE subsets that never reach an element', () => {
  // At 26 and 27 repeats each of the first two took the old regex several seconds; at 60, years.
  for (const hostile of ['<?a?>'.repeat(60), `${'<!---->'.repeat(60)}<!--`, `<!DOCTYPE svg [${']'.repeat(10_000)}`]) {
    expect(isSvg(hostile)).toBe(false)
  }
})

it('reads the root element after a 200 KB prolog', () => {
  const prolog = '<?xml version="1.0"?>\n' + '<!---->\n'.repeat(25_000)
  expect(prolog.length).toBeGreaterThan(200_000)
  expect(isSvg(prolog + SVG)).toBe(true)
  expect(isSvg(prolog + '<html></html>')).toBe(false)
})

it('still tells SVG from other markup after comments, instructions and a DOCTYPE', () => {
  expect(isSvg(`<?xml version="1.0"?><!-- made by hand --><!DOCTYPE svg [<!ENTITY a "]>">]>\n${SVG}`)).toBe(true)
  expect(isSvg(`<!-- <svg> --><html/>`)).toBe(false)
  expect(isSvg(`<svgx/>`)).toBe(false)
  expect(isSvg(`<!-- never closed <svg/>`)).toBe(false)
})

it('sanitises and renders an SVG whose prolog is full of comments', async () => {
  const text = `${'<!---->'.repeat(1000)}${SVG}<!---->`
  expect(sanitiseSvg(text, 16)).toContain('<rect width="10" height="10">')
  const png = await rasteriseSvg(bytes(text), 16)
  expect(png && sniffRaster(png)).toBe('png')
  expect(sanitiseSvg(`${COMMENTS}`, 16)).toBeNull()
})

describe('uploaded pictures', () => {
  const webp = (chunk: string, body: number[]) => {
    const bytes = new Uint8Array(40)
    bytes.set(new TextEncoder().encode(`RIFF\0\0\0\0WEBP${chunk}`), 0)
    bytes.set(body, 20)
    return bytes
  }

  it('reads the size of lossy, lossless and extended WebP files', () => {
    // VP8: frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
    expect(webpDimensions(webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x00, 0x05, 0x5e, 0x01]))).toEqual({ width: 1280, height: 350 })
    // VP8L: signature 2f, then 14-bit width-1 and height-1 packed.
    const w = 1279
    const h = 349
    const bits = w | (h << 14)
    expect(webpDimensions(webp('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff]))).toEqual({ width: 1280, height: 350 })
    // VP8X: 24-bit width-1 and height-1 at 24 and 27.
    expect(webpDimensions(webp('VP8X', [0, 0, 0, 0, 0xff, 0x04, 0, 0x5d, 0x01, 0]))).toEqual({ width: 1280, height: 350 })
    expect(webpDimensions(new TextEncoder().encode('RIFF....WEBPVP8 not really a picture at all'))).toBeNull()
  })

  it('tells PNG, JPEG and WebP apart by their bytes, and nothing else', () => {
    expect(uploadedPicture(webp('VP8X', [0, 0, 0, 0, 0xff, 0x04, 0, 0x5d, 0x01, 0]))).toMatchObject({ kind: 'webp', contentType: 'image/webp' })
    expect(uploadedPicture(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
  })
})

// Drawing a sanitised SVG costs about its element count times its frame's pixels, far more than reading it:
// 9,974 large stroked circles (1 MB) took 0.4 s to rebuild and 8 s to draw at 128 px, on the libuv pool that
// file reads and password hashing share. The allow-list keeps at most 2,000 elements, and a drawing is ended
// at a time limit whatever it holds (svg-draw.ts).
it('refuses an SVG with more elements than a logo needs, before drawing it', async () => {
  let svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20000 20000">'
  for (let i = 0; svg.length < 1_000_000; i++) svg += `<circle cx="${i % 20000}" cy="${(i * 7) % 20000}" r="9000" fill="#123456" opacity="0.5" stroke="#f00" stroke-width="300"/>`
  svg += '</svg>'
  // Refused by the check in the worker, so it never reaches a drawing.
  expect(await inspect({ check: 'svg-icon', bytes: bytes(svg).buffer as ArrayBuffer, size: 128 }, { timeLimitMs: 20_000 })).toBeNull()
  expect(await rasteriseSvg(bytes(svg), 128)).toBeNull()
}, 30_000)
