import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv } from './env'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tc-env-'))

describe('parseEnv', () => {
  it('fills the defaults and keeps a generated session secret in DATA_DIR', () => {
    const dir = dataDir()
    const env = parseEnv({ DATA_DIR: dir })
    expect(env.PORT).toBe(3000)
    expect(env.APP_URL).toBe('http://localhost:3000')
    expect(env.DEMO_ADMIN_PASSWORD).toBe('northwind-demo')
    expect(env.SESSION_SECRET).toHaveLength(64)
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(env.SESSION_SECRET)
    expect(parseEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(env.SESSION_SECRET)
  })

  it('lists every bad value in one clear message', () => {
    const attempt = () => parseEnv({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'mail.example', SESSION_SECRET: 'short' })
    expect(attempt).toThrow(EnvError)
    expect(attempt).toThrow(
      /PORT must be a number between 1 and 65535[\s\S]*DATABASE_URL must start with postgres:\/\/[\s\S]*SESSION_SECRET must be at least 32 characters[\s\S]*SMTP_URL/,
    )
  })

  it('accepts a PostgreSQL URL and strips a trailing slash from APP_URL', () => {
    const env = parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h/db', APP_URL: 'https://trust.example.com/', SESSION_SECRET: 's'.repeat(32) })
    expect(env.DATABASE_URL).toBe('postgres://u@h/db')
    expect(env.APP_URL).toBe('https://trust.example.com')
  })
})

describe('several app servers', () => {
  it('requires a shared SESSION_SECRET with DATABASE_URL', () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h/db' })).toThrow(/SESSION_SECRET: SESSION_SECRET is required with DATABASE_URL/)
  })

  it('takes the S3_* variables and checks them, naming each bad one', () => {
    const env = parseEnv({ DATA_DIR: dataDir(), S3_BUCKET: 'trust-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' })
    expect(env).toMatchObject({ S3_BUCKET: 'trust-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key' })
    const bad = () => parseEnv({ DATA_DIR: dataDir(), S3_BUCKET: 'Trust_Files', S3_ENDPOINT: 'ftp://x/path', S3_ACCESS_KEY_ID: 'key', S3_FORCE_PATH_STYLE: 'yes' })
    expect(bad).toThrow(EnvError)
    expect(bad).toThrow(/S3_BUCKET must be a bucket name[\s\S]*S3_ENDPOINT must be[\s\S]*S3_FORCE_PATH_STYLE must be true or false/)
    expect(() => parseEnv({ DATA_DIR: dataDir(), S3_BUCKET: 'trust-files', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/)
    // An endpoint without a bucket would be ignored: refused instead.
    expect(() => parseEnv({ DATA_DIR: dataDir(), S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET is required when other S3_\* variables are set/)
    expect(parseEnv({ DATA_DIR: dataDir(), S3_BUCKET: '  ' }).S3_BUCKET).toBeUndefined()
  })

  it('bounds the shutdown', () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).SHUTDOWN_TIMEOUT_SECONDS).toBe(25)
    expect(() => parseEnv({ DATA_DIR: dataDir(), SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS must be between 1 and 600/)
  })
})

describe('features', () => {
  it('takes an Anthropic key, model and base URL for AI answers, and checks them', () => {
    const env = parseEnv({ DATA_DIR: dataDir(), ANTHROPIC_API_KEY: ' sk-x ', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' })
    expect(env.ANTHROPIC_API_KEY).toBe('sk-x')
    expect(env.ANTHROPIC_MODEL).toBe('claude-sonnet-4-5')
    expect(parseEnv({ DATA_DIR: dataDir() }).ANTHROPIC_API_KEY).toBeUndefined()
    expect(() => parseEnv({ DATA_DIR: dataDir(), ANTHROPIC_MODEL: 'claude; rm -rf' })).toThrow(/ANTHROPIC_MODEL must be a model name/)
    expect(() => parseEnv({ DATA_DIR: dataDir(), ANTHROPIC_BASE_URL: 'ftp://x' })).toThrow(/ANTHROPIC_BASE_URL must be an http\(s\) URL/)
  })

  it('checks another address for the Resend API', () => {
    expect(parseEnv({ DATA_DIR: dataDir(), RESEND_BASE_URL: 'http://127.0.0.1:9' }).RESEND_BASE_URL).toBe('http://127.0.0.1:9')
    expect(() => parseEnv({ DATA_DIR: dataDir(), RESEND_BASE_URL: 'api.resend.com' })).toThrow(/RESEND_BASE_URL must be an http\(s\) URL/)
  })

  it('leaves the sending to npm run worker only on PostgreSQL', () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).EMAIL_WORKER).toBe('true')
    expect(() => parseEnv({ DATA_DIR: dataDir(), EMAIL_WORKER: 'false' })).toThrow(/EMAIL_WORKER=false needs DATABASE_URL/)
    expect(() => parseEnv({ DATA_DIR: dataDir(), EMAIL_WORKER: 'off' })).toThrow(/EMAIL_WORKER must be true or false/)
    expect(parseEnv({ DATA_DIR: dataDir(), EMAIL_WORKER: 'false', DATABASE_URL: 'postgres://u@h/db', SESSION_SECRET: 's'.repeat(32) }).EMAIL_WORKER).toBe('false')
  })

  it('reads PAGE_RENDER_BUDGET as a burst and a rate, refusing anything else at boot', () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).PAGE_RENDER_BUDGET).toEqual({ burst: 30, perSecond: 2 })
    expect(parseEnv({ DATA_DIR: dataDir(), PAGE_RENDER_BUDGET: '100/0.5' }).PAGE_RENDER_BUDGET).toEqual({ burst: 100, perSecond: 0.5 })
    for (const value of ['30', '0/2', '30/0', '-1/2', 'off', '30/2/1', '1e3/2']) {
      expect(() => parseEnv({ DATA_DIR: dataDir(), PAGE_RENDER_BUDGET: value }), value).toThrow('PAGE_RENDER_BUDGET must be a burst and a rate')
    }
  })

  it('reads TRUST_PROXY as a number of hops', () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(0)
    expect(parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(() => parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be the number of reverse proxies/)
  })
})

describe('DNS_SERVERS', () => {
  it('takes IP addresses with optional ports, as node:dns setServers does', () => {
    const env = parseEnv({ DATA_DIR: dataDir(), DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53,2606:4700::1111' })
    expect(env.DNS_SERVERS).toEqual(['1.1.1.1', '127.0.0.1:5353', '[::1]:53', '2606:4700::1111'])
    expect(parseEnv({ DATA_DIR: dataDir() }).DNS_SERVERS).toBeUndefined()
  })

  it('refuses names, bad ports and junk with one message', () => {
    for (const value of ['dns.google', '1.1.1.1:0', '1.1.1.1:70000', '300.1.1.1', '1.1.1.1,,', 'http://1.1.1.1']) {
      expect(() => parseEnv({ DATA_DIR: dataDir(), DNS_SERVERS: value }), value).toThrow(/DNS_SERVERS must be IP addresses/)
    }
  })
})
