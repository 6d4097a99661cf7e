import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { makeTreePrivate, PRIVATE_DIRECTORY } from '../db/private-tree'

// Everything under DATA_DIR (the PGlite database, uploaded documents, the kept session secret) is private
// to the server's user: other local users can neither read restricted documents nor rewrite the database.

const GROUP_AND_OTHER = 0o077

/**
 * Makes `dir` private before anything opens it: what the process creates from now on has no group or
 * other bits (umask 077), `dir` is created 0700, and an existing tree is tightened (makeTreePrivate).
 */
export async function prepareDataDir(dir: string) {
  process.umask(GROUP_AND_OTHER)
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIRECTORY })
  await makeTreePrivate(dir)
}

export class DataDirInUse extends Error {
  constructor(
    message: string,
    /** The pid of the process holding DATA_DIR. */
    readonly holder: number,
  ) {
    super(message)
    this.name = 'DataDirInUse'
  }
}

/**
 * The embedded database (PGlite) is one process's: a second server on the same DATA_DIR would corrupt it.
 * Takes `DATA_DIR/server.lock` (the holder's pid) or throws DataDirInUse naming DATABASE_URL; a lock left
 * by a process that is gone (or by an earlier process with our own pid, as in a restarted container) is
 * taken over. Returns the release.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, 'server.lock')
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx', mode: 0o600 })
      return async () => {
        // Only our own lock: a server that took it over after a crash keeps it.
        if ((await readFile(file, 'utf8').catch(() => '')).trim() === String(process.pid)) await rm(file, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error
    }
    const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim())
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processIsAlive(holder)) {
      throw new DataDirInUse(
        `Another server (pid ${holder}) is running on DATA_DIR ${dir}. The embedded database serves one process only: ` +
          'to run several app servers, set DATABASE_URL to a PostgreSQL server (and S3_BUCKET for the files).',
        holder,
      )
    }
    await rm(file, { force: true })
  }
}

function processIsAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
