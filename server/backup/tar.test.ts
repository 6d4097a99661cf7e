import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sha256Hex } from '../files/store'
import { BackupError } from './manifest'
import { readTar, readWhole, writeTar } from './tar'
import { timestamp } from './backup'

describe('the backup tar', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tc-tar-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  async function* chunks(bytes: Uint8Array, size: number) {
    for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size)
  }

  it('reads back in order what it wrote, entries streamed in chunks', async () => {
    const file = path.join(dir, 'a.tar')
    const big = new Uint8Array(300_000).map((_, index) => index % 251)
    const tar = writeTar(file)
    await tar.add('manifest.json', 2, [Buffer.from('{}')])
    await tar.add(`files/${sha256Hex(big)}`, big.byteLength, chunks(big, 7_000), sha256Hex(big))
    await tar.add('empty', 0, [])
    await tar.finish()
    const read: [string, string][] = []
    for await (const entry of readTar(file)) read.push([entry.name, sha256Hex(await readWhole(entry, 1 << 20))])
    expect(read).toEqual([
      ['manifest.json', sha256Hex(Buffer.from('{}'))],
      [`files/${sha256Hex(big)}`, sha256Hex(big)],
      ['empty', sha256Hex(new Uint8Array())],
    ])
  })

  it('refuses an entry whose bytes are not the hash or the size it was given', async () => {
    const bytes = Buffer.from('the stored bytes')
    for (const [size, sha] of [
      [bytes.byteLength, sha256Hex(Buffer.from('other bytes'))],
      [bytes.byteLength + 1, sha256Hex(bytes)],
      [bytes.byteLength - 1, sha256Hex(bytes)],
    ] as const) {
      const tar = writeTar(path.join(dir, `${size}.tar`))
      await expect(tar.add('files/x', size, [bytes], sha)).rejects.toBeInstanceOf(BackupError)
      await tar.abort(new Error('stopped'))
    }
  })

  it('says a cut-off file is not a whole backup', async () => {
    const file = path.join(dir, 'cut.tar')
    const tar = writeTar(file)
    await tar.add('a', 10_000, [new Uint8Array(10_000)])
    await tar.finish()
    await writeFile(file, (await readFile(file)).subarray(0, 5_000))
    const names = async () => {
      for await (const entry of readTar(file)) await readWhole(entry, 1 << 20)
    }
    await expect(names()).rejects.toThrow(/is not a whole backup/)
  })

  it('names backups so that they sort as they were written', () => {
    expect(timestamp(new Date('2026-11-29T08:05:03.123Z'))).toBe('20261129-080503')
  })
})
