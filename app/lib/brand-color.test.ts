import { describe, expect, it } from 'vitest'
import { AA_CONTRAST, brandColorProblem, brandStyle, contrastWithWhite, darkestNeeded, normalizeHexColor } from './brand-color'

describe('brand colour', () => {
  it('reads #rgb and #rrggbb in either case, with or without the #', () => {
    expect(normalizeHexColor('#1D4ED8')).toBe('#1d4ed8')
    expect(normalizeHexColor('abc')).toBe('#aabbcc')
    expect(normalizeHexColor(' #0f0 ')).toBe('#00ff00')
    for (const bad of ['', '#12345', 'red', '#ggg000', 'url(x)', '#1d4ed8;color:red']) expect(normalizeHexColor(bad)).toBeNull()
  })

  it('measures contrast with white as WCAG does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5)
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5)
    // #767676 is the lightest grey with 4.5:1 on white.
    expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(AA_CONTRAST)
    expect(contrastWithWhite('#777777')).toBeLessThan(AA_CONTRAST)
  })

  it('accepts a colour with AA contrast and refuses one without, offering a darker shade that passes', () => {
    expect(brandColorProblem('#1d4ed8')).toBeNull()
    const problem = brandColorProblem('#ffcc00')
    expect(problem).toMatch(/contrast of 1\.\d+:1; buttons and links need 4\.5:1 \(WCAG AA\)\. Try #[0-9a-f]{6}/)
    const suggestion = darkestNeeded('#ffcc00')
    expect(contrastWithWhite(suggestion)).toBeGreaterThanOrEqual(AA_CONTRAST)
    // The lightest such shade: a step lighter fails.
    expect(
      contrastWithWhite(
        `#${[1, 3, 5]
          .map((i) =>
            Math.min(255, parseInt(suggestion.slice(i, i + 2), 16) + 2)
              .toString(16)
              .padStart(2, '0'),
          )
          .join('')}`,
      ),
    ).toBeLessThan(AA_CONTRAST + 0.2)
  })

  it('sets the custom properties only for a valid colour', () => {
    expect(brandStyle('#1d4ed8')).toEqual({
      '--brand': '#1d4ed8',
      '--brand-hover': expect.stringMatching(/^#[0-9a-f]{6}$/),
      '--brand-ink': '#ffffff',
      '--brand-soft': expect.stringMatching(/^#[0-9a-f]{6}$/),
    })
    expect(brandStyle(null)).toBeNull()
    expect(brandStyle('red;background:url(x)')).toBeNull()
  })
})
