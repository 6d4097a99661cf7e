import { describe, expect, it } from 'vitest'
import { rasterDimensions } from './images'
import { drawSvg } from './svg-draw'

// A drawing whose cost its size does not tell: every shape under a mask draws a frame-sized layer. 1,990 of
// them (155 KB, inside the allow-list's 2,000 elements) took 12 to 32 s at 1280 x 160 on these machines.
function maskedShapes(count: number) {
  let svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="160" viewBox="0 0 1280 160"><defs><mask id="m"><rect width="1280" height="160" fill="#fff"/></mask></defs>'
  for (let i = 0; i < count; i++) svg += `<circle cx="${i % 1280}" cy="80" r="600" fill="#123456" mask="url(#m)" opacity="0.5"/>`
  return `${svg}</svg>`
}

describe('drawSvg', () => {
  it('draws an SVG to a PNG of its own size', async () => {
    const drawn = await drawSvg('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="16"><rect width="40" height="16" fill="#0a7"/></svg>')
    expect('png' in drawn && rasterDimensions(drawn.png, 'png')).toEqual({ width: 40, height: 16 })
  })

  it('ends a drawing at its time limit, and the next one draws', async () => {
    expect(await drawSvg(maskedShapes(1_990), { drawMs: 1_000 })).toEqual({ refused: 'time' })
    const next = await drawSvg('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>')
    expect('png' in next).toBe(true)
  }, 30_000)

  it('refuses a PNG larger than its limit, and what resvg cannot read', async () => {
    expect(await drawSvg('<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="2000"><rect width="2000" height="2000" fill="#0a7"/></svg>', { maxPngBytes: 100 })).toEqual({
      refused: 'size',
    })
    expect(await drawSvg('not an svg')).toEqual({ refused: 'error' })
  })
})
