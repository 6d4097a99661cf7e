// The client build compressed once, at the highest levels, so that serving a built file costs no
// compression (server/http/static-files.ts picks the variant the client accepts).
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
// Local imports carry their extension: Vite loads this file with vite.config.ts.
import { compress, isCompressible, MIN_COMPRESS_BYTES } from './http/encoding.ts'
import { contentTypeOf } from './http/static-files.ts'

export interface PrecompressTotals {
  files: number
  bytes: number
  br: number
  gzip: number
}

/**
 * Writes `NAME.br` and `NAME.gz` beside every file under `dir` worth compressing (by the type the server
 * gives it), each kept only when smaller than the file. Returns the sizes of the files it compressed.
 */
export async function precompress(dir: string): Promise<PrecompressTotals> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // The server serves no dot-file (a build's .vite manifest among them).
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    )
    .filter((file) => isCompressible(contentTypeOf(file)))
  const totals: PrecompressTotals = { files: 0, bytes: 0, br: 0, gzip: 0 }
  // zlib's async calls run on libuv's thread pool: all files at once keep every core busy.
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file)
      if (bytes.byteLength < MIN_COMPRESS_BYTES) return
      const [br, gz] = await Promise.all([compress(bytes, 'br', 'best'), compress(bytes, 'gzip', 'best')])
      totals.files++
      totals.bytes += bytes.byteLength
      totals.br += Math.min(br.byteLength, bytes.byteLength)
      totals.gzip += Math.min(gz.byteLength, bytes.byteLength)
      await Promise.all([br.byteLength < bytes.byteLength && writeFile(`${file}.br`, br), gz.byteLength < bytes.byteLength && writeFile(`${file}.gz`, gz)])
    }),
  )
  return totals
}
