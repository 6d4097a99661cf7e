import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib'
import { getDocumentProxy } from 'unpdf'
import { afterEach, describe, expect, it } from 'vitest'
import { compact, pdfText } from '../../tests/setup/pdf-text'
import { stampPdf, watermarkCache } from './watermark'

const stamp = { email: 'ada@contoso.example', company: 'Contoso Ltd', date: new Date('2026-11-04T09:00:00Z') }
const STAMP_TEXT = compact('ada@contoso.example · Contoso Ltd · November 04, 2026')

/** A PDF whose pages say `Page n body text`, with the given sizes, rotations and media box offsets. */
async function samplePdf(pages: { size?: [number, number]; rotate?: number; offset?: [number, number] }[] = [{}, {}, {}]) {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  pages.forEach(({ size = [595.28, 841.89], rotate = 0, offset = [0, 0] }, index) => {
    const page = pdf.addPage(size)
    page.setMediaBox(offset[0], offset[1], size[0], size[1])
    page.setRotation(degrees(rotate))
    page.drawText(`Page ${index + 1} body text`, { x: offset[0] + 60, y: offset[1] + size[1] / 2, size: 12, font })
  })
  return pdf.save()
}

/** A PDF that declares encryption in its trailer, as a password-protected file does. */
async function encryptedPdf() {
  const pdf = await PDFDocument.load(await samplePdf())
  const filler = '0'.repeat(64)
  pdf.context.trailerInfo.Encrypt = pdf.context.register(
    pdf.context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -44, O: pdf.context.obj(`<${filler}>`), U: pdf.context.obj(`<${filler}>`) }),
  )
  return pdf.save()
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

describe('stampPdf', () => {
  it('stamps every page with e-mail, company and date, keeping pages and text, leaving the original alone', async () => {
    const original = await samplePdf()
    const copy = Uint8Array.from(original)
    const stamped = await stampPdf(original, stamp)
    expect(stamped).not.toBeNull()
    expect(Buffer.from(original).equals(Buffer.from(copy))).toBe(true)

    const pages = await pdfText(stamped!)
    expect(pages).toHaveLength(3)
    pages.forEach((text, index) => {
      expect(text).toContain(`Page ${index + 1} body text`)
      // Rotated text may come out split into runs: matched without whitespace.
      const flat = compact(text)
      expect(flat).toContain(STAMP_TEXT)
      // Repeated down the page so that cropping one band out leaves the others.
      expect(flat.split(STAMP_TEXT).length - 1).toBe(3)
    })
  })

  it('keeps the document metadata as it was', async () => {
    const pdf = await PDFDocument.create({ updateMetadata: false })
    pdf.addPage()
    pdf.setProducer('Original Producer')
    pdf.setTitle('Penetration test')
    const stamped = await PDFDocument.load((await stampPdf(await pdf.save(), stamp))!, { updateMetadata: false })
    expect(stamped.getProducer()).toBe('Original Producer')
    expect(stamped.getTitle()).toBe('Penetration test')
  })

  it('draws the bands inside the visible page, reading up and to the right, on rotated and offset pages', async () => {
    const original = await samplePdf([{ rotate: 90 }, { rotate: 180, offset: [200, -300] }, { size: [842, 595], rotate: 270, offset: [-50, 40] }, { size: [842, 595] }])
    const doc = await getDocumentProxy((await stampPdf(original, stamp))!, { verbosity: 0 })
    try {
      for (let number = 1; number <= doc.numPages; number++) {
        const page = await doc.getPage(number)
        const viewport = page.getViewport({ scale: 1 })
        const content = await page.getTextContent()
        const bands = content.items.filter((item) => 'str' in item && item.str.includes('contoso'))
        expect(bands.length).toBeGreaterThanOrEqual(2)
        for (const item of bands) {
          if (!('transform' in item)) continue
          // Into the viewer's coordinates: y grows downwards, so text going up has a negative y direction.
          const [a, b, , , e, f] = multiply(viewport.transform, item.transform)
          expect(a).toBeGreaterThan(0)
          expect(b).toBeLessThan(0)
          const angle = (Math.atan2(-b, a) * 180) / Math.PI
          expect(angle).toBeGreaterThanOrEqual(29.9)
          expect(angle).toBeLessThanOrEqual(45.1)
          const end = [e + (item.width * a) / Math.hypot(a, b), f + (item.width * b) / Math.hypot(a, b)]
          for (const [x, y] of [[e, f], end]) {
            expect(x).toBeGreaterThanOrEqual(0)
            expect(x).toBeLessThanOrEqual(viewport.width)
            expect(y).toBeGreaterThanOrEqual(0)
            expect(y).toBeLessThanOrEqual(viewport.height)
          }
        }
      }
    } finally {
      await doc.destroy()
    }
  })

  it('sanitises any Unicode in the stamp instead of throwing', async () => {
    const stamped = await stampPdf(await samplePdf([{}]), { email: 'zoë@exämple.com', company: 'Ærø 🚀 Łódź “GmbH”', date: stamp.date })
    const [text] = await pdfText(stamped!)
    expect(compact(text)).toContain(compact('zoë@exämple.com · Ærø Lódz "GmbH" · November 04, 2026'))
  })

  it('gives null for an encrypted file, garbage and an empty file', async () => {
    expect(await stampPdf(await encryptedPdf(), stamp)).toBeNull()
    expect(await stampPdf(new TextEncoder().encode('this is not a PDF at all'), stamp)).toBeNull()
    expect(await stampPdf(new Uint8Array(), stamp)).toBeNull()
  })
})

function multiply(m: number[], n: number[]): number[] {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ]
}

describe('watermarkCache', () => {
  const dirs: string[] = []
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
  })
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'tc-watermark-'))
    dirs.push(dir)
    return dir
  }

  it('stamps once for twenty concurrent requests and then serves the file from disk', async () => {
    const dir = await dataDir()
    const original = await samplePdf()
    const key = { sha256: sha('report'), ...stamp }
    let reads = 0
    const readOriginal = async () => {
      reads++
      return original
    }

    const results = await Promise.all(Array.from({ length: 20 }, () => watermarkCache(dir).get(key, readOriginal)))
    expect(reads).toBe(1)
    const viewer = sha('ada@contoso.example\0Contoso Ltd').slice(0, 32)
    const expected = path.join(dir, 'cache', 'watermarks', '2026-11-04', `${key.sha256}-${viewer}.pdf`)
    for (const result of results) expect(result).toEqual({ path: expected, size: (await stat(expected)).size })

    expect((await stat(expected)).mode & 0o777).toBe(0o600)
    expect((await stat(path.dirname(expected))).mode & 0o777).toBe(0o700)
    expect(await readdir(path.dirname(expected))).toEqual([path.basename(expected)])
    const pages = await pdfText(await readFile(expected))
    expect(pages).toHaveLength(3)
    for (const text of pages) expect(compact(text)).toContain(STAMP_TEXT)

    expect(await watermarkCache(dir).get(key, readOriginal)).toEqual(results[0])
    expect(reads).toBe(1)
  })

  it('keeps a copy per viewer and stamps one at a time, in arrival order', async () => {
    const dir = await dataDir()
    const original = await samplePdf([{}])
    const day = path.join(dir, 'cache', 'watermarks', '2026-11-04')
    const finishedWhenRead: number[] = []
    const readOriginal = async () => {
      const done = await readdir(day).catch(() => [])
      finishedWhenRead.push(done.filter((name) => name.endsWith('.pdf')).length)
      return original
    }
    const viewers = ['ada@contoso.example', 'bob@fabrikam.example', 'cy@tailspin.example', 'di@litware.example']
    const results = await Promise.all(viewers.map((email) => watermarkCache(dir).get({ sha256: sha('policy'), ...stamp, email }, readOriginal)))

    // Each stamping starts only after the previous one is on disk.
    expect(finishedWhenRead).toEqual([0, 1, 2, 3])
    const files = results.map((result) => (result as { path: string }).path)
    expect(new Set(files).size).toBe(4)
    for (const [index, file] of files.entries()) expect(compact((await pdfText(await readFile(file)))[0])).toContain(viewers[index])
  })

  it('reports a gone original as null and an unstampable one as unreadable, caching neither', async () => {
    const dir = await dataDir()
    const cache = watermarkCache(dir)
    expect(await cache.get({ sha256: sha('gone'), ...stamp }, async () => null)).toBeNull()
    expect(await cache.get({ sha256: sha('garbage'), ...stamp }, async () => new TextEncoder().encode('garbage'))).toBe('unreadable')
    expect(await cache.get({ sha256: sha('locked'), ...stamp }, encryptedPdf)).toBe('unreadable')
    const day = path.join(dir, 'cache', 'watermarks', '2026-11-04')
    expect(await readdir(day).catch(() => [])).toEqual([])

    // Nothing was remembered: once the original is readable, it is stamped.
    const original = await samplePdf([{}])
    expect(await cache.get({ sha256: sha('gone'), ...stamp }, async () => original)).toMatchObject({ path: expect.stringContaining(sha('gone')) })
  })

  it('refuses a key that is not a SHA-256, so no path leaves the cache', async () => {
    const dir = await dataDir()
    await expect(watermarkCache(dir).get({ sha256: '../../etc/passwd', ...stamp }, async () => null)).rejects.toThrow(TypeError)
  })

  it('removes day directories older than yesterday', async () => {
    const dir = await dataDir()
    const root = path.join(dir, 'cache', 'watermarks')
    for (const day of ['2026-10-30', '2026-11-02', '2026-11-03', 'notes']) await mkdir(path.join(root, day), { recursive: true })
    const result = await watermarkCache(dir).get({ sha256: sha('report'), ...stamp }, async () => samplePdf([{}]))
    expect(result).toMatchObject({ path: expect.stringContaining('2026-11-04') })
    expect((await readdir(root)).sort()).toEqual(['2026-11-03', '2026-11-04', 'notes'])
  })
})
