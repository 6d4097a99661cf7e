import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from '../../db/index'
import type { Env } from '../env'
import type { BrandRequest, LogoInput } from '../files/brand-image.js'
import { rasterDimensions, sniffRaster } from '../files/images'
import { inspect } from '../files/inspection'
import { fileStore } from '../files/store'
import type { PortalOrg } from './resolve'

// An org's share image (the link preview of its portal) and favicon, drawn from its name, colour and logo
// (issue 23 item 5, docs/decisions/042-share-image.md). Never drawn per request: the first request of a
// version draws it once in the inspection worker (concurrent first requests wait for that one drawing),
// stores it in brand_images, and every later request is answered from there (or from this process's copy).

export type BrandImageKind = 'share' | 'icon'

/** The portal's accent colour when the org has chosen none: `--brand` in app/styles/app.css. */
export const DEFAULT_BRAND_COLOR = '#1d4ed8'

/** What the images are drawn from: a change to any of it is a new version, and so a new URL. */
export interface BrandSource {
  orgId: string
  name: string
  /** The portal's title ("Trust Center" unless staff renamed it). */
  title: string
  brandColor: string | null
  logoUrl: string | null
  logoFileId: string | null
  faviconFileId: string | null
  /** The org's portal revision (server/portal/revision.ts). */
  revision: number
}

/** Drawings made by this process, for tests: a second request of a version must not add one. */
export const brandImageDrawings = { count: 0 }

/** A logo larger than this is left out of the drawing (uploads are far smaller). */
const LOGO_MAX_BYTES = 2 * 1024 * 1024
/** A raster logo is decoded whole by the renderer: past this many pixels a side it is left out. */
const LOGO_MAX_SIDE = 4096
/** A drawing's limits in the worker: past them it is ended, and drawn again without the logo. */
const DRAWING_LIMITS = { timeLimitMs: 10_000, memoryLimitMb: 128 }
/** Images kept in this process (org x kind), the oldest dropped first. */
const KEPT_IMAGES = 200

export function brandSource(org: PortalOrg, customization: { revision: number; portal_title: string }): BrandSource {
  return {
    orgId: org.id,
    name: org.name,
    title: customization.portal_title,
    brandColor: org.brandColor,
    logoUrl: org.logoUrl,
    logoFileId: org.logoFileId,
    faviconFileId: org.faviconFileId,
    revision: customization.revision,
  }
}

/** The source of the org's portal, read with the revision and title. */
export async function loadBrandSource(db: Database, org: PortalOrg): Promise<BrandSource> {
  const customization = await db.selectFrom('portal_customizations').select(['revision', 'portal_title']).where('org_id', '=', org.id).executeTakeFirst()
  return brandSource(org, customization ?? { revision: 0, portal_title: 'Trust Center' })
}

/** `{revision}-{digest}`: moves with the revision and with anything the drawing is made of. */
export function brandVersion(source: BrandSource) {
  const inputs = [source.name, source.title, source.brandColor, source.logoFileId, source.logoFileId ? null : source.logoUrl, source.faviconFileId]
  return `${source.revision}-${createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 12)}`
}

/** A built-in logo's path under public/ (the demo's `/images/northwind-logo.svg`); null for anything else. */
export function builtInLogoPath(logoUrl: string | null) {
  return logoUrl && /^\/images\/[a-z0-9][a-z0-9_/-]*\.(svg|png|jpe?g)$/i.test(logoUrl) && !logoUrl.includes('//') ? logoUrl : null
}

/**
 * Whether the org has a favicon of its own: the one staff chose on /settings/company (an upload, or drawn from the
 * logo); without one the portal keeps the built-in icon, which is also what staff can choose there.
 */
export function hasOwnIcon(source: BrandSource) {
  return Boolean(source.faviconFileId)
}

/** What the portal's head points at: the share image (absolute, on the portal's own address) and the favicon. */
export function brandLinks(source: BrandSource, portalUrl: string) {
  const base = portalUrl.replace(/\/$/, '')
  const version = encodeURIComponent(brandVersion(source))
  return {
    shareImage: `${base}/share.png?v=${version}`,
    icon: hasOwnIcon(source) ? { href: `${base}/favicon.png?v=${version}`, type: 'image/png' } : { href: '/favicon.svg', type: 'image/svg+xml' },
  }
}

/**
 * What a portal page other than the portal itself (the document viewer, the search page) carries of the org's
 * brand, as the portal does: its title, its colour and the favicon link of the portal's head (decisions 039, 042).
 */
export async function portalPageBrand(db: Database, org: PortalOrg) {
  const source = await loadBrandSource(db, org)
  return { portalTitle: source.title, brandColor: org.brandColor, icon: brandLinks(source, org.portalUrl).icon }
}

const inFlight = new Map<string, Promise<Uint8Array>>()
const kept = new Map<string, { version: string; png: Uint8Array }>()

/**
 * The org's share image or favicon as a PNG, with its version: this process's copy, else the stored one,
 * else drawn now (once, however many ask at the same time) and stored. Null for a favicon when the org has
 * none of its own (the portal links /favicon.svg then).
 */
export async function brandImage(db: Database, env: Env, source: BrandSource, kind: BrandImageKind): Promise<{ png: Uint8Array; version: string } | null> {
  if (kind === 'icon' && !hasOwnIcon(source)) return null
  const version = brandVersion(source)
  const key = `${source.orgId}:${kind}`
  const copy = kept.get(key)
  if (copy?.version === version) return copy
  const stored = await db.selectFrom('brand_images').select('png').where('org_id', '=', source.orgId).where('kind', '=', kind).where('version', '=', version).executeTakeFirst()
  let png: Uint8Array
  if (stored) png = new Uint8Array(stored.png)
  else {
    const flight = `${key}:${version}`
    let drawing = inFlight.get(flight)
    if (!drawing) {
      drawing = drawAndStore(db, env, source, kind, version).finally(() => inFlight.delete(flight))
      inFlight.set(flight, drawing)
    }
    png = await drawing
  }
  kept.delete(key)
  kept.set(key, { version, png })
  if (kept.size > KEPT_IMAGES) kept.delete(kept.keys().next().value!)
  return { png, version }
}

async function drawAndStore(db: Database, env: Env, source: BrandSource, kind: BrandImageKind, version: string) {
  const request: BrandRequest = { kind, name: source.name, title: source.title, color: source.brandColor ?? DEFAULT_BRAND_COLOR, logo: await loadLogo(db, env, source, kind) }
  let png: Uint8Array
  try {
    png = await inspect({ check: 'brand-image', ...request }, DRAWING_LIMITS)
  } catch (error) {
    if (!request.logo) throw error
    // A logo the worker could not draw within its limits is left out; the name and colour still are drawn.
    console.error(`[brand] the logo of org ${source.orgId} could not be drawn:`, error instanceof Error ? error.message : error)
    png = await inspect({ check: 'brand-image', ...request, logo: null }, DRAWING_LIMITS)
  }
  brandImageDrawings.count++
  await db
    .insertInto('brand_images')
    .values({ org_id: source.orgId, kind, version, png: Buffer.from(png) })
    .onConflict((conflict) => conflict.columns(['org_id', 'kind']).doUpdateSet({ version, png: Buffer.from(png), drawn_at: new Date() }))
    .execute()
  return png
}

/**
 * The logo the drawing starts from: for the favicon the uploaded favicon first; an uploaded file of the
 * org's, else a built-in image. A raster's size is read from its header here (and refused when too large);
 * anything else goes to the worker as a possible SVG.
 */
async function loadLogo(db: Database, env: Env, source: BrandSource, kind: BrandImageKind): Promise<LogoInput | null> {
  const fileId = kind === 'icon' ? (source.faviconFileId ?? source.logoFileId) : source.logoFileId
  const bytes = fileId ? await storedLogo(db, env, source.orgId, fileId) : await builtInLogo(source.logoUrl)
  if (!bytes) return null
  const raster = sniffRaster(bytes)
  const buffer = bytes.slice().buffer
  if (!raster) return { kind: 'svg', bytes: buffer }
  const size = rasterDimensions(bytes, raster)
  if (!size || size.width < 1 || size.height < 1 || size.width > LOGO_MAX_SIDE || size.height > LOGO_MAX_SIDE) return null
  return { kind: raster, bytes: buffer, ...size }
}

async function storedLogo(db: Database, env: Env, orgId: string, fileId: string) {
  const file = await db.selectFrom('files').select(['sha256', 'size_bytes']).where('id', '=', fileId).where('org_id', '=', orgId).executeTakeFirst()
  if (!file || file.size_bytes > LOGO_MAX_BYTES) return null
  const stream = await fileStore(env).get(file.sha256)
  return stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : null
}

/** Where built-in images are: the client build beside the server bundle, or public/ beside the sources. */
const PUBLIC_DIRECTORIES = [fileURLToPath(new URL('../client', import.meta.url)), fileURLToPath(new URL('../../public', import.meta.url))]

async function builtInLogo(logoUrl: string | null) {
  const relative = builtInLogoPath(logoUrl)
  if (!relative) return null
  for (const directory of PUBLIC_DIRECTORIES) {
    try {
      const bytes = await readFile(path.join(directory, relative))
      return bytes.length <= LOGO_MAX_BYTES ? new Uint8Array(bytes) : null
    } catch {
      // Not in this directory: the next one.
    }
  }
  return null
}
