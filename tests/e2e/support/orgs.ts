// The orgs of their own the specs get that change an org-wide or card-wide setting (a section or item
// order, a card's icon, texts or visibility, the company, products, domains, trusted-by, subprocessors,
// FAQs): each a copy of the demo's content (server/demo/seed.ts seedDemoOrgs) at /portal/journey-{name},
// seeded on each demo server before it starts (tests/e2e/serve.js), with an admin of its own and the demo
// admin's password. A spec names its org with `test.use({ org: '…' })` (support/staff.ts) and changes
// nothing another spec reads (decision 035).

export const JOURNEY_ORGS = ['reorder', 'card-icon', 'staff', 'staff-tools', 'company', 'products', 'domains', 'trusted-by', 'subprocessors', 'knowledge-base'] as const
export type JourneyOrg = (typeof JOURNEY_ORGS)[number]

export const orgSlug = (org: JourneyOrg) => `journey-${org}`
/** The org's portal on the deployment's host. */
export const portalOf = (org: JourneyOrg) => `/portal/${orgSlug(org)}`
/** The e-mail its admin (every permission) signs in with. */
export const adminEmailOf = (org: JourneyOrg) => `admin@${orgSlug(org)}.test`

/** What tests/e2e/serve.js seeds (E2E_ORGS). */
export const journeyOrgTargets = () => JSON.stringify(JOURNEY_ORGS.map((org) => ({ slug: orgSlug(org), adminEmail: adminEmailOf(org) })))
