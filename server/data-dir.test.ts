import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { DataDirInUse, lockDataDir, prepareDataDir } from './data-dir'

const modeOf = async (file: string) => (await lstat(file)).mode & 0o777

let root: string
let umask: number
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tc-data-dir-'))
  umask = process.umask(0o022)
})
afterEach(async () => {
  process.umask(umask)
  await rm(root, { recursive: true, force: true })
})

it('creates a missing DATA_DIR 0700, and what the server creates afterwards is private too', async () => {
  const dataDir = path.join(root, 'nested', 'data')
  await prepareDataDir(dataDir)
  expect(await modeOf(dataDir)).toBe(0o700)
  await mkdir(path.join(dataDir, 'files', 'ab'), { recursive: true })
  await writeFile(path.join(dataDir, 'files', 'ab', 'document'), 'restricted')
  expect(await modeOf(path.join(dataDir, 'files', 'ab'))).toBe(0o700)
  expect(await modeOf(path.join(dataDir, 'files', 'ab', 'document'))).toBe(0o600)
})

it('tightens an existing tree: directories 0700, files without group or other bits', async () => {
  const dataDir = path.join(root, 'data')
  await mkdir(path.join(dataDir, 'pglite', 'base', '1'), { recursive: true })
  await mkdir(path.join(dataDir, 'files'), { recursive: true })
  const files = {
    table: path.join(dataDir, 'pglite', 'base', '1', '1259'),
    document: path.join(dataDir, 'files', 'restricted.pdf'),
    secret: path.join(dataDir, 'session-secret'),
    script: path.join(dataDir, 'pglite', 'postmaster.opts'),
  }
  for (const file of Object.values(files)) await writeFile(file, 'x')
  for (const directory of [dataDir, path.join(dataDir, 'pglite'), path.join(dataDir, 'pglite', 'base'), path.join(dataDir, 'pglite', 'base', '1'), path.join(dataDir, 'files')]) {
    await chmod(directory, 0o777)
  }
  await chmod(files.table, 0o666)
  await chmod(files.document, 0o644)
  await chmod(files.secret, 0o640)
  await chmod(files.script, 0o775)

  await prepareDataDir(dataDir)

  for (const directory of [dataDir, path.join(dataDir, 'pglite'), path.join(dataDir, 'pglite', 'base'), path.join(dataDir, 'pglite', 'base', '1'), path.join(dataDir, 'files')]) {
    expect(await modeOf(directory)).toBe(0o700)
  }
  expect(await modeOf(files.table)).toBe(0o600)
  expect(await modeOf(files.document)).toBe(0o600)
  expect(await modeOf(files.secret)).toBe(0o600)
  expect(await modeOf(files.script)).toBe(0o700)
})

it('does not follow symlinks inside the tree', async () => {
  const dataDir = path.join(root, 'data')
  const outside = path.join(root, 'outside')
  await mkdir(dataDir)
  await mkdir(outside)
  await writeFile(path.join(outside, 'shared.txt'), 'not ours to change')
  await chmod(outside, 0o755)
  await chmod(path.join(outside, 'shared.txt'), 0o644)
  await symlink(outside, path.join(dataDir, 'linked-directory'))
  await symlink(path.join(outside, 'shared.txt'), path.join(dataDir, 'linked-file'))

  await prepareDataDir(dataDir)

  expect((await stat(outside)).mode & 0o777).toBe(0o755)
  expect((await stat(path.join(outside, 'shared.txt'))).mode & 0o777).toBe(0o644)
})

it('lets one server at a time use a DATA_DIR, naming DATABASE_URL to the second, and takes over a lock left by a process that is gone', async () => {
  const release = await lockDataDir(root)
  // Our own pid stands for another live server here: a lock is only taken over from a pid that is gone...
  await writeFile(path.join(root, 'server.lock'), String(process.ppid))
  await expect(lockDataDir(root)).rejects.toThrow(DataDirInUse)
  await expect(lockDataDir(root)).rejects.toThrow(/Another server \(pid \d+\) is running on DATA_DIR[\s\S]*set DATABASE_URL to a PostgreSQL server/)
  // ...or from an earlier process that had our pid (a restarted container).
  await writeFile(path.join(root, 'server.lock'), '999999999')
  const again = await lockDataDir(root)
  expect((await readFile(path.join(root, 'server.lock'), 'utf8')).trim()).toBe(String(process.pid))
  await again()
  await release()
  expect(await readdir(root)).not.toContain('server.lock')
})
