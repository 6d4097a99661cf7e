import type { PDFFont } from 'pdf-lib'

// WinAnsi sanitising for pdf-lib's standard fonts (Helvetica and friends), shared by the demo seed
// documents and the signed NDA. Standard fonts can only encode WinAnsi, and pdf-lib throws on anything
// else, so every string is passed through here before it is measured or drawn.

const ASCII_REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u2039': '<',
  '\u203a': '>',
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u2022': '-',
  '\u00a0': ' ',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2194': '<->',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u0141': 'L',
  '\u0142': 'l',
  '\u0110': 'D',
  '\u0111': 'd',
  '\u0131': 'i',
  '\u00d7': 'x',
}

const charsets = new WeakMap<PDFFont, Set<number>>()

function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font)
  if (!set) {
    set = new Set(font.getCharacterSet())
    charsets.set(font, set)
  }
  return set
}

/** Drops or approximates anything the font cannot encode; keeps WinAnsi punctuation as is. */
export function encodable(text: string, font: PDFFont): string {
  const charset = charsetOf(font)
  let out = ''
  for (const ch of text.normalize('NFC')) {
    if (charset.has(ch.codePointAt(0) ?? 0)) {
      out += ch
    } else if (/\s/u.test(ch)) {
      out += ' '
    } else {
      // Accented letters outside Latin-1 (e.g. "ő") fall back to their base letter.
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '')
      if (base && [...base].every((c) => charset.has(c.codePointAt(0) ?? 0))) out += base
      else if (/[\p{L}\p{N}]/u.test(ch)) out += '?'
      // Emoji, joiners, variation selectors and other symbols are dropped.
    }
  }
  return out
}

/** Normalises typographic punctuation to ASCII, then removes anything the font cannot encode. */
export function sanitize(text: string, font: PDFFont): string {
  let out = ''
  for (const ch of text) out += ASCII_REPLACEMENTS[ch] ?? ch
  return encodable(out, font).replace(/ {2,}/g, ' ').trim()
}

/**
 * True when `sanitize` would drop a character or replace it with a look-alike, as opposed to only
 * normalising typographic punctuation or whitespace: emoji, CJK, control characters, "ő".
 */
export function losesCharacters(text: string, font: PDFFont): boolean {
  const charset = charsetOf(font)
  for (const ch of text.normalize('NFC')) {
    if (ASCII_REPLACEMENTS[ch] !== undefined || charset.has(ch.codePointAt(0) ?? 0) || /\s/u.test(ch)) continue
    return true
  }
  return false
}

/** Sanitises and word-wraps one line of text; words wider than a line are broken. Empty text gives []. */
export function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const space = font.widthOfTextAtSize(' ', size)
  const lines: string[] = []
  let line = ''
  let width = 0
  for (const word of sanitize(text, font).split(' ')) {
    for (const piece of breakWord(word, font, size, maxWidth)) {
      const w = font.widthOfTextAtSize(piece, size)
      if (line && width + space + w > maxWidth) {
        lines.push(line)
        line = ''
      }
      width = line ? width + space + w : w
      line = line ? `${line} ${piece}` : piece
    }
  }
  if (line) lines.push(line)
  return lines
}

/** Splits a word wider than the line, measuring each character once (a long run costs its length). */
function breakWord(word: string, font: PDFFont, size: number, maxWidth: number): string[] {
  if (font.widthOfTextAtSize(word, size) <= maxWidth) return word ? [word] : []
  const pieces: string[] = []
  let piece = ''
  let width = 0
  for (const ch of word) {
    const w = font.widthOfTextAtSize(ch, size)
    if (piece && width + w > maxWidth) {
      pieces.push(piece)
      piece = ''
      width = 0
    }
    piece += ch
    width += w
  }
  if (piece) pieces.push(piece)
  return pieces
}
