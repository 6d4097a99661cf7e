import { type RouteConfig, layout, route } from '@react-router/dev/routes'

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
  route(`${prefix}/pictures/:fileId`, 'routes/resources/portal-picture.ts', { id: `${id}-picture` }),
  route(`${prefix}/view/:fileId`, 'routes/portal/document-viewer.tsx', { id: `${id}-viewer` }),
  route(`${prefix}/letters/:itemId/:fileName?`, 'routes/resources/portal-letter.ts', { id: `${id}-letter` }),
  route(`${prefix}/access/:token`, 'routes/portal/access-link.tsx', { id: `${id}-access-link` }),
  route(`${prefix}/nda`, 'routes/resources/portal-nda.ts', { id: `${id}-nda` }),
  route(`${prefix}/bulk-download`, 'routes/resources/portal-bulk-download.ts', { id: `${id}-bulk-download` }),
  route(`${prefix}/subscribe/:token`, 'routes/portal/subscribe-confirm.tsx', { id: `${id}-subscribe-confirm` }),
  route(`${prefix}/unsubscribe`, 'routes/resources/portal-unsubscribe.ts', { id: `${id}-unsubscribe` }),
  route(`${prefix}/updates.atom`, 'routes/resources/portal-feed.ts', { id: `${id}-feed` }),
  route(`${prefix}/search`, 'routes/portal/search.tsx', { id: `${id}-search` }),
  route(`${prefix}/search/answer`, 'routes/resources/portal-answer.ts', { id: `${id}-answer` }),
  route(`${prefix}/trust.json`, 'routes/resources/portal-trust-data.ts', { id: `${id}-trust-data` }),
  route(`${prefix}/llms.txt`, 'routes/resources/portal-llms.ts', { id: `${id}-llms` }),
  route(`${prefix}/share.png`, 'routes/resources/portal-brand-image.ts', { id: `${id}-share-image` }),
  route(`${prefix}/favicon.png`, 'routes/resources/portal-brand-image.ts', { id: `${id}-favicon` }),
]

export default [
  route('login', 'routes/auth/login.tsx'),
  // An org's logo and favicon (its brand, public on every host) and its security.txt (RFC 9116, per host).
  route('brand/:fileId', 'routes/resources/brand-file.ts'),
  route('.well-known/security.txt', 'routes/resources/security-txt.ts', { id: 'security-txt' }),
  route('logout', 'routes/auth/logout.tsx'),
  route('invite/:token', 'routes/auth/accept-invite.tsx'),
  route('setup/:token', 'routes/auth/setup.tsx'),
  // The portal's "Getting started" checklist posts here (settings permission); no page of its own.
  route('settings/getting-started', 'routes/staff/settings/getting-started.ts'),
  // The private area: each page's first path segment is the scope it needs; every loader checks it.
  layout('routes/staff/layout.tsx', [
    // Where sign-in lands: what needs doing (any staff member; each list checks its own scope).
    route('home', 'routes/staff/home.tsx'),
    route('members', 'routes/staff/members/index.tsx'),
    route('audit', 'routes/staff/audit/index.tsx'),
    route('documents', 'routes/staff/documents/index.tsx'),
    route('knowledge-base', 'routes/staff/knowledge-base/index.tsx'),
    route('knowledge-base/export.csv', 'routes/staff/knowledge-base/export.ts'),
    route('access-requests', 'routes/staff/access-requests/index.tsx'),
    route('access-requests/:requestId', 'routes/staff/access-requests/request.tsx'),
    route('updates', 'routes/staff/updates/index.tsx'),
    route('subscribers', 'routes/staff/subscribers/index.tsx'),
    route('subscribers/export.csv', 'routes/staff/subscribers/export.ts'),
    route('accounts', 'routes/staff/accounts/index.tsx'),
    // /settings (General) and its tabs /settings/access, /nda, /documents, /integrations (decision 059).
    route('settings/:tab?', 'routes/staff/settings/index.tsx'),
    route('settings/outbox', 'routes/staff/settings/outbox.tsx'),
    route('settings/company', 'routes/staff/settings/company.tsx'),
    route('settings/products', 'routes/staff/settings/products.tsx'),
    route('settings/domains', 'routes/staff/settings/domains.tsx'),
    route('analytics', 'routes/staff/analytics/index.tsx'),
    route('analytics/export.csv', 'routes/staff/analytics/export.ts'),
    route('questionnaires', 'routes/staff/questionnaires/index.tsx'),
    route('questionnaires/:questionnaireId/file', 'routes/staff/questionnaires/file.ts'),
  ]),
  ...portalPaths('portal/:orgSlug', 'org-portal'),
  ...portalPaths('', 'portal'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
