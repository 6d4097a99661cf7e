import { createHash } from 'node:crypto'
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { signedNdaPdf, type SignedNda } from './nda-pdf'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

function nda(text: string, overrides: Partial<SignedNda> = {}, signature: Partial<NonNullable<SignedNda['signature']>> = {}) {
  return {
    orgName: 'Northwind Cloud',
    portalTitle: 'Trust Center',
    text,
    version: sha256(text),
    ...overrides,
    signature: {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      accountName: 'Example Ltd',
      signedAt: new Date('2026-11-23T21:04:37.512Z'),
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      ...signature,
    },
  } satisfies SignedNda
}

// pdf-lib writes standard-font text as hex strings (`<416461> Tj`) inside Flate-compressed content
// streams, so the raw bytes never contain "Signed by". Rather than switching compression off for tests,
// this inflates each page's real content streams with pdf-lib's own decoder and reads back the Tj
// operands, one string per drawn line (the asserted strings are ASCII, where WinAnsi equals Latin-1).
async function read(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false })
  const pages = pdf.getPages().map((page) => {
    const contents = page.node.Contents()
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents]
    const ops = refs
      .map((ref) => pdf.context.lookup(ref))
      .filter((stream) => stream instanceof PDFRawStream)
      .map((stream) => new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode()))
      .join('\n')
    return [...ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => new TextDecoder('latin1').decode(Buffer.from(m[1], 'hex')))
  })
  return { pdf, pages, lines: pages.flat() }
}

const header = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes.subarray(0, 5))

const STATEMENT = "Accepted electronically by typing the signer's name and ticking the agreement box."

describe('signedNdaPdf', () => {
  it('renders the text, the signature block and the metadata', async () => {
    const text =
      'This Agreement is entered into by Northwind Cloud and the Recipient.\n\n' +
      '1. Confidential Information means any information disclosed through the trust center.\n' +
      '2. The Recipient will use it only to evaluate Northwind Cloud’s security posture.\n\n\n' +
      'This Agreement is governed by the laws of the State of Washington.'
    const input = nda(text)
    const bytes = await signedNdaPdf(input)

    expect(header(bytes)).toBe('%PDF-')
    const { pdf, lines } = await read(bytes)
    expect(pdf.getPageCount()).toBe(1)
    expect(pdf.getTitle()).toBe('Non-Disclosure Agreement – Northwind Cloud Trust Center')
    expect(pdf.getAuthor()).toBe('Northwind Cloud')
    expect(pdf.getSubject()).toBe('Signed by Ada Lovelace <ada@example.com> on behalf of Example Ltd')
    expect(pdf.getCreationDate()?.toISOString()).toBe('2026-11-23T21:04:37.000Z')

    expect(lines.slice(0, 2)).toEqual(['Non-Disclosure Agreement', 'Northwind Cloud Trust Center'])
    expect(lines).toContain('This Agreement is entered into by Northwind Cloud and the Recipient.')
    expect(lines).toContain("2. The Recipient will use it only to evaluate Northwind Cloud's security posture.")
    expect(lines).toEqual(
      expect.arrayContaining([
        'Signature',
        'Signed by',
        'Ada Lovelace <ada@example.com> on behalf of Example Ltd',
        'Signed at',
        '2026-11-23 21:04 UTC',
        'IP address',
        '203.0.113.7',
        'User agent',
        'NDA version',
        input.version,
        STATEMENT,
        'Page 1 of 1',
      ]),
    )
    expect(lines.join(' ')).toContain('Mozilla/5.0 (X11; Linux x86_64)')
    expect(lines.join(' ')).not.toContain('could not be shown')
  })

  it('paginates a 20,000-word text with page numbers and ends with the signature', async () => {
    const words = ['confidential', 'information', 'recipient', 'disclose', 'agreement', 'party', 'shall', 'not']
    const paragraphs = Array.from({ length: 200 }, (_, p) => Array.from({ length: 100 }, (_, w) => words[(p + w) % words.length]).join(' '))
    const bytes = await signedNdaPdf(nda(paragraphs.join('\n\n')))

    expect(header(bytes)).toBe('%PDF-')
    const { pdf, pages } = await read(bytes)
    const count = pdf.getPageCount()
    expect(count).toBeGreaterThan(1)
    pages.forEach((lines, i) => expect(lines).toContain(`Page ${i + 1} of ${count}`))
    expect(pages[0]).toContain('Non-Disclosure Agreement')
    expect(pages[count - 1]).toEqual(expect.arrayContaining(['Signature', STATEMENT]))
  })

  it('never throws on emoji, CJK, control characters and unbreakable words', async () => {
    const longWord = 'Z'.repeat(500)
    const text = `Emoji 👨‍👩‍👧 🚀 and 日本語の秘密保持契約 text.\u0000\u0007\u001b\u007f\n\n${longWord}\n\nEnd \ud800 lone surrogate.`
    const bytes = await signedNdaPdf(nda(text, { orgName: 'Nörthwind 雲 ☁️', portalTitle: 'Trust\u0000Center' }, { name: '李雷 🙂', userAgent: '\u0000' }))

    expect(header(bytes)).toBe('%PDF-')
    const { pdf, lines } = await read(bytes)
    expect(pdf.getTitle()).toBe('Non-Disclosure Agreement – Nörthwind 雲 ☁️ Trust Center')
    const all = lines.join('\n')
    expect(all).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
    expect(lines).toContain('Emoji and ?????????? text.')
    // The 500-character word is broken over several lines that together keep every character.
    const pieces = lines.filter((line) => /^Z+$/.test(line))
    expect(pieces.length).toBeGreaterThan(1)
    expect(pieces.join('')).toBe(longWord)
    expect(lines).toContain('?? <ada@example.com> on behalf of Example Ltd')
    expect(all).toContain('could not be shown')
  })

  it('handles an empty text, missing request details and a huge user agent', async () => {
    const empty = await read(await signedNdaPdf(nda('', {}, { ip: null, userAgent: null })))
    expect(empty.lines).toEqual(expect.arrayContaining(['The agreement text is empty.', 'Not recorded', STATEMENT]))

    // A block taller than a page flows on rather than running off the page.
    const huge = await read(await signedNdaPdf(nda('Short text.', {}, { userAgent: 'Agent/1.0 '.repeat(3000) })))
    expect(huge.pdf.getPageCount()).toBeGreaterThan(1)
    expect(huge.pages.at(-1)).toContain(STATEMENT)
  })

  it('renders a copy to read before signing: the text, no signer and no signing statement', async () => {
    const bytes = await signedNdaPdf({ ...nda('1. Confidential Information means any information disclosed.'), signature: null })
    const { pdf, lines } = await read(bytes)
    expect(pdf.getSubject()).toBe('Not signed: a copy to read before signing')
    expect(lines).toEqual(expect.arrayContaining(['1. Confidential Information means any information disclosed.', 'Not signed yet']))
    expect(lines.join('\n')).not.toContain('ada@example.com')
    expect(lines).not.toContain(STATEMENT)
    expect(lines.join(' ')).toContain('A copy to read before signing.')
  })
})
