// Tar entries written from and read into streams (tar-stream), with every byte counted and hashed on the way.
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { extract, pack, type Pack } from 'tar-stream'
import { BackupError } from './manifest'

export interface TarWriter {
  /** Adds an entry of exactly `size` bytes from `source`; `expectedSha256` (when given) must be their hash. */
  add(name: string, size: number, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, expectedSha256?: string): Promise<void>
  /** Ends the archive and waits until it is on disk. */
  finish(): Promise<void>
  /** Stops on a failure: the caller removes the file. */
  abort(error: Error): Promise<void>
}

export function writeTar(file: string): TarWriter {
  const archive: Pack = pack()
  const output = createWriteStream(file, { mode: 0o600 })
  const written = pipeline(archive, output)
  // A failure of the file is reported by finish() or abort(), whichever is awaited.
  let failure: unknown
  written.catch((error) => (failure ??= error))
  const mtime = new Date()
  return {
    async add(name, size, source, expectedSha256) {
      if (failure) throw failure
      const sink = archive.entry({ name, size, mode: 0o600, mtime }, () => {})
      const entryDone = new Promise<void>((resolve, reject) => {
        sink.once('finish', () => resolve())
        sink.once('error', reject)
      })
      // An entry given up on (a damaged file) is destroyed with the archive: its end is not waited for then.
      entryDone.catch(() => {})
      const hash = createHash('sha256')
      let count = 0
      for await (const chunk of source) {
        count += chunk.byteLength
        if (count > size) break
        hash.update(chunk)
        if (!sink.write(chunk)) await Promise.race([once(sink, 'drain'), written])
        if (failure) throw failure
      }
      const actual = hash.digest('hex')
      if (count !== size || (expectedSha256 && actual !== expectedSha256)) {
        throw new BackupError(
          `${name}: the store gave ${count === size ? 'bytes hashing to ' + actual : `${count > size ? 'more than ' : ''}${count} bytes`}, ` +
            `not the ${size} bytes${expectedSha256 ? ` of ${expectedSha256}` : ''} the database records: the file store is damaged.`,
        )
      }
      sink.end(undefined)
      await entryDone
    },
    async finish() {
      archive.finalize()
      await written
    },
    async abort(error) {
      archive.destroy(error)
      output.destroy()
      await written.catch(() => {})
    },
  }
}

export interface TarEntry {
  name: string
  size: number
  type: string
  body: AsyncIterable<Uint8Array>
}

/** The entries of a tar file in order; each must be read (or drained) before the next is asked for. */
export async function* readTar(file: string): AsyncGenerator<TarEntry> {
  const input = createReadStream(file)
  const entries = extract()
  const piped = pipeline(input, entries)
  let failure: unknown
  piped.catch((error) => (failure ??= error))
  const notWhole = (error: unknown) => new BackupError(`${file} is not a whole backup: ${((failure ?? error) as Error).message}`)
  async function* body(entry: AsyncIterable<Uint8Array>) {
    try {
      for await (const chunk of entry) yield chunk
    } catch (error) {
      throw notWhole(error)
    }
  }
  try {
    for await (const entry of entries) {
      yield { name: entry.header.name, size: entry.header.size ?? 0, type: entry.header.type ?? 'file', body: body(entry as AsyncIterable<Uint8Array>) }
      // Whatever the caller left unread is skipped.
      entry.resume()
    }
    await piped
  } catch (error) {
    throw error instanceof BackupError ? error : notWhole(error)
  } finally {
    input.destroy()
  }
}

/** An entry read whole, up to `maxBytes` (the manifest, the session secret, PGlite's data directory). */
export async function readWhole(entry: TarEntry, maxBytes: number) {
  if (entry.size > maxBytes) throw new BackupError(`${entry.name} is larger than a backup writes it (${entry.size} bytes)`)
  const chunks: Uint8Array[] = []
  for await (const chunk of entry.body) chunks.push(chunk)
  return Buffer.concat(chunks)
}
