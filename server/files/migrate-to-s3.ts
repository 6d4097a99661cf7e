// `npm run files:migrate-to-s3` (server/migrate-to-s3.js runs this, bundled as build/server/migrate-to-s3.js):
// copies the local file store, DATA_DIR/files/<xx>/<sha256>, into the bucket the S3_* variables name, before
// a deployment switches to S3. Safe to run again: a blob the bucket has is not sent twice.
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { EnvError, parseEnv } from '../env'
import { fileStore, hashFile, isSha256, StoreUnavailable, type FileStore } from './store'

type Output = Pick<Console, 'log' | 'error'>

export interface MigrationCounts {
  copied: number
  alreadyThere: number
  failed: number
}

/** Copies every blob under `dataDir/files` into `store`; each failure is logged and counted, not thrown. */
export async function migrateFilesToS3(dataDir: string, store: FileStore, options: { concurrency?: number; output?: Output } = {}) {
  const output = options.output ?? console
  const counts: MigrationCounts = { copied: 0, alreadyThere: 0, failed: 0 }
  const blobs = await localBlobs(path.join(dataDir, 'files'))
  let next = 0
  async function copyNext() {
    while (next < blobs.length) {
      const { file, sha256 } = blobs[next++]
      try {
        if (await store.has(sha256)) {
          counts.alreadyThere++
          continue
        }
        // A blob whose bytes no longer match its name would sit in the bucket for good: it is left behind.
        const actual = await hashFile(file)
        if (actual !== sha256) throw new Error(`its content hashes to ${actual}, not to its name`)
        await store.putFile({ path: file, sha256, size: (await stat(file)).size })
        counts.copied++
      } catch (error) {
        counts.failed++
        output.error(`Failed: ${file}: ${(error as Error).message}`)
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, copyNext))
  return counts
}

/** The blobs of the local layout; anything else there (a temporary file mid-write, a probe) is skipped. */
async function localBlobs(root: string) {
  const blobs: { file: string; sha256: string }[] = []
  // Entries as they are, links not followed: a link under DATA_DIR must not send a file from elsewhere.
  for (const prefix of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!prefix.isDirectory() || !/^[0-9a-f]{2}$/.test(prefix.name)) continue
    for (const entry of await readdir(path.join(root, prefix.name), { withFileTypes: true })) {
      if (entry.isFile() && isSha256(entry.name) && entry.name.startsWith(prefix.name)) blobs.push({ file: path.join(root, prefix.name, entry.name), sha256: entry.name })
    }
  }
  return blobs
}

/** The command: reads the environment, checks the bucket can be written, copies; returns the exit code. */
export async function runMigrateToS3(source: NodeJS.ProcessEnv = process.env, output: Output = console): Promise<number> {
  try {
    // parseEnv keeps a generated session secret in DATA_DIR; the migration signs nothing and writes nothing there.
    const env = parseEnv({ ...source, SESSION_SECRET: source.SESSION_SECRET || 'the-migration-signs-no-sessions-at-all' })
    if (!env.S3_BUCKET) {
      throw new EnvError('Invalid environment:\n  - S3_BUCKET: set the S3_* variables of the bucket to copy DATA_DIR/files into')
    }
    const store = fileStore(env)
    await store.check({ write: true })
    const from = path.join(env.DATA_DIR, 'files')
    output.log(`Copying ${from} into S3 bucket "${env.S3_BUCKET}"${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}...`)
    const counts = await migrateFilesToS3(env.DATA_DIR, store, { output })
    output.log(`Copied ${counts.copied}, already there ${counts.alreadyThere}, failed ${counts.failed}.`)
    if (!counts.copied && !counts.alreadyThere && !counts.failed) output.log(`No files under ${from}: is DATA_DIR the server's?`)
    if (counts.failed) output.error('Some files were not copied: fix the cause above and run the command again (copied files are not sent twice).')
    return counts.failed ? 1 : 0
  } catch (error) {
    // A wrong environment or bucket is the operator's to fix: the message, without a stack.
    if (error instanceof EnvError || error instanceof StoreUnavailable) {
      output.error(error.message)
      return 1
    }
    throw error
  }
}
