// The server bundle's entry: boots the database and wraps React Router's request handler with the
// security baseline (hosts, Origin check, body limits, headers) and static files.
import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequestHandler, type ServerBuild } from 'react-router'
import * as serverBuild from 'virtual:react-router/server-build'
import sirv from 'sirv'
import { STAFF_SCOPES } from '../app/lib/permissions'
import { openDatabase, type Database, type DatabaseHandle } from '../db/index'
import { migrateToLatest } from '../db/migrate'
import { seedDemoIfEmpty } from '../db/seed/index'
import { getStaffMember } from './auth/staff-session'
import { prepareDataDir } from './data-dir'
import { startEmailWorker } from './email/worker'
import { startTextExtraction } from './search/extract'
import { startExpiryNotices } from './visitors/expiry-notices'
import { hasVisitorSession, isQuestionnaireUpload } from './questionnaires/upload'
import { env as readEnv, type Env } from './env'
import { clientAddress } from './http/client-address'
import { createHostCheck, expectedOrigin } from './http/hosts'
import { bodyRefusal, FORM_BODY_LIMIT, uploadBodyLimit, uploadRouteOf } from './http/limits'
import { answerFailure, createFetchListener, writePlain } from './http/listener'
import { requestPageFingerprint } from './access/viewer'
import {
  accountPageMark,
  createPageCache,
  isAccountRequest,
  isCacheableRequest,
  isPersonalRequest,
  portalPageMatcher,
  streamingDataMatcher,
  SHARED_PAGE_HEADER,
  type CachedPage,
  type PageCache,
} from './page-cache'
import { contentSecurityPolicy, crossOriginRejection, setBaseSecurityHeaders } from './security'

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

// The staff area answers on the deployment's own host only (docs/decisions/008).
const STAFF_AREA = new RegExp(`^/(login|logout|invite|${STAFF_SCOPES.join('|')})(/|\\.data$|$)`, 'i')
const PUBLIC_FILE = /^\/(images\/|icons\.svg$|favicon\.(svg|ico)$|robots\.txt$|fonts\/)/

export async function createApp(): Promise<App> {
  const env = readEnv()
  // DATA_DIR holds the database and restricted documents: private to the server's user before anything opens it.
  await prepareDataDir(env.DATA_DIR)
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client')
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  await migrateToLatest(database.db)
  const demo = env.SEED_DEMO === 'true' ? await seedDemoIfEmpty(database.db, env) : undefined
  // Every app server runs the outbox worker unless `npm run worker` sends instead (EMAIL_WORKER=false);
  // FOR UPDATE SKIP LOCKED keeps them from sending twice.
  const emailWorker = env.EMAIL_WORKER === 'true' ? startEmailWorker(database.db, env) : undefined
  const stopExpiryNotices = startExpiryNotices(database.db, env)
  const textExtraction = startTextExtraction(database.db, env)

  const secure = env.APP_URL.startsWith('https:')
  const maxUploadBytes = env.MAX_UPLOAD_MB * 1024 * 1024
  const assets = sirv(path.join(clientDir, 'assets'), { immutable: true, maxAge: 31536000, gzip: false })
  const statics = sirv(clientDir, { maxAge: 3600, etag: true })

  const build = serverBuild as unknown as ServerBuild
  const handleRequest = createRequestHandler(build, env.NODE_ENV)
  const pageCache = createPageCache(database.db)
  const isPortalPage = portalPageMatcher(build.routes)
  const streamsData = streamingDataMatcher(build.routes)
  const hosts = createHostCheck(database.db, env.APP_URL)
  const bodyLimits = new WeakMap<IncomingMessage, number>()
  const origins = new WeakMap<IncomingMessage, string>()

  const fetchListener = createFetchListener(
    async (request, req) => {
      const nonce = randomBytes(16).toString('base64')
      const context = { db: database.db, env, nonce, clientAddress: clientAddress(req, env.TRUST_PROXY), pageCache }
      const url = new URL(request.url)
      const key = `${request.headers.get('host')}${url.pathname}${url.search}`
      const cookie = request.headers.get('cookie') ?? undefined
      const pathAndSearch = url.pathname + url.search
      const cacheable = isCacheableRequest(request.method, pathAndSearch, cookie) && isPortalPage(url.pathname)
      const forAccount = !cacheable && isAccountRequest(request.method, pathAndSearch, cookie) && isPortalPage(url.pathname)
      const viewerKey = forAccount ? createHash('sha256').update(cookie!).digest('base64url') : ''
      if (cacheable) {
        const page = await pageCache.get(key)
        if (page) return cachedResponse(page, nonce)
      }
      if (forAccount) {
        const page = await pageCache.getAccountPage(key, viewerKey, (orgId) => requestPageFingerprint(database.db, request, orgId))
        if (page) return cachedResponse(page, nonce)
      }
      // A route that answers with bytes has no data form: React Router would buffer a whole file or archive into one.
      if (url.pathname.endsWith('.data') && streamsData(url.pathname.slice(0, -'.data'.length), request.method)) {
        return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
      }
      const version = cacheable || forAccount ? await pageCache.currentVersion() : undefined
      const handled = await handleRequest(request, context)
      // A write may change any page: cached ones are checked again on the next request.
      if (request.method !== 'GET' && request.method !== 'HEAD') pageCache.invalidate()
      const mark = handled.headers.get(SHARED_PAGE_HEADER)
      const account = forAccount ? accountPageMark(mark) : null
      const response = withCachePolicy(handled, isPersonalRequest(cookie))
      const storable =
        (cacheable ? mark === 'public' : account !== null) &&
        response.status === 200 &&
        !response.headers.has('set-cookie') &&
        response.headers.get('content-type')?.startsWith('text/html')
      if (!storable) return response
      const body = await response.text()
      const page = {
        parts: body.split(`nonce="${nonce}"`).map((part) => Buffer.from(part)),
        status: response.status,
        headers: [...response.headers],
        nonce,
        version: version!,
        storedAt: Date.now(),
      }
      if (account) pageCache.setAccountPage(key, viewerKey, { ...page, ...account })
      else pageCache.set(key, page)
      return new Response(body, { status: response.status, headers: response.headers })
    },
    // The request's URL carries the origin it was sent to (React Router checks actions' Origin against it).
    { origin: (req) => origins.get(req) ?? env.APP_URL, bodyLimit: (req) => bodyLimits.get(req) ?? FORM_BODY_LIMIT },
  )

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    try {
      setBaseSecurityHeaders(res, secure)
      const url = req.url ?? '/'
      if (url.startsWith('/assets/')) {
        req.url = url.slice('/assets'.length)
        return assets(req, res, () => writePlain(res, 404, 'Not found'))
      }
      if (PUBLIC_FILE.test(url.split('?')[0])) return statics(req, res, () => guard(req, res))
      guard(req, res)
    } catch (error) {
      answerFailure(req, res, error)
    }
  }

  function guard(req: IncomingMessage, res: ServerResponse) {
    handleApp(req, res).catch((error) => answerFailure(req, res, error))
  }

  /** Hosts, Origin and body checks, from the request's head alone; then the app. */
  async function handleApp(req: IncomingMessage, res: ServerResponse) {
    const pathname = (req.url ?? '/').split('?')[0]
    // Load balancers probe by address; health says nothing about any org.
    if (pathname !== '/healthz') {
      const host = req.headers.host
      // HTTP/1.1 requires it; without one no org can be told, not even the default one.
      if (!host) return writePlain(res, 400, 'This request has no Host header.')
      const kind = await hosts.classify(host)
      if (kind === 'unknown') {
        if (req.method !== 'GET' && req.method !== 'HEAD') return writePlain(res, 404, 'Company not found')
        // The portal's own "Company not found" page answers every path of a host that is not ours.
        req.url = '/'
      } else {
        if (kind === 'custom' && STAFF_AREA.test(pathname)) return writePlain(res, 404, 'Not found')
        const origin = expectedOrigin(host, env.APP_URL)
        const rejection = crossOriginRejection(req, origin)
        if (rejection) return writePlain(res, 403, rejection)
        origins.set(req, origin)
      }
    }
    const limit = await bodyLimitOf(req)
    const refusal = bodyRefusal(req, limit)
    if (refusal) return writePlain(res, refusal.status, refusal.message)
    bodyLimits.set(req, limit)
    fetchListener(req, res)
  }

  /** Forms are small; an upload action takes MAX_UPLOAD_MB, from staff with its permission only. */
  async function bodyLimitOf(req: IncomingMessage) {
    const upload = uploadRouteOf(req.method, req.url)
    // A questionnaire file comes from a signed-in account member, on the portal page (server/questionnaires).
    if (!upload) {
      const origin = origins.get(req)
      const member = origin && isQuestionnaireUpload(req.method, req.url) && (await hasVisitorSession(database.db, env, origin, req.url, req.headers.cookie))
      return member ? uploadBodyLimit(maxUploadBytes) : FORM_BODY_LIMIT
    }
    const staff = await getStaffMember(database.db, new Request(env.APP_URL, { headers: { cookie: req.headers.cookie ?? '' } }))
    return staff?.permissions.includes(upload.permission) ? uploadBodyLimit(maxUploadBytes) : FORM_BODY_LIMIT
  }

  return {
    listener,
    database,
    env,
    demo,
    async close() {
      stopExpiryNotices()
      await textExtraction.stop()
      await emailWorker?.stop()
      await database.close()
    },
  }
}

/**
 * What may keep a response: a page for one viewer (a personal cookie came in, or one goes out) is never
 * stored by anyone; anything else that says nothing is not stored either.
 */
function withCachePolicy(response: Response, personal: boolean) {
  const headers = new Headers(response.headers)
  headers.delete(SHARED_PAGE_HEADER)
  if (personal || response.headers.has('set-cookie')) headers.set('Cache-Control', 'private, no-store')
  else if (!headers.has('cache-control')) headers.set('Cache-Control', 'no-store')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** A cached page with this response's own nonce in its scripts and its policy. */
function cachedResponse(page: CachedPage, nonce: string) {
  const headers = new Headers(page.headers)
  headers.set('Content-Security-Policy', contentSecurityPolicy(nonce))
  const attribute = Buffer.from(`nonce="${nonce}"`)
  const body = Buffer.concat(page.parts.flatMap((part, index) => (index === 0 ? [part] : [attribute, part])))
  headers.set('Content-Length', String(body.byteLength))
  return new Response(body, { status: page.status, headers })
}
