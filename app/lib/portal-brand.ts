// What the document's head and body take from the org a portal page shows: its favicon (a link in the page's
// meta, `faviconLink`) and its brand colour (on the body, app/root.tsx). A route module that renders a portal
// page says how to read the colour from its data with `handle.brand`; every other page keeps the built-in
// favicon and colours.

export interface PortalBrand {
  brandColor: string | null
}

export interface BrandHandle<Data> {
  brand: (data: Data) => PortalBrand | null
}

export const DEFAULT_FAVICON = '/favicon.svg'

/** The favicon link of a portal page's head (after the root's default, so browsers take it). */
export const faviconLink = (icon: { href: string; type: string }) => ({ tagName: 'link', rel: 'icon', href: icon.href, type: icon.type })

/** The brand of the deepest matched route that has one. */
export function brandOfMatches(matches: readonly { handle?: unknown; data?: unknown }[]): PortalBrand | null {
  for (let index = matches.length - 1; index >= 0; index--) {
    const { handle, data } = matches[index]
    const brand = (handle as Partial<BrandHandle<unknown>> | undefined)?.brand
    if (brand && data && typeof data === 'object') return brand(data)
  }
  return null
}
