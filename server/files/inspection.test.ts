import { afterAll, expect, it } from 'vitest'
import { endIdleInspections, inspect } from './inspection'

// The text check of uploads, in the inspection worker (decision 026): what it answers for each kind of
// bytes a .txt, .csv or .md upload may hold.
afterAll(() => endIdleInspections())

const plainText = (bytes: Uint8Array | string) => {
  const view = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes
  return inspect({ check: 'plain-text', bytes: view.slice().buffer }, { timeLimitMs: 10_000 })
}

it('takes UTF-8 text, with a byte-order mark, tabs, line ends and form feeds', async () => {
  expect(await plainText('name,purpose\nAWS,Hosting\r\n')).toBe(true)
  expect(await plainText('\ufeff# Überblick\n\tZürich \u000c 東京\n')).toBe(true)
  expect(await plainText(new Uint8Array())).toBe(true)
})

it('refuses bytes that are not UTF-8, binary control bytes and markup wearing a text name', async () => {
  expect(await plainText(new Uint8Array([0x68, 0x69, 0xff, 0xfe]))).toBe(false)
  expect(await plainText(new Uint8Array([0x68, 0xc3]))).toBe(false)
  for (const control of [0x00, 0x01, 0x08, 0x0b, 0x1b, 0x7f]) expect(await plainText(new Uint8Array([0x61, control, 0x62]))).toBe(false)
  for (const markup of ['<!doctype html><p>', '  <script>alert(1)</script>', '<svg onload=x>', '<?xml version="1.0"?>', '\ufeff<html>']) expect(await plainText(markup)).toBe(false)
  // Markup after the first 1,024 characters is text that mentions it.
  expect(await plainText(`${'a'.repeat(1_100)}<script>`)).toBe(true)
})

it('checks a large file in the worker, and refuses bytes past the size limit unread', async () => {
  const big = new TextEncoder().encode('Zürich, 東京 and the rest of the line.\n'.repeat(600_000))
  // Handed over as an upload's bytes are: transferred, not copied.
  expect(await inspect({ check: 'plain-text', bytes: big.buffer }, { timeLimitMs: 10_000 })).toBe(true)
  expect(big.byteLength).toBe(0)
  await expect(inspect({ check: 'plain-text', bytes: new ArrayBuffer(11) }, { maxBytes: 10 })).rejects.toThrow('is larger than 10 bytes')
})

it('draws a share image in the worker, and ends a drawing that passes its time limit', async () => {
  const request = { check: 'brand-image', kind: 'share', name: 'Acme', title: 'Trust Center', color: '#1d4ed8', logo: null } as const
  // A worker of its own (a heap limit no other check here uses), ended as the limit passes, before satori has even loaded.
  await expect(inspect(request, { timeLimitMs: 1, memoryLimitMb: 96 })).rejects.toThrow('took longer than 0.001 s')
  const png = await inspect(request, { timeLimitMs: 30_000, memoryLimitMb: 96 })
  expect([...png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG')
  const view = new DataView(png.buffer, png.byteOffset)
  expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630])
})
