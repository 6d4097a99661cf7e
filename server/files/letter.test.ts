import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { compact, pdfText } from '../../tests/setup/pdf-text'
import { bridgeLetterFileName, bridgeLetterPdf, letterDate, type BridgeLetter } from './letter'

const letter = (overrides: Partial<BridgeLetter> = {}): BridgeLetter => ({
  orgName: 'Northwind Cloud',
  itemTitle: 'SOC 2 Type II',
  letterType: 'SOC 2',
  letterContent: 'Management is not aware of any material changes to the system of internal control.\n\nThis letter bridges the gap until the next report is issued.',
  signerName: 'Dana Whitfield',
  signerTitle: 'Chief Information Security Officer',
  periodStart: new Date('2026-03-31T00:00:00Z'),
  date: new Date('2026-11-04T15:30:00Z'),
  ...overrides,
})

describe('bridgeLetterFileName', () => {
  it('joins org and title with hyphens for spaces', () => {
    expect(bridgeLetterFileName('Northwind Cloud', 'SOC 2 Type II')).toBe('Northwind-Cloud-SOC-2-Type-II.pdf')
  })

  it('replaces path and reserved characters and collapses the hyphens they leave', () => {
    expect(bridgeLetterFileName('Acme / Co', 'SOC 1: "Type" <I>? *|\\')).toBe('Acme-Co-SOC-1-Type-I.pdf')
    expect(bridgeLetterFileName('../../etc', 'passwd')).toBe('etc-passwd.pdf')
  })

  it('drops control and bidi characters and never starts with a dot', () => {
    expect(bridgeLetterFileName('.hidden\u0000Org', 'Report\u202Efdp.exe\u0007')).toBe('hiddenOrg-Reportfdp.exe.pdf')
    expect(bridgeLetterFileName('Tab\tand\nnewline', 'x')).toBe('Tab-and-newline-x.pdf')
    expect(bridgeLetterFileName('Lone\uD800', 'surrogate')).toBe('Lone-surrogate.pdf')
  })

  it('normalises to NFC and keeps letters from any script', () => {
    expect(bridgeLetterFileName('Cafe\u0301 Zürich', 'SOC 2')).toBe('Caf\u00e9-Zürich-SOC-2.pdf')
    expect(bridgeLetterFileName('北风', '报告')).toBe('北风-报告.pdf')
  })

  it('caps very long names at 150 characters before the extension', () => {
    const name = bridgeLetterFileName('Northwind '.repeat(30), 'SOC 2 Type II '.repeat(20))
    expect(name.endsWith('.pdf')).toBe(true)
    expect(name.length).toBeLessThanOrEqual(154)
    expect(name.startsWith('Northwind-Northwind-')).toBe(true)
    expect(name).not.toMatch(/-\.pdf$/)
  })

  it('falls back to a plain name when nothing usable is left', () => {
    expect(bridgeLetterFileName('', '...')).toBe('bridge-letter.pdf')
  })
})

describe('letterDate', () => {
  it("formats as 'MMMM dd, yyyy' in UTC", () => {
    expect(letterDate(new Date('2026-11-04T12:00:00Z'))).toBe('November 04, 2026')
    expect(letterDate(new Date('2026-01-31T23:59:59Z'))).toBe('January 31, 2026')
    // Just before midnight UTC-5 is already the next day in UTC.
    expect(letterDate(new Date('2026-06-30T23:30:00-05:00'))).toBe('July 01, 2026')
  })

  it('refuses an invalid date', () => {
    expect(() => letterDate(new Date('not a date'))).toThrow(RangeError)
  })
})

describe('bridgeLetterPdf', () => {
  it('prints the org, period, report, content, signer and date, with metadata', async () => {
    const bytes = await bridgeLetterPdf(letter())
    const pages = await pdfText(bytes)
    expect(pages).toHaveLength(1)
    const text = compact(pages[0])
    for (const expected of [
      'SOC 2 Bridge Letter',
      'Northwind Cloud',
      'Period covered: March 31, 2026 to November 04, 2026',
      'SOC 2 Type II',
      'Management is not aware of any material changes',
      'This letter bridges the gap until the next report is issued.',
      'Dana Whitfield',
      'Chief Information Security Officer',
      'Date: November 04, 2026',
    ]) {
      expect(text).toContain(compact(expected))
    }

    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(pdf.getTitle()).toBe('SOC 2 Bridge Letter: SOC 2 Type II')
    expect(pdf.getAuthor()).toBe('Northwind Cloud')
    expect(pdf.getCreationDate()?.toISOString()).toBe('2026-11-04T15:30:00.000Z')
    expect(pdf.getProducer()).toBe('Trust Center')
  })

  it('says "through" the date when the period has no start', async () => {
    const [text] = await pdfText(await bridgeLetterPdf(letter({ periodStart: null, letterType: 'SOC 1' })))
    expect(compact(text)).toContain(compact('Period covered: through November 04, 2026'))
    expect(compact(text)).toContain(compact('SOC 1 Bridge Letter'))
  })

  it("draws the company's logo above the heading, and goes on without one it cannot read", async () => {
    // A 1 x 1 PNG.
    const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'))
    const images = async (bytes: Uint8Array) => {
      const pdf = await PDFDocument.load(bytes)
      return pdf.context.enumerateIndirectObjects().filter(([, object]) => String(object).includes('/Subtype /Image')).length
    }
    // The picture and its alpha mask.
    expect(await images(await bridgeLetterPdf(letter({ logo: { bytes: png, kind: 'png' } })))).toBeGreaterThan(0)
    expect(await images(await bridgeLetterPdf(letter()))).toBe(0)
    const broken = await bridgeLetterPdf(letter({ logo: { bytes: png.slice(0, 20), kind: 'png' } }))
    expect(await images(broken)).toBe(0)
    expect(compact((await pdfText(broken)).join(' '))).toContain('NorthwindCloud')
  })

  it('gives the same bytes for the same input', async () => {
    const first = await bridgeLetterPdf(letter())
    const second = await bridgeLetterPdf(letter())
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true)
  })

  it('wraps a 5,000-word letter over several pages and ends with the signature', async () => {
    const words = Array.from({ length: 5000 }, (_, index) => `word${index}`)
    const paragraphs = Array.from({ length: 50 }, (_, index) => words.slice(index * 100, index * 100 + 100).join(' '))
    const pages = await pdfText(await bridgeLetterPdf(letter({ letterContent: paragraphs.join('\n\n') })))
    expect(pages.length).toBeGreaterThan(4)
    const all = compact(pages.join(' '))
    expect(all).toContain('word0word1')
    expect(all).toContain('word4999')
    expect(compact(pages.at(-1)!)).toContain(compact('Dana Whitfield'))
    expect(compact(pages.at(-1)!)).toContain(compact(`Page ${pages.length} of ${pages.length}`))
  })

  it('breaks a run of thousands of characters without spaces over lines, losing none of it', async () => {
    // Chinese or Japanese text sanitised to WinAnsi is such a run.
    const text = (await pdfText(await bridgeLetterPdf(letter({ letterContent: 'Q'.repeat(10_000), signerName: 'N'.repeat(300) })))).join(' ')
    expect(text.match(/Q/g)).toHaveLength(10_000)
  })

  it('draws emoji, other scripts and an unbreakable word without throwing', async () => {
    const pages = await pdfText(
      await bridgeLetterPdf(
        letter({
          orgName: 'Northwind 🚀 Cloud',
          itemTitle: 'SOC 2 “Type II” – 2026',
          letterContent: `No changes 👍🏽 to report. 北风 ${'x'.repeat(400)}`,
          signerName: 'Zoë Łukasz',
        }),
      ),
    )
    const text = compact(pages.join(' '))
    expect(text).toContain(compact('Northwind Cloud'))
    expect(text).toContain(compact('SOC 2 "Type II" - 2026'))
    expect(text).toContain(compact('No changes to report.'))
    expect(text).toContain('x'.repeat(40))
    expect(text).toContain(compact('Zoë Lukasz'))
  })
})
