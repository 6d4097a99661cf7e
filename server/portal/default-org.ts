import type { Database } from '../../db/index'

/**
 * Why DEFAULT_ORG cannot serve `/` on the deployment's host, or null when it can (or is unset): it must name
 * an org's slug exactly, as the portal looks it up (server/portal/resolve.ts). Checked at boot, after the
 * demo seed, so a typo stops the server instead of answering 404 at `/` to every visitor.
 */
export async function defaultOrgProblem(db: Database, slug: string | undefined): Promise<string | null> {
  if (!slug) return null
  if (await db.selectFrom('orgs').select('id').where('slug', '=', slug).executeTakeFirst()) return null
  // An org's old slug still names it (staff changed the portal's address since DEFAULT_ORG was set).
  if (await db.selectFrom('org_slug_redirects').select('org_id').where('slug', '=', slug).executeTakeFirst()) return null
  const orgs = await db.selectFrom('orgs').select('slug').orderBy('created_at').limit(11).execute()
  if (orgs.length === 0) return `"${slug}" names no org: this database has none yet (unset DEFAULT_ORG, create it with npm run setup, or seed the demo with SEED_DEMO=true)`
  const known =
    orgs
      .slice(0, 10)
      .map((org) => org.slug)
      .join(', ') + (orgs.length > 10 ? ', ...' : '')
  return `"${slug}" names no org: set it to an org's slug (${known}), or unset it to serve the oldest org`
}
