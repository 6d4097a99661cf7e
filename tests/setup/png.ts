// PNGs made in tests: a solid-colour image of any size, or one whose header claims a size its data does not hold.
import { deflateSync } from 'node:zlib'

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** A solid-colour 8-bit RGBA PNG of the given size. */
export function solidPng(width: number, height: number, rgba = [37, 99, 235, 255]) {
  const row = [0, ...Array.from({ length: width }, () => rgba).flat()]
  return pngOf(width, height, deflateSync(Buffer.from(Array.from({ length: height }, () => row).flat())))
}

/** A PNG whose header claims `width` x `height` over a few bytes of data: a size nobody should decode. */
export function pngHeaderOnly(width: number, height: number) {
  return pngOf(width, height, deflateSync(Buffer.alloc(16)))
}

function pngOf(width: number, height: number, idat: Uint8Array) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  return new Uint8Array(Buffer.concat([Buffer.from(PNG_SIGNATURE), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array())]))
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, body: Uint8Array) {
  const out = Buffer.alloc(12 + body.length)
  out.writeUInt32BE(body.length, 0)
  out.write(type, 4, 'ascii')
  Buffer.from(body).copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length)
  return out
}
