// What the document's head and body take from the org a portal page shows (app/root.tsx): its favicon and
// its brand colour. A route module that renders a portal page says how to read them from its data with
// `handle.brand`; every other page keeps the built-in favicon and colours.

export interface PortalBrand {
  brandColor: string | null
  faviconUrl: string | null
}

export interface BrandHandle<Data> {
  brand: (data: Data) => PortalBrand | null
}

export const DEFAULT_FAVICON = '/favicon.svg'

/** The brand of the deepest matched route that has one. */
export function brandOfMatches(matches: readonly { handle?: unknown; data?: unknown }[]): PortalBrand | null {
  for (let index = matches.length - 1; index >= 0; index--) {
    const { handle, data } = matches[index]
    const brand = (handle as Partial<BrandHandle<unknown>> | undefined)?.brand
    if (brand && data && typeof data === 'object') return brand(data)
  }
  return null
}
