import { sql, type Expression } from 'kysely'
import { NO_TRUST_CENTER } from '../../app/lib/setup-copy'
import { CompanyNotFound, notFound, PortalMoved } from '../errors'
import type { Database } from '../../db/index'
import { brandFileUrl } from '../files/urls'
import type { Env } from '../env'

export interface PortalOrg {
  id: string
  slug: string
  name: string
  website: string | null
  logoUrl: string | null
  /** `#rrggbb`, or null for the portal's default accent colour. */
  brandColor: string | null
  /** The uploaded logo and favicon (files of the org), read by the share image and favicon (server/portal/brand-images.ts). */
  logoFileId: string | null
  faviconFileId: string | null
  /** The org's own favicon (/brand/{fileId}), or null for the built-in one. */
  faviconUrl: string | null
  publicAccessLevel: 'Limited' | 'PublicContentOnly' | 'Minimal'
  documentAccessType: 'view-only' | 'view-and-download'
  /** Where the portal lives on this host: '' on a custom domain or for the default org, else /portal/{slug}. */
  basePath: string
  /**
   * The absolute URL of the portal's home page, for canonical links, share links and e-mails: the org's primary
   * domain when it has one (whatever host the request came on), else where the request found it.
   */
  portalUrl: string
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether a Host header names this deployment (any loopback name counts when APP_URL is loopback). */
const parsedAppUrls = new Map<string, URL>()

export function isDeploymentHost(host: string, appUrl: string) {
  let app = parsedAppUrls.get(appUrl)
  if (!app) parsedAppUrls.set(appUrl, (app = new URL(appUrl)))
  if (host === app.host) return true
  const [name, port = ''] = splitHost(host)
  return LOOPBACK.has(app.hostname) && LOOPBACK.has(name) && port === app.port
}

function splitHost(host: string): [string, string] {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(host)
  return match ? [match[1].toLowerCase(), match[2] ?? ''] : [host.toLowerCase(), '']
}

function requestHost(request: Request) {
  return request.headers.get('host') ?? new URL(request.url).host
}

/**
 * Which org's portal a request is for (PRODUCT.md section 1). Throws the "Company not found" 404 for
 * a host that is neither ours nor a mapped custom domain, and a plain 404 for an unknown org slug.
 */
export async function resolvePortalOrg(db: Database, env: Env, request: Request, orgSlug: string | undefined): Promise<PortalOrg> {
  const host = requestHost(request)
  const query = db
    .selectFrom('orgs')
    .select([
      'id',
      'slug',
      'name',
      'website',
      'logo_url',
      'brand_color',
      'logo_file_id',
      'favicon_file_id',
      'public_access_level',
      'document_access_type',
      (eb) => primaryDomain(eb.ref('orgs.id')).as('primary_domain'),
    ])

  if (!isDeploymentHost(host, env.APP_URL)) {
    const [hostname] = splitHost(host)
    // Only a verified domain is served: a pending or failed one is anyone's claim until its TXT record proves it.
    const org = await query.where('id', '=', db.selectFrom('custom_domains').select('org_id').where('host', '=', hostname).where('status', '=', 'verified')).executeTakeFirst()
    if (!org || orgSlug) throw new CompanyNotFound()
    return toPortalOrg(org, '', `${new URL(request.url).protocol}//${host}`)
  }

  if (orgSlug) {
    const org = await query.where('slug', '=', orgSlug.toLowerCase()).executeTakeFirst()
    if (!org) {
      await throwIfMoved(db, request, orgSlug)
      throw notFound((await query.limit(1).executeTakeFirst()) ? 'This trust center does not exist.' : NO_TRUST_CENTER)
    }
    return toPortalOrg(org, `/portal/${org.slug}`, org.primary_domain ? domainUrl(env, org.primary_domain) : `${env.APP_URL}/portal/${org.slug}`)
  }

  // DEFAULT_ORG may name the slug the org had when the variable was set: staff can change it since.
  const org = env.DEFAULT_ORG
    ? await query
        .where((eb) => eb.or([eb('slug', '=', env.DEFAULT_ORG!), eb('id', '=', eb.selectFrom('org_slug_redirects').select('org_id').where('slug', '=', env.DEFAULT_ORG!))]))
        .executeTakeFirst()
    : await query.orderBy('created_at').executeTakeFirst()
  if (!org) throw notFound(NO_TRUST_CENTER)
  return toPortalOrg(org, '', org.primary_domain ? domainUrl(env, org.primary_domain) : env.APP_URL)
}

/** The org's primary domain: verified (only such can be primary), one per org at most. */
function primaryDomain(orgId: Expression<string>) {
  return sql<string | null>`(select host from custom_domains where custom_domains.org_id = ${orgId} and is_primary and status = 'verified')`
}

/** A custom domain's home page: APP_URL's scheme (TLS ends at the proxy for both). */
export function domainUrl(env: Pick<Env, 'APP_URL'>, host: string) {
  return `${new URL(env.APP_URL).protocol}//${host}`
}

/**
 * An address the org left (its old slug) answers a 301 to the same page at its new one: `/portal/{old}/...`
 * to `/portal/{new}/...`, deeper path and query kept, so links already shared keep working.
 */
async function throwIfMoved(db: Database, request: Request, orgSlug: string) {
  const moved = await db
    .selectFrom('org_slug_redirects')
    .innerJoin('orgs', 'orgs.id', 'org_slug_redirects.org_id')
    .select('orgs.slug')
    .where('org_slug_redirects.slug', '=', orgSlug.toLowerCase())
    .executeTakeFirst()
  if (!moved) return
  const url = new URL(request.url)
  const prefix = /^\/portal\/[^/]+/i.exec(url.pathname)
  if (!prefix) return
  throw new PortalMoved(`/portal/${moved.slug}${url.pathname.slice(prefix[0].length)}${url.search}`)
}

function toPortalOrg(
  org: {
    id: string
    slug: string
    name: string
    website: string | null
    logo_url: string | null
    brand_color: string | null
    logo_file_id: string | null
    favicon_file_id: string | null
    public_access_level: string
    document_access_type: string
  },
  basePath: string,
  portalUrl: string,
): PortalOrg {
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    website: org.website,
    logoUrl: org.logo_url,
    brandColor: org.brand_color,
    logoFileId: org.logo_file_id,
    faviconFileId: org.favicon_file_id,
    faviconUrl: org.favicon_file_id ? brandFileUrl(org.favicon_file_id) : null,
    publicAccessLevel: org.public_access_level as PortalOrg['publicAccessLevel'],
    documentAccessType: org.document_access_type as PortalOrg['documentAccessType'],
    basePath,
    portalUrl,
  }
}

/**
 * The org's portal URL for links in e-mails, canonical URLs and share links (PRODUCT.md section 4): its primary
 * verified domain, else its page on the deployment's own host; never the Host header of the request that caused it.
 */
export async function orgPortalUrl(db: Database, env: Env, orgId: string): Promise<string> {
  const org = await db
    .selectFrom('orgs')
    .select(['slug', (eb) => primaryDomain(eb.ref('orgs.id')).as('domain')])
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow()
  return org.domain ? domainUrl(env, org.domain) : `${env.APP_URL}/portal/${org.slug}`
}

/** What the org calls its portal ("Trust Center" unless staff renamed it), for messages and documents. */
export async function portalTitle(db: Database, orgId: string) {
  const row = await db.selectFrom('portal_customizations').select('portal_title').where('org_id', '=', orgId).executeTakeFirst()
  return row?.portal_title ?? 'Trust Center'
}
