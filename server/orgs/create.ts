// Creating an org (issue 23): what the setup page, `npm run setup` and the demo seed share. An org starts
// with its portal settings, one default product holding the catalogue's cards and items (every one switched
// off, so every card is empty and the editor's placeholders guide the first edits), the sections in the
// default order, a default NDA text, one permission profile, and its first owner with every permission.

import { sql } from 'kysely'
import { CARD_KINDS, DEFAULT_CARD_ORDER } from '../../app/lib/card-kinds'
import { CATALOGUE } from '../../app/lib/catalogue/index'
import { STAFF_PERMISSIONS } from '../../app/lib/permissions'
import { DEFAULT_SECTION_ORDER } from '../../app/lib/sections'
import type { Database } from '../../db/index'
import { jsonb } from '../../db/json'
import { recordAudit } from '../audit/record'
import { indexOrgUpdates, indexProduct } from '../search/index-content'

export interface NewOrg {
  name: string
  slug: string
  website: string
  owner: { name: string; email: string; passwordHash: string }
}

export interface CreatedOrg {
  orgId: string
  slug: string
  ownerId: string
  productId: string
}

/** The default product's address and name: the org's one product until staff add others. */
export const DEFAULT_PRODUCT = { slug: 'main', name: (orgName: string) => orgName } as const
/** The one permission profile a new org starts with: every restricted item, downloads allowed. */
export const DEFAULT_PROFILE_NAME = 'Reviewers'

/**
 * One cards row per card kind and one items row per catalogue item, all switched off: what a new product
 * starts with. Staff (or the demo seed) then switch on the items they use.
 */
export async function seedProductCatalogue(db: Database, productId: string) {
  await db
    .insertInto('cards')
    .values(CARD_KINDS.map((kind) => ({ product_id: productId, kind, title: null, position: DEFAULT_CARD_ORDER[kind] })))
    .execute()
  await db
    .insertInto('items')
    .values(
      CATALOGUE.map((item) => ({
        product_id: productId,
        uid: item.uid,
        card_kind: item.kind,
        catalogue_uid: item.uid,
        slug: item.uid,
        enabled_state: 'NotEnabled',
        public_access: false,
        item_type: item.itemType ?? null,
      })),
    )
    .execute()
}

/** A mutual NDA naming the company, for the clickwrap reviewers accept; staff edit it in the settings. */
export function defaultNdaText(orgName: string) {
  return [
    'Mutual Non-Disclosure Agreement for Security Reviews',
    `This agreement is between ${orgName} ("Company") and the organization on whose behalf you accept it ("Recipient"). It covers the security, compliance and privacy materials the Company shares through its Trust Center, including audit reports, penetration test summaries, policies and questionnaire answers ("Confidential Information").`,
    '1. Purpose. Recipient may use Confidential Information only to evaluate the Company as a current or prospective vendor, and for no other purpose.',
    '2. Protection. Recipient will protect Confidential Information with at least the care it uses for its own confidential information, and no less than reasonable care, and may share it only with its employees, auditors and advisers who need it for that purpose and are bound by confidentiality duties at least as protective as these.',
    '3. Exclusions. This agreement does not cover information that is or becomes public through no fault of Recipient, that Recipient already knew or independently developed, or that Recipient lawfully received from a third party without a duty of confidentiality.',
    '4. Term. These obligations last for three (3) years from the date of acceptance. On request, Recipient will delete Confidential Information it holds, except copies kept under a legal retention duty.',
    '5. No warranty. Confidential Information is provided "as is". Nothing in this agreement grants a licence or creates an obligation to do business.',
    'By typing your name and ticking the box, you accept this agreement on behalf of your organization and confirm you are authorized to do so.',
  ].join('\n\n')
}

/** Whether the slug is an address another org had and still redirects from (decision 039): nobody else may take it. */
export async function orgSlugRetired(db: Database, slug: string) {
  return Boolean(await db.selectFrom('org_slug_redirects').select('org_id').where('slug', '=', slug).executeTakeFirst())
}

/** Whether an org holds this slug already. */
export async function orgSlugTaken(db: Database, slug: string) {
  return Boolean(await db.selectFrom('orgs').select('id').where('slug', '=', slug).executeTakeFirst())
}

/**
 * Creates the org and everything it starts with. Run it inside the caller's transaction (setup takes its
 * lock first; the CLI checks the slug in it): a failure part way leaves nothing behind.
 */
export async function createOrg(trx: Database, input: NewOrg, via: 'setup page' | 'command'): Promise<CreatedOrg> {
  const org = await trx
    .insertInto('orgs')
    .values({ slug: input.slug, name: input.name, website: input.website, logo_url: null, nda_type: 'clickwrap' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const product = await trx
    .insertInto('products')
    .values({
      org_id: org.id,
      slug: DEFAULT_PRODUCT.slug,
      name: DEFAULT_PRODUCT.name(input.name),
      is_default: true,
      position: 0,
      section_order: jsonb(DEFAULT_SECTION_ORDER),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await seedProductCatalogue(trx, product.id)
  await trx.insertInto('permission_profiles').values({ product_id: product.id, name: DEFAULT_PROFILE_NAME, all_restricted: true, can_download: true }).execute()
  await trx
    .insertInto('portal_customizations')
    .values({
      org_id: org.id,
      nda_text: defaultNdaText(input.name),
      nda_scope: 'account',
    })
    .execute()
  const owner = await trx
    .insertInto('staff_members')
    .values({
      org_id: org.id,
      email: input.owner.email.toLowerCase(),
      name: input.owner.name,
      password_hash: input.owner.passwordHash,
      permissions: jsonb([...STAFF_PERMISSIONS]),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await indexProduct(trx, product.id)
  await indexOrgUpdates(trx, org.id)
  await recordAudit(trx, {
    orgId: org.id,
    actor: input.owner.email.toLowerCase(),
    action: 'org.create',
    target: input.slug,
    after: { name: input.name, website: input.website, via },
  })
  return { orgId: org.id, slug: input.slug, ownerId: owner.id, productId: product.id }
}

/** Serialises org creation across app servers and commands on one database (PostgreSQL and PGlite alike). */
export async function lockOrgCreation(trx: Database) {
  await sql`select pg_advisory_xact_lock(hashtext('trust-center:create-org'))`.execute(trx)
}
