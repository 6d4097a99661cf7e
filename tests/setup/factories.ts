// What integration tests create for themselves: an org of their own, staff with given permissions, items,
// the files linked to them, subprocessors and trusted-by companies. A test that changes data changes its
// own, so no test depends on what another left behind; the seeded demo stays as seeded for tests that read it.
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { sanitize } from '../../server/files/pdf-text'
import { randomBytes } from 'node:crypto'
import { CARD_KINDS, DEFAULT_CARD_ORDER, type CardKind } from '../../app/lib/card-kinds'
import { catalogueItem, type CatalogueItem } from '../../app/lib/catalogue/index'
import { STAFF_PERMISSIONS } from '../../app/lib/permissions'
import { DEFAULT_SECTION_ORDER } from '../../app/lib/sections'
import { DEMO_ORG_SLUG } from '../../db/seed/northwind'
import { createStaffSession } from '../../server/auth/staff-session'
import { createFile as storeFile, fileStore } from '../../server/files/store'
import { bumpProductRevision } from '../../server/portal/revision'
import type { TestDatabase } from './database'

// pg sends JS arrays as PostgreSQL arrays, not JSON, so jsonb values go over the wire as text.
const json = (value: unknown) => JSON.stringify(value)
const suffix = () => randomBytes(4).toString('hex')

export interface ProductFixture {
  id: string
  slug: string
  name: string
  /** The product's portal page on the deployment host, and the route params that come with it. */
  home: string
  params: Record<string, string>
}

export interface OrgFixture {
  id: string
  slug: string
  name: string
  /** The default product: what `home` shows and where edits posted to it land. */
  product: ProductFixture
  home: string
  params: { orgSlug: string }
  /** A staff member with every permission, signed in. */
  admin: { email: string; name: string; cookie: string }
}

/** A new org with its customization, a default product with one card of each kind, and an admin; no items. */
export async function createOrg(database: TestDatabase): Promise<OrgFixture> {
  const { db } = database.handle
  const slug = `org-${suffix()}`
  const name = `Org ${slug}`
  const org = await db.insertInto('orgs').values({ slug, name }).returning('id').executeTakeFirstOrThrow()
  await db.insertInto('portal_customizations').values({ org_id: org.id }).execute()
  const home = `/portal/${slug}`
  const fixture = { id: org.id, slug, name, home, params: { orgSlug: slug } }
  const product = await createProduct(database, fixture, { slug: 'platform', isDefault: true })
  const admin = { email: `admin@${slug}.test`, name: 'Org Admin' }
  const cookie = await createStaffMember(database, admin.email, [...STAFF_PERMISSIONS], { org: fixture, name: admin.name })
  return { ...fixture, product, admin: { ...admin, cookie } }
}

/** Another product of an org (or its default one), with one card of each kind. */
export async function createProduct(
  database: TestDatabase,
  org: { id: string; home: string; params: { orgSlug: string } },
  options: { slug: string; isDefault?: boolean },
): Promise<ProductFixture> {
  const { db } = database.handle
  const name = `Product ${options.slug}`
  const product = await db
    .insertInto('products')
    .values({ org_id: org.id, slug: options.slug, name, is_default: options.isDefault ?? false, section_order: json(DEFAULT_SECTION_ORDER) })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('cards')
    .values(CARD_KINDS.map((kind) => ({ product_id: product.id, kind, position: DEFAULT_CARD_ORDER[kind] })))
    .execute()
  if (options.isDefault) return { id: product.id, slug: options.slug, name, home: org.home, params: org.params }
  return { id: product.id, slug: options.slug, name, home: `${org.home}/product/${options.slug}`, params: { ...org.params, productSlug: options.slug } }
}

/**
 * A staff member with only the given permissions, signed in: the session cookie. Of the demo org unless
 * `org` says otherwise; an existing member of that e-mail is reused as it is.
 */
export async function createStaffMember(database: TestDatabase, email: string, permissions: readonly string[], options: { org?: { id: string }; name?: string } = {}) {
  const { db } = database.handle
  const orgId = options.org?.id ?? (await db.selectFrom('orgs').select('id').where('slug', '=', DEMO_ORG_SLUG).executeTakeFirstOrThrow()).id
  await db
    .insertInto('staff_members')
    .values({ org_id: orgId, email, name: options.name ?? email.split('@')[0], permissions: json(permissions) })
    .onConflict((conflict) => conflict.columns(['org_id', 'email']).doNothing())
    .execute()
  const member = await db.selectFrom('staff_members').select('id').where('org_id', '=', orgId).where('email', '=', email).executeTakeFirstOrThrow()
  return sessionCookie(database, member.id)
}

/** A new session for a staff member, as the `cookie` header a browser would send. */
export async function sessionCookie(database: TestDatabase, staffMemberId: string) {
  const setCookie = await createStaffSession(database.handle.db, database.env, staffMemberId, new Request('http://localhost:3000/login'))
  return setCookie.split(';')[0]
}

export type ItemAccess = 'public' | 'restricted' | 'hidden'

export interface ItemFixture {
  id: string
  uid: string
  slug: string
  /** What a visitor reads: the custom title, or the catalogue's. */
  title: string
  productId: string
}

/**
 * An item of a product: a catalogue item (its uid, kind and title from the catalogue) or a custom one in
 * the given card kind. Enabled, and public unless told otherwise; a hidden item is also restricted, as the demo seed stores one.
 */
export async function createItem(
  database: TestDatabase,
  product: { id: string },
  item: ({ catalogueUid: string } | { kind: CardKind; title?: string }) & { access?: ItemAccess; explanation?: string },
): Promise<ItemFixture> {
  const { db } = database.handle
  let source: { uid: string; kind: CardKind; title: string | null; catalogue: CatalogueItem | null }
  if ('catalogueUid' in item) {
    const catalogue = catalogueItem(item.catalogueUid)
    if (!catalogue) throw new Error(`No catalogue item ${item.catalogueUid}`)
    source = { uid: catalogue.uid, kind: catalogue.kind, title: null, catalogue }
  } else {
    const uid = `custom-${suffix()}`
    source = { uid, kind: item.kind, title: item.title ?? `Item ${uid}`, catalogue: null }
  }
  const access = item.access ?? 'public'
  const row = await db
    .insertInto('items')
    .values({
      product_id: product.id,
      uid: source.uid,
      slug: source.uid,
      card_kind: source.kind,
      catalogue_uid: source.catalogue?.uid ?? null,
      custom: !source.catalogue,
      title: source.title,
      item_type: source.catalogue?.itemType ?? null,
      enabled_state: 'Enabled',
      public_access: access === 'public',
      hidden: access === 'hidden',
      explanation: item.explanation ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The portal keeps a product's rows per revision (docs/decisions/007-portal-cache.md).
  await bumpProductRevision(db, product.id)
  return { id: row.id, uid: source.uid, slug: source.uid, title: source.title ?? source.catalogue!.title, productId: product.id }
}

/** A small PDF stored for an org, linked after the item's other files when `item` is given. */
export async function createFile(
  database: TestDatabase,
  org: { id: string },
  options: { item?: { id: string; productId: string }; name?: string; documentAccessType?: 'view-only' | 'view-and-download' } = {},
) {
  const { db } = database.handle
  const name = options.name ?? `document-${suffix()}.pdf`
  const file = await storeFile(db, fileStore(database.env), {
    orgId: org.id,
    originalName: name,
    contentType: 'application/pdf',
    bytes: await tinyPdf(name),
    documentAccessType: options.documentAccessType,
  })
  if (options.item) {
    const { count } = await db
      .selectFrom('item_files')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('item_id', '=', options.item.id)
      .executeTakeFirstOrThrow()
    await db
      .insertInto('item_files')
      .values({ item_id: options.item.id, file_id: file.id, position: Number(count) })
      .execute()
    await bumpProductRevision(db, options.item.productId)
  }
  return { id: file.id, sha256: file.sha256, name }
}

/**
 * A real one-page PDF (watermarking parses what it stamps), unique to its name, which also follows the
 * end as a comment so a test can find it in the bytes.
 */
async function tinyPdf(name: string) {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([200, 100]).drawText(sanitize(name, font).slice(0, 40), { x: 10, y: 50, size: 8, font })
  const bytes = await doc.save()
  return new Uint8Array([...bytes, ...new TextEncoder().encode(`% ${name}\n`)])
}

/** A subprocessor at the end of a product's table. */
export async function createSubprocessor(
  database: TestDatabase,
  product: { id: string },
  subprocessor: { name: string; domain?: string; logoUrl?: string; purpose?: string; location?: string },
) {
  const { db } = database.handle
  const row = await db
    .insertInto('subprocessors')
    .values({
      product_id: product.id,
      company_name: subprocessor.name,
      company_domain: subprocessor.domain ?? null,
      logo_url: subprocessor.logoUrl ?? null,
      purpose: subprocessor.purpose ?? null,
      location: subprocessor.location ?? null,
      position: await nextPosition(database, 'subprocessors', product.id),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await bumpProductRevision(db, product.id)
  return row
}

/** A company at the end of a product's Trusted-by card, entered by hand. */
export async function createTrustedByCompany(database: TestDatabase, product: { id: string }, company: { name: string; logoUrl?: string }) {
  const { db } = database.handle
  const row = await db
    .insertInto('trusted_by_companies')
    .values({
      product_id: product.id,
      source: 'Custom',
      name: company.name,
      logo_url: company.logoUrl ?? null,
      position: await nextPosition(database, 'trusted_by_companies', product.id),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await bumpProductRevision(db, product.id)
  return row
}

async function nextPosition(database: TestDatabase, table: 'subprocessors' | 'trusted_by_companies', productId: string) {
  const { last } = await database.handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('last'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow()
  return last === null ? 0 : Number(last) + 1
}

// ---------------------------------------------------------------------------------------------------
// Visitor access: accounts and their members, login links. (Permission profiles and visitor sessions:
// createPermissionProfile and visitorCookie below. Imports are hoisted; they sit here to keep the block whole.)
import { hashToken } from '../../server/auth/tokens'
import { issueLoginLink } from '../../server/visitors/login-links'

export interface ProductAccessOptions {
  productId: string
  profileId: string
  /** A year from now unless told; a date in the past makes an expired member. */
  expiresAt?: Date
  ndaRequired?: boolean
}

export interface AccountFixture {
  id: string
  orgId: string
  name: string
  domains: string[]
}

/** An account of an org, with access to the given products (one profile each). */
export async function createAccount(
  database: TestDatabase,
  org: { id: string },
  options: { name?: string; domains?: string[]; access?: ProductAccessOptions[] } = {},
): Promise<AccountFixture> {
  const name = options.name ?? `Account ${suffix()}`
  const domains = options.domains ?? []
  const row = await database.handle.db
    .insertInto('accounts')
    .values({ org_id: org.id, name, domains: json(domains) })
    .returning('id')
    .executeTakeFirstOrThrow()
  const account = { id: row.id, orgId: org.id, name, domains }
  for (const access of options.access ?? []) await grantProductAccess(database, account, access)
  return account
}

/** Gives (or changes) an account's access to one product. */
export async function grantProductAccess(database: TestDatabase, account: { id: string }, access: ProductAccessOptions) {
  const values = {
    permission_profile_id: access.profileId,
    access_expires_at: access.expiresAt ?? new Date(Date.now() + 365 * 86_400_000),
    nda_required: access.ndaRequired ?? false,
  }
  await database.handle.db
    .insertInto('account_products')
    .values({ account_id: account.id, product_id: access.productId, ...values })
    .onConflict((conflict) => conflict.columns(['account_id', 'product_id']).doUpdateSet(values))
    .execute()
}

export interface MemberFixture {
  id: string
  orgId: string
  accountId: string
  email: string
  firstName: string
  lastName: string
}

/** A member of an account (a person who may sign in to the org's portal by login link). */
export async function createMember(
  database: TestDatabase,
  account: { id: string; orgId: string },
  options: { email?: string; firstName?: string; lastName?: string; welcomed?: boolean } = {},
): Promise<MemberFixture> {
  const email = (options.email ?? `member-${suffix()}@example.test`).toLowerCase()
  const firstName = options.firstName ?? 'Robin'
  const lastName = options.lastName ?? 'Member'
  const row = await database.handle.db
    .insertInto('account_members')
    .values({
      org_id: account.orgId,
      account_id: account.id,
      email,
      first_name: firstName,
      last_name: lastName,
      welcomed_at: options.welcomed === false ? null : new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, orgId: account.orgId, accountId: account.id, email, firstName, lastName }
}

/** A login link for a member, as the token its mail would carry; `expiresAt` in the past makes an expired one. */
export async function createLoginLink(database: TestDatabase, member: { id: string; orgId: string }, options: { expiresAt?: Date } = {}) {
  const { token } = await issueLoginLink(database.handle.db, { orgId: member.orgId, memberId: member.id, portalUrl: database.env.APP_URL })
  if (options.expiresAt) {
    await database.handle.db.updateTable('visitor_login_links').set({ expires_at: options.expiresAt }).where('token_hash', '=', hashToken(token)).execute()
  }
  return token
}

// access matrix
// (imports are hoisted; they sit here so the helpers above stay as they are)
import { createVisitorSession } from '../../server/visitors/sessions'

/** A permission profile of a product: what an account holding it is granted there. */
export async function createPermissionProfile(
  database: TestDatabase,
  product: { id: string },
  profile: { name: string; allRestricted?: boolean; cardKinds?: readonly string[]; itemUids?: readonly string[]; canDownload?: boolean },
) {
  const row = await database.handle.db
    .insertInto('permission_profiles')
    .values({
      product_id: product.id,
      name: profile.name,
      all_restricted: profile.allRestricted ?? false,
      card_kinds: json(profile.cardKinds ?? []),
      item_uids: json(profile.itemUids ?? []),
      can_download: profile.canDownload ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, name: profile.name }
}

/**
 * An account of an org with its access per product (a profile, an expiry, whether the NDA is required)
 * and one member, welcomed already. No NDA signature: add one when the test needs it.
 */
export async function createAccountWithMember(
  database: TestDatabase,
  org: { id: string },
  account: {
    name: string
    products: readonly { productId: string; profileId: string; expiresAt: Date; ndaRequired?: boolean }[]
    member: { email: string; firstName?: string; lastName?: string }
  },
) {
  const { db } = database.handle
  const row = await db
    .insertInto('accounts')
    .values({ org_id: org.id, name: account.name, domains: json([]) })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (account.products.length) {
    await db
      .insertInto('account_products')
      .values(
        account.products.map((entry) => ({
          account_id: row.id,
          product_id: entry.productId,
          permission_profile_id: entry.profileId,
          access_expires_at: entry.expiresAt,
          nda_required: entry.ndaRequired ?? false,
        })),
      )
      .execute()
  }
  const member = await db
    .insertInto('account_members')
    .values({
      org_id: org.id,
      account_id: row.id,
      email: account.member.email.toLowerCase(),
      first_name: account.member.firstName ?? 'Test',
      last_name: account.member.lastName ?? 'Member',
      welcomed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, name: account.name, memberId: member.id }
}

/** A complete Request Access form under the default fields (job title and relationship are on by default). */
export const accessRequestForm = (org: { product: { id: string } }, email: string, extra: Record<string, string | string[]> = {}) => ({
  intent: 'request-access',
  firstName: 'Dana',
  lastName: 'Scully',
  email,
  companyName: 'Fabrikam',
  agree: 'on',
  productId: org.product.id,
  jobTitleTextField: 'Security Analyst',
  relationshipDropdown: 'customer',
  ...extra,
})

/** A signed-in account member of an org, as the `cookie` header a browser would send (tc_visitor). */
export async function visitorCookie(database: TestDatabase, org: { id: string }, memberId: string) {
  const setCookie = await createVisitorSession(database.handle.db, database.env, { orgId: org.id, memberId, ip: null, userAgent: 'access-matrix' })
  return setCookie.split(';')[0]
}
