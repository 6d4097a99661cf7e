import { randomUUID } from 'node:crypto'
import { open } from 'node:fs/promises'
import { hostname } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { isSha256, sha256Hex, StoreUnavailable, type FileStore } from './store'

/** The S3_* variables (server/env.ts validates them): S3_BUCKET set means files go to the bucket. */
export interface S3Settings {
  S3_BUCKET: string
  /** An S3-compatible server's URL; AWS S3 itself when absent. */
  S3_ENDPOINT?: string
  S3_REGION: string
  S3_ACCESS_KEY_ID?: string
  S3_SECRET_ACCESS_KEY?: string
  /** Path-style addressing (http://host/bucket/key): true by default when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE?: 'true' | 'false'
}

/** Until the answer's headers arrive: HEAD, GET, a small PUT. A download's body streams without a deadline. */
const REQUEST_TIMEOUT_MS = 10_000
const ATTEMPTS = 3

/**
 * The store in an S3-compatible bucket, one object per blob under `files/<sha256>`. AWS SDK v3 is pinned
 * to 3.1175.0 (later ones need Node 22): smaller clients failed on Node 20, grew memory on big uploads,
 * or did not retry. Uploads stream from the caller's spool, so the store needs no spool directory.
 */
export function s3FileStore(settings: S3Settings): FileStore {
  const bucket = settings.S3_BUCKET
  const where = `S3 bucket "${bucket}" at ${settings.S3_ENDPOINT ?? `AWS S3 (${settings.S3_REGION})`}`
  const ownKeys = Boolean(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY)
  // The SDK warns once per process on Node 20 that releases after January 2027 need Node 22: this version
  // is pinned for that reason (docs/decisions/025), so the warning would only alarm operators.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const client = new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE ? settings.S3_FORCE_PATH_STYLE === 'true' : Boolean(settings.S3_ENDPOINT),
    // Without keys the SDK's default chain applies (instance role, AWS_* variables, ~/.aws).
    credentials: ownKeys ? { accessKeyId: settings.S3_ACCESS_KEY_ID!, secretAccessKey: settings.S3_SECRET_ACCESS_KEY! } : undefined,
    // The standard strategy retries transient failures with backoff, except for a streamed body (putFile).
    maxAttempts: ATTEMPTS,
    // By default a streamed PUT is sent with aws-chunked framing, which S3-compatible servers such as
    // s3rver store as part of the object: plain bodies only.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
  })
  const key = (sha: string) => `files/${sha}`

  function unavailable(error: unknown, action: string) {
    if (error instanceof StoreUnavailable) return error
    return new StoreUnavailable(`${where} cannot ${action}: ${reason(error, ownKeys)}`, { cause: error })
  }

  async function has(sha: string) {
    if (!isSha256(sha)) return false
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(sha) }))
      return true
    } catch (error) {
      if (status(error) === 404) return false
      throw unavailable(error, 'be read')
    }
  }

  return {
    kind: 's3',
    async put(bytes) {
      const sha = sha256Hex(bytes)
      if (await has(sha)) return sha
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key(sha), Body: bytes, ContentLength: bytes.byteLength }))
      } catch (error) {
        throw unavailable(error, 'be written')
      }
      return sha
    },
    async putFile(file) {
      if (await has(file.sha256)) return file.sha256
      // One streamed PUT (memory stays flat, where multipart holds whole parts); the SDK cannot replay a
      // stream, so each attempt opens the spool again.
      for (let attempt = 1; ; attempt++) {
        const body = (await open(file.path)).createReadStream()
        try {
          await client.send(new PutObjectCommand({ Bucket: bucket, Key: key(file.sha256), Body: body, ContentLength: file.size }), {
            // The deadline covers sending the body: allow for 1 MB/s.
            requestTimeout: REQUEST_TIMEOUT_MS + file.size / 1_000,
          })
          return file.sha256
        } catch (error) {
          if (attempt === ATTEMPTS || !isTransient(error)) throw unavailable(error, 'be written')
          await sleep(100 * 2 ** attempt * (1 + Math.random()))
        } finally {
          body.destroy()
        }
      }
    },
    async get(sha) {
      if (!isSha256(sha)) return null
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(sha) }))
        return object.Body!.transformToWebStream() as ReadableStream<Uint8Array>
      } catch (error) {
        // A missing bucket is an outage, not a missing file.
        if (status(error) === 404 && (error as Error).name !== 'NoSuchBucket') return null
        throw unavailable(error, 'be read')
      }
    },
    has,
    async remove(sha) {
      if (!isSha256(sha)) return
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(sha) }))
      } catch (error) {
        throw unavailable(error, 'be written')
      }
    },
    async check(checkOptions) {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }))
      } catch (error) {
        const code = status(error)
        if (code === 404) throw new StoreUnavailable(`${where} does not exist`, { cause: error })
        if (code === 301) throw new StoreUnavailable(`${where} is in another region than S3_REGION=${settings.S3_REGION}`, { cause: error })
        throw new StoreUnavailable(`${where} cannot be reached: ${reason(error, ownKeys)}`, { cause: error })
      }
      if (!checkOptions?.write) return
      // A read-only key fails here, at boot, not at the first upload.
      const probe = `probes/${hostname()}-${process.pid}-${randomUUID()}`
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: probe, Body: 'ok' }))
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: probe }))
      } catch (error) {
        throw unavailable(error, 'be written')
      }
    },
  }
}

const status = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode

/** Worth another attempt: no answer at all (refused, reset, timed out), throttling, or a server error. */
function isTransient(error: unknown) {
  const code = status(error)
  if (code === undefined) return true
  return code === 429 || code >= 500 || (error as Error).name === 'RequestTimeout'
}

function reason(error: unknown, ownKeys: boolean) {
  const code = status(error)
  if (code === 403) {
    return `access denied (check ${ownKeys ? 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' : 'the AWS credentials the server runs with'})`
  }
  const { name, message, code: systemCode } = error as Error & { code?: string }
  // Node reports a refused connection to a name with several addresses as an AggregateError without a message.
  const text = message || systemCode || name
  return code ? `${text} (HTTP ${code})` : text
}
