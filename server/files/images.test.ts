import { expect, it } from 'vitest'
import { rasteriseSvg, sanitiseSvg, sniffImage } from './images'

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
  const { result, elapsed } = timed(() => sniffImage(bytes(COMMENTS)))
  expect(result).toBeNull()
  expect(elapsed).toBeLessThan(500)
})

it('judges processing instructions, unclosed comments and DOCTYPE subsets that never reach an element quickly', () => {
  // Each of the first two took the old regex several seconds.
  for (const hostile of ['<?a?>'.repeat(26), `${'<!---->'.repeat(27)}<!--`, `<!DOCTYPE svg [${']'.repeat(10_000)}`]) {
    const { result, elapsed } = timed(() => sniffImage(bytes(hostile)))
    expect(result).toBeNull()
    expect(elapsed).toBeLessThan(500)
  }
})

it('reads the root element after a 200 KB prolog in linear time', () => {
  const prolog = '<?xml version="1.0"?>\n' + '<!---->\n'.repeat(25_000)
  expect(prolog.length).toBeGreaterThan(200_000)
  const svg = timed(() => sniffImage(bytes(prolog + SVG)))
  expect(svg.result).toBe('svg')
  expect(svg.elapsed).toBeLessThan(500)
  const html = timed(() => sniffImage(bytes(prolog + '<html></html>')))
  expect(html.result).toBeNull()
  expect(html.elapsed).toBeLessThan(500)
})

it('still tells SVG from other markup after comments, instructions and a DOCTYPE', () => {
  expect(sniffImage(bytes(`<?xml version="1.0"?><!-- made by hand --><!DOCTYPE svg [<!ENTITY a "]>">]>\n${SVG}`))).toBe('svg')
  expect(sniffImage(bytes(`<!-- <svg> --><html/>`))).toBeNull()
  expect(sniffImage(bytes(`<svgx/>`))).toBeNull()
  expect(sniffImage(bytes(`<!-- never closed <svg/>`))).toBeNull()
})

it('sanitises and renders an SVG whose prolog is full of comments', async () => {
  const text = `${'<!---->'.repeat(1000)}${SVG}<!---->`
  expect(sanitiseSvg(text, 16)).toContain('<rect width="10" height="10">')
  const png = await rasteriseSvg(bytes(text), 16)
  expect(png && sniffImage(png)).toBe('png')
  expect(sanitiseSvg(`${COMMENTS}`, 16)).toBeNull()
})
