import { describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { isPersonalRequest, storeKey } from './page-cache'
import { storedRouteMatcher } from './http/route-match'

// The shape of app/routes.ts that matters here: portal pages, the file route, and pages for one person.
const manifest = Object.fromEntries(
  [
    { id: 'root', path: '' },
    { id: 'routes/auth/login', path: 'login', parentId: 'root' },
    { id: 'routes/auth/accept-invite', path: 'invite/:token', parentId: 'root' },
    { id: 'org-portal-home', path: 'portal/:orgSlug/', parentId: 'root' },
    { id: 'org-portal-item', path: 'portal/:orgSlug/item/:itemSlug', parentId: 'root' },
    { id: 'org-portal-file', path: 'portal/:orgSlug/files/:fileId/:fileName?', parentId: 'root' },
    { id: 'portal-home', path: '/', parentId: 'root' },
    { id: 'portal-product', path: 'product/:productSlug', parentId: 'root' },
    { id: 'portal-trust-data', path: 'trust.json', parentId: 'root' },
    { id: 'org-portal-llms', path: 'portal/:orgSlug/llms.txt', parentId: 'root' },
    { id: 'routes/not-found', path: '*', parentId: 'root' },
  ].map((route) => [route.id, route]),
) as unknown as ServerBuild['routes']

describe('the page cache', () => {
  it('stores portal pages, trust data, public files and the not-found page only, matched as React Router matches them', () => {
    const kindOf = storedRouteMatcher(manifest)
    for (const path of ['/', '/portal/northwind', '/PORTAL/northwind/item/soc-2', '/product/mobile']) expect(kindOf(path), path).toBe('page')
    for (const path of ['/trust.json', '/portal/northwind/llms.txt']) expect(kindOf(path), path).toBe('data')
    for (const path of ['/nothing/here', '/members', '/trust.json/x']) expect(kindOf(path), path).toBe('not-found')
    // React Router answers these itself, whatever route the path matches.
    expect(kindOf('/portal/northwind/files/1/a.pdf')).toBe('file')
    for (const path of ['/login', '/invite/abc', '/nothing.data', '/trust.json.data', '/__manifest']) expect(kindOf(path), path).toBe(null)
    // A page's data request, in every spelling React Router answers for the page (the home's is `/_root.data`).
    for (const path of ['/_root.data', '/.data', '/portal/northwind.data', '/portal/northwind/.data', '/product/mobile/.data']) expect(kindOf(path), path).toBe('page')
  })

  it('keys trust data without its query, and the not-found page by host alone', () => {
    expect(storeKey('a.test', 'page', '/', '?faqs=true')).toBe('a.test/?faqs=true')
    expect(storeKey('a.test', 'data', '/trust.json', '?junk=1')).toBe(storeKey('a.test', 'data', '/trust.json', ''))
    expect(storeKey('a.test', 'not-found', '/x', '?y')).toBe(storeKey('a.test', 'not-found', '/z', ''))
    expect(storeKey('a.test', 'not-found', '/x', '')).not.toBe(storeKey('b.test', 'not-found', '/x', ''))
    // A file by its id, whatever name follows it, and whether it is downloaded.
    expect(storeKey('a.test', 'file', '/files/1/a.pdf', '?x=1')).toBe(storeKey('a.test', 'file', '/files/1/b.pdf', ''))
    expect(storeKey('a.test', 'file', '/files/1/a.pdf', '?download')).not.toBe(storeKey('a.test', 'file', '/files/1/a.pdf', ''))
  })

  it('treats a request as personal by the cookie names the app reads, however they are spaced', () => {
    expect(isPersonalRequest('tc_staff =abc')).toBe(true)
    expect(isPersonalRequest('a=1; tc_flash=x')).toBe(true)
    expect(isPersonalRequest('_ga=1; not_tc_staff=1')).toBe(false)
    expect(isPersonalRequest(undefined)).toBe(false)
  })
})
