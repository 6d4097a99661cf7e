// A brand colour (`#rrggbb`, lower-case) and what WCAG 2.2 says of it. White text sits on it (buttons, the
// banner) and it is the text colour of links on white: both need AA's 4.5:1, and both are the one ratio
// between the colour and white. A colour short of it is refused, with the nearest darker shade that passes
// offered in the message (docs/decisions/039-company-identity.md).

export const AA_CONTRAST = 4.5
export const BRAND_COLOR = /^#[0-9a-f]{6}$/

/** `#RGB` or `#RRGGBB` (either case, the # optional) as `#rrggbb`; null when it is no colour. */
export function normalizeHexColor(input: string): string | null {
  const value = input.trim().toLowerCase().replace(/^#/, '')
  if (/^[0-9a-f]{3}$/.test(value)) return `#${[...value].map((digit) => digit + digit).join('')}`
  return /^[0-9a-f]{6}$/.test(value) ? `#${value}` : null
}

function channels(color: string): [number, number, number] {
  return [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16)) as [number, number, number]
}

/** WCAG's relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(color: string) {
  const [r, g, b] = channels(color).map((value) => {
    const channel = value / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio between a `#rrggbb` colour and white, from 1 to 21. */
export function contrastWithWhite(color: string) {
  return 1.05 / (relativeLuminance(color) + 0.05)
}

const hex = (values: number[]) => `#${values.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`

/** The lightest shade of `color` (the same hue, scaled towards black) with AA contrast against white. */
export function darkestNeeded(color: string): string {
  const base = channels(color)
  if (contrastWithWhite(color) >= AA_CONTRAST) return color
  // Luminance falls as the scale does: halve the interval until the step is below one unit of a channel.
  let low = 0
  let high = 1
  for (let step = 0; step < 16; step++) {
    const middle = (low + high) / 2
    if (contrastWithWhite(hex(base.map((value) => Math.floor(value * middle)))) >= AA_CONTRAST) low = middle
    else high = middle
  }
  return hex(base.map((value) => Math.floor(value * low)))
}

/** A ratio as people read it: 4.5:1, 3.02:1. */
export const formatRatio = (ratio: number) => `${Math.floor(ratio * 100) / 100}:1`

/** Why `color` cannot be the brand colour, or null when it can. */
export function brandColorProblem(color: string): string | null {
  const ratio = contrastWithWhite(color)
  if (ratio >= AA_CONTRAST) return null
  return `White text on ${color}, and ${color} text on white, have a contrast of ${formatRatio(ratio)}; buttons and links need ${AA_CONTRAST}:1 (WCAG AA). Try ${darkestNeeded(color)}, a darker shade of it.`
}

/**
 * The portal's custom properties for a brand colour (app/styles/app.css reads them): the colour, a darker
 * shade for hover, white text on it, and a pale tint of it for soft backgrounds. Null keeps the stylesheet's own colours.
 */
export function brandStyle(color: string | null): Record<string, string> | null {
  if (!color || !BRAND_COLOR.test(color)) return null
  const soft = hex(channels(color).map((value) => value + (255 - value) * 0.92))
  const hover = hex(channels(color).map((value) => value * 0.82))
  return { '--brand': color, '--brand-hover': hover, '--brand-ink': '#ffffff', '--brand-soft': soft }
}
