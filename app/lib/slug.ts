// Custom item URLs (cards-and-items section 5): lowercase letters, digits and hyphens, under 100 characters.

export const SLUG_MESSAGES = {
  pattern: 'Invalid url slug, only lowercase letters, numbers and hyphens are allowed',
  length: 'URL slug must be less than 100 characters',
  taken: (title: string | null) => `This URL slug is already in use by item: ${title || 'Unknown'}`,
}

/** The default slug from a title: spaces to hyphens, lowercased; 'item' when that is not a valid slug. */
export function slugFromTitle(title: string) {
  const slug = title.trim().toLowerCase().replace(/\s+/g, '-')
  return validateSlug(slug) ? 'item' : slug
}

/** A message when the slug breaks a rule, else undefined. */
export function validateSlug(slug: string): string | undefined {
  if (!/^[a-z0-9-]+$/.test(slug)) return SLUG_MESSAGES.pattern
  if (slug.length >= 100) return SLUG_MESSAGES.length
  return undefined
}

/** The address names of orgs and products (the database's check on orgs.slug and products.slug). */
export const URL_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/

/** An address name suggested from a name: lower case, accents dropped, anything else a hyphen; '' when nothing fits. */
export function suggestUrlName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 63)
    .replace(/-+$/, '')
  return URL_NAME_PATTERN.test(slug) ? slug : ''
}
