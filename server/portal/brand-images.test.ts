import { describe, expect, it } from 'vitest'
import { brandLinks, brandVersion, builtInLogoPath, type BrandSource } from './brand-images'

const source: BrandSource = {
  orgId: '00000000-0000-0000-0000-000000000001',
  name: 'Acme',
  title: 'Trust Center',
  brandColor: null,
  logoUrl: null,
  logoFileId: null,
  faviconFileId: null,
  revision: 3,
}

describe('brand image versions and links', () => {
  it('moves with the revision and with each input of the drawing', () => {
    const version = brandVersion(source)
    expect(version).toMatch(/^3-[0-9a-f]{12}$/)
    expect(brandVersion({ ...source })).toBe(version)
    const changed = [
      { revision: 4 },
      { name: 'Acme Inc' },
      { title: 'Security' },
      { brandColor: '#7c2d12' },
      { logoUrl: '/images/northwind-logo.svg' },
      { logoFileId: '00000000-0000-0000-0000-000000000002' },
      { faviconFileId: '00000000-0000-0000-0000-000000000003' },
    ].map((change) => brandVersion({ ...source, ...change }))
    expect(new Set([version, ...changed]).size).toBe(changed.length + 1)
  })

  it('reads built-in logos under /images only', () => {
    expect(builtInLogoPath('/images/northwind-logo.svg')).toBe('/images/northwind-logo.svg')
    for (const url of ['/images/../server/env.ts', '//evil.example/images/a.svg', 'https://evil.example/logo.png', '/images//etc/passwd.svg', '/portal/x/files/1/logo.png', null]) {
      expect(builtInLogoPath(url)).toBeNull()
    }
  })

  it('links the share image on the portal’s own address, and the default favicon unless staff chose one', () => {
    const links = brandLinks(source, 'https://trust.acme.example/')
    expect(links.shareImage).toBe(`https://trust.acme.example/share.png?v=${brandVersion(source)}`)
    expect(links.icon).toEqual({ href: '/favicon.svg', type: 'image/svg+xml' })
    const withLogo = brandLinks({ ...source, logoUrl: '/images/northwind-logo.svg' }, 'http://localhost:3000/portal/acme')
    expect(withLogo.icon).toEqual({ href: '/favicon.svg', type: 'image/svg+xml' })
    const chosen = brandLinks({ ...source, faviconFileId: '00000000-0000-0000-0000-000000000004' }, 'http://localhost:3000/portal/acme')
    expect(chosen.icon.href).toMatch(/^http:\/\/localhost:3000\/portal\/acme\/favicon\.png\?v=3-/)
  })
})
