// Files built to be expensive to check (issue 21), for tests/integration/upload-inspection.test.ts and
// `npm run bench:uploads`: a .docx of hundreds of thousands of empty parts, and a small PDF whose page
// content inflates to a gigabyte. Written by hand, byte by byte, so making them costs little.
import { once } from 'node:events'
import { crc32, createDeflate } from 'node:zlib'

const WORD_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'

/**
 * A stored (uncompressed) zip of `parts` ({ name, data }), ZIP64 past 65,535 entries as Word writes it.
 * @param {{ name: string, data?: Buffer }[]} parts
 */
function storedZip(parts) {
  const locals = []
  const centrals = []
  let offset = 0
  for (const { name, data = Buffer.alloc(0) } of parts) {
    const nameBytes = Buffer.from(name)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += 30 + nameBytes.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const zip64 = parts.length > 0xffff
  const tail = []
  if (zip64) {
    const record = Buffer.alloc(56)
    record.writeUInt32LE(0x06064b50, 0)
    record.writeBigUInt64LE(44n, 4)
    record.writeUInt16LE(45, 12)
    record.writeUInt16LE(45, 14)
    record.writeBigUInt64LE(BigInt(parts.length), 24)
    record.writeBigUInt64LE(BigInt(parts.length), 32)
    record.writeBigUInt64LE(BigInt(directory.length), 40)
    record.writeBigUInt64LE(BigInt(offset), 48)
    const locator = Buffer.alloc(20)
    locator.writeUInt32LE(0x07064b50, 0)
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8)
    locator.writeUInt32LE(1, 16)
    tail.push(record, locator)
  }
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 8)
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(zip64 ? 0xffffffff : offset, 16)
  return Buffer.concat([...locals, directory, ...tail, end])
}

/**
 * A Word document's [Content_Types].xml and main part, then `entries` empty parts (a 34 MB file at
 * 400,000), named `folder/0`, `folder/1`... Options: a deeper folder, or a part that states a huge size.
 * @param {number} entries
 * @param {{ folder?: string }} [options]
 */
export function manyPartsDocx(entries, { folder = 'p' } = {}) {
  const parts = [
    { name: '[Content_Types].xml', data: Buffer.from(WORD_TYPES) },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
  ]
  for (let index = 0; index < entries; index++) parts.push({ name: `${folder}/${index}`, data: undefined })
  return storedZip(parts)
}

/** A Word document whose last part's directory entry states `bytes` uncompressed (a bomb's claim). */
export function hugeClaimDocx(bytes) {
  const zip = manyPartsDocx(1)
  // The central directory's last entry is `p/0` (name 3 bytes), just before the 22-byte end record.
  const entry = zip.length - 22 - (46 + 3)
  zip.writeUInt32LE(bytes, entry + 24)
  return zip
}

/**
 * A one-page PDF whose content stream inflates to `megabytes` of spaces (about a thousandth of that on
 * disk): pdf.js keeps a stream's decoded bytes in one growing ArrayBuffer.
 * @param {number} megabytes
 */
export async function inflatingPdf(megabytes) {
  const deflate = createDeflate({ level: 9 })
  const chunks = []
  deflate.on('data', (chunk) => chunks.push(chunk))
  const spaces = Buffer.alloc(1024 * 1024, 0x20)
  for (let index = 0; index < megabytes; index++) if (!deflate.write(spaces)) await once(deflate, 'drain')
  deflate.end()
  await once(deflate, 'end')
  const stream = Buffer.concat(chunks)
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << >> >>',
  ]
  const parts = [Buffer.from('%PDF-1.7\n')]
  const offsets = []
  let at = parts[0].length
  const push = (buffer) => {
    parts.push(buffer)
    at += buffer.length
  }
  objects.forEach((body, index) => {
    offsets.push(at)
    push(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`))
  })
  offsets.push(at)
  push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`))
  push(stream)
  push(Buffer.from('\nendstream\nendobj\n'))
  const xref = at
  push(Buffer.from(`xref\n0 5\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`))
  push(Buffer.from(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`))
  return Buffer.concat(parts)
}
