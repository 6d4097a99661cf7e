import { PDFDocument, PageSizes, StandardFonts, rgb } from 'pdf-lib'
import type { PDFFont, PDFPage, RGB } from 'pdf-lib'
import { losesCharacters, wrap } from '../files/pdf-text'
import { drawPdfLogo, type PdfLogo } from '../files/pdf-logo'

// The signed NDA as a PDF the visitor and the org can keep: the agreement text followed by a boxed
// signature block. Standard Helvetica fonts only (no font files shipped), so every string goes through
// the WinAnsi sanitiser; when that loses characters the block says so and points to the version hash.

export interface SignedNda {
  orgName: string
  /** The company's uploaded logo, drawn above the title. */
  logo?: PdfLogo | null
  portalTitle: string
  /** The NDA text as the org wrote it: paragraphs separated by blank lines, may contain any Unicode. */
  text: string
  /** 64 hex chars, SHA-256 of the text. */
  version: string
  /** Null for a copy to read before signing: the block then says it is not signed. */
  signature: {
    name: string
    email: string
    accountName: string
    signedAt: Date
    ip: string | null
    userAgent: string | null
  } | null
}

const [PAGE_W, PAGE_H] = PageSizes.A4
const MARGIN_X = 64
const TEXT_W = PAGE_W - MARGIN_X * 2
const CONTENT_TOP = PAGE_H - 64
const CONTENT_BOTTOM = 80
const FOOTER_Y = 44

const BODY_SIZE = 10.5
const BODY_LEADING = 15
const PARAGRAPH_GAP = 7

const BLOCK_PAD = 14
const BLOCK_LABEL_W = 80
const BLOCK_SIZE = 9.5
const BLOCK_LEADING = 13.5

const COLORS = {
  ink: rgb(0.06, 0.09, 0.16),
  body: rgb(0.2, 0.25, 0.33),
  muted: rgb(0.39, 0.45, 0.55),
  rule: rgb(0.8, 0.84, 0.88),
  tint: rgb(0.97, 0.98, 0.99),
}

type Fonts = { regular: PDFFont; bold: PDFFont; oblique: PDFFont; mono: PDFFont }

export async function signedNdaPdf(nda: SignedNda): Promise<Uint8Array> {
  const { signature } = nda
  const signedAt = signature ? new Date(signature.signedAt) : new Date(Number.NaN)
  const signer = signature ? `${signature.name} <${signature.email}> on behalf of ${signature.accountName}` : ''

  const pdf = await PDFDocument.create()
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    oblique: await pdf.embedFont(StandardFonts.HelveticaOblique),
    mono: await pdf.embedFont(StandardFonts.Courier),
  }

  // Metadata strings are UTF-16 in the PDF, so they keep the original Unicode; only controls go.
  pdf.setTitle(plain(`Non-Disclosure Agreement – ${nda.orgName} ${nda.portalTitle}`), { showInWindowTitleBar: true })
  pdf.setAuthor(plain(nda.orgName))
  pdf.setSubject(plain(signature ? `Signed by ${signer}` : 'Not signed: a copy to read before signing'))
  pdf.setKeywords(['NDA', plain(nda.version)])
  pdf.setCreator('Trust Center')
  pdf.setProducer('Trust Center')
  if (!Number.isNaN(signedAt.getTime())) {
    pdf.setCreationDate(signedAt)
    pdf.setModificationDate(signedAt)
  }

  const layout = new Layout(pdf)
  const logoHeight = await drawPdfLogo(pdf, layout.page, nda.logo, MARGIN_X, layout.y, 180, 36)
  if (logoHeight) layout.y -= logoHeight + 14

  // Title
  drawLines(layout, wrap('Non-Disclosure Agreement', fonts.bold, 20, TEXT_W), fonts.bold, 20, 24, COLORS.ink)
  layout.y -= 2
  const subtitle = wrap(`${nda.orgName} ${nda.portalTitle}`, fonts.regular, 12, TEXT_W)
  drawLines(layout, subtitle, fonts.regular, 12, 16, COLORS.muted)
  layout.y -= 12
  layout.page.drawLine({
    start: { x: MARGIN_X, y: layout.y },
    end: { x: PAGE_W - MARGIN_X, y: layout.y },
    thickness: 0.6,
    color: COLORS.rule,
  })
  layout.y -= 8

  // Agreement text: blank lines separate paragraphs; single line breaks (numbered clauses) are kept.
  let drewText = false
  for (const paragraph of nda.text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = paragraph.split('\n').flatMap((line) => wrap(line, fonts.regular, BODY_SIZE, TEXT_W))
    if (lines.length === 0) continue
    layout.y -= PARAGRAPH_GAP
    drawLines(layout, lines, fonts.regular, BODY_SIZE, BODY_LEADING, COLORS.body)
    drewText = true
  }
  if (!drewText) {
    layout.y -= PARAGRAPH_GAP
    drawLines(layout, ['The agreement text is empty.'], fonts.oblique, BODY_SIZE, BODY_LEADING, COLORS.muted)
  }

  const lossy = [nda.text, nda.orgName, nda.portalTitle, signer, signature?.ip ?? '', signature?.userAgent ?? '', nda.version].some((s) => losesCharacters(s, fonts.regular))
  // Courier at 8.5 pt fits the 64-character hash on one line.
  const version: Row = { label: 'NDA version', value: nda.version, font: fonts.mono, size: 8.5 }

  if (signature) {
    drawSignatureBlock(
      layout,
      fonts,
      [
        { label: 'Signed by', value: signer, font: fonts.regular },
        { label: 'Signed at', value: formatUtc(signedAt), font: fonts.regular },
        { label: 'IP address', value: signature.ip ?? 'Not recorded', font: fonts.regular },
        { label: 'User agent', value: signature.userAgent ?? 'Not recorded', font: fonts.regular },
        version,
      ],
      lossy,
      "Accepted electronically by typing the signer's name and ticking the agreement box.",
    )
  } else {
    drawSignatureBlock(
      layout,
      fonts,
      [{ label: 'Signed by', value: 'Not signed yet', font: fonts.oblique }, version],
      lossy,
      `A copy to read before signing. It is accepted in ${nda.orgName}'s Trust Center by typing the signer's name and ticking the agreement box.`,
    )
  }

  // Footer on every page, once the page count is known.
  const pages = pdf.getPages()
  const [footerText = '', ...footerRest] = wrap(`Non-Disclosure Agreement - ${nda.orgName}`, fonts.regular, 8.5, TEXT_W - 110)
  const footerLeft = footerRest.length > 0 ? `${footerText}...` : footerText
  pages.forEach((page, i) => {
    page.drawLine({
      start: { x: MARGIN_X, y: FOOTER_Y + 14 },
      end: { x: PAGE_W - MARGIN_X, y: FOOTER_Y + 14 },
      thickness: 0.6,
      color: COLORS.rule,
    })
    if (footerLeft) {
      page.drawText(footerLeft, { x: MARGIN_X, y: FOOTER_Y, size: 8.5, font: fonts.regular, color: COLORS.muted })
    }
    const label = `Page ${i + 1} of ${pages.length}`
    const width = fonts.regular.widthOfTextAtSize(label, 8.5)
    page.drawText(label, {
      x: PAGE_W - MARGIN_X - width,
      y: FOOTER_Y,
      size: 8.5,
      font: fonts.regular,
      color: COLORS.muted,
    })
  })

  return pdf.save()
}

// ---------------------------------------------------------------------------------------------
// Signature block

type Row = { label: string; value: string; font: PDFFont; size?: number }
type BlockLine = { height: number; draw: (page: PDFPage, y: number) => void }

/**
 * Draws the boxed block below the text, on a new page if it does not fit on the current one. A block
 * taller than a page (a huge user agent) flows on, with one box per page.
 */
function drawSignatureBlock(layout: Layout, fonts: Fonts, rows: Row[], lossy: boolean, statement: string) {
  const innerW = TEXT_W - BLOCK_PAD * 2
  const valueX = MARGIN_X + BLOCK_PAD + BLOCK_LABEL_W
  const valueW = innerW - BLOCK_LABEL_W
  const lines: BlockLine[] = []
  const spacer = (height: number): BlockLine => ({ height, draw: () => {} })
  const text = (line: string, x: number, font: PDFFont, size: number, color: RGB) => (page: PDFPage, y: number) => page.drawText(line, { x, y, size, font, color })

  lines.push({ height: 16, draw: text('Signature', MARGIN_X + BLOCK_PAD, fonts.bold, 12, COLORS.ink) })
  lines.push(spacer(6))
  for (const row of rows) {
    const size = row.size ?? BLOCK_SIZE
    const values = wrap(row.value, row.font, size, valueW)
    if (values.length === 0) values.push('-')
    values.forEach((value, i) => {
      const drawValue = text(value, valueX, row.font, size, COLORS.ink)
      const drawLabel = text(row.label, MARGIN_X + BLOCK_PAD, fonts.bold, BLOCK_SIZE, COLORS.muted)
      lines.push({
        height: BLOCK_LEADING,
        draw: (page, y) => {
          if (i === 0) drawLabel(page, y)
          drawValue(page, y)
        },
      })
    })
    lines.push(spacer(3))
  }
  lines.push(spacer(6))
  for (const line of wrap(statement, fonts.oblique, BLOCK_SIZE, innerW)) {
    lines.push({
      height: BLOCK_LEADING,
      draw: text(line, MARGIN_X + BLOCK_PAD, fonts.oblique, BLOCK_SIZE, COLORS.body),
    })
  }
  if (lossy) {
    const note =
      'Some characters could not be shown in this PDF\'s font and were replaced with "?" or left out. ' + 'The NDA version is the SHA-256 of the exact text that was signed.'
    lines.push(spacer(4))
    for (const line of wrap(note, fonts.regular, 8.5, innerW)) {
      lines.push({ height: 12, draw: text(line, MARGIN_X + BLOCK_PAD, fonts.regular, 8.5, COLORS.muted) })
    }
  }

  const total = lines.reduce((sum, line) => sum + line.height, 0) + BLOCK_PAD * 2
  const gap = 24
  if (layout.y - gap - total < CONTENT_BOTTOM && total <= CONTENT_TOP - CONTENT_BOTTOM) layout.newPage()
  else layout.y -= gap

  // Place first, then paint boxes and text, so each box's fill sits under its text.
  const boxes: { page: PDFPage; top: number; bottom: number }[] = []
  const placed: { page: PDFPage; y: number; line: BlockLine }[] = []
  let top = layout.y
  layout.y -= BLOCK_PAD
  for (const line of lines) {
    if (layout.y - line.height < CONTENT_BOTTOM + BLOCK_PAD) {
      boxes.push({ page: layout.page, top, bottom: layout.y - BLOCK_PAD })
      layout.newPage()
      top = layout.y
      layout.y -= BLOCK_PAD
    }
    layout.y -= line.height
    placed.push({ page: layout.page, y: layout.y, line })
  }
  layout.y -= BLOCK_PAD
  boxes.push({ page: layout.page, top, bottom: layout.y })

  for (const box of boxes) {
    box.page.drawRectangle({
      x: MARGIN_X,
      y: box.bottom,
      width: TEXT_W,
      height: box.top - box.bottom,
      color: COLORS.tint,
      borderColor: COLORS.rule,
      borderWidth: 0.8,
    })
  }
  // y is the bottom of each line's slot; the baseline sits a descender's depth above it.
  for (const { page, y, line } of placed) line.draw(page, y + 3.5)
}

// ---------------------------------------------------------------------------------------------
// Layout helpers

class Layout {
  page!: PDFPage
  y = 0
  constructor(private readonly pdf: PDFDocument) {
    this.newPage()
  }
  newPage() {
    this.page = this.pdf.addPage([PAGE_W, PAGE_H])
    this.y = CONTENT_TOP
  }
}

/** Draws already wrapped lines, moving to a new page whenever the next line would reach the footer. */
function drawLines(layout: Layout, lines: string[], font: PDFFont, size: number, leading: number, color: RGB) {
  for (const line of lines) {
    if (layout.y - leading < CONTENT_BOTTOM) layout.newPage()
    layout.y -= leading
    layout.page.drawText(line, { x: MARGIN_X, y: layout.y, size, font, color })
  }
}

/** "2026-11-23 21:04 UTC" */
function formatUtc(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Unknown'
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/** Metadata text: control characters become spaces, runs of whitespace collapse. */
function plain(text: string): string {
  return text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
