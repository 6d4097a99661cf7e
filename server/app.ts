// The server bundle's entry: boots the database and wraps React Router's request listener with the
// security baseline (headers, Origin check, body limits) and static files.
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequestListener } from '@mjackson/node-fetch-server'
import { createRequestHandler, type ServerBuild } from 'react-router'
import * as serverBuild from 'virtual:react-router/server-build'
import sirv from 'sirv'
import { openDatabase, type Database, type DatabaseHandle } from '../db/index'
import { migrateToLatest } from '../db/migrate'
import { seedDemoIfEmpty } from '../db/seed/index'
import { startEmailWorker } from './email/worker'
import { env as readEnv, type Env } from './env'
import { createPageCache, isCacheableRequest, type CachedPage, type PageCache } from './page-cache'
import { bodyTooLarge, contentSecurityPolicy, crossOriginRejection, setBaseSecurityHeaders, unsupportedBody } from './security'

declare module 'react-router' {
  interface AppLoadContext {
    db: Database
    env: Env
    nonce: string
    clientAddress: string
    pageCache: PageCache
  }
}

export interface App {
  listener: (req: IncomingMessage, res: ServerResponse) => void
  database: DatabaseHandle
  env: Env
  /** The demo staff sign-in, printed at start when the demo org is there. */
  demo?: { email: string; password: string }
  close(): Promise<void>
}

export async function createApp(): Promise<App> {
  const env = readEnv()
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client')
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  await migrateToLatest(database.db)
  const demo = env.SEED_DEMO === 'true' ? await seedDemoIfEmpty(database.db, env) : undefined
  // Every app server runs the outbox worker; FOR UPDATE SKIP LOCKED keeps them from sending twice.
  const emailWorker = startEmailWorker(database.db, env)

  const secure = env.APP_URL.startsWith('https:')
  const maxUploadBytes = env.MAX_UPLOAD_MB * 1024 * 1024
  const assets = sirv(path.join(clientDir, 'assets'), { immutable: true, maxAge: 31536000, gzip: false })
  const statics = sirv(clientDir, { maxAge: 3600, etag: true })

  const handleRequest = createRequestHandler(serverBuild as unknown as ServerBuild, env.NODE_ENV)
  const pageCache = createPageCache(database.db)

  const handle = createRequestListener(async (request, client) => {
    const nonce = randomBytes(16).toString('base64')
    const context = { db: database.db, env, nonce, clientAddress: client.address, pageCache }
    const url = new URL(request.url)
    const key = `${request.headers.get('host')}${url.pathname}${url.search}`
    const cacheable = isCacheableRequest(request.method, url.pathname + url.search, request.headers.get('cookie') ?? undefined)
    if (cacheable) {
      const page = await pageCache.get(key)
      if (page) return cachedResponse(page, nonce)
    }
    const version = cacheable ? await pageCache.currentVersion() : undefined
    const response = await handleRequest(request, context)
    if (!cacheable || response.status !== 200 || response.headers.has('set-cookie') || !response.headers.get('content-type')?.startsWith('text/html')) {
      return response
    }
    const body = await response.text()
    pageCache.set(key, {
      parts: body.split(`nonce="${nonce}"`).map((part) => Buffer.from(part)),
      status: response.status,
      headers: [...response.headers],
      nonce,
      version: version!,
      storedAt: Date.now(),
    })
    return new Response(body, { status: response.status, headers: response.headers })
  })

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    setBaseSecurityHeaders(res, secure)
    const url = req.url ?? '/'
    if (url.startsWith('/assets/')) {
      req.url = url.slice('/assets'.length)
      return assets(req, res, () => notFound(req, res, url))
    }
    if (isPublicFile(url)) return statics(req, res, () => handleApp(req, res))
    handleApp(req, res)
  }

  function handleApp(req: IncomingMessage, res: ServerResponse) {
    const rejection = crossOriginRejection(req)
    if (rejection) return plain(res, 403, rejection)
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.headers['content-length'] === undefined && req.headers['transfer-encoding']) {
      return plain(res, 411, 'Send the request body with a Content-Length.')
    }
    if (bodyTooLarge(req, maxUploadBytes)) return plain(res, 413, 'The request body is too large.')
    if (unsupportedBody(req)) return plain(res, 415, 'Send forms as application/x-www-form-urlencoded or multipart/form-data.')
    handle(req, res)
  }

  return {
    listener,
    database,
    env,
    demo,
    async close() {
      await emailWorker.stop()
      await database.close()
    },
  }
}

const PUBLIC_FILE = /^\/(images\/|icons\.svg$|favicon\.(svg|ico)$|robots\.txt$|fonts\/)/
/** A cached page with this response's own nonce in its scripts and its policy. */
function cachedResponse(page: CachedPage, nonce: string) {
  const headers = new Headers(page.headers)
  headers.set('Content-Security-Policy', contentSecurityPolicy(nonce))
  const attribute = Buffer.from(`nonce="${nonce}"`)
  const body = Buffer.concat(page.parts.flatMap((part, index) => (index === 0 ? [part] : [attribute, part])))
  headers.set('Content-Length', String(body.byteLength))
  return new Response(body, { status: page.status, headers })
}

function isPublicFile(url: string) {
  return PUBLIC_FILE.test(url)
}

function notFound(req: IncomingMessage, res: ServerResponse, url: string) {
  req.url = url
  plain(res, 404, 'Not found')
}

function plain(res: ServerResponse, status: number, message: string) {
  res.statusCode = status
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.end(message)
}
