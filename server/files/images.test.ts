import { expect, it } from 'vitest'
import { rasteriseSvg, sniffRaster } from './images'
import { isSvgText, sanitiseSvg } from './svg.js'

const bytes = (text: string) => new TextEncoder().encode(text)
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'

/** What `judge` returns and how long it took, in milliseconds. */
function timed<T>(judge: () => T) {
  const started = performance.now()
  const result = judge()
  return { result, elapsed: performance.now() - started }
}

// 30 empty comments (210 bytes) and no element: the old root-element regex took 3.8 s for 29 of them
// and twice as long for each further one.
const COMMENTS = '<!---->'.repeat(30)

it('judges a prolog of empty comments with no element quickly, and not as an SVG', () => {
  const { result, elapsed } = timed(() => isSvgText(COMMENTS))
  expect(result).toBe(false)
  expect(elapsed).toBeLessThan(500)
})

it('judges processing instructions, unclosed comments and DOCTYPE subsets that never reach an element quickly', () => {
  // Each of the first two took the old regex several seconds.
  for (const hostile of ['<?a?>'.repeat(26), `${'<!---->'.repeat(27)}<!--`, `<!DOCTYPE svg [${']'.repeat(10_000)}`]) {
    const { result, elapsed } = timed(() => isSvgText(hostile))
    expect(result).toBe(false)
    expect(elapsed).toBeLessThan(500)
  }
})

it('reads the root element after a 200 KB prolog in linear time', () => {
  const prolog = '<?xml version="1.0"?>\n' + '<!---->\n'.repeat(25_000)
  expect(prolog.length).toBeGreaterThan(200_000)
  const svg = timed(() => isSvgText(prolog + SVG))
  expect(svg.result).toBe(true)
  expect(svg.elapsed).toBeLessThan(500)
  const html = timed(() => isSvgText(prolog + '<html></html>'))
  expect(html.result).toBe(false)
  expect(html.elapsed).toBeLessThan(500)
})

it('still tells SVG from other markup after comments, instructions and a DOCTYPE', () => {
  expect(isSvgText(`<?xml version="1.0"?><!-- made by hand --><!DOCTYPE svg [<!ENTITY a "]>">]>\n${SVG}`)).toBe(true)
  expect(isSvgText(`<!-- <svg> --><html/>`)).toBe(false)
  expect(isSvgText(`<svgx/>`)).toBe(false)
  expect(isSvgText(`<!-- never closed <svg/>`)).toBe(false)
})

it('sanitises and renders an SVG whose prolog is full of comments', async () => {
  const text = `${'<!---->'.repeat(1000)}${SVG}<!---->`
  expect(sanitiseSvg(text, 16)).toContain('<rect width="10" height="10">')
  const png = await rasteriseSvg(bytes(text), 16)
  expect(png && sniffRaster(png)).toBe('png')
  expect(sanitiseSvg(`${COMMENTS}`, 16)).toBeNull()
})
