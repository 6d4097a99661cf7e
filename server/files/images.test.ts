import { expect, it } from 'vitest'
import { rasteriseSvg, sniffRaster } from './images'
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
