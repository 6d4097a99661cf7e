import { crc32 } from 'node:zlib'

// A ZIP archive written as it is read (issue 9, bulk download): each entry's bytes pass straight from
// its source to the output, so the first bytes leave before the last file is opened and memory stays
// flat whatever the total. Entries are stored, not deflated: the documents are PDFs and images, already
// compressed. Sizes and CRC follow each entry in a data descriptor (general purpose bit 3); ZIP64
// records are written when the archive passes 4 GB or 65,535 entries (an entry itself stays below 4 GB).

export interface ZipEntry {
  /** The entry's name as given; zipEntryNames makes a set of them safe and unique. */
  name: string
  modified: Date
  /** The entry's bytes, or null when the source is gone: the entry is left out and reported. */
  open(): Promise<AsyncIterable<Uint8Array> | null>
}

export interface ZipResult {
  /** Entries written whole. */
  written: string[]
  /** Entries whose source was gone, left out of the archive. */
  missing: string[]
}

const LOCAL_HEADER = 0x04034b50
const DATA_DESCRIPTOR = 0x08074b50
const CENTRAL_HEADER = 0x02014b50
const END_OF_CENTRAL_DIRECTORY = 0x06054b50
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50
const ZIP64_LOCATOR = 0x07064b50
// Bit 3: sizes and CRC in the data descriptor; bit 11: the name is UTF-8.
const FLAGS = 0x0808
const VERSION_ZIP64 = 45
const VERSION_MADE_BY = (3 << 8) | VERSION_ZIP64 // Unix, so the external attributes are file modes.
const FILE_MODE = 0o100644
const MAX_32 = 0xffffffff
const MAX_16 = 0xffff

interface CentralRecord {
  name: Buffer
  crc: number
  size: number
  offset: number
  time: number
  date: number
}

/**
 * The archive of `entries`, in order, as chunks. `result` is filled as it goes: complete once the
 * generator is done. An entry whose source throws part-way ends the archive with that error (the
 * response is then cut off, which a client sees as a failed download, never as a short file).
 */
export async function* zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>, result: ZipResult = { written: [], missing: [] }): AsyncGenerator<Uint8Array> {
  const central: CentralRecord[] = []
  let offset = 0
  for await (const entry of entries) {
    const source = await entry.open()
    if (!source) {
      result.missing.push(entry.name)
      continue
    }
    const name = Buffer.from(entry.name, 'utf8')
    const { time, date } = dosDateTime(entry.modified)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(LOCAL_HEADER, 0)
    header.writeUInt16LE(VERSION_ZIP64, 4)
    header.writeUInt16LE(FLAGS, 6)
    header.writeUInt16LE(0, 8) // stored
    header.writeUInt16LE(time, 10)
    header.writeUInt16LE(date, 12)
    // CRC and sizes (14-25) are 0 here: they follow the data.
    header.writeUInt16LE(name.length, 26)
    header.writeUInt16LE(0, 28)
    const record: CentralRecord = { name, crc: 0, size: 0, offset, time, date }
    yield header
    yield name
    offset += header.length + name.length
    let crc = 0
    let size = 0
    for await (const chunk of source) {
      crc = crc32(chunk, crc)
      size += chunk.byteLength
      yield chunk
    }
    offset += size
    record.crc = crc
    record.size = size
    // Uploads are capped far below 4 GB (MAX_UPLOAD_MB); the archive's offsets may still pass it (ZIP64 below).
    if (size >= MAX_32) throw new Error(`${entry.name} is larger than a ZIP entry without ZIP64 sizes can hold`)
    const descriptor = Buffer.alloc(16)
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0)
    descriptor.writeUInt32LE(crc, 4)
    descriptor.writeUInt32LE(size, 8)
    descriptor.writeUInt32LE(size, 12)
    yield descriptor
    offset += descriptor.length
    central.push(record)
    result.written.push(entry.name)
  }

  const directoryOffset = offset
  let directorySize = 0
  for (const record of central) {
    // Only the offset can pass 4 GB: the ZIP64 extra field then holds it alone.
    const zip64 = record.offset >= MAX_32
    const extra = zip64 ? Buffer.alloc(12) : Buffer.alloc(0)
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0)
      extra.writeUInt16LE(8, 2)
      extra.writeBigUInt64LE(BigInt(record.offset), 4)
    }
    const header = Buffer.alloc(46)
    header.writeUInt32LE(CENTRAL_HEADER, 0)
    header.writeUInt16LE(VERSION_MADE_BY, 4)
    header.writeUInt16LE(VERSION_ZIP64, 6)
    header.writeUInt16LE(FLAGS, 8)
    header.writeUInt16LE(0, 10)
    header.writeUInt16LE(record.time, 12)
    header.writeUInt16LE(record.date, 14)
    header.writeUInt32LE(record.crc, 16)
    header.writeUInt32LE(record.size, 20)
    header.writeUInt32LE(record.size, 24)
    header.writeUInt16LE(record.name.length, 28)
    header.writeUInt16LE(extra.length, 30)
    header.writeUInt16LE(0, 32) // comment
    header.writeUInt16LE(0, 34) // disk
    header.writeUInt16LE(0, 36) // internal attributes
    header.writeUInt32LE((FILE_MODE << 16) >>> 0, 38)
    header.writeUInt32LE(zip64 ? MAX_32 : record.offset, 42)
    yield header
    yield record.name
    if (extra.length) yield extra
    directorySize += header.length + record.name.length + extra.length
  }

  const zip64 = central.length >= MAX_16 || directoryOffset >= MAX_32 || directorySize >= MAX_32
  if (zip64) {
    const record = Buffer.alloc(56)
    record.writeUInt32LE(ZIP64_END_OF_CENTRAL_DIRECTORY, 0)
    record.writeBigUInt64LE(44n, 4) // the size of the rest of this record
    record.writeUInt16LE(VERSION_MADE_BY, 12)
    record.writeUInt16LE(VERSION_ZIP64, 14)
    record.writeUInt32LE(0, 16)
    record.writeUInt32LE(0, 20)
    record.writeBigUInt64LE(BigInt(central.length), 24)
    record.writeBigUInt64LE(BigInt(central.length), 32)
    record.writeBigUInt64LE(BigInt(directorySize), 40)
    record.writeBigUInt64LE(BigInt(directoryOffset), 48)
    const locator = Buffer.alloc(20)
    locator.writeUInt32LE(ZIP64_LOCATOR, 0)
    locator.writeUInt32LE(0, 4)
    locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8)
    locator.writeUInt32LE(1, 16)
    yield record
    yield locator
  }
  const end = Buffer.alloc(22)
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0)
  end.writeUInt16LE(0, 4)
  end.writeUInt16LE(0, 6)
  end.writeUInt16LE(Math.min(central.length, MAX_16), 8)
  end.writeUInt16LE(Math.min(central.length, MAX_16), 10)
  end.writeUInt32LE(Math.min(directorySize, MAX_32), 12)
  end.writeUInt32LE(Math.min(directoryOffset, MAX_32), 16)
  end.writeUInt16LE(0, 20)
  yield end
}

/** MS-DOS time and date, in local-agnostic UTC (ZIP has no time zone), clamped to the format's 1980-2107. */
function dosDateTime(value: Date) {
  const year = Math.min(Math.max(value.getUTCFullYear(), 1980), 2107)
  const date = ((year - 1980) << 9) | ((value.getUTCMonth() + 1) << 5) | value.getUTCDate()
  const time = (value.getUTCHours() << 11) | (value.getUTCMinutes() << 5) | Math.floor(value.getUTCSeconds() / 2)
  return { time, date }
}

// Windows refuses these as file names, whatever the extension.
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i
const MAX_NAME_BYTES = 200

/**
 * Safe, unique entry names for a set of file names, in order: no directories or path traversal (slashes
 * and backslashes become '-', no leading dots), no control or bidirectional-override characters, no
 * names Windows reserves, at most 200 bytes, and '(2)', '(3)'… before the extension of a repeat
 * (compared case-insensitively, as Windows and macOS do). An empty name becomes `fallback`.
 */
export function zipEntryNames(names: readonly string[], fallback = 'document'): string[] {
  const taken = new Set<string>()
  return names.map((raw) => {
    let name = raw
      .normalize('NFC')
      .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/[/\\:*?"<>|]/g, '-')
      .trim()
      .replace(/^[.\s]+/, '')
      .replace(/[.\s]+$/, '')
    if (!name) name = fallback
    if (RESERVED.test(name)) name = `_${name}`
    const dot = name.lastIndexOf('.')
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : ''
    const stem = truncateBytes(extension ? name.slice(0, dot) : name, MAX_NAME_BYTES - Buffer.byteLength(extension) - 6)
    let candidate = `${stem}${extension}`
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy++) candidate = `${stem} (${copy})${extension}`
    taken.add(candidate.toLowerCase())
    return candidate
  })
}

/** `value` cut to at most `bytes` UTF-8 bytes, never inside a character. */
function truncateBytes(value: string, bytes: number) {
  if (Buffer.byteLength(value) <= bytes) return value
  let result = ''
  for (const character of value) {
    if (Buffer.byteLength(result + character) > bytes) break
    result += character
  }
  return result
}

/** What an archive's central directory says of it, read without inflating anything (issue 21). */
export interface ZipDirectory {
  /** Entries: the end record's count or the directory's, the larger (past `maxEntries` + 1 the directory is not read on). */
  entries: number
  /** The sum of the entries' uncompressed sizes, as their headers state them. */
  uncompressedBytes: number
  /** The most path segments of an entry's name (`word/_rels/document.xml.rels`: 3). */
  depth: number
}

/**
 * Reads the end-of-central-directory record (ZIP64 too) and the central directory it points at: cheap
 * whatever the archive holds, so a zip of 400,000 entries is judged before any reader loads it. Null when
 * no well-formed directory is found.
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipDirectory | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const u32 = (at: number) => view.getUint32(at, true)
  // The end record is the last 22 bytes but for a comment of at most 65,535 bytes after it.
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - MAX_16); at--) {
    if (u32(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at
      break
    }
  }
  if (end < 0) return null
  let declared = view.getUint16(end + 10, true)
  let size = u32(end + 12)
  let offset = u32(end + 16)
  let directoryEnd = end
  if (declared === MAX_16 || size === MAX_32 || offset === MAX_32) {
    const locator = end - 20
    if (locator < 0 || u32(locator) !== ZIP64_LOCATOR) return null
    const record = Number(view.getBigUint64(locator + 8, true))
    if (record + 56 > locator || u32(record) !== ZIP64_END_OF_CENTRAL_DIRECTORY) return null
    declared = Number(view.getBigUint64(record + 32, true))
    size = Number(view.getBigUint64(record + 40, true))
    offset = Number(view.getBigUint64(record + 48, true))
    directoryEnd = record
  }
  if (declared > maxEntries) return { entries: declared, uncompressedBytes: 0, depth: 0 }
  const isHeader = (at: number) => at >= 0 && at + 46 <= directoryEnd && u32(at) === CENTRAL_HEADER
  // Bytes before the archive (a self-extractor's stub) shift every offset; readers allow it, so does this.
  let at = isHeader(offset) ? offset : directoryEnd - size
  if (declared > 0 && !isHeader(at)) return null
  let entries = 0
  let uncompressedBytes = 0
  let depth = 0
  while (isHeader(at) && entries <= maxEntries) {
    entries++
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    const name = Buffer.from(bytes.buffer, bytes.byteOffset + at + 46, Math.min(nameLength, directoryEnd - at - 46)).toString('latin1')
    depth = Math.max(depth, name.split(/[\\/]/).filter(Boolean).length)
    const stated = u32(at + 24)
    uncompressedBytes += stated === MAX_32 ? zip64Size(view, at + 46 + nameLength, extraLength) : stated
    at += 46 + nameLength + extraLength + commentLength
  }
  return { entries: Math.max(entries, declared), uncompressedBytes, depth }
}

const CENTRAL_SIGNATURE = Buffer.from([0x50, 0x4b, 0x01, 0x02])
/** The bytes searched between two turns of the event loop (a few milliseconds' work). */
const SCAN_SLICE = 4 * 1024 * 1024

/**
 * How many central headers' signatures occur anywhere in the bytes, counted up to `max` + 1: a reader may
 * look for the directory elsewhere than the end record says (JSZip: the end record minus the stated size,
 * or a ZIP64 record found by search), and every entry it could read starts with one. A native search, a
 * slice at a time, so a large upload holds no other request.
 */
export async function centralHeaderSignatures(bytes: Uint8Array, max: number) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let count = 0
  for (let start = 0; start < buffer.length && count <= max; start += SCAN_SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve))
    // A signature that starts in this slice may end in the next.
    const slice = buffer.subarray(start, Math.min(buffer.length, start + SCAN_SLICE + CENTRAL_SIGNATURE.length - 1))
    for (let at = slice.indexOf(CENTRAL_SIGNATURE); at !== -1 && count <= max; at = slice.indexOf(CENTRAL_SIGNATURE, at + 4)) count++
  }
  return count
}

/** The uncompressed size in an entry's ZIP64 extra field (its first value); 2^53 when there is none. */
function zip64Size(view: DataView, extra: number, length: number) {
  for (let at = extra; at + 4 <= extra + length && at + 4 <= view.byteLength;) {
    const id = view.getUint16(at, true)
    const size = view.getUint16(at + 2, true)
    if (id === 0x0001 && size >= 8 && at + 12 <= view.byteLength) return Number(view.getBigUint64(at + 4, true))
    at += 4 + size
  }
  return Number.MAX_SAFE_INTEGER
}
