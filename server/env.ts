import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional()

const url = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value), `${name} must be an absolute URL such as http://localhost:3000`)

const TRUST_PROXY_MESSAGE = 'TRUST_PROXY must be the number of reverse proxies in front of the server, 0 to 10'

const DNS_SERVERS_MESSAGE = 'DNS_SERVERS must be IP addresses, each with an optional port, separated by commas: 1.1.1.1,8.8.8.8:53,[2606:4700:4700::1111]:53'

/** One DNS server as node:dns `setServers` takes it (`ip`, `ip:port`, `[v6]:port`), or null. */
function dnsServer(entry: string): string | null {
  if (isIP(entry)) return entry
  const match = /^(?:\[([0-9a-f:.]+)\]|([0-9.]+))(?::(\d{1,5}))?$/i.exec(entry)
  const ip = match?.[1] ?? match?.[2]
  if (!match || !ip || !isIP(ip)) return null
  if (match[3] === undefined) return ip
  const port = Number(match[3])
  if (port < 1 || port > 65535) return null
  return match[1] ? `[${ip}]:${port}` : `${ip}:${port}`
}

const PAGE_RENDER_BUDGET_MESSAGE = 'PAGE_RENDER_BUDGET must be a burst and a rate, such as 30/2 (30 pages at once, then 2 a second)'

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number between 1 and 65535' })
      .int('PORT must be a number between 1 and 65535')
      .min(1, 'PORT must be a number between 1 and 65535')
      .max(65535, 'PORT must be a number between 1 and 65535')
      .default(3000),
    APP_URL: url('APP_URL').optional(),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), 'DATABASE_URL must start with postgres:// or postgresql://'),
    SESSION_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, 'SESSION_SECRET must be at least 32 characters'),
    EMAIL_FROM: z.string().trim().default('Trust Center <trust@localhost>'),
    RESEND_API_KEY: optionalText,
    // Read by the Resend transport itself (server/email/transports.ts), where a test's fake sets it; checked here at boot.
    RESEND_BASE_URL: optionalText.refine((value) => value === undefined || /^https?:\/\//.test(value), 'RESEND_BASE_URL must be an http(s) URL'),
    SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\//.test(value), 'SMTP_URL must look like smtp://user:pass@host:port'),
    TRUST_PROXY: z.coerce.number({ error: TRUST_PROXY_MESSAGE }).int(TRUST_PROXY_MESSAGE).min(0, TRUST_PROXY_MESSAGE).max(10, TRUST_PROXY_MESSAGE).default(0),
    PAGE_RENDER_BUDGET: z
      .string()
      .trim()
      .default('30/2')
      .transform((value, context) => {
        const [burst, perSecond] = value.split('/').map(Number)
        if (/^\d{1,5}\/\d{1,4}(\.\d{1,3})?$/.test(value) && burst >= 1 && perSecond > 0) return { burst, perSecond }
        context.addIssue({ code: 'custom', message: PAGE_RENDER_BUDGET_MESSAGE })
        return z.NEVER
      }),
    DEFAULT_ORG: optionalText,
    DEMO_ADMIN_PASSWORD: z.string().min(8, 'DEMO_ADMIN_PASSWORD must be at least 8 characters').default('northwind-demo'),
    MAX_UPLOAD_MB: z.coerce
      .number({ error: 'MAX_UPLOAD_MB must be a number of megabytes' })
      .positive('MAX_UPLOAD_MB must be a positive number')
      .max(2048, 'MAX_UPLOAD_MB must be at most 2048')
      .default(50),
    SEED_DEMO: z.enum(['true', 'false']).default('true'),
    EMAIL_WORKER: z.enum(['true', 'false'], { error: 'EMAIL_WORKER must be true or false' }).default('true'),
    // AI answers (issue 10): offered only with a key; the base URL points the SDK elsewhere (a proxy, a test's fake).
    ANTHROPIC_API_KEY: optionalText,
    ANTHROPIC_MODEL: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.:@_-]{0,99}$/i, 'ANTHROPIC_MODEL must be a model name such as claude-sonnet-4-5')
      .default('claude-sonnet-4-5'),
    ANTHROPIC_BASE_URL: optionalText.refine((value) => value === undefined || /^https?:\/\//.test(value), 'ANTHROPIC_BASE_URL must be an http(s) URL'),
    // Files in an S3-compatible bucket (server/files/s3-store.ts) instead of DATA_DIR: for several app servers.
    S3_BUCKET: optionalText.refine(
      (value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
      'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    ),
    S3_ENDPOINT: optionalText.refine(
      (value) => value === undefined || /^https?:\/\/[^/]+\/?$/.test(value),
      "S3_ENDPOINT must be the server's http(s) URL without a path, such as https://s3.eu-central-1.amazonaws.com or http://minio:9000",
    ),
    S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,40}$/, 'S3_REGION must be a region name such as us-east-1')
      .default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' }).optional(),
    // The resolvers custom domains' TXT records are asked of (server/domains/dns.ts); the system's when unset.
    DNS_SERVERS: optionalText.transform((value, context) => {
      if (value === undefined) return undefined
      const servers = value.split(',').map((entry) => dnsServer(entry.trim()))
      if (servers.length <= 10 && servers.every((server) => server !== null)) return servers as string[]
      context.addIssue({ code: 'custom', message: DNS_SERVERS_MESSAGE })
      return z.NEVER
    }),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'SHUTDOWN_TIMEOUT_SECONDS must be a number of seconds' })
      .min(1, 'SHUTDOWN_TIMEOUT_SECONDS must be between 1 and 600')
      .max(600, 'SHUTDOWN_TIMEOUT_SECONDS must be between 1 and 600')
      .default(25),
  })
  .refine((env) => !env.DATABASE_URL || env.SESSION_SECRET, {
    path: ['SESSION_SECRET'],
    message: 'SESSION_SECRET is required with DATABASE_URL: every app server must sign sessions with the same secret (at least 32 characters, e.g. openssl rand -hex 32)',
  })
  .refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
    path: ['S3_ACCESS_KEY_ID'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS default credentials',
  })
  .refine((env) => env.S3_BUCKET || !(env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY || env.S3_FORCE_PATH_STYLE), {
    path: ['S3_BUCKET'],
    message: 'S3_BUCKET is required when other S3_* variables are set (files stay under DATA_DIR without it)',
  })
  .refine((env) => env.EMAIL_WORKER === 'true' || env.DATABASE_URL, {
    path: ['EMAIL_WORKER'],
    message: 'EMAIL_WORKER=false needs DATABASE_URL: with the embedded database only the app server can send e-mail',
  })

export type Env = z.infer<typeof schema> & { APP_URL: string; SESSION_SECRET: string }

/** Reads and validates the environment once; a bad value stops the boot with every problem listed. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || 'env'}: ${issue.message}`)
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = result.data
  const dataDir = path.resolve(env.DATA_DIR)
  return {
    ...env,
    DATA_DIR: dataDir,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    SESSION_SECRET: env.SESSION_SECRET ?? keptSecret(dataDir),
  }
}

export class EnvError extends Error {}

/** A generated secret is kept in DATA_DIR so sessions survive restarts. */
function keptSecret(dataDir: string) {
  const file = path.join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

let current: Env | undefined
export function env(): Env {
  current ??= parseEnv()
  return current
}
