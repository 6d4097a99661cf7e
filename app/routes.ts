import { type RouteConfig, route } from '@react-router/dev/routes'

// The portal answers on a custom domain or the default org at `/`, and on the deployment's own host
// at /portal/{orgSlug}; the same module serves every form of its URL.
const portal = 'routes/portal/portal.tsx'
const portalFile = 'routes/resources/portal-file.ts'
const portalPaths = (prefix: string, id: string) => [
  route(`${prefix}/`, portal, { id: `${id}-home` }),
  route(`${prefix}/item/:itemSlug`, portal, { id: `${id}-item` }),
  route(`${prefix}/product/:productSlug`, portal, { id: `${id}-product` }),
  route(`${prefix}/product/:productSlug/:itemSlug`, portal, { id: `${id}-product-item` }),
  route(`${prefix}/files/:fileId/:fileName?`, portalFile, { id: `${id}-file` }),
]

export default [
  route('healthz', 'routes/resources/healthz.ts'),
  ...portalPaths('portal/:orgSlug', 'org-portal'),
  ...portalPaths('', 'portal'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
