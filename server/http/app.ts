// The server bundle's entry: boots the database and wraps React Router's request handler with the
// security baseline (hosts, Origin check, body limits, headers) and static files.
import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isbot } from 'isbot'
import { createRequestHandler, type ServerBuild } from 'react-router'
import * as serverBuild from 'virtual:react-router/server-build'
import { STAFF_SCOPES } from '../../app/lib/permissions'
import { openDatabase, type DatabaseHandle } from '../../db/index'
import { migrateToLatest } from '../../db/migrate'
import { seedDemoIfEmpty } from '../demo/seed'
import { issueSetupToken, setupPath } from '../orgs/setup'
import { getStaffMember, STAFF_COOKIE } from '../auth/staff-session'
import { cookieNames } from '../auth/cookies'
import { FLASH_COOKIE, readFlash } from './flash'
import { readPendingRequest, REQUEST_COOKIE } from './pending-request'
import { hasLiveVisitorSession, VISITOR_COOKIE } from '../visitors/sessions'
import { lockDataDir, prepareDataDir } from '../data-dir'
import { backupBeforeMigrating } from '../backup/backup'
import { fileStore, removeStaleSpools } from '../files/store'
import { countPublicFetch, stopPublicFetches } from '../files/public-fetches'
import { createHealth, HEALTH_PATHS } from './health'
import { logRequests } from './request-log'
import { startEmailWorker } from '../email/worker'
import { startTextExtraction } from '../search/extract'
import { startExpiryNotices } from '../visitors/expiry-notices'
import { hasVisitorSession, isQuestionnaireUpload } from '../questionnaires/upload'
import { env as readEnv, EnvError, type Env } from '../env'
import { defaultOrgProblem } from '../portal/default-org'
import { clientAddress } from './client-address'
import { createRenderBudget, createRenderGate, RENDER_GATE, SERVER_BUSY, TOO_MANY_RENDERS } from './render-budget'
import { tidyPortalQuery } from '../../app/lib/portal-query'
import { createHostCheck, expectedOrigin } from './hosts'
import { answerTlsAsk, TLS_ASK_PATH } from './tls-ask'
import { startDomainChecks } from '../domains/domains'
import { bodyRefusal, FORM_BODY_LIMIT, uploadBodyLimit, uploadRouteOf } from './limits'
import { answerFailure, createFetchListener, writePlain } from './listener'
import { requestPageFingerprint } from '../access/viewer'
import {
  accountPageMark,
  createPageCache,
  isAccountRequest,
  isAnonymousRequest,
  isCacheableRequest,
  isPersonalRequest,
  PERSONAL_COOKIES,
  storeKey,
  COUNTED_FETCH_HEADER,
  SHARED_PAGE_HEADER,
  type CachedPage,
  type StoredKind,
} from '../page-cache'
import { storedRouteMatcher, streamingDataMatcher } from './route-match'
import { compressResponse } from './compress'
import { createStaticFiles } from './static-files'
import { answerStoredPage, storedPage, type Answer, type StoredBody } from './stored-page'
import { crossOriginRejection, setBaseSecurityHeaders } from '../security'
import type { LoadContext } from '../context'
import { withDomainErrors } from './responses'

declare module 'react-router' {
  // The load context is server/context.ts's, which server modules take without naming react-router.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a declaration merge: the members are LoadContext's
  interface AppLoadContext extends LoadContext {}
}

export interface App {
  listener: (req: IncomingMessage, res: ServerResponse) => void
  database: DatabaseHandle
  env: Env
  /** The demo staff sign-in, printed at start when the demo org is there. */
  demo?: { email: string; password: string }
  /** The one-time setup link, printed at start while the database holds no org (server/orgs/setup.ts). */
  setupUrl?: string
  /** The shutdown has begun (SIGTERM): readiness fails, and each response closes its connection. */
  beginShutdown(): void
  /** Stops the background work (the outbox batch in flight finishes) and closes the database. */
  close(): Promise<void>
}

// The staff area answers on the deployment's own host only (docs/decisions/008).
const STAFF_AREA = new RegExp(`^/(login|logout|invite|setup|${STAFF_SCOPES.join('|')})(/|\\.data$|$)`, 'i')

/**
 * Whether a request path names a staff page, read as the router reads it: dot segments resolved and
 * percent-escapes decoded (`/%6Cogin`, `/./settings` are /login and /settings). A path that cannot be
 * decoded counts as one: it is refused, not guessed at.
 */
function isStaffAreaPath(pathname: string) {
  const resolved = new URL(`http://localhost${pathname.replace(/^[/\\]+/, '/')}`).pathname
  let decoded: string
  try {
    decoded = decodeURIComponent(resolved)
  } catch {
    return true
  }
  return STAFF_AREA.test(resolved) || STAFF_AREA.test(new URL(`http://localhost${decoded.replace(/^[/\\]+/, '/')}`).pathname)
}
const PUBLIC_FILE = /^\/(images\/|icons\.svg$|favicon\.(svg|ico)$|robots\.txt$|fonts\/)/

export async function createApp(): Promise<App> {
  const env = readEnv()
  // DATA_DIR holds the database and restricted documents: private to the server's user before anything opens it.
  await prepareDataDir(env.DATA_DIR)
  // The embedded database is one process's: a second server on this DATA_DIR stops here, naming DATABASE_URL.
  const unlock = env.DATABASE_URL ? async () => {} : await lockDataDir(env.DATA_DIR)
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client')
  const store = fileStore(env)
  await removeStaleSpools(env.DATA_DIR)
  let database: DatabaseHandle
  try {
    // A store that cannot be reached or written stops the boot, not the first upload.
    await store.check({ write: true })
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
  } catch (error) {
    await unlock()
    throw error
  }
  try {
    // An embedded database that holds rows is copied to DATA_DIR/backups before a migration changes it (decision 043).
    const preMigration = await backupBeforeMigrating(database, env.DATA_DIR, store)
    if (preMigration) console.log(`[backup] the database before its migration: ${preMigration}`)
  } catch (error) {
    await database.close()
    await unlock()
    throw error
  }
  await migrateToLatest(database.db)
  const demo = env.SEED_DEMO === 'true' ? await seedDemoIfEmpty(database.db, env) : undefined
  // No org yet: a one-time link to create the first one (an earlier start's link stops working).
  const setupToken = await issueSetupToken(database.db)
  // A DEFAULT_ORG that names no org stops the boot, as a bad value of any other variable does.
  const defaultOrg = await defaultOrgProblem(database.db, env.DEFAULT_ORG)
  if (defaultOrg) {
    await database.close()
    await unlock()
    throw new EnvError(`Invalid environment:\n  - DEFAULT_ORG: ${defaultOrg}`)
  }
  // Every app server runs the outbox worker unless `npm run worker` sends instead (EMAIL_WORKER=false);
  // FOR UPDATE SKIP LOCKED keeps them from sending twice.
  const emailWorker = env.EMAIL_WORKER === 'true' ? startEmailWorker(database.db, env) : undefined
  const stopExpiryNotices = startExpiryNotices(database.db, env)
  const textExtraction = startTextExtraction(database.db, env)
  const domainChecks = startDomainChecks(database.db, env)

  const secure = env.APP_URL.startsWith('https:')
  const maxUploadBytes = env.MAX_UPLOAD_MB * 1024 * 1024
  // Built files, each compressed at build time (server/precompress.ts): served as the client accepts them.
  const assets = createStaticFiles(path.join(clientDir, 'assets'), { immutable: true, maxAgeSeconds: 31536000 })
  const statics = createStaticFiles(clientDir, { immutable: false, maxAgeSeconds: 3600 })

  const build = withDomainErrors(serverBuild as unknown as ServerBuild)
  const handleRequest = createRequestHandler(build, env.NODE_ENV)
  const pageCache = createPageCache(database.db)
  const storedKind = storedRouteMatcher(build.routes, build.routeDiscovery.mode === 'lazy' ? build.routeDiscovery.manifestPath : undefined)
  const streamsData = streamingDataMatcher(build.routes)
  const hosts = createHostCheck(database.db, env.APP_URL, { version: () => pageCache.currentVersion() })
  let stopping = false
  let closing: Promise<void> | undefined
  const health = createHealth(database.db, store, () => stopping)
  const logRequest = env.NODE_ENV === 'production' ? logRequests() : undefined
  const bodyLimits = new WeakMap<IncomingMessage, number>()
  const origins = new WeakMap<IncomingMessage, string>()
  // Requests for a host that is not ours: each is answered the one "Company not found" page, stored once.
  const unknownHosts = new WeakSet<IncomingMessage>()
  /** What the store keeps for a request's path, and under which key. */
  const storeTarget = (req: IncomingMessage, pathname: string, search: string) => {
    const kind: StoredKind | null = unknownHosts.has(req) ? 'not-found' : storedKind(pathname)
    return { kind, key: kind && storeKey(unknownHosts.has(req) ? UNKNOWN_HOST_KEY : req.headers.host, kind, pathname, search) }
  }
  // What each client without a session may have rendered (server/http/render-budget.ts); requests found to
  // carry a live staff or visitor session are not counted (a flash message or an Authorization header is no session).
  const renders = createRenderBudget(env.PAGE_RENDER_BUDGET)
  const anonymousRenders = createRenderGate(RENDER_GATE)
  const signedIn = new WeakSet<IncomingMessage>()
  // Shared answers being rendered now, by store key: a request for one waits for it instead of rendering again.
  const rendering = new Map<string, Promise<CachedPage | null>>()
  /** The page stored under `key`; past its time too while another request renders it again (stale-while-revalidate). */
  const storedOrStale = async (key: string) => (await pageCache.get(key)) ?? (rendering.has(key) ? await pageCache.getStale(key) : undefined)

  const fetchListener = createFetchListener(
    async (request, req) => {
      const nonce = randomBytes(16).toString('base64')
      const context = { db: database.db, env, nonce, clientAddress: clientAddress(req, env.TRUST_PROXY), pageCache }
      const url = new URL(request.url)
      const { kind, key } = storeTarget(req, url.pathname, url.search)
      const cookie = request.headers.get('cookie') ?? undefined
      const pathAndSearch = url.pathname + url.search
      // A HEAD is answered from a stored page like a GET; only a GET's page is stored (a HEAD's has no body).
      const cacheable = key !== null && isCacheableRequest(request.method === 'HEAD' ? 'GET' : request.method, pathAndSearch, cookie, request.headers.get('authorization'))
      // A member's own stored pages are portal pages only.
      const forAccount = !cacheable && kind === 'page' && isAccountRequest(request.method, pathAndSearch, cookie)
      const viewerKey = forAccount ? createHash('sha256').update(cookie!).digest('base64url') : ''
      const acceptEncoding = request.headers.get('accept-encoding')
      if (cacheable) {
        // Stored, or being rendered for another request now: one render, however many ask at once.
        const page = (await storedOrStale(key!)) ?? (await rendering.get(key!))
        if (page && page.version === (await pageCache.currentVersion())) return storedResponse(page, request, true)
      }
      if (forAccount) {
        const page = await pageCache.getAccountPage(key!, viewerKey, (orgId) => requestPageFingerprint(database.db, request, orgId))
        if (page) return storedResponse(page, request, true)
      }
      // A page for nobody in particular that is not stored yet is rendered within the client's budget. A request
      // here renders, whoever else renders the same page now (waiting for another's render was done above: a
      // page it stored is answered there, at no cost).
      const anonymousRender = kind !== null && kind !== 'file' && (request.method === 'GET' || request.method === 'HEAD') && !signedIn.has(req)
      if (anonymousRender) {
        const retryAfter = renders.take(context.clientAddress)
        if (retryAfter > 0) return refusal(429, TOO_MANY_RENDERS, retryAfter)
      }
      // A route that answers with bytes has no data form: React Router would buffer a whole file or archive into one.
      if (url.pathname.endsWith('.data') && streamsData(url.pathname.slice(0, -'.data'.length), request.method)) {
        return new Response('Not found', {
          status: 404,
          headers: {
            'Content-Type': 'text/plain; charset=utf-8',
            'Cache-Control': 'no-store',
          },
        })
      }
      const version = cacheable || forAccount || kind === 'file' ? await pageCache.currentVersion() : undefined
      let rendered: ((page: CachedPage | null) => void) | undefined
      if (cacheable && request.method === 'GET' && !rendering.has(key!)) rendering.set(key!, new Promise((resolve) => (rendered = resolve)))
      try {
        // However many clients ask, a few such renders at once and a few more waiting (decision 036); a
        // request for a page being rendered waited for it above, before the gate.
        const exitGate = anonymousRender ? await anonymousRenders.enter() : () => {}
        if (!exitGate) return refusal(503, SERVER_BUSY, 5)
        try {
          return await renderAndStore()
        } finally {
          exitGate()
        }
      } finally {
        if (rendered) {
          rendering.delete(key!)
          rendered(null)
        }
      }

      async function renderAndStore() {
        const handled = await handleRequest(request, context)
        // A write may change any page: cached ones are checked again on the next request.
        if (request.method !== 'GET' && request.method !== 'HEAD') pageCache.invalidate()
        const mark = handled.headers.get(SHARED_PAGE_HEADER)
        const account = forAccount ? accountPageMark(mark) : null
        const response = withCachePolicy(handled, isPersonalRequest(cookie))
        // A public document for the public: kept whole (its route said so, and only for small ones).
        const counted = handled.headers.get(COUNTED_FETCH_HEADER)
        if (
          kind === 'file' &&
          counted &&
          mark === 'public' &&
          request.method === 'GET' &&
          response.status === 200 &&
          isAnonymousRequest(cookie, request.headers.get('authorization'))
        ) {
          const body = Buffer.from(await response.arrayBuffer())
          const headers = [...response.headers].filter(([name]) => name !== 'content-length')
          pageCache.setFile(key!, { version: version!, storedAt: Date.now(), status: 200, headers, body, counted: JSON.parse(counted) })
          return new Response(new Uint8Array(body), { status: 200, headers })
        }
        const storable =
          request.method === 'GET' &&
          // The catch-all route's page reads no viewer: the same for everyone (a flash message is a personal cookie).
          (cacheable ? mark === 'public' || kind === 'not-found' : account !== null) &&
          // The not-found page is stored as the 404 it is; any other kind as a success.
          response.status === (kind === 'not-found' ? 404 : 200) &&
          !response.headers.has('set-cookie') &&
          (kind === 'data' || response.headers.get('content-type')?.startsWith('text/html'))
        if (!storable) return compressResponse(response, acceptEncoding, request.method)
        const body = await response.text()
        if (account) {
          // The member's own bytes from now on: hashes for its scripts too, compressed once, never shared.
          const page = { ...storedPage(body, nonce, response, pageCache.compressed, { personal: true }), version: version!, storedAt: Date.now(), ...account }
          pageCache.setAccountPage(key!, viewerKey, page)
          return storedResponse(page, request, false)
        }
        // The same bytes for everyone from now on, this response included.
        const page = { ...storedPage(body, nonce, response, pageCache.compressed, { personal: false }), version: version!, storedAt: Date.now() }
        pageCache.set(key!, page)
        rendered?.(page)
        return storedResponse(page, request, false)
      }
    },
    // The request's URL carries the origin it was sent to (React Router checks actions' Origin against it).
    { origin: (req) => origins.get(req) ?? env.APP_URL, bodyLimit: (req) => bodyLimits.get(req) ?? FORM_BODY_LIMIT },
  )

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    try {
      logRequest?.(req, res)
      // Draining: a kept-alive connection takes no further request once this one is answered.
      if (stopping) res.setHeader('Connection', 'close')
      setBaseSecurityHeaders(res, secure)
      const url = req.url ?? '/'
      const pathname = url.split('?')[0]
      if (HEALTH_PATHS.has(pathname) && (req.method === 'GET' || req.method === 'HEAD')) {
        health(pathname, res).catch((error) => answerFailure(req, res, error))
        return
      }
      if (pathname === TLS_ASK_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
        answerTlsAsk(url, hosts, env.APP_URL, res).catch((error) => answerFailure(req, res, error))
        return
      }
      if (url.startsWith('/assets/')) {
        req.url = url.slice('/assets'.length)
        return assets(req, res, () => writePlain(res, 404, 'Not found'))
      }
      if (PUBLIC_FILE.test(pathname)) return statics(req, res, () => guard(req, res))
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
    const host = req.headers.host
    // HTTP/1.1 requires it; without one no org can be told, not even the default one.
    if (!host) return writePlain(res, 400, 'This request has no Host header.')
    const kind = await hosts.classify(host)
    if (kind === 'unknown') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return writePlain(res, 404, 'Company not found')
      // The portal's own "Company not found" page answers every path of a host that is not ours.
      req.url = '/'
      unknownHosts.add(req)
    } else {
      if (kind === 'custom' && isStaffAreaPath(pathname)) return writePlain(res, 404, 'Not found')
      const origin = expectedOrigin(host, env.APP_URL)
      const rejection = crossOriginRejection(req, origin)
      if (rejection) return writePlain(res, 403, rejection)
      origins.set(req, origin)
      if (kind === 'deployment' && (req.method === 'GET' || req.method === 'HEAD') && (await redirectToPrimaryDomain(req, res))) return
    }
    // A personal cookie that signs in nobody (forged, expired, signed out) makes no page personal: dropped, so
    // the request is answered (and its page stored) as an anonymous one, not rendered on every request.
    if ((req.method === 'GET' || req.method === 'HEAD') && isPersonalRequest(req.headers.cookie) && storeTarget(req, pathname, '').kind) {
      const signsIn = await whoSignsIn(req)
      if (signsIn === 'nobody') dropPersonalCookies(req)
      if (signsIn === 'session') signedIn.add(req)
    }
    // A portal page's URL with parameters no page reads (a tracking id, junk) is the page without them: sent
    // there, so every such URL is one stored page, not a render each (docs/decisions/036).
    if ((req.method === 'GET' || req.method === 'HEAD') && tidyQuery(req, res)) return
    // The fast path: a stored public page from Node's request to Node's response, before a Fetch Request is
    // built or any route runs (docs/decisions/024).
    if ((req.method === 'GET' || req.method === 'HEAD') && (await answerFromStore(req, res))) return
    const limit = await bodyLimitOf(req)
    const refusal = bodyRefusal(req, limit)
    if (refusal) return writePlain(res, refusal.status, refusal.message)
    bodyLimits.set(req, limit)
    fetchListener(req, res)
  }

  /**
   * Drops from a portal page's URL the parameters no page reads, for a request without a live session (staff
   * and members keep theirs; the same rule as the render budget's, `signedIn`): a page is sent to its tidy URL
   * (302), its data request is answered as for it. True when answered.
   */
  function tidyQuery(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    if (query === -1 || signedIn.has(req)) return false
    const pathname = url.slice(0, query)
    if (storeTarget(req, pathname, '').kind !== 'page') return false
    const search = url.slice(query)
    const dataRequest = pathname.endsWith('.data')
    const tidy = tidyPortalQuery(search, dataRequest)
    if (tidy === search) return false
    if (dataRequest) {
      req.url = pathname + tidy
      return false
    }
    res.statusCode = 302
    // A path React Router reads as `/` may be spelt `//`: never a protocol-relative Location.
    res.setHeader('Location', pathname.replace(/^\/+/, '/') + tidy)
    res.setHeader('Cache-Control', 'no-store')
    res.end()
    return true
  }

  /** Answers a request for a public page the cache holds, current for the content version; false when it holds none. */
  async function answerFromStore(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    const pathname = query === -1 ? url : url.slice(0, query)
    const { kind, key } = storeTarget(req, pathname, query === -1 ? '' : url.slice(query))
    if (kind === 'file') return answerStoredFile(req, res, pathname, query === -1 ? '' : url.slice(query))
    if (!isCacheableRequest('GET', url, req.headers.cookie, req.headers.authorization)) return false
    // A path the Fetch URL spells otherwise (dot segments) is the app's to answer: it may name another route.
    if (!kind || new URL(pathname, 'http://localhost').pathname !== pathname) return false
    // The key the page was stored under: the Host header and the path as the Fetch URL spells it (a path spelt
    // otherwise misses here and is answered, and stored, by the app).
    const page = await storedOrStale(key!)
    if (!page) return false
    writeAnswer(res, await answerStoredPage(page, { method: req.method ?? 'GET', acceptEncoding: req.headers['accept-encoding'], ifNoneMatch: req.headers['if-none-match'] }, true))
    return true
  }

  /**
   * Answers an anonymous GET of a public document the store holds, and counts it as the route would; a HEAD
   * gets the GET's answer without its body, counted by nobody. A range, or a document the store does not
   * hold, is the route's to answer (a HEAD there answers what its GET would: 404 for bytes gone).
   */
  async function answerStoredFile(req: IncomingMessage, res: ServerResponse, pathname: string, search: string) {
    if (req.headers.range !== undefined || !isAnonymousRequest(req.headers.cookie, req.headers.authorization)) return false
    if (new URL(pathname, 'http://localhost').pathname !== pathname) return false
    const file = await pageCache.getFile(storeKey(req.headers.host, 'file', pathname, search))
    if (!file) return false
    if (req.method === 'GET') countPublicFetch(database.db, file.counted.orgId, file.counted.fetch, isbot(req.headers['user-agent']))
    writeAnswer(res, { status: file.status, headers: [...file.headers, ['Content-Length', String(file.body.byteLength)]], body: req.method === 'GET' ? file.body : null })
    return true
  }

  /**
   * What the request's personal cookies sign in: a live staff or visitor `session`; else only a genuine `flash`
   * message or pending request (anyone gets one from a form post: no session, the page personal); else `nobody`.
   */
  async function whoSignsIn(req: IncomingMessage): Promise<'session' | 'flash' | 'nobody'> {
    const names = cookieNames(req.headers.cookie)
    const request = new Request(env.APP_URL, { headers: { cookie: req.headers.cookie ?? '' } })
    if (names.has(STAFF_COOKIE) && (await getStaffMember(database.db, request))) return 'session'
    if (names.has(VISITOR_COOKIE) && (await hasLiveVisitorSession(database.db, request))) return 'session'
    if (names.has(FLASH_COOKIE) && (await readFlash(env, request)).message !== null) return 'flash'
    // A request this browser sent, still pending by its signed cookie: the banner says so (no session either).
    if (names.has(REQUEST_COOKIE) && (await readPendingRequest(env, request)) !== null) return 'flash'
    return 'nobody'
  }

  /**
   * A portal address on the deployment's host (`/portal/{slug}/...`) of an org with a primary domain: the same
   * path there, 301 (docs/decisions/041). Staff signed in here keep the address (editing in place needs their
   * session, which is this host's), and so do data requests (the client router's, not a visitor's address).
   * True when answered.
   */
  async function redirectToPrimaryDomain(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '/'
    const match = /^\/portal\/([^/?#.]+)(\/[^?#]*)?(\?.*)?$/.exec(url)
    if (!match || match[2]?.endsWith('.data')) return false
    let slug: string
    try {
      slug = decodeURIComponent(match[1])
    } catch {
      return false
    }
    const domain = await hosts.primaryDomain(slug)
    if (!domain) return false
    if (cookieNames(req.headers.cookie).has(STAFF_COOKIE) && (await getStaffMember(database.db, new Request(env.APP_URL, { headers: { cookie: req.headers.cookie ?? '' } }))))
      return false
    const origin = `${new URL(env.APP_URL).protocol}//${domain}`
    const target = new URL(`${match[2] || '/'}${match[3] ?? ''}`, origin)
    res.statusCode = 301
    // A path that would leave the domain (`//elsewhere`) goes to its home page instead.
    res.setHeader('Location', target.origin === origin ? target.href : `${origin}/`)
    // Not kept by browsers: removing the domain or changing the primary one takes effect at once.
    res.setHeader('Cache-Control', 'no-store')
    res.end()
    return true
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
    const staff = await getStaffMember(
      database.db,
      new Request(env.APP_URL, {
        headers: { cookie: req.headers.cookie ?? '' },
      }),
    )
    return staff?.permissions.includes(upload.permission) ? uploadBodyLimit(maxUploadBytes) : FORM_BODY_LIMIT
  }

  return {
    listener,
    database,
    env,
    demo,
    setupUrl: setupToken ? env.APP_URL + setupPath(setupToken) : undefined,
    beginShutdown() {
      stopping = true
    },
    close() {
      // Once, however often it is asked (a shutdown's deadline may ask while the first close runs).
      closing ??= (async () => {
        stopping = true
        stopExpiryNotices()
        // The anonymous views counted since the last batch are written before the database closes.
        await Promise.all([textExtraction.stop(), emailWorker?.stop(), domainChecks.stop(), stopPublicFetches(database.db)])
        await database.close()
        await unlock()
      })()
      return closing
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
  headers.delete(COUNTED_FETCH_HEADER)
  if (personal || response.headers.has('set-cookie')) headers.set('Cache-Control', 'private, no-store')
  else if (!headers.has('cache-control')) headers.set('Cache-Control', 'no-store')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** The store's key for the page every host that is not ours gets. */
const UNKNOWN_HOST_KEY = '(a host not ours)'

/** Removes the personal cookies from a request, in both forms the app reads (headers, and the raw ones the Fetch Request is built from). */
function dropPersonalCookies(req: IncomingMessage) {
  const kept = (header: string) =>
    header
      .split(';')
      .filter((part) => !PERSONAL_COOKIES.includes(part.slice(0, part.indexOf('=')).trim()))
      .join(';')
      .trim()
  const cookie = kept(req.headers.cookie ?? '')
  if (cookie) req.headers.cookie = cookie
  else delete req.headers.cookie
  for (let index = req.rawHeaders.length - 2; index >= 0; index -= 2) {
    if (req.rawHeaders[index].toLowerCase() !== 'cookie') continue
    const value = kept(req.rawHeaders[index + 1])
    if (value) req.rawHeaders[index + 1] = value
    else req.rawHeaders.splice(index, 2)
  }
}

function writeAnswer(res: ServerResponse, answer: Answer) {
  res.statusCode = answer.status
  for (const [name, value] of answer.headers) res.setHeader(name, value)
  res.end(answer.body ?? undefined)
}

/** A request refused for the server's sake (429: this client's budget; 503: too many at once): try again in `retryAfter` seconds. */
function refusal(status: 429 | 503, message: string, retryAfter: number) {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': String(retryAfter) } })
}

/** A stored page as a Fetch response (for a public one, the listener's fast path writes the same answer to Node directly). */
async function storedResponse(page: StoredBody, request: Request, hit: boolean) {
  const answer = await answerStoredPage(
    page,
    { method: request.method, acceptEncoding: request.headers.get('accept-encoding'), ifNoneMatch: request.headers.get('if-none-match') },
    hit,
  )
  return new Response(answer.body ? new Uint8Array(answer.body) : null, { status: answer.status, headers: answer.headers })
}
