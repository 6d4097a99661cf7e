// Which route React Router matches for a path, read from the server build: what the page store keeps
// (server/page-cache.ts says what each kind is) and which `.data` requests would buffer a file.
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import type { StoredKind } from '../page-cache'

const STORED_ROUTES: [RegExp, StoredKind][] = [
  [/^(org-)?portal-(home|item|product|product-item)$/, 'page'],
  [/^(org-)?portal-(trust-data|llms|feed)$/, 'data'],
  [/^security-txt$/, 'data'],
  [/^routes\/not-found$/, 'not-found'],
  [/^(org-)?portal-file$/, 'file'],
]

/** The kind of answer a path gets, for the store; `manifestPath` is React Router's own (lazy route discovery), never a page. */
export function storedRouteMatcher(manifest: ServerBuild['routes'], manifestPath = '/__manifest') {
  const routeOf = routeLookup(manifest)
  return (pathname: string): StoredKind | null => {
    // A `.data` request is of the page React Router answers it for (`/_root.data` is `/`'s, `/x/.data` is `/x`'s).
    const kind = STORED_ROUTES.find(([route]) => route.test(routeOf(dataRequestPage(pathname))?.id ?? ''))?.[1] ?? null
    // A `.data` request or the manifest is answered by React Router itself, whatever route the path matches.
    if (kind !== 'page' && (pathname.endsWith('.data') || pathname === manifestPath)) return null
    return kind
  }
}

/** The path of the page a `.data` request asks for, as React Router reads it (its getNormalizedPath); any other path as it is. */
function dataRequestPage(pathname: string) {
  if (pathname === '/_root.data') return '/'
  if (!pathname.endsWith('.data')) return pathname
  const page = pathname.slice(0, -'.data'.length)
  return page !== '/' && page.endsWith('/') ? page.slice(0, -1) : page
}

/**
 * Whether the `.data` form of a request would run a resource route (no page) that answers with bytes:
 * React Router would buffer whatever it returns (a file, a whole archive) into the data payload. Its
 * loaders (files, letters, the feed, exports) have no data form; an action that streams says so with
 * `handle.streams` (the bulk download). Other actions (log out, sign the NDA) answer a JavaScript form's
 * post with a redirect and keep theirs.
 */
export function streamingDataMatcher(manifest: ServerBuild['routes']) {
  const routeOf = routeLookup(manifest)
  return (pathname: string, method: string) => {
    const module = routeOf(pathname)?.module
    if (!module || module.default) return false
    return method === 'GET' || method === 'HEAD' || (module.handle as { streams?: boolean } | undefined)?.streams === true
  }
}

type ManifestRoute = NonNullable<ServerBuild['routes'][string]>

/** The route React Router matches for a path; recent answers are remembered. */
function routeLookup(manifest: ServerBuild['routes']) {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] }
  const childrenOf = (parentId: string | undefined): Node[] =>
    Object.values(manifest)
      .filter((route) => route?.parentId === parentId)
      .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: childrenOf(route!.id) }))
  const tree = childrenOf(undefined)
  // Matching ranks every route on each call: remember recent answers (a bounded map, oldest out first).
  const known = new Map<string, ManifestRoute | undefined>()
  return (pathname: string) => {
    if (known.has(pathname)) return known.get(pathname)
    const id = matchRoutes(tree as RouteObject[], pathname)?.at(-1)?.route.id
    const route = id ? manifest[id] : undefined
    if (known.size >= 1000) known.delete(known.keys().next().value!)
    known.set(pathname, route)
    return route
  }
}
