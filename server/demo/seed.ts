// Seeds the Northwind Cloud demo into an empty database (PRODUCT.md section 9) and creates the catalogue
// rows every new product starts with. Content lives in db/seed (northwind.ts, northwind-items.ts, documents.ts);
// the seeding is here because it goes through the domain (passwords, file store, search index), and db/
// imports nothing from server/.

import { catalogueItem } from '../../app/lib/catalogue/index'
import { DEFAULT_SECTION_ORDER } from '../../app/lib/sections'
import { ndaVersion } from '../access/viewer'
import { hashPassword } from '../auth/password'
import type { Env } from '../env'
import { createFile, fileStore, type StoreEnv } from '../files/store'
import { indexOrgUpdates, indexProduct } from '../search/index-content'
import type { Database } from '../../db/index'
import { jsonb } from '../../db/json'
import {
  ACCOUNT,
  ADMIN,
  BANNER_URL,
  DEMO_ADMIN_EMAIL,
  DEMO_ORG_SLUG,
  EDITORS,
  FAQS,
  MOBILE_FAQS,
  MOBILE_SUBPROCESSORS,
  MOBILE_TRUSTED_BY,
  ORG,
  NDA,
  PENDING_REQUEST,
  PERMISSION_PROFILE,
  PORTAL,
  PRODUCTS,
  SUBPROCESSORS,
  TPRM_PARTNERS,
  TRUSTED_BY,
  UPDATE_TOPICS,
  type DemoFaq,
  type DemoProductSlug,
} from '../../db/seed/northwind'
import { DOCUMENT_DETAILS, MOBILE_ITEMS, PLATFORM_ITEMS, type DemoItem } from '../../db/seed/northwind-items'
import { DEMO_DOCUMENTS } from '../../db/seed/documents'
import { makeDemoPdf } from './pdf'
import { lockOrgCreation, orgSlugTaken, seedProductCatalogue } from '../orgs/create'
import { seedSubscribers } from '../../db/seed/northwind-subscribers'

export interface DemoCredentials {
  email: string
  password: string
}

/** Where the demo's content is seeded: the org's address and its admin's e-mail (the password is DEMO_ADMIN_PASSWORD). */
export interface DemoTarget {
  slug: string
  adminEmail: string
}

/** The Northwind Cloud demo itself. */
export const DEMO_TARGET: DemoTarget = { slug: DEMO_ORG_SLUG, adminEmail: DEMO_ADMIN_EMAIL }

const DAY_MS = 24 * 60 * 60 * 1000

type DemoEnv = StoreEnv & Pick<Env, 'DEMO_ADMIN_PASSWORD'>

/**
 * Seeds the demo org when the database has no org yet. Returns the demo sign-in (for the start-up
 * banner) when the demo admin exists, undefined when this database belongs to someone else.
 */
export async function seedDemoIfEmpty(db: Database, env: DemoEnv): Promise<DemoCredentials | undefined> {
  const credentials = { email: DEMO_ADMIN_EMAIL, password: env.DEMO_ADMIN_PASSWORD }
  if (!(await isEmpty(db))) return (await demoAdminExists(db)) ? credentials : undefined
  const [seeded] = await seedDemoOrgs(db, env, [DEMO_TARGET], { onlyIntoEmpty: true })
  // Lost the race to another server: report what that server seeded.
  if (!seeded) return (await demoAdminExists(db)) ? credentials : undefined
  return credentials
}

/**
 * Seeds the demo's content (the same org name, products, items, documents, accounts and updates) once per
 * target, each an org of its own at its own address with its own admin; a target whose slug an org holds
 * already is left alone. The browser journeys give each spec that changes org-wide settings a copy of its
 * own this way (tests/e2e/serve.js, decision 035). Returns, per target, whether it was seeded.
 */
export async function seedDemoOrgs(db: Database, env: DemoEnv, targets: readonly DemoTarget[], { onlyIntoEmpty = false } = {}): Promise<boolean[]> {
  // The slow parts (PDF rendering, password hashing) run once, before the transactions, so they stay short.
  const documents = await Promise.all(
    DEMO_DOCUMENTS.map(async (doc) => {
      const details = DOCUMENT_DETAILS[doc.fileName]
      if (!details) throw new Error(`Demo seed: no DOCUMENT_DETAILS for ${doc.fileName}`)
      const bytes = await makeDemoPdf({ ...doc, org: ORG.name, date: new Date(`${details.issued}T12:00:00Z`) })
      return { doc, details, bytes }
    }),
  )
  const passwordHash = await hashPassword(env.DEMO_ADMIN_PASSWORD)
  const store = fileStore(env)
  const now = new Date()
  const seeded: boolean[] = []
  for (const [index, target] of targets.entries()) {
    seeded.push(
      await db.transaction().execute(async (trx) => {
        // Two app servers starting at once on one PostgreSQL (or a setup page submitted meanwhile): the second
        // waits here, then finds the org.
        await lockOrgCreation(trx)
        if (onlyIntoEmpty ? !(await isEmpty(trx)) : await orgSlugTaken(trx, target.slug)) return false
        // A millisecond apart, so the first target stays the oldest org (the one `/` serves without DEFAULT_ORG).
        await seedDemoOrg(trx, store, { target, documents, passwordHash, now: new Date(now.getTime() + index) })
        return true
      }),
    )
  }
  return seeded
}

interface DemoSeed {
  target: DemoTarget
  documents: { doc: (typeof DEMO_DOCUMENTS)[number]; details: (typeof DOCUMENT_DETAILS)[string]; bytes: Uint8Array }[]
  passwordHash: string
  now: Date
}

/** One org of demo content, inside the caller's transaction. */
async function seedDemoOrg(trx: Database, store: ReturnType<typeof fileStore>, { target, documents, passwordHash, now }: DemoSeed) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS)

  const org = await trx
    .insertInto('orgs')
    .values({
      slug: target.slug,
      name: ORG.name,
      website: ORG.website,
      logo_url: ORG.logoUrl,
      public_access_level: ORG.publicAccessLevel,
      nda_type: 'clickwrap',
      created_at: ago(330),
    })
    .returning('id')
    .executeTakeFirstOrThrow()

  await trx
    .insertInto('portal_customizations')
    .values({
      org_id: org.id,
      portal_title: PORTAL.portalTitle,
      description: PORTAL.description,
      support_mailbox: PORTAL.supportMailbox,
      security_mailbox: PORTAL.securityMailbox,
      contact_support: jsonb({ onClickAction: 'email', url: null }),
      report_issue: jsonb({ onClickAction: 'email', url: null }),
      review_banner: 'default',
      terms_url: PORTAL.termsUrl,
      privacy_url: PORTAL.privacyUrl,
      nda_text: NDA.text,
      nda_scope: 'account',
      comments_enabled: true,
      // Answers come only with an ANTHROPIC_API_KEY; the demo opts in so that setting one is enough.
      ai_answers_enabled: true,
    })
    .execute()

  await trx
    .insertInto('staff_members')
    .values({
      org_id: org.id,
      email: target.adminEmail,
      name: ADMIN.name,
      password_hash: passwordHash,
      permissions: jsonb(ADMIN.permissions),
      created_at: ago(330),
    })
    .execute()

  const productIds = {} as Record<DemoProductSlug, string>
  for (const product of PRODUCTS) {
    const row = await trx
      .insertInto('products')
      .values({
        org_id: org.id,
        slug: product.slug,
        name: product.name,
        is_default: product.isDefault,
        position: product.position,
        section_order: jsonb(DEFAULT_SECTION_ORDER),
        banner_url: BANNER_URL,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    productIds[product.slug] = row.id
    await seedProductCatalogue(trx, row.id)
  }

  // Files first, so items in both products can point at the same stored document. The blobs are
  // content-addressed, so a rolled-back seed leaves only unreferenced copies behind.
  const fileIds = new Map<string, { id: string; createdAt: Date }>()
  for (const { doc, details, bytes } of documents) {
    const file = await createFile(trx, store, {
      orgId: org.id,
      originalName: doc.fileName,
      contentType: 'application/pdf',
      bytes,
      documentAccessType: details.viewOnly ? 'view-only' : undefined,
      createdByName: details.uploadedBy,
    })
    // Uploaded a couple of days after the document was issued, never in the future.
    const createdAt = new Date(Math.min(now.getTime(), Date.parse(`${details.issued}T12:00:00Z`) + 2 * DAY_MS))
    await trx.updateTable('files').set({ created_at: createdAt }).where('id', '=', file.id).execute()
    fileIds.set(doc.fileName, { id: file.id, createdAt })
  }

  await enableItems(trx, productIds.platform, PLATFORM_ITEMS, fileIds, ago)
  await enableItems(trx, productIds.mobile, MOBILE_ITEMS, fileIds, ago)

  await insertSubprocessors(
    trx,
    productIds.platform,
    SUBPROCESSORS.map((s) => s.slug),
    ago,
  )
  await insertSubprocessors(trx, productIds.mobile, MOBILE_SUBPROCESSORS, ago)
  await insertTrustedBy(
    trx,
    productIds.platform,
    TRUSTED_BY.map((c) => c.name),
  )
  await insertTrustedBy(trx, productIds.mobile, MOBILE_TRUSTED_BY)
  await insertFaqs(trx, productIds.platform, FAQS)
  await insertFaqs(trx, productIds.mobile, MOBILE_FAQS)

  for (const topic of UPDATE_TOPICS) {
    const row = await trx
      .insertInto('update_topics')
      .values({ org_id: org.id, subject: topic.subject, category: topic.category, created_at: ago(topic.daysAgo) })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('updates')
      .values(
        topic.updates.map((update) => ({
          topic_id: row.id,
          title: update.title,
          message: update.message,
          audience: update.audience ?? 'public',
          channel_portal: true,
          channel_email: update.email ?? false,
          pinned: update.pinned ?? false,
          created_at: ago(update.daysAgo),
          updated_at: ago(update.daysAgo),
        })),
      )
      .execute()
  }
  // The search index's text; the PDFs' pages follow from the background extraction.
  for (const productId of Object.values(productIds)) await indexProduct(trx, productId)
  await indexOrgUpdates(trx, org.id)

  const profile = await trx
    .insertInto('permission_profiles')
    .values({
      product_id: productIds.platform,
      name: PERMISSION_PROFILE.name,
      card_kinds: jsonb(PERMISSION_PROFILE.cardKinds),
      item_uids: jsonb(PERMISSION_PROFILE.itemUids),
      can_download: PERMISSION_PROFILE.canDownload,
      created_at: ago(ACCOUNT.daysAgo),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const account = await trx
    .insertInto('accounts')
    .values({ org_id: org.id, name: ACCOUNT.name, domains: jsonb(ACCOUNT.domains), created_at: ago(ACCOUNT.daysAgo) })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('account_products')
    .values({
      account_id: account.id,
      product_id: productIds.platform,
      permission_profile_id: profile.id,
      access_expires_at: new Date(now.getTime() + ACCOUNT.accessDays * DAY_MS),
      nda_required: true,
    })
    .execute()
  // Requests from Contoso's domain join its account at once (auto-approval by domain).
  await trx
    .updateTable('portal_customizations')
    .set({ auto_approve: 'domains', auto_approve_domains: jsonb(ACCOUNT.domains), auto_approve_profile_id: profile.id })
    .where('org_id', '=', org.id)
    .execute()
  const casey = await trx
    .insertInto('account_members')
    .values({
      org_id: org.id,
      account_id: account.id,
      email: ACCOUNT.member.email,
      first_name: ACCOUNT.member.firstName,
      last_name: ACCOUNT.member.lastName,
      created_at: ago(ACCOUNT.daysAgo),
      welcomed_at: ago(ACCOUNT.daysAgo),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('nda_signatures')
    .values({
      org_id: org.id,
      account_id: account.id,
      member_id: casey.id,
      signer_name: `${ACCOUNT.member.firstName} ${ACCOUNT.member.lastName}`,
      signer_email: ACCOUNT.member.email,
      nda_version: ndaVersion(NDA.text),
      nda_text: NDA.text,
      signed_at: ago(NDA.signedDaysAgo),
    })
    .execute()

  await trx
    .insertInto('access_requests')
    .values({
      org_id: org.id,
      product_id: productIds.platform,
      email: PENDING_REQUEST.email,
      first_name: PENDING_REQUEST.firstName,
      last_name: PENDING_REQUEST.lastName,
      company_name: PENDING_REQUEST.companyName,
      job_title: PENDING_REQUEST.jobTitle,
      relationship: PENDING_REQUEST.relationship,
      country: PENDING_REQUEST.country,
      status: 'pending',
      created_at: ago(PENDING_REQUEST.daysAgo),
    })
    .execute()
  await seedSubscribers(trx, org.id)
  await trx
    .insertInto('tprm_partners')
    .values(TPRM_PARTNERS.map((partner) => ({ org_id: org.id, ...partner })))
    .execute()
}

async function isEmpty(db: Database) {
  return !(await db.selectFrom('orgs').select('id').limit(1).executeTakeFirst())
}

async function demoAdminExists(db: Database) {
  const admin = await db
    .selectFrom('staff_members')
    .innerJoin('orgs', 'orgs.id', 'staff_members.org_id')
    .where('orgs.slug', '=', DEMO_ORG_SLUG)
    .where('staff_members.email', '=', DEMO_ADMIN_EMAIL)
    .select('staff_members.id')
    .executeTakeFirst()
  return Boolean(admin)
}

/** Switches on the demo's items in a product's catalogue rows and attaches their documents. */
async function enableItems(
  db: Database,
  productId: string,
  items: readonly DemoItem[],
  fileIds: ReadonlyMap<string, { id: string; createdAt: Date }>,
  ago: (days: number) => Date,
) {
  for (const [index, item] of items.entries()) {
    if (!catalogueItem(item.uid)) throw new Error(`Demo seed: ${item.uid} is not a catalogue item`)
    const files = (item.documents ?? []).map((name) => {
      const file = fileIds.get(name)
      if (!file) throw new Error(`Demo seed: ${item.uid} names an unknown document ${name}`)
      return file
    })
    // Spread edits over the last six months; an item is never older than the file attached to it.
    let updatedAt = ago(3 + ((index * 37) % 180))
    for (const file of files) if (file.createdAt > updatedAt) updatedAt = file.createdAt

    const row = await db
      .updateTable('items')
      .set({
        enabled_state: item.inProgress ? 'WorkInProgress' : 'Enabled',
        public_access: !item.restricted && !item.hidden,
        hidden: item.hidden ?? false,
        featured: item.featured ?? false,
        explanation: item.explanation ?? null,
        href: item.href ?? null,
        maturity: item.maturity ?? null,
        recurrence: item.recurrence ?? null,
        auditor: item.auditor ?? null,
        expires_on: item.expiresOn ?? null,
        bridge_letter: item.bridgeLetter ? jsonb(item.bridgeLetter) : null,
        choice: item.choice ?? null,
        list_entries: item.listEntries ? jsonb(item.listEntries) : null,
        locked_summary: item.locked?.summary ?? null,
        locked_type: item.locked?.type ?? null,
        locked_date: item.locked?.date ?? null,
        updated_at: updatedAt,
        updated_by_name: EDITORS[(index * 3) % EDITORS.length],
      })
      .where('product_id', '=', productId)
      .where('uid', '=', item.uid)
      .returning('id')
      .executeTakeFirst()
    if (!row) throw new Error(`Demo seed: item ${item.uid} is missing from the product catalogue`)

    if (files.length > 0) {
      await db
        .insertInto('item_files')
        .values(files.map((file, position) => ({ item_id: row.id, file_id: file.id, position })))
        .execute()
    }
  }
}

async function insertSubprocessors(db: Database, productId: string, slugs: readonly string[], ago: (days: number) => Date) {
  const rows = slugs.map((slug, position) => {
    const subprocessor = SUBPROCESSORS.find((s) => s.slug === slug)
    if (!subprocessor) throw new Error(`Demo seed: unknown subprocessor ${slug}`)
    return {
      product_id: productId,
      company_name: subprocessor.name,
      company_domain: subprocessor.domain,
      logo_url: `/images/subprocessors/${subprocessor.slug}.svg`,
      purpose: subprocessor.purpose,
      location: subprocessor.location,
      additional_details: subprocessor.details ?? null,
      position,
      // Snowflake is the recent addition announced in the updates; the rest date from the launch.
      created_at: ago(slug === 'snowflake' ? 22 : 300),
    }
  })
  await db.insertInto('subprocessors').values(rows).execute()
}

async function insertTrustedBy(db: Database, productId: string, names: readonly string[]) {
  const rows = names.map((name, position) => {
    const company = TRUSTED_BY.find((c) => c.name === name)
    if (!company) throw new Error(`Demo seed: unknown trusted-by company ${name}`)
    return {
      product_id: productId,
      source: 'Custom',
      name: company.name,
      domain: company.domain,
      logo_url: company.logo ? `/images/companies/${company.logo}.svg` : null,
      position,
    }
  })
  await db.insertInto('trusted_by_companies').values(rows).execute()
}

async function insertFaqs(db: Database, productId: string, faqs: readonly DemoFaq[]) {
  await db
    .insertInto('faqs')
    .values(
      faqs.map((faq, position) => ({
        product_id: productId,
        question: faq.question,
        answer: faq.answer,
        comment: faq.comment ?? null,
        position,
      })),
    )
    .execute()
}
