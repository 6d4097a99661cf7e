// The S3 file store against a real S3-protocol server (s3rver), through a small HTTP proxy that records the
// requests the store sends and can fail some of them, the way a flaky network or a throttling S3 does.
import { createHash, randomBytes } from 'node:crypto'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateFilesToS3, runMigrateToS3 } from '../../server/files/migrate-to-s3'
import { s3FileStore, type S3Settings } from '../../server/files/s3-store'
import { fileStore, removeSpool, sha256Hex, spoolStream, StoreUnavailable, type FileStore } from '../../server/files/store'
import { startLocalS3, type LocalS3 } from '../setup/s3'

type Fault = { method: string; answer: number } | { method: string; cutAfterBytes: number }

interface Proxy {
  endpoint: string
  /** Every request as "METHOD /path", in order. */
  requests: string[]
  /** The next request with this method gets the fault instead of reaching s3rver. */
  faults: Fault[]
  close(): Promise<void>
}

async function startProxy(target: string): Promise<Proxy> {
  const upstream = new URL(target)
  const requests: string[] = []
  const faults: Fault[] = []
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url!.split('?')[0]}`)
    const index = faults.findIndex((fault) => fault.method === req.method)
    const fault = index === -1 ? undefined : faults.splice(index, 1)[0]
    if (fault && 'answer' in fault) {
      req.resume()
      res.writeHead(fault.answer, { 'Content-Type': 'application/xml' })
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${fault.answer === 403 ? 'AccessDenied' : 'SlowDown'}</Code><Message>Injected by the test</Message></Error>`,
      )
    }
    if (fault) {
      // The connection drops once part of the body has arrived.
      let received = 0
      req.on('data', (chunk: Buffer) => {
        received += chunk.byteLength
        if (received >= fault.cutAfterBytes) req.socket.destroy()
      })
      return
    }
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers)
      answer.pipe(res)
    })
    forward.on('error', () => res.destroy())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    faults,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

async function closedPort() {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

async function* generated(megabytes: number) {
  for (let i = 0; i < megabytes * 16; i++) yield randomBytes(64 * 1024)
}

let s3: LocalS3
let proxy: Proxy
let settings: S3Settings
let store: FileStore
let work: string

beforeAll(async () => {
  s3 = await startLocalS3()
  proxy = await startProxy(s3.endpoint)
  settings = { ...s3.env, S3_ENDPOINT: proxy.endpoint, S3_REGION: 'us-east-1', S3_BUCKET: s3.bucket }
  work = await mkdtemp(path.join(tmpdir(), 'tc-s3-store-'))
  store = s3FileStore(settings)
})

afterAll(async () => {
  await proxy?.close()
  await s3?.close()
  if (work) await rm(work, { recursive: true, force: true })
})

const requestsDuring = async (run: () => Promise<unknown>) => {
  const before = proxy.requests.length
  await run()
  return proxy.requests.slice(before)
}

describe('the S3 file store', () => {
  it('is the store when S3_BUCKET is set', () => {
    expect(fileStore({ DATA_DIR: work, ...settings }).kind).toBe('s3')
  })

  it('puts bytes under files/<sha256> and gets them back', async () => {
    const bytes = new TextEncoder().encode(`generated ${randomBytes(8).toString('hex')}`)
    const sha = sha256Hex(bytes)
    const sent = await requestsDuring(async () => expect(await store.put(bytes)).toBe(sha))
    expect(sent).toEqual([`HEAD /${s3.bucket}/files/${sha}`, `PUT /${s3.bucket}/files/${sha}`])
    expect(await readAll((await store.get(sha))!)).toEqual(bytes)
  })

  it('answers has() true for a stored blob and false for a missing one', async () => {
    const sha = await store.put(randomBytes(100))
    expect(await store.has(sha)).toBe(true)
    expect(await store.has(sha256Hex(randomBytes(100)))).toBe(false)
  })

  it('answers null for a missing blob, and for a key that is not a SHA-256 without asking S3', async () => {
    expect(await store.get(sha256Hex(randomBytes(100)))).toBeNull()
    const sent = await requestsDuring(async () => {
      expect(await store.get('../../etc/passwd')).toBeNull()
      expect(await store.has('ABC')).toBe(false)
    })
    expect(sent).toEqual([])
  })

  it('streams a spooled file, and sends no PUT for content the bucket has', async () => {
    const spooled = await spoolStream(generated(1), path.join(work, 'tmp'))
    try {
      const first = await requestsDuring(() => store.putFile(spooled))
      expect(first.filter((request) => request.startsWith('PUT'))).toEqual([`PUT /${s3.bucket}/files/${spooled.sha256}`])
      const second = await requestsDuring(() => store.putFile(spooled))
      expect(second).toEqual([`HEAD /${s3.bucket}/files/${spooled.sha256}`])
      expect(sha256Hex(await readAll((await store.get(spooled.sha256))!))).toBe(spooled.sha256)
    } finally {
      await removeSpool(spooled)
    }
  })

  it('sends the spool again when the connection drops mid-upload or S3 answers 503', async () => {
    const spooled = await spoolStream(generated(2), path.join(work, 'tmp'))
    try {
      proxy.faults.push({ method: 'PUT', cutAfterBytes: 256 * 1024 }, { method: 'PUT', answer: 503 })
      const sent = await requestsDuring(() => store.putFile(spooled))
      expect(sent.filter((request) => request.startsWith('PUT'))).toHaveLength(3)
      expect(sha256Hex(await readAll((await store.get(spooled.sha256))!))).toBe(spooled.sha256)
    } finally {
      await removeSpool(spooled)
    }
  })

  it('gives up after three attempts with a StoreUnavailable', async () => {
    const spooled = await spoolStream(generated(1), path.join(work, 'tmp'))
    try {
      proxy.faults.push(...[1, 2, 3].map(() => ({ method: 'PUT', answer: 503 })))
      await expect(store.putFile(spooled)).rejects.toThrow(StoreUnavailable)
      expect(await store.has(spooled.sha256)).toBe(false)
    } finally {
      proxy.faults.length = 0
      await removeSpool(spooled)
    }
  })

  it('streams 50 MB through spool, putFile and get with flat memory', async () => {
    const rss = () => Math.round(process.memoryUsage().rss / 1024 / 1024)
    let peak = 0
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10)
    const phase = async <T>(run: () => Promise<T>) => {
      const before = rss()
      peak = before
      const started = performance.now()
      const result = await run()
      return { result, figures: `${(performance.now() - started).toFixed(0)} ms, RSS ${before} -> ${rss()} MB (peak ${peak})`, growth: peak - before }
    }
    try {
      const spool = await phase(() => spoolStream(generated(50), path.join(work, 'tmp')))
      const spooled = spool.result
      try {
        const put = await phase(() => store.putFile(spooled))
        const get = await phase(async () => {
          const hash = createHash('sha256')
          let size = 0
          const sink = new WritableStream<Uint8Array>({
            write(chunk) {
              hash.update(chunk)
              size += chunk.byteLength
            },
          })
          await (await store.get(spooled.sha256))!.pipeTo(sink)
          return { size, sha256: hash.digest('hex') }
        })
        console.log(`50 MB: spoolStream ${spool.figures}; putFile ${put.figures}; get ${get.figures}`)
        expect(get.result).toEqual({ size: 50 * 1024 * 1024, sha256: spooled.sha256 })
        // s3rver answers from this process too: the bound covers both ends, far below the file's 50 MB.
        expect(put.growth).toBeLessThan(25)
        expect(get.growth).toBeLessThan(25)
      } finally {
        await removeSpool(spooled)
      }
    } finally {
      clearInterval(sampler)
    }
  })

  it('checks the bucket and writes and removes a probe', async () => {
    const sent = await requestsDuring(() => store.check({ write: true }))
    expect(sent.map((request) => request.replace(/probes\/.*/, 'probes/…'))).toEqual([`HEAD /${s3.bucket}/`, `PUT /${s3.bucket}/probes/…`, `DELETE /${s3.bucket}/probes/…`])
    expect(existsSync(path.join(s3.directory, s3.bucket, 'probes')) ? await readdir(path.join(s3.directory, s3.bucket, 'probes')) : []).toEqual([])
  })

  it('names a bucket that cannot be written', async () => {
    proxy.faults.push({ method: 'PUT', answer: 403 })
    await expect(store.check()).resolves.toBeUndefined()
    await expect(store.check({ write: true })).rejects.toThrow(
      `S3 bucket "${s3.bucket}" at ${proxy.endpoint} cannot be written: access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`,
    )
  })

  it('names a missing bucket', async () => {
    const missing = s3FileStore({ ...settings, S3_BUCKET: 'no-such-bucket' })
    await expect(missing.check()).rejects.toThrow(new StoreUnavailable(`S3 bucket "no-such-bucket" at ${proxy.endpoint} does not exist`))
  })

  it('names a wrong access key id', async () => {
    const wrong = s3FileStore({ ...settings, S3_ACCESS_KEY_ID: 'WRONG' })
    await expect(wrong.check()).rejects.toThrow(
      new StoreUnavailable(`S3 bucket "${s3.bucket}" at ${proxy.endpoint} cannot be reached: access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`),
    )
  })

  it('fails fast with StoreUnavailable when nothing listens at the endpoint', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`
    const unreachable = s3FileStore({ ...settings, S3_ENDPOINT: endpoint })
    // Fast because the refusal itself ends it (each attempt refused at once), not a connection timeout.
    await expect(unreachable.check()).rejects.toThrow(new RegExp(`^S3 bucket "${s3.bucket}" at ${endpoint} cannot be reached: .*ECONNREFUSED`))
    const sha = sha256Hex(randomBytes(10))
    await expect(unreachable.has(sha)).rejects.toThrow(StoreUnavailable)
    await expect(unreachable.get(sha)).rejects.toThrow(StoreUnavailable)
    await expect(unreachable.put(randomBytes(10))).rejects.toThrow(StoreUnavailable)
  })
})

describe('files:migrate-to-s3', () => {
  async function localStore(blobs: Uint8Array[]) {
    const dataDir = await mkdtemp(path.join(work, 'data-'))
    for (const bytes of blobs) {
      const sha = sha256Hex(bytes)
      await mkdir(path.join(dataDir, 'files', sha.slice(0, 2)), { recursive: true })
      await writeFile(path.join(dataDir, 'files', sha.slice(0, 2), sha), bytes)
    }
    return dataDir
  }
  const quiet = { log() {}, error() {} }

  it('copies the local store into the bucket once', async () => {
    const blobs = [randomBytes(10), randomBytes(1000), randomBytes(100_000)]
    const dataDir = await localStore(blobs)
    expect(await migrateFilesToS3(dataDir, store, { output: quiet })).toEqual({ copied: 3, alreadyThere: 0, failed: 0 })
    for (const bytes of blobs) expect(await readAll((await store.get(sha256Hex(bytes)))!)).toEqual(new Uint8Array(bytes))
    const again = await requestsDuring(async () => {
      expect(await migrateFilesToS3(dataDir, store, { output: quiet })).toEqual({ copied: 0, alreadyThere: 3, failed: 0 })
    })
    expect(again.every((request) => request.startsWith('HEAD '))).toBe(true)
  })

  it('leaves behind a file whose content does not match its name, and exits non-zero', async () => {
    const dataDir = await localStore([randomBytes(10)])
    const wrongName = sha256Hex(randomBytes(10))
    await mkdir(path.join(dataDir, 'files', wrongName.slice(0, 2)), { recursive: true })
    await writeFile(path.join(dataDir, 'files', wrongName.slice(0, 2), wrongName), 'not these bytes')
    const lines: string[] = []
    const output = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) }
    expect(await runMigrateToS3({ DATA_DIR: dataDir, ...settings }, output)).toBe(1)
    expect(await store.has(wrongName)).toBe(false)
    expect(lines.at(-2)).toBe('Copied 1, already there 0, failed 1.')
    expect(lines.join('\n')).toContain(`${wrongName}: its content hashes to`)
  })

  it('stops with a clear message when the environment or the bucket is wrong', async () => {
    const dataDir = await localStore([])
    const run = async (env: NodeJS.ProcessEnv) => {
      const lines: string[] = []
      const code = await runMigrateToS3({ DATA_DIR: dataDir, ...env }, { log: (line) => lines.push(line), error: (line) => lines.push(line) })
      return { code, output: lines.join('\n') }
    }
    expect(await run({})).toEqual({ code: 1, output: expect.stringContaining('S3_BUCKET: set the S3_* variables') })
    expect(await run({ ...settings, S3_BUCKET: 'missing-bucket' })).toEqual({
      code: 1,
      output: `S3 bucket "missing-bucket" at ${proxy.endpoint} does not exist`,
    })
    // No session secret is generated into a DATA_DIR the command only reads.
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false)
  })

  const built = path.resolve('build/server/migrate-to-s3.js')
  it.skipIf(!existsSync(built))('runs as npm run files:migrate-to-s3 from the build', async () => {
    const dataDir = await localStore([randomBytes(20), randomBytes(30)])
    // Asynchronously: s3rver and the proxy answer from this process.
    const run = (env: NodeJS.ProcessEnv) => promisify(execFile)(process.execPath, ['server/migrate-to-s3.js'], { env: { ...process.env, ...env, SKIP_BUILD: 'true' } })
    const env = { ...settings, DATA_DIR: dataDir }
    expect((await run(env)).stdout).toContain('Copied 2, already there 0, failed 0.')
    expect((await run(env)).stdout).toContain('Copied 0, already there 2, failed 0.')
    const wrong = await run({ ...env, S3_BUCKET: 'missing-bucket' }).catch((error: { code: number; stderr: string }) => error)
    expect(wrong).toMatchObject({ code: 1, stderr: expect.stringContaining(`S3 bucket "missing-bucket" at ${proxy.endpoint} does not exist\n`) })
    expect(wrong).not.toMatchObject({ stderr: expect.stringContaining('    at ') })
  })
})
