// The first start on an empty database (issue 23, docs/decisions/038): the server prints a one-time setup
// link; its page creates the first org and its owner. The token is kept hashed, valid until used; each start
// while there is still no org replaces it, so only the link printed last works.

import type { Database } from '../../db/index'
import { hashToken, looksLikeToken, newToken } from '../auth/tokens'
import type { Env } from '../env'
import { notFound, TooManyRequests } from '../errors'
import { hitRateLimit } from '../auth/rate-limit'
import { throttledAddress } from '../http/client-address'
import { isDeploymentHost } from '../portal/resolve'
import { createOrg, lockOrgCreation, type CreatedOrg, type NewOrg } from './create'

/** The one answer to every refused setup link: used, replaced, wrong, another host, or an org exists already. */
export const SETUP_LINK_REFUSED = 'This setup link is invalid or already used. Restart the server to print a new one while no trust center exists.'

/** The setup page's path for a token. */
export const setupPath = (token: string) => `/setup/${token}`

async function hasOrg(db: Database) {
  return Boolean(await db.selectFrom('orgs').select('id').limit(1).executeTakeFirst())
}

/**
 * A new setup link's token when the database holds no org (the link is `{APP_URL}/setup/{token}`), else
 * null. Earlier tokens stop working.
 */
export async function issueSetupToken(db: Database): Promise<string | null> {
  const token = newToken()
  const issued = await db.transaction().execute(async (trx) => {
    await lockOrgCreation(trx)
    if (await hasOrg(trx)) return false
    await trx.deleteFrom('setup_tokens').execute()
    await trx
      .insertInto('setup_tokens')
      .values({ token_hash: hashToken(token) })
      .execute()
    return true
  })
  return issued ? token : null
}

/**
 * Throws the setup link's 404 unless the request came to the deployment's own host (APP_URL's), the token
 * is the live one, and no org exists yet.
 */
export async function requireSetupLink(db: Database, env: Pick<Env, 'APP_URL'>, request: Request, token: string | undefined) {
  const host = request.headers.get('host') ?? new URL(request.url).host
  if (!isDeploymentHost(host, env.APP_URL) || !looksLikeToken(token)) throw notFound(SETUP_LINK_REFUSED)
  const row = await db.selectFrom('setup_tokens').select('token_hash').where('token_hash', '=', hashToken(token)).executeTakeFirst()
  if (!row || (await hasOrg(db))) throw notFound(SETUP_LINK_REFUSED)
}

/**
 * Creates the first org from the setup link, in one transaction that consumes the token; null when the token
 * is no longer good (used by a submission that got there first, replaced) or an org exists.
 */
export async function completeSetup(db: Database, token: string, input: NewOrg): Promise<CreatedOrg | null> {
  return db.transaction().execute(async (trx) => {
    // Two submissions at once: the second waits here, then finds the token gone.
    await lockOrgCreation(trx)
    const used = await trx.deleteFrom('setup_tokens').where('token_hash', '=', hashToken(token)).returning('token_hash').executeTakeFirst()
    if (!used || (await hasOrg(trx))) return null
    await trx.deleteFrom('setup_tokens').execute()
    return createOrg(trx, input, 'setup page')
  })
}

/** Setup submissions one client address may make per window, as /login counts its attempts per address. */
export const SETUP_LIMITS = { perAddress: 10, windowSeconds: 15 * 60 } as const

/**
 * Counts a submission of a live setup link before its form is parsed or its password hashed; throws a 429
 * past the limit. Per address only: a cap over all addresses would let anyone lock the operator out.
 */
export async function admitSetupAttempt(db: Database, clientAddress: string) {
  const hit = await hitRateLimit(db, `setup:${throttledAddress(clientAddress)}`, SETUP_LIMITS.perAddress, SETUP_LIMITS.windowSeconds)
  if (!hit.allowed) throw new TooManyRequests(`Too many setup attempts. Try again in ${Math.ceil(hit.retryAfterSeconds / 60)} minutes.`, hit.retryAfterSeconds)
}
