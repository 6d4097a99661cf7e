import { z } from '../zod'
import { suggestUrlName, URL_NAME_PATTERN } from '../slug'

// Products staff manage on /settings/products (issue 23 item 4): add, rename, change the slug and the terms
// link, move up and down, make one the default, upload a banner, delete. One schema per intent, shared by
// the browser and the server.

export const PRODUCT_SLUG_PATTERN = URL_NAME_PATTERN
export const PRODUCT_NAME_MAX = 80
/** The banner shown across the top of the product's portal page. */
export const BANNER_WIDTH = 1280
export const BANNER_HEIGHT = 350
export const BANNER_MAX_BYTES = 1024 * 1024
export const BANNER_ACCEPT = 'image/png,image/jpeg,image/webp'
export const BANNER_HINT = '1280 x 350 px. Types: png, jpeg, webp. Max 1MB.'

export const PRODUCT_MESSAGES = {
  nameRequired: 'Product name is required',
  nameTooLong: `Product name must be at most ${PRODUCT_NAME_MAX} characters`,
  nameOneLine: 'Product name must be one line of text',
  slugRequired: 'URL slug is required',
  slugPattern: 'Use lowercase letters, numbers and hyphens, starting with a letter or number, at most 63 characters',
  slugTaken: 'Another product already uses this URL slug',
  termsUrl: 'Enter a full web address starting with https:// or http://',
  notFound: 'This product no longer exists.',
  lastProduct: 'The last product cannot be deleted: a trust center always shows one.',
  moveTarget: 'Choose the product that receives the items',
  bannerRequired: 'Choose a banner image to upload',
  bannerTooLarge: 'The banner must be at most 1 MB',
  bannerWrongType: 'The banner must be a png, jpeg or webp image',
  bannerWrongSize: `The banner must be ${BANNER_WIDTH} x ${BANNER_HEIGHT} px`,
} as const

/** Why a product with documents cannot simply be deleted. */
export const holdsDocumentsMessage = (name: string, count: number) =>
  `${name} holds ${count} ${count === 1 ? 'item' : 'items'} with documents. Move ${count === 1 ? 'it' : 'them'} to another product or delete ${count === 1 ? 'it' : 'them'} to continue.`

/** Why documents cannot be moved to a product that shows their items to everyone (their own are restricted). */
export const movePublishesMessage = (target: string, items: readonly string[]) =>
  `${target} shows ${items.length === 1 ? 'this item' : 'these items'} publicly: ${items.join(', ')}. Moving would make restricted documents public. Restrict ${items.length === 1 ? 'it' : 'them'} in ${target} first, or delete the documents.`

/** A slug suggested from a name (app/lib/slug.ts); 'product' when nothing is left. */
export const suggestProductSlug = (name: string) => suggestUrlName(name) || 'product'

const productId = z.guid({ error: PRODUCT_MESSAGES.notFound })
const name = z
  .string({ error: PRODUCT_MESSAGES.nameRequired })
  .trim()
  .min(1, PRODUCT_MESSAGES.nameRequired)
  .max(PRODUCT_NAME_MAX, PRODUCT_MESSAGES.nameTooLong)
  .regex(/^[^\u0000-\u001f\u007f]*$/, PRODUCT_MESSAGES.nameOneLine)
const slug = z
  .string({ error: PRODUCT_MESSAGES.slugRequired })
  .trim()
  .min(1, PRODUCT_MESSAGES.slugRequired)
  .max(63, PRODUCT_MESSAGES.slugPattern)
  .regex(PRODUCT_SLUG_PATTERN, PRODUCT_MESSAGES.slugPattern)
const termsUrl = z
  .string()
  .trim()
  .max(2000, PRODUCT_MESSAGES.termsUrl)
  .refine((value) => isWebAddress(value), PRODUCT_MESSAGES.termsUrl)
  .optional()

function isWebAddress(value: string) {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    return Boolean(new URL(value).hostname)
  } catch {
    return false
  }
}

/** A new product: its name, and a slug (suggested from the name when left empty). */
export const addProductSchema = z.object({ intent: z.literal('add'), name, slug: z.string().trim().max(200).optional() }).transform((value, ctx) => {
  const chosen = value.slug || suggestProductSlug(value.name)
  if (!PRODUCT_SLUG_PATTERN.test(chosen)) {
    ctx.addIssue({ code: 'custom', path: ['slug'], message: PRODUCT_MESSAGES.slugPattern })
    return z.NEVER
  }
  return { name: value.name, slug: chosen }
})

/** A product's name, slug and terms link, saved together. */
export const updateProductSchema = z.object({ intent: z.literal('update'), id: productId, name, slug, termsUrl })

export const moveProductSchema = z.object({ intent: z.literal('move'), id: productId, direction: z.enum(['up', 'down'], { error: PRODUCT_MESSAGES.notFound }) })

export const defaultProductSchema = z.object({ intent: z.literal('default'), id: productId })

/**
 * Deleting a product: `documents` says what happens to its items with documents (asked for only when it
 * has some), `targetId` where they move.
 */
export const deleteProductSchema = z
  .object({
    intent: z.literal('delete'),
    id: productId,
    documents: z.enum(['move', 'delete'], { error: PRODUCT_MESSAGES.moveTarget }).optional(),
    targetId: z.guid({ error: PRODUCT_MESSAGES.moveTarget }).optional(),
  })
  .refine((value) => value.documents !== 'move' || value.targetId, { path: ['targetId'], message: PRODUCT_MESSAGES.moveTarget })

export const bannerSchema = z.object({
  intent: z.literal('banner'),
  id: productId,
  banner: z
    .file({ error: PRODUCT_MESSAGES.bannerRequired })
    .refine((file) => file.size > 0, PRODUCT_MESSAGES.bannerRequired)
    .refine((file) => file.size <= BANNER_MAX_BYTES, PRODUCT_MESSAGES.bannerTooLarge),
})

export const removeBannerSchema = z.object({ intent: z.literal('banner-remove'), id: productId })

export type ProductIntent = 'add' | 'update' | 'move' | 'default' | 'delete' | 'banner' | 'banner-remove'
