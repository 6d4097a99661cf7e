import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import JSZip from 'jszip'
import { describe, expect, it } from 'vitest'
import { centralHeaderSignatures, readZipDirectory, zipEntryNames, zipStream, type ZipEntry, type ZipResult } from './zip'

async function* chunks(...parts: (string | Uint8Array)[]) {
  for (const part of parts) yield typeof part === 'string' ? new TextEncoder().encode(part) : part
}
const entry = (name: string, ...parts: (string | Uint8Array)[]): ZipEntry => ({ name, modified: new Date('2026-03-14T09:26:54Z'), open: async () => chunks(...parts) })
const gone = (name: string): ZipEntry => ({ name, modified: new Date(), open: async () => null })

async function collect(entries: ZipEntry[], result?: ZipResult) {
  const parts: Uint8Array[] = []
  for await (const chunk of zipStream(entries, result)) parts.push(chunk)
  return Buffer.concat(parts)
}

describe('zipStream', () => {
  it('writes an archive that zip readers open, with each entry whole and its time', async () => {
    const big = new Uint8Array(3 * 1024 * 1024).map((_, index) => index % 251)
    const result: ZipResult = { written: [], missing: [] }
    const archive = await collect([entry('SOC 2 Type II.pdf', '%PDF-1.7 ', 'report'), gone('Vanished.pdf'), entry('Pen test – 2026.pdf', big), entry('empty.txt')], result)
    expect(result).toEqual({ written: ['SOC 2 Type II.pdf', 'Pen test – 2026.pdf', 'empty.txt'], missing: ['Vanished.pdf'] })

    const zip = await JSZip.loadAsync(archive)
    expect(Object.keys(zip.files)).toEqual(['SOC 2 Type II.pdf', 'Pen test – 2026.pdf', 'empty.txt'])
    expect(await zip.file('SOC 2 Type II.pdf')!.async('string')).toBe('%PDF-1.7 report')
    expect(Buffer.from(await zip.file('Pen test – 2026.pdf')!.async('uint8array')).equals(Buffer.from(big))).toBe(true)
    expect(await zip.file('empty.txt')!.async('string')).toBe('')
    expect(zip.file('SOC 2 Type II.pdf')!.date.toISOString()).toBe('2026-03-14T09:26:54.000Z')

    // Info-ZIP checks every CRC and the data descriptors.
    const dir = mkdtempSync(path.join(tmpdir(), 'tc-zip-'))
    try {
      writeFileSync(path.join(dir, 'documents.zip'), archive)
      const tested = execFileSync('unzip', ['-t', path.join(dir, 'documents.zip')], { encoding: 'utf8' })
      expect(tested).toContain('No errors detected')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('yields the first entry before the next one is opened', async () => {
    const opened: string[] = []
    const lazy = (name: string): ZipEntry => ({
      name,
      modified: new Date(),
      open: async () => {
        opened.push(name)
        return chunks(name)
      },
    })
    const stream = zipStream([lazy('a.pdf'), lazy('b.pdf')])
    const seen: string[] = []
    for await (const chunk of stream) {
      seen.push(Buffer.from(chunk).toString('latin1'))
      if (seen.join('').includes('a.pdf') && seen.at(-1) === 'a.pdf') break
    }
    expect(opened).toEqual(['a.pdf'])
  })

  it('writes an empty archive when nothing could be read', async () => {
    const archive = await collect([gone('a.pdf')])
    expect(archive).toHaveLength(22)
    expect(Object.keys((await JSZip.loadAsync(archive)).files)).toEqual([])
  })
})

describe('zipEntryNames', () => {
  it('keeps names inside the archive, unique, printable and short', () => {
    expect(
      zipEntryNames([
        'report.pdf',
        'Report.PDF',
        'report.pdf',
        '../../etc/passwd',
        'C:\\Windows\\system.ini',
        '..',
        '   ',
        'bell\u0007\r\nname.pdf',
        'evil\u202egpj.exe',
        'CON.txt',
        '.hidden',
        `${'é'.repeat(300)}.pdf`,
      ]),
    ).toEqual([
      'report.pdf',
      'Report (2).PDF',
      'report (3).pdf',
      '-..-etc-passwd',
      'C--Windows-system.ini',
      'document',
      'document (2)',
      'bellname.pdf',
      'evilgpj.exe',
      '_CON.txt',
      'hidden',
      `${'é'.repeat(95)}.pdf`,
    ])
  })
})

describe('readZipDirectory', () => {
  it('counts the entries, their stated sizes and the deepest name, ZIP64 too, without reading past the bound', async () => {
    const small = await collect([entry('a.txt', 'abc'), entry('word/_rels/document.xml.rels', 'x'.repeat(1000))])
    expect(readZipDirectory(small, 10)).toEqual({ entries: 2, uncompressedBytes: 1003, depth: 3 })
    expect(readZipDirectory(Buffer.concat([Buffer.from('a stub before the archive'), small]), 10)).toEqual({ entries: 2, uncompressedBytes: 1003, depth: 3 })
    // Past 65,535 entries the counts are in the ZIP64 records.
    const many = await collect(Array.from({ length: 70_000 }, (_, index) => entry(`e/${index}`)))
    expect(readZipDirectory(many, 100_000)).toEqual({ entries: 70_000, uncompressedBytes: 0, depth: 2 })
    expect(readZipDirectory(many, 10)?.entries).toBe(70_000)
    expect(readZipDirectory(new TextEncoder().encode('PK\u0003\u0004 no directory'), 10)).toBeNull()
  })

  it('counts the entry signatures of a directory a reader finds elsewhere than the end record says (JSZip: end - size)', async () => {
    const many = await collect(Array.from({ length: 2_000 }, (_, index) => entry(`e/${index}`)))
    const end = many.length - 22
    const directoryOffset = many.readUInt32LE(end + 16)
    const directory = many.subarray(directoryOffset, end)
    const one = await collect([entry('[Content_Types].xml', 'x')])
    const oneDirectory = one.subarray(one.readUInt32LE(one.length - 22 + 16), one.length - 22)
    // [the 2,000 entries][a one-entry directory][a gap][their directory][an end record naming the one entry,
    // at the offset of the small directory, with the size of the large one]
    const small = many.subarray(0, directoryOffset).length
    const record = Buffer.from(many.subarray(end))
    record.writeUInt16LE(1, 8)
    record.writeUInt16LE(1, 10)
    record.writeUInt32LE(directory.length, 12)
    record.writeUInt32LE(small, 16)
    const crafted = Buffer.concat([many.subarray(0, directoryOffset), oneDirectory, Buffer.alloc(7), directory, record])
    // JSZip reads its directory from the end record minus the stated size: all 2,000 entries, then fails.
    expect(readZipDirectory(crafted, 10)?.entries).toBe(1)
    expect(await centralHeaderSignatures(crafted, 10)).toBe(11)
    expect(await centralHeaderSignatures(many, 5_000)).toBe(2_000)
  })
})
