import { describe, expect, it } from 'vitest'
import { portalAddress } from './portal-view'

describe('portalAddress', () => {
  it('puts a page served at /portal/{slug} at the root of the primary domain', () => {
    const portal = { portalUrl: 'https://trust.acme.example', basePath: '/portal/acme' }
    expect(portalAddress(portal, '/portal/acme/')).toBe('https://trust.acme.example/')
    expect(portalAddress(portal, '/portal/acme/item/soc-2')).toBe('https://trust.acme.example/item/soc-2')
    expect(portalAddress(portal, '/images/logo.svg')).toBe('https://trust.acme.example/images/logo.svg')
  })

  it('keeps the deployment address and a custom domain as they are', () => {
    expect(portalAddress({ portalUrl: 'http://localhost:3000/portal/acme', basePath: '/portal/acme' }, '/portal/acme/item/x')).toBe('http://localhost:3000/portal/acme/item/x')
    expect(portalAddress({ portalUrl: 'https://trust.acme.example', basePath: '' }, '/product/api/x')).toBe('https://trust.acme.example/product/api/x')
    expect(portalAddress({ portalUrl: 'http://localhost:3000', basePath: '' }, '/')).toBe('http://localhost:3000/')
  })
})
