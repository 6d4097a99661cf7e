import { LineCapStyle, PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import type { PDFFont, PDFPage, RGB } from 'pdf-lib'
import { encodable, sanitize } from '../files/pdf-text'
import type { DemoPdfClassification, DemoPdfSection } from '../../db/seed/documents'

// Demo PDF generator for the seed data: builds real, readable documents (title page, numbered
// sections, running header and footer) with the standard Helvetica fonts only, so no font files are
// shipped. Standard fonts are WinAnsi-encoded; every string is sanitised before it is measured or
// drawn so that generation never throws on emoji, curly quotes or other non-Latin-1 characters.

export type DemoPdfInput = {
  title: string
  org: string
  subtitle?: string
  sections: DemoPdfSection[]
  classification?: DemoPdfClassification
  /** Date printed on the title page and stored as creation date; defaults to now. */
  date?: Date
}

// ---------------------------------------------------------------------------------------------
// Page geometry (A4, points) and palette

const PAGE_W = 595.28
const PAGE_H = 841.89
const MARGIN_X = 64
const TEXT_W = PAGE_W - MARGIN_X * 2
const CONTENT_TOP = PAGE_H - 96
const CONTENT_BOTTOM = 84
const BODY_SIZE = 10.5
const BODY_LEADING = 15.5
const PARAGRAPH_GAP = 7
const HEADING_SIZE = 14
const HEADING_LEADING = 19
const BULLET_INDENT = 14

const hex = (value: string): RGB => rgb(parseInt(value.slice(1, 3), 16) / 255, parseInt(value.slice(3, 5), 16) / 255, parseInt(value.slice(5, 7), 16) / 255)

const COLORS = {
  brand: hex('#1d4ed8'),
  brandDark: hex('#1e3a8a'),
  teal: hex('#0d9488'),
  tealLight: hex('#5eead4'),
  ink: hex('#0f172a'),
  body: hex('#334155'),
  muted: hex('#64748b'),
  subtle: hex('#cbd5e1'),
  rule: hex('#e2e8f0'),
  white: rgb(1, 1, 1),
}

const CLASSIFICATION_STYLE: Record<DemoPdfClassification, { color: RGB; tint: RGB; notice: (org: string) => string }> = {
  Confidential: {
    color: hex('#b91c1c'),
    tint: hex('#fef2f2'),
    notice: (org) =>
      `This document contains confidential information belonging to ${org}. It is shared under a non-disclosure agreement for the sole purpose of evaluating ${org}'s security and compliance posture and must not be copied or distributed further without written permission.`,
  },
  Public: {
    color: hex('#15803d'),
    tint: hex('#f0fdf4'),
    notice: (org) => `This document has been approved by ${org} for public distribution. It may be shared freely in its complete and unmodified form.`,
  },
}

// ---------------------------------------------------------------------------------------------
// Text layout

type Token = { text: string; font: PDFFont }

function breakWord(word: Token, size: number, maxWidth: number): Token[] {
  const pieces: Token[] = []
  let rest = word.text
  while (rest.length > 1 && word.font.widthOfTextAtSize(rest, size) > maxWidth) {
    let cut = rest.length - 1
    while (cut > 1 && word.font.widthOfTextAtSize(rest.slice(0, cut), size) > maxWidth) cut--
    pieces.push({ text: rest.slice(0, cut), font: word.font })
    rest = rest.slice(cut)
  }
  pieces.push({ text: rest, font: word.font })
  return pieces
}

/**
 * Word-wraps one line of text. `**bold**` spans are set in the bold font. Returns at least one
 * (possibly empty) line.
 */
function wrap(text: string, regular: PDFFont, bold: PDFFont, size: number, maxWidth: number): Token[][] {
  const words: Token[] = []
  text.split(/\*\*(.+?)\*\*/).forEach((part, i) => {
    const font = i % 2 === 1 ? bold : regular
    for (const w of sanitize(part, font).split(' ')) if (w) words.push({ text: w, font })
  })
  const space = regular.widthOfTextAtSize(' ', size)
  const lines: Token[][] = []
  let current: Token[] = []
  let width = 0
  for (const word of words) {
    for (const piece of breakWord(word, size, maxWidth)) {
      const w = piece.font.widthOfTextAtSize(piece.text, size)
      if (current.length > 0 && width + space + w > maxWidth) {
        lines.push(current)
        current = []
        width = 0
      }
      width += current.length > 0 ? space + w : w
      current.push(piece)
    }
  }
  if (current.length > 0 || lines.length === 0) lines.push(current)
  return lines
}

function drawTokens(page: PDFPage, tokens: Token[], x: number, y: number, size: number, color: RGB, space: number) {
  // Consecutive words in the same font are drawn as one run.
  let cursor = x
  let run: Token[] = []
  const flush = () => {
    if (run.length === 0) return
    const text = run.map((t) => t.text).join(' ')
    const font = run[0].font
    page.drawText(text, { x: cursor, y, size, font, color })
    cursor += font.widthOfTextAtSize(text, size) + space
    run = []
  }
  for (const token of tokens) {
    if (run.length > 0 && run[0].font !== token.font) flush()
    run.push(token)
  }
  flush()
}

type DrawOptions = { x: number; y: number; size: number; font: PDFFont; color: RGB }

/** Draws a single line; the text is made encodable first so drawing never throws. */
function put(page: PDFPage, text: string, options: DrawOptions) {
  const safe = encodable(text, options.font)
  if (safe) page.drawText(safe, options)
}

function truncate(text: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text
  let cut = text.length
  while (cut > 0 && font.widthOfTextAtSize(`${text.slice(0, cut).trimEnd()}...`, size) > maxWidth) cut--
  return `${text.slice(0, cut).trimEnd()}...`
}

function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date)
}

// Rounded square with an "N" stroke: the same mark as public/favicon.svg, on a 32-unit grid.
const MARK_BOX = 'M8 0H24C28.4 0 32 3.6 32 8V24C32 28.4 28.4 32 24 32H8C3.6 32 0 28.4 0 24V8C0 3.6 3.6 0 8 0Z'
const MARK_N = 'M8 24V8L24 24V8'

// ---------------------------------------------------------------------------------------------

export async function makeDemoPdf(doc: {
  title: string
  org: string
  subtitle?: string
  sections: { heading: string; paragraphs: string[] }[]
  classification?: 'Public' | 'Confidential'
  date?: Date
}): Promise<Uint8Array> {
  const classification: DemoPdfClassification = doc.classification === 'Public' ? 'Public' : 'Confidential'
  const style = CLASSIFICATION_STYLE[classification]
  const date = doc.date ?? new Date()

  const pdf = await PDFDocument.create()
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const oblique = await pdf.embedFont(StandardFonts.HelveticaOblique)

  const org = sanitize(doc.org, bold) || 'Organisation'
  const title = sanitize(doc.title, bold) || 'Untitled document'

  pdf.setTitle(doc.title, { showInWindowTitleBar: true })
  pdf.setAuthor(doc.org)
  if (doc.subtitle) pdf.setSubject(doc.subtitle)
  pdf.setKeywords([doc.org, classification, 'trust center'])
  pdf.setCreator('Trust Center demo')
  pdf.setProducer('Trust Center demo')
  pdf.setLanguage('en-US')
  pdf.setCreationDate(date)
  pdf.setModificationDate(date)

  const titlePage = pdf.addPage([PAGE_W, PAGE_H])

  // ---- body pages -------------------------------------------------------------------------
  const space = regular.widthOfTextAtSize(' ', BODY_SIZE)
  let page = titlePage
  let y = 0

  const newPage = () => {
    page = pdf.addPage([PAGE_W, PAGE_H])
    y = CONTENT_TOP
    const headerY = PAGE_H - 48
    const label = classification.toUpperCase()
    const labelWidth = bold.widthOfTextAtSize(label, 7.5)
    put(page, label, { x: PAGE_W - MARGIN_X - labelWidth, y: headerY, size: 7.5, font: bold, color: style.color })
    const orgWidth = bold.widthOfTextAtSize(org, 8.5)
    put(page, org, { x: MARGIN_X, y: headerY, size: 8.5, font: bold, color: COLORS.brandDark })
    const room = TEXT_W - orgWidth - labelWidth - 36
    put(page, truncate(title, regular, 8.5, room), {
      x: MARGIN_X + orgWidth + 12,
      y: headerY,
      size: 8.5,
      font: regular,
      color: COLORS.muted,
    })
    page.drawLine({
      start: { x: MARGIN_X, y: headerY - 10 },
      end: { x: PAGE_W - MARGIN_X, y: headerY - 10 },
      thickness: 0.6,
      color: COLORS.rule,
    })
  }
  const ensure = (height: number) => {
    if (y - height < CONTENT_BOTTOM) newPage()
  }

  newPage()
  const sectionPages: number[] = []
  const sections = doc.sections.length > 0 ? doc.sections : [{ heading: 'Overview', paragraphs: [] }]

  sections.forEach((section, index) => {
    const headingLines = wrap(`${index + 1}. ${section.heading}`, bold, bold, HEADING_SIZE, TEXT_W)
    const headingHeight = headingLines.length * HEADING_LEADING + 10
    if (y < CONTENT_TOP) y -= 14 // breathing room between sections
    // Keep the heading together with at least two lines of its first paragraph.
    ensure(headingHeight + BODY_LEADING * 2)
    sectionPages.push(pdf.getPageCount())
    for (const line of headingLines) {
      y -= HEADING_LEADING
      drawTokens(page, line, MARGIN_X, y + 4, HEADING_SIZE, COLORS.brandDark, 0)
    }
    page.drawRectangle({ x: MARGIN_X, y: y - 4, width: 28, height: 2, color: COLORS.teal })
    y -= 14

    for (const paragraph of section.paragraphs) {
      const bullet = /^\s*(?:[-*\u2022])\s+/.exec(paragraph)
      const text = bullet ? paragraph.slice(bullet[0].length) : paragraph
      const indent = bullet ? BULLET_INDENT : 0
      const lines = text.split(/\r?\n/).flatMap((raw) => wrap(raw, regular, bold, BODY_SIZE, TEXT_W - indent))
      // Avoid a lone first line at the bottom of a page.
      ensure(Math.min(lines.length, 2) * BODY_LEADING)
      lines.forEach((line, i) => {
        ensure(BODY_LEADING)
        y -= BODY_LEADING
        if (bullet && i === 0) page.drawCircle({ x: MARGIN_X + 4, y: y + 3.4, size: 1.8, color: COLORS.teal })
        drawTokens(page, line, MARGIN_X + indent, y, BODY_SIZE, COLORS.body, space)
      })
      y -= PARAGRAPH_GAP
    }
  })

  // ---- title page -------------------------------------------------------------------------
  const titleSize = title.length > 60 ? 24 : 28
  const titleLines = wrap(title, bold, bold, titleSize, TEXT_W - 20)
  const subtitleLines = doc.subtitle ? wrap(doc.subtitle, regular, bold, 12.5, TEXT_W - 20) : []
  const titleTop = PAGE_H - 170
  const titleBottom = titleTop - titleLines.length * (titleSize + 6) - subtitleLines.length * 18
  const bandBottom = Math.min(PAGE_H - 330, titleBottom - 44)

  titlePage.drawRectangle({ x: 0, y: bandBottom, width: PAGE_W, height: PAGE_H - bandBottom, color: COLORS.brandDark })
  titlePage.drawCircle({ x: PAGE_W - 40, y: PAGE_H - 40, size: 190, color: COLORS.brand, opacity: 0.55 })
  titlePage.drawCircle({ x: PAGE_W + 10, y: bandBottom + 20, size: 100, color: COLORS.teal, opacity: 0.28 })
  for (const r of [70, 130, 190]) {
    titlePage.drawCircle({
      x: PAGE_W - 90,
      y: PAGE_H - 110,
      size: r,
      borderColor: COLORS.white,
      borderWidth: 0.8,
      borderOpacity: 0.14,
    })
  }
  // The decorative circles may reach below the band: cover the rest of the page again.
  titlePage.drawRectangle({ x: 0, y: 0, width: PAGE_W, height: bandBottom, color: COLORS.white })
  titlePage.drawRectangle({ x: 0, y: bandBottom - 5, width: PAGE_W, height: 5, color: COLORS.teal })

  // Org mark and name
  const markY = PAGE_H - 58
  titlePage.drawSvgPath(MARK_BOX, { x: MARGIN_X, y: markY + 28, scale: 28 / 32, color: COLORS.white })
  titlePage.drawSvgPath(MARK_N, {
    x: MARGIN_X,
    y: markY + 28,
    scale: 28 / 32,
    borderColor: COLORS.brand,
    borderWidth: 3.2,
    borderLineCap: LineCapStyle.Round,
  })
  put(titlePage, truncate(org, bold, 15, TEXT_W - 150), {
    x: MARGIN_X + 38,
    y: markY + 9,
    size: 15,
    font: bold,
    color: COLORS.white,
  })

  // Classification pill, top right
  const pillText = classification.toUpperCase()
  const pillWidth = bold.widthOfTextAtSize(pillText, 8) + 20
  titlePage.drawRectangle({
    x: PAGE_W - MARGIN_X - pillWidth,
    y: markY + 4,
    width: pillWidth,
    height: 18,
    color: style.color,
    borderColor: COLORS.white,
    borderWidth: 0.8,
    borderOpacity: 0.6,
  })
  put(titlePage, pillText, {
    x: PAGE_W - MARGIN_X - pillWidth + 10,
    y: markY + 10,
    size: 8,
    font: bold,
    color: COLORS.white,
  })

  // Title block
  put(titlePage, 'SECURITY & COMPLIANCE DOCUMENTATION', {
    x: MARGIN_X,
    y: titleTop + 22,
    size: 8.5,
    font: bold,
    color: COLORS.tealLight,
  })
  let ty = titleTop
  for (const line of titleLines) {
    ty -= titleSize + 2
    drawTokens(titlePage, line, MARGIN_X, ty, titleSize, COLORS.white, 0)
    ty -= 4
  }
  ty -= 6
  const subtitleSpace = regular.widthOfTextAtSize(' ', 12.5)
  for (const line of subtitleLines) {
    ty -= 18
    drawTokens(titlePage, line, MARGIN_X, ty, 12.5, COLORS.subtle, subtitleSpace)
  }

  // Metadata row
  const metaY = bandBottom - 52
  const meta: [string, string, RGB][] = [
    ['ORGANISATION', org, COLORS.ink],
    ['DATE OF ISSUE', formatDate(date), COLORS.ink],
    ['CLASSIFICATION', classification, style.color],
  ]
  const colW = TEXT_W / meta.length
  meta.forEach(([label, value, color], i) => {
    const x = MARGIN_X + colW * i
    put(titlePage, label, { x, y: metaY + 16, size: 7.5, font: bold, color: COLORS.muted })
    put(titlePage, truncate(value, regular, 11.5, colW - 12), { x, y: metaY, size: 11.5, font: regular, color })
  })
  titlePage.drawLine({
    start: { x: MARGIN_X, y: metaY - 18 },
    end: { x: PAGE_W - MARGIN_X, y: metaY - 18 },
    thickness: 0.6,
    color: COLORS.rule,
  })

  // Classification notice at the bottom of the title page
  const noticeLines = wrap(style.notice(org), regular, bold, 9, TEXT_W - 36)
  const noticeHeight = noticeLines.length * 13 + 36
  const noticeBottom = 84
  titlePage.drawRectangle({ x: MARGIN_X, y: noticeBottom, width: TEXT_W, height: noticeHeight, color: style.tint })
  titlePage.drawRectangle({ x: MARGIN_X, y: noticeBottom, width: 3, height: noticeHeight, color: style.color })
  put(titlePage, `${classification.toUpperCase()} DOCUMENT`, {
    x: MARGIN_X + 18,
    y: noticeBottom + noticeHeight - 20,
    size: 8,
    font: bold,
    color: style.color,
  })
  let ny = noticeBottom + noticeHeight - 22
  const noticeSpace = regular.widthOfTextAtSize(' ', 9)
  for (const line of noticeLines) {
    ny -= 13
    drawTokens(titlePage, line, MARGIN_X + 18, ny, 9, COLORS.body, noticeSpace)
  }

  // Table of contents between the metadata row and the notice
  let cy = metaY - 50
  put(titlePage, 'Contents', { x: MARGIN_X, y: cy, size: 12, font: bold, color: COLORS.ink })
  cy -= 8
  const tocLeading = 17
  const tocBottom = noticeBottom + noticeHeight + 24
  const fits = Math.max(0, Math.floor((cy - tocBottom) / tocLeading))
  const shown = sections.length > fits ? Math.max(0, fits - 1) : sections.length
  for (let i = 0; i < shown; i++) {
    cy -= tocLeading
    const pageLabel = String(sectionPages[i])
    const pageWidth = regular.widthOfTextAtSize(pageLabel, 10)
    const number = `${i + 1}.`
    put(titlePage, number, { x: MARGIN_X, y: cy, size: 10, font: bold, color: COLORS.teal })
    const heading = truncate(sanitize(sections[i].heading, regular), regular, 10, TEXT_W - 90)
    put(titlePage, heading, { x: MARGIN_X + 22, y: cy, size: 10, font: regular, color: COLORS.body })
    const headingEnd = MARGIN_X + 22 + regular.widthOfTextAtSize(heading, 10) + 6
    const leaderEnd = PAGE_W - MARGIN_X - pageWidth - 6
    const leader = ' .'
    const leaderWidth = regular.widthOfTextAtSize(leader, 10)
    const dots = Math.floor((leaderEnd - headingEnd) / leaderWidth)
    if (dots > 2) {
      put(titlePage, leader.repeat(dots), {
        x: leaderEnd - dots * leaderWidth,
        y: cy,
        size: 10,
        font: regular,
        color: COLORS.subtle,
      })
    }
    put(titlePage, pageLabel, { x: PAGE_W - MARGIN_X - pageWidth, y: cy, size: 10, font: regular, color: COLORS.muted })
  }
  if (shown < sections.length && fits > 0) {
    cy -= tocLeading
    put(titlePage, `and ${sections.length - shown} more sections`, {
      x: MARGIN_X + 22,
      y: cy,
      size: 10,
      font: oblique,
      color: COLORS.muted,
    })
  }

  // ---- footer on every page -----------------------------------------------------------------
  const pages = pdf.getPages()
  const footer = `${org} \u2014 ${classification}`
  pages.forEach((p, i) => {
    p.drawLine({
      start: { x: MARGIN_X, y: 56 },
      end: { x: PAGE_W - MARGIN_X, y: 56 },
      thickness: 0.6,
      color: COLORS.rule,
    })
    put(p, truncate(footer, regular, 8.5, TEXT_W - 90), {
      x: MARGIN_X,
      y: 40,
      size: 8.5,
      font: regular,
      color: COLORS.muted,
    })
    const label = `Page ${i + 1} of ${pages.length}`
    const width = regular.widthOfTextAtSize(label, 8.5)
    put(p, label, { x: PAGE_W - MARGIN_X - width, y: 40, size: 8.5, font: regular, color: COLORS.muted })
  })

  return pdf.save()
}
