import { describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { isPersonalRequest, portalPageMatcher } from './page-cache'

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
    { id: 'routes/not-found', path: '*', parentId: 'root' },
  ].map((route) => [route.id, route]),
) as unknown as ServerBuild['routes']

describe('the page cache', () => {
  it('stores portal pages only, matched as React Router matches them', () => {
    const isPortalPage = portalPageMatcher(manifest)
    for (const path of ['/', '/portal/northwind', '/PORTAL/northwind/item/soc-2', '/product/mobile']) expect(isPortalPage(path), path).toBe(true)
    for (const path of ['/login', '/invite/abc', '/portal/northwind/files/1/a.pdf', '/members', '/nothing/here']) expect(isPortalPage(path), path).toBe(false)
    expect(isPortalPage('/invite/abc')).toBe(false)
  })

  it('treats a request as personal by the cookie names the app reads, however they are spaced', () => {
    expect(isPersonalRequest('tc_staff =abc')).toBe(true)
    expect(isPersonalRequest('a=1; tc_flash=x')).toBe(true)
    expect(isPersonalRequest('_ga=1; not_tc_staff=1')).toBe(false)
    expect(isPersonalRequest(undefined)).toBe(false)
  })
})
