// A real S3-protocol server on localhost for tests (s3rver: an npm-installable S3-compatible server that keeps
// objects on disk). Nothing about the client is mocked: the app's own S3 store talks HTTP to it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export interface LocalS3 {
  /** http://127.0.0.1:PORT */
  endpoint: string
  bucket: string
  /** The S3_* variables a server needs to use this bucket. */
  env: Record<string, string>
  /** Where s3rver keeps the objects (one directory per bucket). */
  directory: string
  close(): Promise<void>
}

// s3rver checks the access key id only (a wrong one answers 403 InvalidAccessKeyId).
export const S3RVER_KEY_ID = 'S3RVER'
export const S3RVER_SECRET = 'S3RVER'

export async function startLocalS3(options: { bucket?: string; createBucket?: boolean } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? 'trust-center-test'
  const directory = await mkdtemp(path.join(tmpdir(), 'tc-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: options.createBucket === false ? [] : [{ name: bucket, configs: [] }],
  })
  const address = await server.run()
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY_ID,
      S3_SECRET_ACCESS_KEY: S3RVER_SECRET,
    },
    async close() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
