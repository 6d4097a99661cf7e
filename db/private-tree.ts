import { chmod, lstat, readdir, stat } from 'node:fs/promises'
import path from 'node:path'

// Lives in db/ because the embedded database tightens its own directory (db/index.ts) and db/ imports
// nothing from server/; server/data-dir.ts uses it for the whole DATA_DIR.

export const PRIVATE_DIRECTORY = 0o700

/**
 * Strips every group and other bit from `dir` and everything under it: directories 0700, files keep only
 * their owner's bits. Symlinks inside are never followed; `dir` itself may be one an operator set up.
 * Entries the server's user cannot change (not its own) are reported, not fatal.
 */
export async function makeTreePrivate(dir: string) {
  const refused: string[] = []
  await makePrivate(dir, (await stat(dir)).mode, true, refused)
  if (refused.length) {
    console.warn(`[data-dir] ${refused.length} entries under ${dir} could not be made private (not owned by this user?), e.g. ${refused[0]}`)
  }
}

async function makePrivate(entry: string, mode: number, directory: boolean, refused: string[]) {
  const wanted = directory ? PRIVATE_DIRECTORY : mode & 0o700
  // Top-down: once a directory is 0700 no other user can swap what is inside it for a symlink.
  try {
    if ((mode & 0o777) !== wanted) await chmod(entry, wanted)
    if (!directory) return
    for (const name of await readdir(entry)) {
      const child = path.join(entry, name)
      const stats = await lstat(child)
      if (stats.isDirectory() || stats.isFile()) await makePrivate(child, stats.mode, stats.isDirectory(), refused)
    }
  } catch {
    refused.push(entry)
  }
}
