import type { Database } from '../../db/index'
import type { Env } from '../env'
import type { StaffMember } from '../auth/staff-session'
import { recordAudit } from '../audit/record'
import { bumpOrgRevision } from '../portal/revision'
import { IMAGE_CONTENT_TYPES, rasterDimensions, rasteriseSvg, rasteriseSvgLogo, sniffRaster, webpDimensions } from '../files/images'
import { createFile, fileStore } from '../files/store'
import { deliverBlob } from '../files/delivery'
import { brandFileUrl } from '../files/urls'
import { COMPANY_MESSAGES, type CompanyDetailsInput, type FaviconMode } from '../../app/lib/schemas/company'

// The company's identity (/settings/company, issue 23): name, website, brand colour, legal links and portal
// address; the logo and favicon, served publicly as the brand (/brand/{fileId}). Every save runs in one
// transaction with the org's row locked, is audited with what changed, and bumps the org's revision so
// cached pages move on the next view. The org is always the staff member's own.

export interface CompanySettings {
  name: string
  slug: string
  website: string | null
  brandColor: string | null
  termsUrl: string | null
  privacyUrl: string | null
  logoUrl: string | null
  faviconUrl: string | null
  faviconMode: FaviconMode
  /** The addresses that still redirect to this portal. */
  oldSlugs: string[]
}

export type CompanySaveResult = { ok: true; message: string } | { ok: false; field: string; message: string }

/** Logos are drawn from SVG this high, as wide as their proportions (up to 8:1). */
const LOGO_HEIGHT_PX = 160
const LOGO_MAX_WIDTH_PX = 1280
const RASTER_MIN_PX = 16
const RASTER_MAX_PX = 4096
const FAVICON_PX = 64
const FAVICON_MAX_PX = 512

async function readCompany(db: Database, orgId: string, options: { lock?: boolean } = {}) {
  const query = db
    .selectFrom('orgs')
    .innerJoin('portal_customizations', 'portal_customizations.org_id', 'orgs.id')
    .select([
      'orgs.name',
      'orgs.slug',
      'orgs.website',
      'orgs.brand_color',
      'orgs.logo_url',
      'orgs.logo_file_id',
      'orgs.favicon_file_id',
      'portal_customizations.terms_url',
      'portal_customizations.privacy_url',
    ])
    .where('orgs.id', '=', orgId)
  return (options.lock ? query.forUpdate() : query).executeTakeFirstOrThrow()
}

/** What /settings/company shows. */
export async function loadCompanySettings(db: Database, orgId: string): Promise<CompanySettings> {
  const [row, oldSlugs] = await Promise.all([
    readCompany(db, orgId),
    db.selectFrom('org_slug_redirects').select('slug').where('org_id', '=', orgId).orderBy('retired_at', 'desc').execute(),
  ])
  const faviconFollowsLogo = row.favicon_file_id !== null && (row.favicon_file_id === row.logo_file_id || (await faviconDrawnFrom(db, row.favicon_file_id)))
  return {
    name: row.name,
    slug: row.slug,
    website: row.website,
    brandColor: row.brand_color,
    termsUrl: row.terms_url,
    privacyUrl: row.privacy_url,
    logoUrl: row.logo_url,
    faviconUrl: row.favicon_file_id ? brandFileUrl(row.favicon_file_id) : null,
    faviconMode: !row.favicon_file_id ? 'default' : faviconFollowsLogo ? 'logo' : 'upload',
    oldSlugs: oldSlugs.map((entry) => entry.slug),
  }
}

/** Whether a favicon file was drawn from the logo (its stored name says so). */
async function faviconDrawnFrom(db: Database, fileId: string) {
  const file = await db.selectFrom('files').select('original_name').where('id', '=', fileId).executeTakeFirst()
  return file?.original_name === FAVICON_FROM_LOGO
}

const FAVICON_FROM_LOGO = 'favicon-from-logo.png'

/** One change in a transaction: the org locked, written, audited with the fields that changed, the revision bumped. */
async function saveCompany(
  db: Database,
  staff: StaffMember,
  action: string,
  write: (trx: Database, before: Awaited<ReturnType<typeof readCompany>>) => Promise<CompanySaveResult>,
): Promise<CompanySaveResult> {
  return db.transaction().execute(async (trx) => {
    const before = await readCompany(trx, staff.orgId, { lock: true })
    const outcome = await write(trx, before)
    if (!outcome.ok) return outcome
    const after = await readCompany(trx, staff.orgId)
    const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> }
    for (const key of Object.keys(after) as (keyof typeof after)[]) {
      if (before[key] === after[key]) continue
      changed.before[key] = before[key]
      changed.after[key] = after[key]
    }
    if (Object.keys(changed.after).length === 0) return outcome
    await bumpOrgRevision(trx, staff.orgId)
    await recordAudit(trx, { orgId: staff.orgId, actor: staff.email, action, target: 'company', before: changed.before, after: changed.after })
    return outcome
  })
}

/** Name, website, brand colour, legal links and portal address; a slug another org uses or used is refused. */
export function saveCompanyDetails(db: Database, staff: StaffMember, input: CompanyDetailsInput) {
  return saveCompany(db, staff, 'company.details', async (trx, before) => {
    if (input.slug !== before.slug) {
      const [owner, retired] = await Promise.all([
        trx.selectFrom('orgs').select('id').where('slug', '=', input.slug).executeTakeFirst(),
        trx.selectFrom('org_slug_redirects').select('org_id').where('slug', '=', input.slug).executeTakeFirst(),
      ])
      if (owner || (retired && retired.org_id !== staff.orgId)) return { ok: false, field: 'slug', message: COMPANY_MESSAGES.slugTaken }
      // The old address keeps redirecting; taking back an old address of one's own ends its redirect.
      await trx.deleteFrom('org_slug_redirects').where('slug', '=', input.slug).where('org_id', '=', staff.orgId).execute()
      await trx.insertInto('org_slug_redirects').values({ slug: before.slug, org_id: staff.orgId }).execute()
    }
    await trx.updateTable('orgs').set({ name: input.name, website: input.website, brand_color: input.brandColor, slug: input.slug }).where('id', '=', staff.orgId).execute()
    await trx.updateTable('portal_customizations').set({ terms_url: input.termsUrl, privacy_url: input.privacyUrl }).where('org_id', '=', staff.orgId).execute()
    return { ok: true, message: 'Company details saved' }
  })
}

type PreparedImage = { ok: true; bytes: Uint8Array; contentType: string; svg: boolean } | { ok: false; message: string }

/** A logo judged by its bytes: PNG, JPEG or WebP kept as they are; an SVG rebuilt and drawn to a PNG. */
export async function prepareLogo(file: File): Promise<PreparedImage> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffRaster(bytes)
  const webp = kind ? null : webpDimensions(bytes)
  if (!kind && !webp) {
    const png = await rasteriseSvgLogo(bytes, LOGO_HEIGHT_PX, LOGO_MAX_WIDTH_PX)
    return png ? { ok: true, bytes: png, contentType: IMAGE_CONTENT_TYPES.png, svg: true } : { ok: false, message: COMPANY_MESSAGES.logoType }
  }
  const size = webp ?? rasterDimensions(bytes, kind!)
  if (!size) return { ok: false, message: COMPANY_MESSAGES.logoType }
  if ([size.width, size.height].some((length) => length < RASTER_MIN_PX || length > RASTER_MAX_PX)) return { ok: false, message: COMPANY_MESSAGES.logoSize }
  return { ok: true, bytes, contentType: webp ? 'image/webp' : IMAGE_CONTENT_TYPES[kind!], svg: false }
}

/** A favicon judged by its bytes: a square PNG kept as it is, an SVG drawn to a 64 px PNG. */
export async function prepareFavicon(file: File): Promise<PreparedImage> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffRaster(bytes)
  if (!kind && !webpDimensions(bytes)) {
    const png = await rasteriseSvg(bytes, FAVICON_PX)
    return png ? { ok: true, bytes: png, contentType: IMAGE_CONTENT_TYPES.png, svg: true } : { ok: false, message: COMPANY_MESSAGES.faviconType }
  }
  const size = kind === 'png' ? rasterDimensions(bytes, kind) : null
  if (!size || size.width !== size.height || size.width < RASTER_MIN_PX || size.width > FAVICON_MAX_PX) return { ok: false, message: COMPANY_MESSAGES.faviconType }
  return { ok: true, bytes, contentType: IMAGE_CONTENT_TYPES.png, svg: false }
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' }

/** Brand files no org points at any more are removed (their blob stays: the store shares blobs by content). */
async function dropUnused(trx: Database, orgId: string, fileIds: (string | null)[]) {
  for (const fileId of new Set(fileIds.filter((id): id is string => Boolean(id)))) {
    const used = await trx
      .selectFrom('orgs')
      .select('id')
      .where((eb) => eb.or([eb('logo_file_id', '=', fileId), eb('favicon_file_id', '=', fileId)]))
      .executeTakeFirst()
    if (!used) await trx.deleteFrom('files').where('id', '=', fileId).where('org_id', '=', orgId).execute()
  }
}

/**
 * A new logo: stored as a file of the org and shown by orgs.logo_url (the header, e-mails, PDFs). With
 * `faviconFromLogo` the favicon follows it (an SVG logo drawn square, a picture used as it is).
 */
export async function saveCompanyLogo(db: Database, env: Env, staff: StaffMember, upload: { logo: File; faviconFromLogo: boolean }): Promise<CompanySaveResult> {
  const prepared = await prepareLogo(upload.logo)
  if (!prepared.ok) return { ok: false, field: 'logo', message: prepared.message }
  const favicon = upload.faviconFromLogo && prepared.svg ? await rasteriseSvg(new Uint8Array(await upload.logo.arrayBuffer()), FAVICON_PX) : null
  const store = fileStore(env)
  return saveCompany(db, staff, 'company.logo', async (trx, before) => {
    const file = await createFile(trx, store, {
      orgId: staff.orgId,
      originalName: `logo.${EXTENSIONS[prepared.contentType]}`,
      contentType: prepared.contentType,
      bytes: prepared.bytes,
      createdByName: staff.name,
    })
    let faviconFileId = before.favicon_file_id
    if (upload.faviconFromLogo) {
      faviconFileId = favicon
        ? (await createFile(trx, store, { orgId: staff.orgId, originalName: FAVICON_FROM_LOGO, contentType: IMAGE_CONTENT_TYPES.png, bytes: favicon, createdByName: staff.name }))
            .id
        : file.id
    }
    await trx
      .updateTable('orgs')
      .set({ logo_file_id: file.id, logo_url: brandFileUrl(file.id), favicon_file_id: faviconFileId })
      .where('id', '=', staff.orgId)
      .execute()
    await dropUnused(trx, staff.orgId, [before.logo_file_id, before.favicon_file_id])
    return { ok: true, message: 'Logo saved' }
  })
}

/** No logo: the header shows the company's name; a favicon drawn from the logo goes with it. */
export function removeCompanyLogo(db: Database, staff: StaffMember) {
  return saveCompany(db, staff, 'company.logo', async (trx, before) => {
    const faviconFollows = before.favicon_file_id !== null && (before.favicon_file_id === before.logo_file_id || (await faviconDrawnFrom(trx, before.favicon_file_id)))
    await trx
      .updateTable('orgs')
      .set({ logo_file_id: null, logo_url: null, ...(faviconFollows ? { favicon_file_id: null } : {}) })
      .where('id', '=', staff.orgId)
      .execute()
    await dropUnused(trx, staff.orgId, [before.logo_file_id, before.favicon_file_id])
    return { ok: true, message: 'Logo removed' }
  })
}

/** The favicon: the built-in one, the logo's, or an upload of its own. */
export async function saveCompanyFavicon(db: Database, env: Env, staff: StaffMember, input: { mode: FaviconMode; favicon?: File }): Promise<CompanySaveResult> {
  const prepared = input.mode === 'upload' && input.favicon ? await prepareFavicon(input.favicon) : null
  if (prepared && !prepared.ok) return { ok: false, field: 'favicon', message: prepared.message }
  const store = fileStore(env)
  return saveCompany(db, staff, 'company.favicon', async (trx, before) => {
    let faviconFileId: string | null = null
    if (input.mode === 'logo') {
      if (!before.logo_file_id) return { ok: false, field: 'mode', message: COMPANY_MESSAGES.faviconNoLogo }
      faviconFileId = before.logo_file_id
    } else if (prepared?.ok) {
      faviconFileId = (
        await createFile(trx, store, { orgId: staff.orgId, originalName: 'favicon.png', contentType: prepared.contentType, bytes: prepared.bytes, createdByName: staff.name })
      ).id
    }
    await trx.updateTable('orgs').set({ favicon_file_id: faviconFileId }).where('id', '=', staff.orgId).execute()
    await dropUnused(trx, staff.orgId, [before.favicon_file_id])
    return { ok: true, message: 'Favicon saved' }
  })
}

/** A logo or favicon as the public gets it: only a file some org shows as its brand. */
async function findBrandFile(db: Database, fileId: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(fileId)) return undefined
  return db
    .selectFrom('files')
    .select(['files.id', 'files.sha256', 'files.content_type', 'files.size_bytes'])
    .where('files.id', '=', fileId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('orgs')
          .select('orgs.id')
          .whereRef('orgs.id', '=', 'files.org_id')
          .where((org) => org.or([org('orgs.logo_file_id', '=', org.ref('files.id')), org('orgs.favicon_file_id', '=', org.ref('files.id'))])),
      ),
    )
    .executeTakeFirst()
}

/** Brand files' bytes, by file id (a file's bytes never change): the few most asked for, kept in memory. */
const brandBytes = new Map<string, Uint8Array>()
const BRAND_BYTES_KEPT = 16

export type BrandFile = { status: 'found'; contentType: string; bytes: Uint8Array } | { status: 'missing' | 'unavailable' }

/**
 * A logo or favicon for anyone who asks: one indexed query (is it still some org's brand?) and, for the
 * few kept in memory, no read of the store; an anonymous loop costs no more than that.
 */
export async function readBrandFile(db: Database, env: Env, fileId: string): Promise<BrandFile> {
  const file = await findBrandFile(db, fileId)
  if (!file) return { status: 'missing' }
  let bytes = brandBytes.get(file.id)
  if (!bytes) {
    const body = await deliverBlob(env, file.sha256)
    if (body === 'gone' || body === 'unavailable') return { status: body === 'gone' ? 'missing' : 'unavailable' }
    bytes = new Uint8Array(await new Response(body).arrayBuffer())
    if (brandBytes.size >= BRAND_BYTES_KEPT) brandBytes.delete(brandBytes.keys().next().value!)
    brandBytes.set(file.id, bytes)
  }
  return { status: 'found', contentType: file.content_type, bytes }
}
