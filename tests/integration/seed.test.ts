import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { verify } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CARD_KINDS, KIND_FIELDS, MATURITY_LEVELS, RECURRENCES, type CardKind, type ItemField } from '../../app/lib/card-kinds'
import { catalogueForKind, catalogueItem } from '../../app/lib/catalogue/index'
import { RISK_QUESTIONS, isRecoveryQuestion, parseCustomRecovery } from '../../app/lib/risk-profile'
import { validateGradeEntry, type GradeEntry } from '../../app/lib/security-grades'
import { fileStore } from '../../server/files/store'
import { openDatabase, type Database, type DatabaseHandle } from '../../db/index'
import { migrateToLatest } from '../../db/migrate'
import { DEMO_TARGET, seedDemoIfEmpty, seedDemoOrgs, type DemoCredentials } from '../../server/demo/seed'
import { DEMO_DOCUMENTS } from '../../db/seed/documents'

const PRACTICE_KINDS: CardKind[] = [
  'DataSecurity',
  'ApplicationSecurity',
  'AccessControl',
  'Infrastructure',
  'EndpointSecurity',
  'NetworkSecurity',
  'InternalPractices',
  'Policies',
  'DataPrivacy',
  'Ai',
  'Esg',
  'Legal',
  'ProductFeatures',
  'ContinuousMonitoring',
  'PhysicalEnvironmental',
  'ChangeConfigurationManagement',
  'AwarenessTraining',
  'BusinessContinuity',
  'AssetManagement',
  'RiskManagement',
  'IncidentResponse',
  'Questionnaires',
]

const ALL_PERMISSIONS = [
  'statuspage:edit',
  'files:view',
  'files:download',
  'assets:edit',
  'documents',
  'knowledge-base',
  'access-requests',
  'accounts',
  'questionnaires',
  'updates',
  'subscribers',
  'settings',
  'members',
  'analytics',
  'audit',
]

const env = { DATA_DIR: '', DEMO_ADMIN_PASSWORD: 'northwind-demo' }
let tmp: string
let handle: DatabaseHandle
let db: Database
let first: DemoCredentials | undefined
let second: DemoCredentials | undefined
let rowsAfterFirst: number

async function countRows() {
  const tables = ['orgs', 'products', 'items', 'files', 'item_files', 'subprocessors', 'faqs', 'updates', 'access_requests'] as const
  let total = 0
  for (const table of tables) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    total += n
  }
  return total
}

async function productId(slug: string) {
  const row = await db.selectFrom('products').where('slug', '=', slug).select('id').executeTakeFirstOrThrow()
  return row.id
}

async function enabledItems(slug: string) {
  return db
    .selectFrom('items')
    .where('product_id', '=', await productId(slug))
    .where('enabled_state', '!=', 'NotEnabled')
    .selectAll()
    .execute()
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'seed-test-'))
  env.DATA_DIR = tmp
  handle = await openDatabase({ dataDir: tmp })
  db = handle.db
  await migrateToLatest(db)
  first = await seedDemoIfEmpty(db, env)
  rowsAfterFirst = await countRows()
  second = await seedDemoIfEmpty(db, env)
}, 120_000)

afterAll(async () => {
  await handle?.close()
  if (tmp) await rm(tmp, { recursive: true, force: true })
})

describe('seedDemoIfEmpty', { timeout: 60_000 }, () => {
  it('seeds once and returns the demo sign-in both times', async () => {
    const expected = { email: 'admin@northwind.test', password: 'northwind-demo' }
    expect(first).toEqual(expected)
    expect(second).toEqual(expected)
    expect(await countRows()).toBe(rowsAfterFirst)
  })

  it('returns undefined for a database that holds another org', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'seed-test-other-'))
    const otherHandle = await openDatabase({ dataDir: other })
    try {
      await migrateToLatest(otherHandle.db)
      await otherHandle.db.insertInto('orgs').values({ slug: 'acme', name: 'Acme' }).execute()
      expect(await seedDemoIfEmpty(otherHandle.db, { ...env, DATA_DIR: other })).toBeUndefined()
      const { n } = await otherHandle.db
        .selectFrom('orgs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      expect(n).toBe(1)
    } finally {
      await otherHandle.close()
      await rm(other, { recursive: true, force: true })
    }
  })

  it('seeds the same content as orgs of their own under other slugs and admins, once each (seedDemoOrgs)', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'seed-test-copies-'))
    const otherHandle = await openDatabase({ dataDir: other })
    const copy = { slug: 'journey-copy', adminEmail: 'admin@journey-copy.test' }
    try {
      const copies = otherHandle.db
      await migrateToLatest(copies)
      expect(await seedDemoOrgs(copies, { ...env, DATA_DIR: other }, [DEMO_TARGET, copy])).toEqual([true, true])
      expect(await seedDemoOrgs(copies, { ...env, DATA_DIR: other }, [DEMO_TARGET, copy])).toEqual([false, false])
      const orgs = await copies.selectFrom('orgs').select(['id', 'slug', 'name', 'created_at']).orderBy('created_at').execute()
      // The demo stays the oldest org: the one `/` serves without DEFAULT_ORG.
      expect(orgs.map((org) => [org.slug, org.name])).toEqual([
        ['northwind', 'Northwind Cloud'],
        ['journey-copy', 'Northwind Cloud'],
      ])
      expect(orgs[0].created_at.getTime()).toBeLessThan(orgs[1].created_at.getTime())
      const admins = await copies
        .selectFrom('staff_members')
        .innerJoin('orgs', 'orgs.id', 'staff_members.org_id')
        .select(['orgs.slug', 'email', 'password_hash'])
        .orderBy('orgs.created_at')
        .execute()
      expect(admins.map((admin) => [admin.slug, admin.email])).toEqual([
        ['northwind', 'admin@northwind.test'],
        ['journey-copy', copy.adminEmail],
      ])
      expect(await verify(admins[1].password_hash!, env.DEMO_ADMIN_PASSWORD)).toBe(true)
      // Row for row the same content in each org: enabled items, files, subprocessors, FAQs, updates, accounts.
      const perOrg = async (orgId: string) => {
        const products = copies.selectFrom('products').select('id').where('org_id', '=', orgId)
        const counted = async (query: Promise<{ n: number }>) => Number((await query).n)
        const byProduct = (table: 'subprocessors' | 'faqs' | 'trusted_by_companies') =>
          counted(
            copies
              .selectFrom(table)
              .where('product_id', 'in', products)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow(),
          )
        const byOrg = (table: 'files' | 'update_topics' | 'accounts' | 'access_requests') =>
          counted(
            copies
              .selectFrom(table)
              .where('org_id', '=', orgId)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow(),
          )
        const enabled = counted(
          copies
            .selectFrom('items')
            .where('product_id', 'in', products)
            .where('enabled_state', '!=', 'NotEnabled')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
        )
        return Promise.all([
          enabled,
          byProduct('subprocessors'),
          byProduct('faqs'),
          byProduct('trusted_by_companies'),
          byOrg('files'),
          byOrg('update_topics'),
          byOrg('accounts'),
          byOrg('access_requests'),
        ])
      }
      const demoCounts = await perOrg(orgs[0].id)
      expect(demoCounts.every((count) => count > 0)).toBe(true)
      expect(await perOrg(orgs[1].id)).toEqual(demoCounts)
    } finally {
      await otherHandle.close()
      await rm(other, { recursive: true, force: true })
    }
  })

  it('creates the Northwind org, its portal settings and two products', async () => {
    const org = await db.selectFrom('orgs').selectAll().executeTakeFirstOrThrow()
    expect(org).toMatchObject({ slug: 'northwind', name: 'Northwind Cloud', public_access_level: 'Limited' })
    const portal = await db.selectFrom('portal_customizations').selectAll().executeTakeFirstOrThrow()
    expect(portal).toMatchObject({
      portal_title: 'Trust Center',
      support_mailbox: 'support@northwind.example',
      security_mailbox: 'security@northwind.example',
      contact_support: { onClickAction: 'email', url: null },
      report_issue: { onClickAction: 'email', url: null },
    })
    const products = await db.selectFrom('products').selectAll().orderBy('position').execute()
    expect(products.map((p) => [p.slug, p.name, p.is_default])).toEqual([
      ['platform', 'Northwind Platform', true],
      ['mobile', 'Northwind Mobile', false],
    ])
    for (const product of products) {
      const cards = await db.selectFrom('cards').where('product_id', '=', product.id).select('kind').execute()
      expect(cards.map((c) => c.kind).sort()).toEqual([...CARD_KINDS].sort())
    }
  })

  it('creates the demo admin with every permission and an argon2id hash of the password', async () => {
    const admin = await db.selectFrom('staff_members').selectAll().executeTakeFirstOrThrow()
    expect(admin.email).toBe('admin@northwind.test')
    expect(admin.permissions).toEqual(ALL_PERMISSIONS)
    expect(admin.password_hash).toMatch(/^\$argon2id\$/)
    expect(await verify(admin.password_hash!, 'northwind-demo')).toBe(true)
  })

  it('switches on realistic items in every card kind that has catalogue items', async () => {
    const items = await enabledItems('platform')
    for (const kind of CARD_KINDS) {
      if (catalogueForKind(kind).length === 0) continue
      expect(items.filter((i) => i.card_kind === kind).length, kind).toBeGreaterThan(0)
    }
    const practice = items.filter((i) => PRACTICE_KINDS.includes(i.card_kind as CardKind))
    for (const kind of PRACTICE_KINDS) {
      const count = practice.filter((i) => i.card_kind === kind).length
      expect(count, kind).toBeGreaterThanOrEqual(3)
      expect(count, kind).toBeLessThanOrEqual(6)
    }
    for (const item of practice) expect(item.explanation, item.uid).toBeTruthy()
    expect(practice.filter((i) => !i.public_access).length).toBeGreaterThanOrEqual(practice.length / 3)
    const hidden = items.filter((i) => i.hidden)
    expect(hidden.length).toBeGreaterThanOrEqual(1)
    expect(hidden.length).toBeLessThanOrEqual(2)
    for (const item of hidden) expect(item.public_access).toBe(false)
    expect(items.filter((i) => i.featured)).toHaveLength(3)
    expect(items.some((i) => i.enabled_state === 'WorkInProgress')).toBe(true)
    expect(items.some((i) => i.href?.startsWith('https://northwind.example/'))).toBe(true)

    const certifications = items.filter((i) => i.card_kind === 'Certifications' && i.enabled_state === 'Enabled')
    expect(certifications.length).toBeGreaterThanOrEqual(8)
    expect(certifications.length).toBeLessThanOrEqual(12)
    expect(certifications.every((i) => i.public_access)).toBe(true)

    const soc2 = items.find((i) => i.uid === 'soc-2-type-2-report')!
    expect(soc2.public_access).toBe(false)
    expect(soc2.bridge_letter).toMatchObject({ letterEnabled: true, letterType: 'SOC 2' })
    expect(items.find((i) => i.uid === 'soc-3-report')!.public_access).toBe(true)
    expect(items.find((i) => i.uid === 'penetration-test-summary')!.public_access).toBe(false)

    const mobile = await enabledItems('mobile')
    expect(mobile.length).toBeGreaterThan(10)
    expect(mobile.length).toBeLessThan(items.length / 2)
  })

  it('fills only the fields each kind carries, with valid values', async () => {
    const FIELD_COLUMNS: [ItemField, 'href' | 'maturity' | 'recurrence' | 'auditor' | 'expires_on' | 'bridge_letter' | 'choice' | 'list_entries'][] = [
      ['link', 'href'],
      ['maturity', 'maturity'],
      ['recurrence', 'recurrence'],
      ['auditor', 'auditor'],
      ['expiry', 'expires_on'],
      ['bridgeLetter', 'bridge_letter'],
      ['choices', 'choice'],
      ['listEntries', 'list_entries'],
    ]
    for (const slug of ['platform', 'mobile']) {
      for (const item of await enabledItems(slug)) {
        const catalogued = catalogueItem(item.uid)
        expect(catalogued?.kind, item.uid).toBe(item.card_kind)
        const fields = KIND_FIELDS[item.card_kind as CardKind]
        for (const [field, column] of FIELD_COLUMNS) {
          if (item[column] !== null) expect(fields, `${item.uid}.${column}`).toContain(field)
        }
        if (item.explanation) expect(fields, item.uid).toContain('explanation')
        if (item.maturity) expect(MATURITY_LEVELS).toContain(item.maturity)
        if (item.recurrence) expect(RECURRENCES).toContain(item.recurrence)
        if (item.expires_on) expect(item.expires_on).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      }
    }
  })

  it('answers all seven risk questions with valid values', async () => {
    for (const slug of ['platform', 'mobile']) {
      const items = (await enabledItems(slug)).filter((i) => i.card_kind === 'RiskProfile')
      expect(items).toHaveLength(RISK_QUESTIONS.length)
      for (const item of items) {
        const question = catalogueItem(item.uid)!.question!
        const definition = RISK_QUESTIONS.find((q) => q.id === question)!
        const valid = definition.options.some((o) => o.value === item.choice && o.value !== 'custom') || (isRecoveryQuestion(question) && parseCustomRecovery(item.choice) !== null)
        expect(valid, `${item.uid} = ${item.choice}`).toBe(true)
      }
      expect(items.find((i) => i.uid === 'risk-recovery-time')!.choice).toBe('hours_4')
    }
  })

  it('lists valid grades from several security-rating providers', async () => {
    const grades = (await enabledItems('platform')).filter((i) => i.card_kind === 'SecurityGrades')
    expect(grades.length).toBeGreaterThanOrEqual(4)
    for (const item of grades) {
      const provider = catalogueItem(item.uid)!.provider!
      const entries = item.list_entries as unknown as GradeEntry[]
      expect(entries.length, item.uid).toBeGreaterThan(0)
      for (const entry of entries) expect(validateGradeEntry(provider, entry), item.uid).toEqual({})
    }
  })

  it('stores the demo documents as real PDFs linked to fitting items', async () => {
    const files = await db.selectFrom('files').selectAll().execute()
    expect(files).toHaveLength(DEMO_DOCUMENTS.length)
    expect(files.filter((f) => f.document_access_type === 'view-only')).toHaveLength(1)
    const store = fileStore(env)
    for (const file of files) {
      expect(file.content_type).toBe('application/pdf')
      const stream = await store.get(file.sha256)
      expect(stream, file.original_name).not.toBeNull()
      const bytes = new Uint8Array(await new Response(stream).arrayBuffer())
      expect(bytes.byteLength).toBe(file.size_bytes)
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    }

    const links = await db
      .selectFrom('item_files')
      .innerJoin('items', 'items.id', 'item_files.item_id')
      .innerJoin('files', 'files.id', 'item_files.file_id')
      .select(['files.original_name', 'items.uid', 'items.public_access', 'items.enabled_state'])
      .execute()
    for (const doc of DEMO_DOCUMENTS) {
      const placed = links.filter((l) => l.original_name === doc.fileName)
      expect(placed.length, doc.fileName).toBeGreaterThan(0)
      for (const link of placed) {
        expect(link.enabled_state, link.uid).toBe('Enabled')
        // Public documents sit on public items, confidential ones behind a grant.
        expect(link.public_access, `${doc.fileName} on ${link.uid}`).toBe(doc.classification === 'Public')
      }
    }
    const placedOn = (name: string) => links.filter((l) => l.original_name === name).map((l) => l.uid)
    expect(placedOn('northwind-soc-2-type-ii-report.pdf')).toContain('soc-2-type-2-report')
    expect(placedOn('northwind-iso-27001-certificate.pdf')).toContain('iso-27001')
    expect(placedOn('northwind-caiq-v4-questionnaire.pdf')).toContain('caiq')
  })

  it('adds subprocessors, trusted-by companies and FAQs', async () => {
    const platform = await productId('platform')
    const subprocessors = await db.selectFrom('subprocessors').where('product_id', '=', platform).selectAll().execute()
    expect(subprocessors.length).toBeGreaterThanOrEqual(12)
    expect(subprocessors.every((s) => s.logo_url?.startsWith('/images/subprocessors/'))).toBe(true)
    const withDetails = subprocessors.filter((s) => s.additional_details).length
    expect(withDetails).toBeGreaterThan(0)
    expect(withDetails).toBeLessThan(subprocessors.length / 2)

    const companies = await db.selectFrom('trusted_by_companies').where('product_id', '=', platform).selectAll().execute()
    expect(companies.length).toBeGreaterThanOrEqual(8)
    expect(companies.filter((c) => c.logo_url === null)).toHaveLength(1)
    expect(companies.every((c) => c.source === 'Custom')).toBe(true)

    const faqs = await db.selectFrom('faqs').where('product_id', '=', platform).selectAll().execute()
    expect(faqs).toHaveLength(8)
  })

  it('posts twelve updates in five topics, one fresh, one pinned and one private', async () => {
    const topics = await db.selectFrom('update_topics').selectAll().execute()
    expect(topics).toHaveLength(5)
    expect(new Set(topics.map((t) => t.category))).toEqual(new Set(['compliance', 'vulnerabilities', 'incidents', 'subprocessors', 'general']))
    const updates = await db.selectFrom('updates').selectAll().execute()
    expect(updates).toHaveLength(12)
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000
    expect(updates.filter((u) => u.created_at.getTime() > dayAgo)).toHaveLength(1)
    expect(updates.filter((u) => u.pinned)).toHaveLength(1)
    expect(updates.filter((u) => u.audience === 'private')).toHaveLength(1)
    const oldest = Math.min(...updates.map((u) => u.created_at.getTime()))
    expect(Date.now() - oldest).toBeGreaterThan(200 * 24 * 60 * 60 * 1000)
  })

  it('gives Contoso a profile that unlocks part of the restricted content, and leaves one request pending', async () => {
    const account = await db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow()
    expect(account).toMatchObject({ name: 'Contoso', domains: ['contoso.test'] })
    const member = await db.selectFrom('account_members').selectAll().executeTakeFirstOrThrow()
    expect(member).toMatchObject({ email: 'visitor@contoso.test', account_id: account.id })
    const access = await db
      .selectFrom('account_products')
      .innerJoin('permission_profiles', 'permission_profiles.id', 'account_products.permission_profile_id')
      .where('account_products.account_id', '=', account.id)
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(access.product_id).toBe(await productId('platform'))
    expect(access.access_expires_at.getTime()).toBeGreaterThan(Date.now() + 360 * 24 * 60 * 60 * 1000)
    expect(access.can_download).toBe(true)
    expect(access.card_kinds).toEqual(['Reports', 'Policies'])

    const items = await enabledItems('platform')
    const restricted = items.filter((i) => !i.public_access)
    const grantedUids = access.item_uids as string[]
    expect(grantedUids).toEqual(['caiq', 'business-continuity-plan', 'architecture-diagram'])
    for (const uid of grantedUids) {
      const item = restricted.find((i) => i.uid === uid)
      expect(item, uid).toBeDefined()
      expect(['Reports', 'Policies']).not.toContain(item!.card_kind)
    }
    const unlocked = restricted.filter((i) => ['Reports', 'Policies'].includes(i.card_kind) || grantedUids.includes(i.uid))
    expect(unlocked.length).toBeGreaterThan(0)
    expect(unlocked.length).toBeLessThan(restricted.length)

    const requests = await db.selectFrom('access_requests').selectAll().execute()
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ status: 'pending', email: 'jordan.lee@fabrikam.test', company_name: 'Fabrikam' })
  })
})
