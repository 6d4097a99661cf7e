import { faviconLink } from './portal-brand'
import { portalAddress, type PortalView } from './portal-view'

/** Page head: title, description, canonical and the open-graph tags of the portal-shell spec. */
export function portalMeta(view: PortalView) {
  const item = view.openCard?.items.find((entry) => entry.uid === view.openItemUid)
  const siteName = `${view.org.name} ${view.portal.title}`
  const title = item ? `${item.title} | ${siteName}` : siteName
  const canonical = portalAddress(view.portal, item ? `${view.product.itemBase}/${item.slug}` : view.product.home)
  return [
    { title },
    { name: 'description', content: view.portal.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { tagName: 'link', rel: 'alternate', type: 'application/atom+xml', title: `${siteName} Updates`, href: `${view.portal.portalUrl.replace(/\/$/, '')}/updates.atom` },
    { property: 'og:title', content: title },
    { property: 'og:site_name', content: siteName },
    { property: 'og:description', content: view.portal.description },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: 'article' },
    { ...faviconLink(view.portal.icon) },
    { property: 'og:image', content: view.portal.shareImage },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: `${view.org.name} Logo` },
    { property: 'og:updated_time', content: view.portal.updatedAt },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
}
