import type { Database } from '../db/index'
import type { Env } from './env'
import type { PageCache } from './page-cache'

/**
 * What every loader and action is given: server/http/app.ts builds it per request and hands it to React
 * Router as its load context (`AppLoadContext` extends this), so server modules take it without react-router.
 */
export interface LoadContext {
  db: Database
  env: Env
  nonce: string
  clientAddress: string
  pageCache: PageCache
}
