import { describe, it, expect } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { DEMO_DOCUMENTS } from '../../db/seed/documents'
import { makeDemoPdf } from './pdf'

const header = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes.subarray(0, 5))

describe('makeDemoPdf', () => {
  it.each(DEMO_DOCUMENTS.map((d) => [d.title, d] as const))('generates %s', async (_title, demo) => {
    const bytes = await makeDemoPdf({ ...demo, org: 'Northwind Cloud' })
    expect(bytes).toBeInstanceOf(Uint8Array)
    expect(header(bytes)).toBe('%PDF-')

    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2)
    expect(pdf.getTitle()).toBe(demo.title)
    expect(pdf.getAuthor()).toBe('Northwind Cloud')
    expect(pdf.getProducer()).toBe('Trust Center demo')
  })

  it('has well-formed demo document entries', () => {
    expect(DEMO_DOCUMENTS).toHaveLength(12)
    const names = new Set(DEMO_DOCUMENTS.map((d) => d.fileName))
    expect(names.size).toBe(DEMO_DOCUMENTS.length)
    for (const demo of DEMO_DOCUMENTS) {
      expect(demo.fileName).toMatch(/^northwind-[a-z0-9-]+\.pdf$/)
      expect(demo.sections.length).toBeGreaterThan(0)
      for (const section of demo.sections) expect(section.paragraphs.length).toBeGreaterThan(0)
    }
  })

  it('survives characters outside WinAnsi', async () => {
    const title = 'Résumé “Quarterly” Review — 2026 🚀 ✅ 安全'
    const bytes = await makeDemoPdf({
      title,
      org: 'Nörthwind “Cloud” 🌩️',
      subtitle: 'Curly ‘quotes’, en – and em — dashes… and Łódź ő ﬁ',
      classification: 'Public',
      sections: [
        {
          heading: 'Emoji 😀 and symbols ≥ ≤ → ✓',
          paragraphs: [
            'Zero\u200Bwidth, non\u00A0breaking, tab\tand family 👨‍👩‍👧 emoji, plus 日本語 text.',
            '- A bullet with “smart quotes” and an extremely long token: ' + 'x'.repeat(400),
            'Line one\nLine two with **bold lead-in** text',
          ],
        },
      ],
    })
    expect(header(bytes)).toBe('%PDF-')
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2)
    expect(pdf.getTitle()).toBe(title)
  })

  it('flows long content over several pages and handles empty input', async () => {
    const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(12)
    const long = await PDFDocument.load(
      await makeDemoPdf({
        title: 'Long document',
        org: 'Northwind Cloud',
        sections: Array.from({ length: 30 }, (_, i) => ({
          heading: `Section ${i + 1}`,
          paragraphs: [paragraph, paragraph],
        })),
      }),
    )
    expect(long.getPageCount()).toBeGreaterThan(5)

    const empty = await PDFDocument.load(await makeDemoPdf({ title: '', org: '', sections: [] }))
    expect(empty.getPageCount()).toBeGreaterThanOrEqual(2)
  })
})
