// The one DATA_DIR test that opens a database (a new PGlite, about 4 s): the rest are unit tests beside
// server/data-dir.ts.
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { openDatabase } from '../../db/index'
import { prepareDataDir } from '../../server/data-dir'

// A new PGlite cluster: about 4 s alone, 50 s seen on two cores shared with a dozen other test runs; as
// long as the hooks that open a database are given (vitest.config.ts).
it('keeps a new PGlite database private, though PGlite unpacks its files 0666', { timeout: 120_000 }, async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'tc-data-dir-'))
  const umask = process.umask(0o022)
  try {
    const dataDir = path.join(root, 'data')
    await prepareDataDir(dataDir)
    const handle = await openDatabase({ dataDir })
    await handle.close()
    const entries = await readdir(dataDir, { recursive: true })
    expect(entries.length).toBeGreaterThan(500)
    const open: string[] = []
    for (const entry of entries) if ((await lstat(path.join(dataDir, entry))).mode & 0o077) open.push(entry)
    expect(open).toEqual([])
  } finally {
    process.umask(umask)
    await rm(root, { recursive: true, force: true })
  }
})
