import { badRequest, notFound } from '../errors'
import type { Database } from '../../db/index'
import type { Env } from '../env'
import { FIRST_BATCH, GROUP_PREVIEW, isSearchGroup, keptHref, SEARCH_QUERY_MAX, type SearchGroupType, type SearchHit, type SearchResults } from '../../app/lib/search'
import { answerQuestion, answersOfferedTo, checkQuestion, collectAnswer } from '../ai/answers'
import { getViewer, type PortalViewer } from '../access/viewer'
import { resolvePortalOrg, type PortalOrg } from '../portal/resolve'
import { portalPageBrand } from '../portal/brand-images'
import { searchPortal, type SearchScope } from './query'

const QUERY_TOO_LONG = `Search terms can be at most ${SEARCH_QUERY_MAX} characters.`

export interface SearchRequest {
  org: PortalOrg
  viewer: PortalViewer
  scope: SearchScope
  term: string
  group: SearchGroupType | null
  offset: number
  /** Parameters every link of the page keeps: the product, and a preview's account or profile. */
  keep: Record<string, string>
}

/** Reads a search request: the org, the viewer, the product and the query; 400 for a query over the limit. */
export async function readSearchRequest(db: Database, env: Env, request: Request, orgSlug: string | undefined): Promise<SearchRequest> {
  const org = await resolvePortalOrg(db, env, request, orgSlug)
  const viewer = await getViewer(request, db, org)
  const search = new URL(request.url).searchParams
  const term = (search.get('q') ?? '').trim()
  if (term.length > SEARCH_QUERY_MAX) throw badRequest(QUERY_TOO_LONG)
  const products = await db.selectFrom('products').select(['id', 'slug', 'is_default']).where('org_id', '=', org.id).orderBy('position').orderBy('name').execute()
  const slug = search.get('product')?.toLowerCase()
  const product =
    (slug ? (products.find((entry) => entry.slug === slug) ?? (await renamedProduct(db, org.id, slug, products))) : undefined) ??
    products.find((entry) => entry.is_default) ??
    products[0]
  if (!product) throw notFound('This page does not exist.')
  const group = search.get('group')
  const offset = Number.parseInt(search.get('offset') ?? '0', 10)
  const keep: Record<string, string> = {}
  if (slug && !product.is_default) keep.product = product.slug
  for (const name of ['accountId', 'permissionProfileId']) {
    const value = search.get(name)
    if (value && viewer.preview) keep[name] = value.slice(0, 64)
  }
  return {
    org,
    viewer,
    scope: { org, product: { id: product.id, slug: product.slug, isDefault: product.is_default }, viewer },
    term,
    group: isSearchGroup(group) ? group : null,
    offset: Number.isFinite(offset) && offset > 0 ? Math.min(offset, 10_000) : 0,
    keep,
  }
}

/** The results: the first few of every group, or one group paged when asked for it. */
async function searchResults(db: Database, request: SearchRequest): Promise<SearchResults> {
  return searchPortal(db, request.scope, request.term, request.group ? { group: request.group, offset: request.offset, limit: FIRST_BATCH } : { limit: GROUP_PREVIEW })
}

/** What the results page shows around the results. */
async function searchPageFrame(db: Database, request: SearchRequest) {
  const { org } = request
  const brand = await portalPageBrand(db, org)
  return {
    org: { name: org.name, logoUrl: org.logoUrl, brandColor: brand.brandColor },
    portalTitle: brand.portalTitle,
    icon: brand.icon,
    home: request.scope.product.isDefault ? `${org.basePath}/` : `${org.basePath}/product/${request.scope.product.slug}`,
    action: `${org.basePath}/search`,
  }
}

/**
 * The results page's data: the results, or with `mode=ai` (offered to this viewer) the whole AI answer,
 * for browsers without JavaScript (the dialog streams it from {portal}/search/answer instead).
 */
export async function loadSearchPage(context: { db: Database; env: Env; clientAddress?: string | null }, request: Request, orgSlug: string | undefined) {
  const { db, env } = context
  const search = await readSearchRequest(db, env, request, orgSlug)
  const frame = await searchPageFrame(db, search)
  const ai = await answersOfferedTo(db, env, search.org.id, search.viewer)
  const wantsAnswer = ai && new URL(request.url).searchParams.get('mode') === 'ai' && !search.group
  // A question goes to the model and spends the viewer's allowance: only when asked from this site (the form
  // below) or typed in the address bar, never by a link on another site. Such a link gets the question ready to ask.
  const asked = askedHere(request)
  let results: SearchResults | null = null
  let answer: { text: string | null; sources: SearchHit[]; error: string | null } | null = null
  let failed = false
  if (search.term && wantsAnswer && !asked) {
    answer = null
  } else if (search.term && wantsAnswer) {
    const refused = await checkQuestion(db, search.viewer, search.term)
    answer = refused
      ? { text: null, sources: [], error: refused.message }
      : await collectAnswer(
          answerQuestion(db, env, {
            scope: search.scope,
            viewer: search.viewer,
            orgName: search.org.name,
            question: search.term,
            ip: context.clientAddress,
            userAgent: request.headers.get('user-agent'),
          }),
        )
  } else if (search.term) {
    try {
      results = await searchResults(db, search)
    } catch (error) {
      console.error('[search] failed:', error instanceof Error ? error.message : error)
      failed = true
    }
  }
  // Result links keep a preview's account or profile, as the dialog's do.
  const kept = (hit: SearchHit) => ({ ...hit, href: keptHref(hit.href, search.keep) })
  if (results) results = { ...results, groups: results.groups.map((group) => ({ ...group, hits: group.hits.map(kept) })) }
  if (answer) answer = { ...answer, sources: answer.sources.map(kept) }
  return {
    ...frame,
    term: search.term,
    group: search.group,
    offset: search.offset,
    keep: search.keep,
    ai,
    mode: wantsAnswer ? ('ai' as const) : ('search' as const),
    results,
    answer,
    /** A question from another site's link: shown, not asked until the visitor presses Search. */
    unasked: Boolean(search.term && wantsAnswer && !asked),
    failed,
  }
}

/** Whether a navigation comes from this site or the visitor's own hand (Fetch Metadata; older browsers send none). */
function askedHere(request: Request) {
  const site = request.headers.get('sec-fetch-site')
  return !site || site === 'same-origin' || site === 'none'
}

/** A product asked for by a slug it had before (a link shared before a rename): the product it now is. */
async function renamedProduct<T extends { id: string }>(db: Database, orgId: string, slug: string, products: T[]) {
  const moved = await db.selectFrom('product_slug_redirects').select('product_id').where('org_id', '=', orgId).where('old_slug', '=', slug).executeTakeFirst()
  return moved ? products.find((entry) => entry.id === moved.product_id) : undefined
}
