// Link previews (issue 23 item 5, docs/decisions/042-share-image.md): each org's pages carry its own share
// image, a 1200 x 630 PNG drawn from its name, colour and logo once per version and then served from the
// store, and its own favicon (the one staff chose, drawn square, else /favicon.svg).
import { readFile } from 'node:fs/promises'
import { expect, it } from 'vitest'
import { portalMeta } from '../../app/lib/portal-meta'
import type { PortalView } from '../../app/lib/portal-view'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as brandImageLoader } from '../../app/routes/resources/portal-brand-image'
import { rasterDimensions } from '../../server/files/images'
import { createFile as storeFile, fileStore } from '../../server/files/store'
import { brandImageDrawings } from '../../server/portal/brand-images'
import { bumpOrgRevision } from '../../server/portal/revision'
import { describeEachDatabase } from '../setup/database'
import { createOrg, type OrgFixture } from '../setup/factories'
import { pngHeaderOnly, solidPng } from '../setup/png'
import { callRoute } from '../setup/route'

describeEachDatabase('share image and favicon', (database) => {
  const db = () => database().handle.db

  const view = async (org: OrgFixture) => (await callRoute<PortalView>(portalLoader as never, database(), { path: org.home, params: org.params })).data
  const fetchImage = (org: OrgFixture, file: 'share.png' | 'favicon.png', query = '', method = 'GET') =>
    callRoute(brandImageLoader as never, database(), { path: `${org.home}/${file}${query}`, params: org.params, method })
  async function png(org: OrgFixture, file: 'share.png' | 'favicon.png' = 'share.png') {
    const result = await fetchImage(org, file)
    expect(result.status).toBe(200)
    expect(result.headers.get('content-type')).toBe('image/png')
    const bytes = new Uint8Array(await result.response!.arrayBuffer())
    return { bytes, size: rasterDimensions(bytes, 'png') }
  }
  const setOrg = (
    org: OrgFixture,
    values: { name?: string; brand_color?: string | null; logo_url?: string | null; logo_file_id?: string | null; favicon_file_id?: string | null },
  ) => db().updateTable('orgs').set(values).where('id', '=', org.id).execute()
  async function upload(org: OrgFixture, bytes: Uint8Array, contentType: string) {
    const file = await storeFile(db(), fileStore(database().env), { orgId: org.id, originalName: 'logo', contentType, bytes })
    return file.id
  }

  it('is a 1200 x 630 PNG that the portal links in its og tags, cached for a year under its version', async () => {
    const org = await createOrg(database())
    const portal = await view(org)
    const tags = portalMeta(portal)
    const content = (property: string) =>
      tags.find((tag) => 'property' in tag && tag.property === property)?.content ?? tags.find((tag) => 'name' in tag && tag.name === property)?.content
    const image = content('og:image')!
    expect(image).toMatch(new RegExp(`^http://localhost:3000/portal/${org.slug}/share\\.png\\?v=\\d+-[0-9a-f]{12}$`))
    expect(content('og:image:width')).toBe('1200')
    expect(content('og:image:height')).toBe('630')
    expect(content('og:image:type')).toBe('image/png')
    expect(content('og:image:alt')).toBe(`${org.name} Logo`)
    expect(content('og:updated_time')).toBe(portal.portal.updatedAt)
    expect(content('twitter:card')).toBe('summary_large_image')

    const { size } = await png(org)
    expect(size).toEqual({ width: 1200, height: 630 })
    const versioned = await fetchImage(org, 'share.png', new URL(image).search)
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await fetchImage(org, 'share.png', '?v=junk')).headers.get('cache-control')).toBe('public, max-age=300')
    const head = await fetchImage(org, 'share.png', '', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.response!.text()).toBe('')
  })

  it('is drawn once per version: concurrent first requests share one drawing, later ones are served from the store', async () => {
    const org = await createOrg(database())
    const before = brandImageDrawings.count
    const answers = await Promise.all([png(org), png(org), png(org)])
    expect(brandImageDrawings.count).toBe(before + 1)
    expect(new Set(answers.map(({ bytes }) => Buffer.from(bytes).toString('base64'))).size).toBe(1)
    const stored = await db().selectFrom('brand_images').select(['kind', 'version']).where('org_id', '=', org.id).execute()
    expect(stored).toEqual([{ kind: 'share', version: expect.stringMatching(/^\d+-[0-9a-f]{12}$/) }])
    await png(org)
    expect(brandImageDrawings.count).toBe(before + 1)
  })

  it('changes with the name, the colour, the logo and the revision', async () => {
    const org = await createOrg(database())
    const versionOf = async () => new URL((await view(org)).portal.shareImage).searchParams.get('v')
    const seen = new Set<string>()
    const versions = new Set<string | null>()
    const record = async () => {
      versions.add(await versionOf())
      seen.add(Buffer.from((await png(org)).bytes).toString('base64'))
    }
    await record()
    await setOrg(org, { name: 'Acme Security' })
    await record()
    await setOrg(org, { brand_color: '#7c2d12' })
    await record()
    await setOrg(org, { logo_url: '/images/northwind-logo.svg' })
    await record()
    const drawings = brandImageDrawings.count
    await bumpOrgRevision(db(), org.id)
    await record()
    expect(versions.size).toBe(5)
    // The revision alone changes the version, and so the drawing (its pixels may be the same).
    expect(brandImageDrawings.count).toBe(drawings + 1)
    expect(seen.size).toBe(4)
    // Only the latest version of each image is kept.
    expect(await db().selectFrom('brand_images').select('version').where('org_id', '=', org.id).execute()).toEqual([{ version: await versionOf() }])
  })

  it('favicon: the one staff chose (an SVG drawn square, a picture as it is), else /favicon.svg even with a logo', async () => {
    const org = await createOrg(database())
    expect((await view(org)).portal.icon).toEqual({ href: '/favicon.svg', type: 'image/svg+xml' })
    const none = await fetchImage(org, 'favicon.png')
    expect([none.status, none.location]).toEqual([302, '/favicon.svg'])

    const logo = await upload(org, await readFile('public/images/northwind-logo.svg'), 'image/svg+xml')
    await setOrg(org, { logo_file_id: logo })
    expect((await view(org)).portal.icon).toEqual({ href: '/favicon.svg', type: 'image/svg+xml' })
    await setOrg(org, { favicon_file_id: logo })
    const fromLogo = (await view(org)).portal.icon
    expect(fromLogo).toEqual({ href: expect.stringMatching(new RegExp(`^http://localhost:3000/portal/${org.slug}/favicon\\.png\\?v=`)), type: 'image/png' })
    const drawn = await png(org, 'favicon.png')
    expect(drawn.size).toEqual({ width: 128, height: 128 })

    await setOrg(org, { favicon_file_id: await upload(org, solidPng(48, 48, [13, 148, 136, 255]), 'image/png') })
    const uploaded = await png(org, 'favicon.png')
    expect(uploaded.size).toEqual({ width: 128, height: 128 })
    expect(Buffer.from(uploaded.bytes).equals(Buffer.from(drawn.bytes))).toBe(false)
    expect((await view(org)).portal.icon.href).not.toBe(fromLogo.href)
  })

  it('a hostile logo is refused and the image drawn without it: an SVG past the element limit, a raster claiming a huge size', async () => {
    const org = await createOrg(database())
    await setOrg(org, { name: 'Hostile Logo Inc' })
    const plain = await png(org)
    const shapes = '<rect width="1" height="1"/>'.repeat(20_000)
    await setOrg(org, { logo_file_id: await upload(org, new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${shapes}</svg>`), 'image/svg+xml') })
    const svg = await png(org)
    expect(svg.size).toEqual({ width: 1200, height: 630 })
    expect(Buffer.from(svg.bytes).equals(Buffer.from(plain.bytes))).toBe(true)

    await setOrg(org, { logo_file_id: await upload(org, pngHeaderOnly(100_000, 100_000), 'image/png') })
    const huge = await png(org)
    expect(Buffer.from(huge.bytes).equals(Buffer.from(plain.bytes))).toBe(true)
    // A script, a link and an image inside an SVG logo are dropped; its shapes are drawn.
    await setOrg(org, {
      logo_file_id: await upload(
        org,
        new TextEncoder().encode(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>while(1){}</script><image href="http://169.254.169.254/x.png" width="10" height="10"/><rect width="10" height="10" fill="#0d9488"/></svg>',
        ),
        'image/svg+xml',
      ),
    })
    const drawn = await png(org)
    expect(Buffer.from(drawn.bytes).equals(Buffer.from(plain.bytes))).toBe(false)
  })

  it('another org on its own address gets its own image', async () => {
    const first = await createOrg(database())
    const second = await createOrg(database())
    const a = await png(first)
    const b = await png(second)
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(false)
    expect((await view(second)).portal.shareImage).toContain(`/portal/${second.slug}/share.png?v=`)
  })
})
