// The company's identity (/settings/company, issue 23 item 3) and /.well-known/security.txt (item 8).
import { deflateSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { action as companyAction, loader as companyLoader } from '../../app/routes/staff/settings/company'
import { loader as portalLoader } from '../../app/routes/portal/portal'
import { loader as brandLoader } from '../../app/routes/resources/brand-file'
import { loader as securityTxtLoader } from '../../app/routes/resources/security-txt'
import { COMPANY_MESSAGES } from '../../app/lib/schemas/company'
import { defaultOrgProblem } from '../../server/portal/default-org'
import { SETTINGS_MESSAGES } from '../../app/lib/schemas/settings'
import { describeEachDatabase } from '../setup/database'
import { createOrg, createStaffMember, type OrgFixture } from '../setup/factories'
import { callRoute } from '../setup/route'

type Form = Record<string, string | File>

/** A solid-colour RGBA PNG of the given size. */
function png(width: number, height: number) {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff
    for (const byte of bytes) c = table[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, body: Uint8Array) => {
    const out = Buffer.alloc(12 + body.length)
    out.writeUInt32BE(body.length, 0)
    out.write(type, 4, 'ascii')
    Buffer.from(body).copy(out, 8)
    out.writeUInt32BE(crc(out.subarray(4, 8 + body.length)), 8 + body.length)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const row = [0, ...Array.from({ length: width }, () => [29, 78, 216, 255]).flat()]
  const raw = Buffer.from(Array.from({ length: height }, () => row).flat())
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]))
}

/** A lossless WebP header of the given size (the bytes the server reads; no browser draws it). */
function webp(width: number, height: number) {
  const bytes = Buffer.alloc(40)
  bytes.write('RIFF', 0, 'ascii')
  bytes.writeUInt32LE(32, 4)
  bytes.write('WEBPVP8L', 8, 'ascii')
  bytes.writeUInt32LE(20, 16)
  bytes[20] = 0x2f
  bytes.writeUInt32LE((width - 1) | ((height - 1) << 14), 21)
  return new Uint8Array(bytes)
}

const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 400 100" onload="alert('svg-onload')">
  <script>alert('svg-script')</script>
  <image href="https://evil.test/track.png" width="10" height="10"/>
  <a xlink:href="javascript:alert(1)"><rect width="400" height="100" fill="#1d4ed8"/></a>
</svg>`

const file = (bytes: Uint8Array | string, name: string, type: string) => new File([bytes as BlobPart], name, { type })

describeEachDatabase('company settings', (database) => {
  const db = () => database().handle.db
  const post = (cookie: string, form: Form) => callRoute(companyAction, database(), { path: '/settings/company', cookie, form })
  const orgRow = (org: { id: string }) => db().selectFrom('orgs').selectAll().where('id', '=', org.id).executeTakeFirstOrThrow()
  const revision = async (org: { id: string }) =>
    (await db().selectFrom('portal_customizations').select('revision').where('org_id', '=', org.id).executeTakeFirstOrThrow()).revision
  const auditOf = (org: { id: string }) =>
    db()
      .selectFrom('audit_entries')
      .select(['action', 'actor', 'before', 'after'])
      .where('org_id', '=', org.id)
      .where('action', 'like', 'company.%')
      .orderBy('created_at')
      .execute()
  const portal = (org: OrgFixture, slug = org.slug) => callRoute(portalLoader, database(), { path: `/portal/${slug}`, params: { orgSlug: slug } })

  const details = (org: OrgFixture, overrides: Form = {}): Form => ({ intent: 'details', name: org.name, slug: org.slug, ...overrides })

  /** A save: the redirect back with its toast, one audit row of `action`, the revision moved. */
  async function saves(org: OrgFixture, form: Form, action: string) {
    const [before, auditBefore] = await Promise.all([revision(org), auditOf(org)])
    const saved = await post(org.admin.cookie, form)
    expect(saved.status, JSON.stringify(saved.data)).toBe(302)
    expect(saved.location).toBe('/settings/company')
    expect(await revision(org)).toBe(before + 1)
    const audit = await auditOf(org)
    expect(audit).toHaveLength(auditBefore.length + 1)
    expect(audit.at(-1)).toMatchObject({ action, actor: org.admin.email })
    return { saved, audit: audit.at(-1)! }
  }

  /** A refusal: 400 with the message on the field, and nothing written. */
  async function refuses(org: OrgFixture, form: Form, field: string, message: string | RegExp) {
    const [before, rev, audit, files] = await Promise.all([orgRow(org), revision(org), auditOf(org), db().selectFrom('files').select('id').where('org_id', '=', org.id).execute()])
    const refused = await post(org.admin.cookie, form)
    expect(refused.status).toBe(400)
    // A value no form may carry (a NUL) is refused before the schema reads it, with the page's own message.
    const errors = (typeof refused.data === 'string' ? [refused.data] : refused.data.result.error[field]) as string[]
    expect(errors.join(' ')).toMatch(message)
    expect(await orgRow(org)).toEqual(before)
    expect(await revision(org)).toBe(rev)
    expect(await auditOf(org)).toEqual(audit)
    expect(await db().selectFrom('files').select('id').where('org_id', '=', org.id).execute()).toEqual(files)
  }

  it('is for staff holding the settings permission only', async () => {
    const org = await createOrg(database())
    const cookie = await createStaffMember(database(), `docs@${org.slug}.test`, ['documents'], { org })
    const page = await callRoute(companyLoader, database(), { path: '/settings/company', cookie })
    expect(page.status).toBe(403)
    const refused = await post(cookie, details(org, { name: 'Taken Over' }))
    expect(refused.status).toBe(403)
    expect((await orgRow(org)).name).toBe(org.name)
  })

  it('saves name, website, colour, legal links; audits what changed; the portal shows them on the next view', async () => {
    const org = await createOrg(database())
    const { saved, audit } = await saves(
      org,
      details(org, { name: 'Acme Security', website: 'acme.example', brandColor: '#7C2D12', termsUrl: 'https://acme.example/terms', privacyUrl: 'https://acme.example/privacy' }),
      'company.details',
    )
    expect(saved.toast).toBe('Company details saved')
    expect(audit.before).toMatchObject({ name: org.name, website: null, brand_color: null })
    expect(audit.after).toMatchObject({ name: 'Acme Security', website: 'https://acme.example', brand_color: '#7c2d12', terms_url: 'https://acme.example/terms' })
    const view = (await portal(org)).data
    expect(view.org).toMatchObject({ name: 'Acme Security', website: 'https://acme.example', brandColor: '#7c2d12' })
    expect(view.visitor).toMatchObject({ termsUrl: 'https://acme.example/terms', privacyUrl: 'https://acme.example/privacy' })
    const page = (await callRoute(companyLoader, database(), { path: '/settings/company', cookie: org.admin.cookie })).data
    expect(page.company).toMatchObject({ name: 'Acme Security', brandColor: '#7c2d12', termsUrl: 'https://acme.example/terms' })

    // Emptied, the links go (the consent lines show plain words) and the colour is the default again.
    await saves(org, details(org, { name: 'Acme Security', website: '', brandColor: '', termsUrl: '', privacyUrl: '' }), 'company.details')
    expect((await portal(org)).data.visitor).toMatchObject({ termsUrl: null, privacyUrl: null })
    expect((await orgRow(org)).brand_color).toBeNull()
  })

  it('refuses each bad field with its message and writes nothing', async () => {
    const org = await createOrg(database())
    await refuses(org, details(org, { name: '  ' }), 'name', COMPANY_MESSAGES.nameRequired)
    await refuses(org, details(org, { name: 'x'.repeat(101) }), 'name', COMPANY_MESSAGES.nameLength)
    await refuses(org, details(org, { name: 'Acme\u0000' }), 'name', /one line|NUL/)
    await refuses(org, details(org, { website: 'http://acme.example' }), 'website', SETTINGS_MESSAGES.httpsOnly)
    await refuses(org, details(org, { termsUrl: 'javascript:alert(1)' }), 'termsUrl', /https|invalid/)
    await refuses(org, details(org, { privacyUrl: 'https://user:pw@acme.example' }), 'privacyUrl', SETTINGS_MESSAGES.invalidUrl)
    await refuses(org, details(org, { brandColor: 'red' }), 'brandColor', COMPANY_MESSAGES.colorInvalid)
    await refuses(org, details(org, { brandColor: '#1d4ed8;background:url(x)' }), 'brandColor', COMPANY_MESSAGES.colorInvalid)
    // White on yellow, and yellow on white, fail AA: refused with a darker shade that passes.
    await refuses(org, details(org, { brandColor: '#ffcc00' }), 'brandColor', /contrast of 1\.\d+:1; buttons and links need 4\.5:1 \(WCAG AA\)\. Try #[0-9a-f]{6}/)
    await refuses(org, details(org, { slug: 'Bad Slug!' }), 'slug', COMPANY_MESSAGES.slugPattern)
    await refuses(org, details(org, { slug: '-acme' }), 'slug', COMPANY_MESSAGES.slugPattern)
    await refuses(org, details(org, { slug: 'a' }), 'slug', COMPANY_MESSAGES.slugLength)
    const other = await createOrg(database())
    await refuses(org, details(org, { slug: other.slug }), 'slug', COMPANY_MESSAGES.slugTaken)
    await refuses(org, details(org, { slug: 'northwind' }), 'slug', COMPANY_MESSAGES.slugTaken)
  })

  it('moves the portal to a new address; the old one answers 301 with the deeper path and query, and no other org may take it', async () => {
    const org = await createOrg(database())
    const slug = `moved-${org.slug}`
    const { audit } = await saves(org, details(org, { slug: slug.toUpperCase() }), 'company.details')
    expect(audit).toMatchObject({ before: { slug: org.slug }, after: { slug } })
    expect((await orgRow(org)).slug).toBe(slug)

    for (const [path, location] of [
      [`/portal/${org.slug}`, `/portal/${slug}`],
      [`/portal/${org.slug}/`, `/portal/${slug}/`],
      [`/portal/${org.slug}/item/soc-2?itemUid=1&x=%20y`, `/portal/${slug}/item/soc-2?itemUid=1&x=%20y`],
      [`/portal/${org.slug.toUpperCase()}/product/mobile/soc-2`, `/portal/${slug}/product/mobile/soc-2`],
    ]) {
      const moved = await callRoute(portalLoader, database(), { path, params: { orgSlug: path.split('/')[2] } })
      expect(moved.status, path).toBe(301)
      expect(moved.location).toBe(location)
    }
    expect((await portal(org, slug)).data.org.slug).toBe(slug)

    // DEFAULT_ORG set to the old slug still serves the org at the deployment's `/`.
    const root = await callRoute(portalLoader, database(), { path: '/', env: { DEFAULT_ORG: org.slug } as never })
    expect(root.data.org.slug).toBe(slug)
    expect(await defaultOrgProblem(db(), org.slug)).toBeNull()

    // Another org can take neither the new address nor the old one.
    const other = await createOrg(database())
    await refuses(other, details(other, { slug: org.slug }), 'slug', COMPANY_MESSAGES.slugTaken)
    await refuses(other, details(other, { slug }), 'slug', COMPANY_MESSAGES.slugTaken)

    // Taking back its old address ends that redirect and starts one from the address it leaves.
    await saves(org, details(org, { slug: org.slug }), 'company.details')
    expect((await portal(org)).data.org.slug).toBe(org.slug)
    const redirects = await db().selectFrom('org_slug_redirects').select('slug').where('org_id', '=', org.id).execute()
    expect(redirects.map((row) => row.slug)).toEqual([slug])
    expect((await callRoute(portalLoader, database(), { path: `/portal/${slug}/`, params: { orgSlug: slug } })).location).toBe(`/portal/${org.slug}/`)
  })

  it('a save that changes nothing is not audited and moves nothing', async () => {
    const org = await createOrg(database())
    const [rev, audit] = await Promise.all([revision(org), auditOf(org)])
    const saved = await post(org.admin.cookie, details(org))
    expect(saved.status).toBe(302)
    expect(await revision(org)).toBe(rev)
    expect(await auditOf(org)).toEqual(audit)
  })

  it('takes a PNG, WebP or SVG logo by its bytes, serves it publicly and for good, and the favicon follows it', async () => {
    const org = await createOrg(database())
    const { saved, audit } = await saves(org, { intent: 'logo', logo: file(png(240, 60), 'logo.png', 'image/png'), faviconFromLogo: 'on' }, 'company.logo')
    expect(saved.toast).toBe('Logo saved')
    const row = await orgRow(org)
    expect(row.logo_url).toBe(`/brand/${row.logo_file_id}`)
    expect(row.favicon_file_id).toBe(row.logo_file_id)
    expect(audit.after).toMatchObject({ logo_url: row.logo_url, logo_file_id: row.logo_file_id })
    const view = (await portal(org)).data
    expect(view.org).toMatchObject({ logoUrl: row.logo_url, faviconUrl: row.logo_url })

    const served = await callRoute(brandLoader, database(), { path: row.logo_url!, params: { fileId: row.logo_file_id! }, host: 'trust.elsewhere.example' })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(new Uint8Array(await served.response!.arrayBuffer())).toEqual(png(240, 60))

    // A WebP is kept as it is; the favicon, not following this time, stays the old logo's.
    await saves(org, { intent: 'logo', logo: file(webp(300, 100), 'logo.webp', 'image/webp') }, 'company.logo')
    const withWebp = await orgRow(org)
    expect(withWebp.favicon_file_id).toBe(row.logo_file_id)
    expect((await db().selectFrom('files').select('content_type').where('id', '=', withWebp.logo_file_id!).executeTakeFirstOrThrow()).content_type).toBe('image/webp')

    // The old logo's address ends when no org shows it; a document of the org is never served here.
    const document = await db()
      .insertInto('files')
      .values({ org_id: org.id, sha256: 'a'.repeat(64), original_name: 'secret.pdf', content_type: 'application/pdf', size_bytes: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const fileId of [document.id, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect((await callRoute(brandLoader, database(), { path: `/brand/${fileId}`, params: { fileId } })).status).toBe(404)
    }
  })

  it('rebuilds an SVG logo without its script, image or link, and draws it to a PNG of its own proportions', async () => {
    const org = await createOrg(database())
    await saves(org, { intent: 'logo', logo: file(HOSTILE_SVG, 'logo.svg', 'image/svg+xml'), faviconFromLogo: 'on' }, 'company.logo')
    const row = await orgRow(org)
    const logo = await db().selectFrom('files').select(['content_type', 'original_name']).where('id', '=', row.logo_file_id!).executeTakeFirstOrThrow()
    expect(logo).toEqual({ content_type: 'image/png', original_name: 'logo.png' })
    const served = await callRoute(brandLoader, database(), { path: row.logo_url!, params: { fileId: row.logo_file_id! } })
    const bytes = Buffer.from(await served.response!.arrayBuffer())
    expect([...bytes.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG')
    // 400 x 100 drawn 160 high: 640 wide.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([640, 160])
    expect(bytes.toString('latin1')).not.toMatch(/alert|evil\.test|script/)
    // The favicon is drawn square from it.
    expect(row.favicon_file_id).not.toBe(row.logo_file_id)
    const favicon = await callRoute(brandLoader, database(), { path: `/brand/${row.favicon_file_id}`, params: { fileId: row.favicon_file_id! } })
    const icon = Buffer.from(await favicon.response!.arrayBuffer())
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([64, 64])
    expect((await callRoute(companyLoader, database(), { path: '/settings/company', cookie: org.admin.cookie })).data.company.faviconMode).toBe('logo')
  })

  it('refuses a logo that is not an image, too large or too small, and writes nothing', async () => {
    const org = await createOrg(database())
    await refuses(org, { intent: 'logo', logo: file('<html><script>alert(1)</script></html>', 'logo.png', 'image/png') }, 'logo', COMPANY_MESSAGES.logoType)
    await refuses(org, { intent: 'logo', logo: file('%PDF-1.4', 'logo.svg', 'image/svg+xml') }, 'logo', COMPANY_MESSAGES.logoType)
    await refuses(org, { intent: 'logo', logo: file(png(8, 8), 'tiny.png', 'image/png') }, 'logo', COMPANY_MESSAGES.logoSize)
    await refuses(org, { intent: 'logo', logo: file(new Uint8Array(1024 * 1024 + 1), 'big.png', 'image/png') }, 'logo', COMPANY_MESSAGES.logoTooLarge)
    await refuses(org, { intent: 'logo', logo: file('', 'none.png', 'image/png') }, 'logo', COMPANY_MESSAGES.logoRequired)
  })

  it('sets the favicon: its own upload, the logo, or the built-in one; refuses what is not a square icon', async () => {
    const org = await createOrg(database())
    await refuses(org, { intent: 'favicon', mode: 'logo' }, 'mode', COMPANY_MESSAGES.faviconNoLogo)
    await refuses(org, { intent: 'favicon', mode: 'upload' }, 'favicon', COMPANY_MESSAGES.faviconRequired)
    await refuses(org, { intent: 'favicon', mode: 'upload', favicon: file(png(64, 32), 'wide.png', 'image/png') }, 'favicon', COMPANY_MESSAGES.faviconType)
    await refuses(org, { intent: 'favicon', mode: 'upload', favicon: file(webp(64, 64), 'icon.webp', 'image/webp') }, 'favicon', COMPANY_MESSAGES.faviconType)

    await saves(org, { intent: 'favicon', mode: 'upload', favicon: file(png(32, 32), 'icon.png', 'image/png') }, 'company.favicon')
    const uploaded = (await orgRow(org)).favicon_file_id
    expect((await portal(org)).data.org.faviconUrl).toBe(`/brand/${uploaded}`)

    await saves(org, { intent: 'favicon', mode: 'default' }, 'company.favicon')
    expect((await orgRow(org)).favicon_file_id).toBeNull()
    // The replaced favicon's file is gone with its address.
    expect(await db().selectFrom('files').select('id').where('id', '=', uploaded!).executeTakeFirst()).toBeUndefined()
    expect((await portal(org)).data.org.faviconUrl).toBeNull()
  })

  it('removes the logo: the header shows the name, and a favicon drawn from it goes too', async () => {
    const org = await createOrg(database())
    await saves(org, { intent: 'logo', logo: file(png(100, 40), 'logo.png', 'image/png'), faviconFromLogo: 'on' }, 'company.logo')
    await saves(org, { intent: 'logo-remove' }, 'company.logo')
    const row = await orgRow(org)
    expect(row).toMatchObject({ logo_url: null, logo_file_id: null, favicon_file_id: null })
    expect((await portal(org)).data.org).toMatchObject({ logoUrl: null, faviconUrl: null })
  })
})

describeEachDatabase('security.txt', (database) => {
  const db = () => database().handle.db
  const fetchTxt = (host: string, env: Record<string, string> = {}) => callRoute(securityTxtLoader, database(), { path: '/.well-known/security.txt', host, env: env as never })

  async function contactOf(org: { id: string }, mailbox: string | null, reportIssue: { onClickAction: string; url: string | null }) {
    await db()
      .updateTable('portal_customizations')
      .set({ security_mailbox: mailbox, report_issue: JSON.stringify(reportIssue) })
      .where('org_id', '=', org.id)
      .execute()
  }

  it("is the default org's on the deployment host, and a custom domain's org's on that domain", async () => {
    const org = await createOrg(database())
    await contactOf(org, `security@${org.slug}.test`, { onClickAction: 'url', url: 'https://bugs.example/report' })
    const onDeployment = await fetchTxt('localhost:3000', { DEFAULT_ORG: org.slug })
    expect(onDeployment.status).toBe(200)
    expect(onDeployment.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await onDeployment.response!.text()
    const lines = text.split('\n')
    expect(lines).toContain(`Contact: mailto:security@${org.slug}.test`)
    expect(lines).toContain('Contact: https://bugs.example/report')
    expect(lines).toContain('Preferred-Languages: en')
    expect(lines).toContain(`Canonical: ${database().env.APP_URL}/.well-known/security.txt`)
    const expires = new Date(lines.find((line) => line.startsWith('Expires: '))!.slice('Expires: '.length))
    const days = (expires.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(363)
    expect(days).toBeLessThanOrEqual(366)

    const other = await createOrg(database())
    await contactOf(other, `psirt@${other.slug}.test`, { onClickAction: 'email', url: null })
    const host = `trust.${other.slug}.example`
    await db().insertInto('custom_domains').values({ host, org_id: other.id, status: 'verified', token: 'verified-by-the-test' }).execute()
    const onDomain = await fetchTxt(host)
    const domainText = await onDomain.response!.text()
    expect(domainText).toContain(`Contact: mailto:psirt@${other.slug}.test`)
    expect(domainText).not.toContain(org.slug)
    expect(domainText).toContain(`Canonical: http://${host}/.well-known/security.txt`)
  })

  it('answers 404 when the org names no contact, and "Company not found" for a host nobody maps', async () => {
    const org = await createOrg(database())
    await contactOf(org, null, { onClickAction: 'email', url: null })
    expect((await fetchTxt('localhost:3000', { DEFAULT_ORG: org.slug })).status).toBe(404)
    expect((await fetchTxt('nobody.example')).status).toBe(404)
  })
})
