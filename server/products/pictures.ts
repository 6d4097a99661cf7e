import { BANNER_HEIGHT, BANNER_MAX_BYTES, BANNER_WIDTH, PRODUCT_MESSAGES } from '../../app/lib/schemas/products'
import { COMPANY_LOGO_MAX_BYTES, COMPANY_LOGO_MESSAGES, COMPANY_LOGO_SVG_PX } from '../../app/lib/schemas/company-logo'
import { IMAGE_CONTENT_TYPES, rasteriseSvg, uploadedPicture } from '../files/images'
import { sha256Hex } from '../files/store'

// Pictures staff upload as portal content: a product's banner and a company's logo (trusted-by,
// subprocessors). Judged by their bytes, never by the name or type the browser sent; an SVG logo is
// rebuilt and rendered to PNG in the inspection worker, as card icons are (server/files/images.ts).

export interface PreparedPicture {
  bytes: Uint8Array
  contentType: string
  name: string
  sha256: string
}

type Prepared = { ok: true; picture: PreparedPicture } | { ok: false; message: string }

const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' }

/** A banner: a PNG, JPEG or WebP of exactly 1280 x 350 pixels, at most 1 MB. */
export async function prepareBanner(file: File): Promise<Prepared> {
  if (file.size === 0) return { ok: false, message: PRODUCT_MESSAGES.bannerRequired }
  if (file.size > BANNER_MAX_BYTES) return { ok: false, message: PRODUCT_MESSAGES.bannerTooLarge }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const picture = uploadedPicture(bytes)
  if (!picture) return { ok: false, message: PRODUCT_MESSAGES.bannerWrongType }
  if (picture.width !== BANNER_WIDTH || picture.height !== BANNER_HEIGHT) return { ok: false, message: PRODUCT_MESSAGES.bannerWrongSize }
  return ready(bytes, picture.contentType, `${baseName(file.name, 'banner')}.${EXTENSIONS[picture.kind]}`)
}

/** The widest or tallest raster logo kept: a logo shown at 56 px high needs no more. */
const LOGO_MAX_SIDE = 4096

/** A company logo: PNG, JPEG or WebP as it is, or an SVG rendered to a PNG; at most 1 MB. */
export async function prepareCompanyLogo(file: File): Promise<Prepared> {
  if (file.size > COMPANY_LOGO_MAX_BYTES) return { ok: false, message: COMPANY_LOGO_MESSAGES.tooLarge }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const name = baseName(file.name, 'logo')
  const picture = uploadedPicture(bytes)
  if (!picture) {
    // Anything else may be an SVG: told, and rebuilt, in the inspection worker.
    const png = await rasteriseSvg(bytes, COMPANY_LOGO_SVG_PX)
    if (!png) return { ok: false, message: COMPANY_LOGO_MESSAGES.wrongType }
    return ready(png, IMAGE_CONTENT_TYPES.png, `${name}.png`)
  }
  if (!picture.width || !picture.height || picture.width > LOGO_MAX_SIDE || picture.height > LOGO_MAX_SIDE) return { ok: false, message: COMPANY_LOGO_MESSAGES.wrongSize }
  return ready(bytes, picture.contentType, `${name}.${EXTENSIONS[picture.kind]}`)
}

function ready(bytes: Uint8Array, contentType: string, name: string): Prepared {
  return { ok: true, picture: { bytes, contentType, name, sha256: sha256Hex(bytes) } }
}

/** The uploaded name without its extension, path or control characters, for the Content-Disposition. */
function baseName(name: string, fallback: string) {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 100)
  return base || fallback
}
