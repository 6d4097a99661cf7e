import { PDFDocument, StandardFonts, rgb } from 'pdf-lib'
import type { PDFFont, PDFPage } from 'pdf-lib'
import { sanitize, wrap } from './pdf-text'
import { drawPdfLogo, type PdfLogo } from './pdf-logo'

// A SOC report item's bridge letter (cards-and-items spec sections 3, 5 and 9), generated on request as a
// real PDF with the standard Helvetica fonts, so no font files ship and any input, emoji included, is
// sanitised to WinAnsi instead of throwing.

export interface BridgeLetter {
  orgName: string
  itemTitle: string
  letterType: 'SOC 1' | 'SOC 2'
  letterContent: string
  signerName: string
  signerTitle: string
  /** Start of the period the letter covers (the bridged report's publication); null when unknown. */
  periodStart: Date | null
  /** The letter's date, also the end of the period it covers. */
  date: Date
  /** The company's uploaded logo, drawn above the heading. */
  logo?: PdfLogo | null
}

const MAX_NAME_LENGTH = 150

/**
 * The spec's `{org}-{title}.pdf` with spaces as hyphens, made safe for Content-Disposition, zip entries
 * and every desktop file system.
 */
export function bridgeLetterFileName(orgName: string, itemTitle: string): string {
  const name = `${orgName} ${itemTitle}`
    .normalize('NFC')
    .replace(/\s+/gu, '-')
    // Control and bidi characters can disguise an extension; a lone surrogate breaks URI encoding.
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, '')
    .replace(/[/\\:*?"<>|]/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+/, '')
  const short = [...name]
    .slice(0, MAX_NAME_LENGTH)
    .join('')
    .replace(/[.-]+$/, '')
  return `${short || 'bridge-letter'}.pdf`
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** The spec's 'MMMM dd, yyyy' in UTC: 'November 04, 2026'. */
export function letterDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('letterDate needs a valid date')
  return `${MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, '0')}, ${date.getUTCFullYear()}`
}

// US Letter: bridge letters follow the AICPA's SOC reports, which are US documents.
const PAGE_W = 612
const PAGE_H = 792
const MARGIN_X = 72
const TEXT_W = PAGE_W - MARGIN_X * 2
const TOP = PAGE_H - 72
const BOTTOM = 80
const BODY_SIZE = 11
const LEADING = 16
const PARAGRAPH_GAP = 8

const INK = rgb(0.06, 0.09, 0.16)
const BODY = rgb(0.2, 0.25, 0.33)
const MUTED = rgb(0.39, 0.45, 0.55)
const RULE = rgb(0.89, 0.91, 0.94)

function truncate(text: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text
  const room = maxWidth - font.widthOfTextAtSize('...', size)
  let cut = 0
  let width = 0
  for (const char of text) {
    width += font.widthOfTextAtSize(char, size)
    if (width > room) break
    cut += char.length
  }
  return `${text.slice(0, cut).trimEnd()}...`
}

/** The letter as a PDF; the same input gives the same bytes. */
export async function bridgeLetterPdf(letter: BridgeLetter): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)

  const heading = `${letter.letterType} Bridge Letter`
  pdf.setTitle(`${heading}: ${letter.itemTitle}`)
  pdf.setAuthor(letter.orgName)
  pdf.setSubject(`${heading} for ${letter.itemTitle}`)
  pdf.setCreator('Trust Center')
  pdf.setProducer('Trust Center')
  pdf.setLanguage('en-US')
  pdf.setCreationDate(letter.date)
  pdf.setModificationDate(letter.date)

  let page: PDFPage = pdf.addPage([PAGE_W, PAGE_H])
  let y = TOP
  const logoHeight = await drawPdfLogo(pdf, page, letter.logo, MARGIN_X, y, 180, 36)
  if (logoHeight) y -= logoHeight + 14
  const line = (text: string, font: PDFFont, size: number, color = BODY, leading = size * 1.45) => {
    for (const piece of wrap(text, font, size, TEXT_W)) {
      if (y - leading < BOTTOM) {
        page = pdf.addPage([PAGE_W, PAGE_H])
        y = TOP
      }
      y -= leading
      page.drawText(piece, { x: MARGIN_X, y, size, font, color })
    }
  }

  line(heading, bold, 20, INK)
  y -= 4
  line(letter.orgName, bold, 13, INK)
  const period = letter.periodStart ? `Period covered: ${letterDate(letter.periodStart)} to ${letterDate(letter.date)}` : `Period covered: through ${letterDate(letter.date)}`
  line(period, regular, BODY_SIZE, MUTED)
  line(`Report: ${letter.itemTitle}`, regular, BODY_SIZE, MUTED)
  y -= 12
  page.drawLine({ start: { x: MARGIN_X, y }, end: { x: PAGE_W - MARGIN_X, y }, thickness: 0.8, color: RULE })
  y -= 10

  // Blank lines separate paragraphs; a single line break inside one is kept as a break.
  for (const paragraph of letter.letterContent.replace(/\r\n?/g, '\n').split(/\n[^\S\n]*\n/)) {
    if (!paragraph.trim()) continue
    for (const text of paragraph.split('\n')) line(text, regular, BODY_SIZE, BODY, LEADING)
    y -= PARAGRAPH_GAP
  }

  y -= 20
  line(letter.signerName, bold, BODY_SIZE, INK, LEADING)
  line(letter.signerTitle, regular, BODY_SIZE, BODY, LEADING)
  y -= 8
  line(`Date: ${letterDate(letter.date)}`, regular, BODY_SIZE, BODY, LEADING)

  // Footers last, once the page count is known.
  const pages = pdf.getPages()
  const footer = truncate(sanitize(`${letter.orgName} - ${heading}`, regular), regular, 8, TEXT_W - 80)
  pages.forEach((each, index) => {
    const number = `Page ${index + 1} of ${pages.length}`
    each.drawText(footer, { x: MARGIN_X, y: 44, size: 8, font: regular, color: MUTED })
    each.drawText(number, { x: PAGE_W - MARGIN_X - regular.widthOfTextAtSize(number, 8), y: 44, size: 8, font: regular, color: MUTED })
  })

  return pdf.save()
}
