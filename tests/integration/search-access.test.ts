// Search filters inside its query (server/access/sql.ts writes the rules of server/access as SQL): the
// SQL must agree with the JavaScript rules, item by item, for every combination that matters. One org holds
// items of every flag combination in two products (one with every card shown and one card row missing, one
// with every card hidden), documents linked to them, updates, FAQs and subprocessors; eleven viewers look at
// it under the three public access levels. Then the same through searchPortal: words only withheld or locked
// content holds find nothing, and what is found is exactly what the rules allow, locked items by title only.
import { sql } from 'kysely'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { beforeAll, expect, it } from 'vitest'
import { ENABLED_STATES, type CardKind } from '../../app/lib/card-kinds'
import { STAFF_PERMISSIONS } from '../../app/lib/permissions'
import { SEARCH_QUERY_MAX, type SearchGroupType, type SearchHit, type SearchResults } from '../../app/lib/search'
import { portalAccess } from '../../server/access/portal-access'
import { accessChecked, itemAccess, type Grants, type ItemAccess, type PublicAccessLevel, type Viewer } from '../../server/access/visibility'
import { accessCheckedItems } from '../../server/access/items'
import { createFile as storeFile, fileStore } from '../../server/files/store'
import { bumpOrgRevision, bumpProductRevision } from '../../server/portal/revision'
import { accessParams, cardShownSql, documentViewer, faqsListedSql, itemLockedSql, itemUnlockedSql, shownDocumentsSql, updateShownSql } from '../../server/access/sql'
import { extractNext } from '../../server/search/extract'
import { searchPortal, type SearchScope } from '../../server/search/query'
import { describeEachDatabase } from '../setup/database'
import { createOrg, createProduct, type OrgFixture, type ProductFixture } from '../setup/factories'

const LEVELS: readonly PublicAccessLevel[] = ['Limited', 'PublicContentOnly', 'Minimal']
/** Section kinds with rules of their own (Minimal's two, the one never shown), a grid kind, and one whose card row is missing in the open product. */
const KINDS: readonly CardKind[] = ['Overview', 'Certifications', 'CustomerData', 'DataSecurity', 'Legal']
/** In every body: one search finds everything a viewer may read. */
const BODY_WORD = 'bodyshared'
/** In every item title only: one search finds every item a viewer may see, locked ones included. */
const TITLE_WORD = 'titleshared'
const GROUPS: readonly SearchGroupType[] = ['documents', 'faqs', 'items', 'updates']

/**
 * A word no other text holds, all of one length and ending in "qx": the English stemmer leaves it (and it
 * less its last letter, typed as a prefix) whole, and no marker is a prefix of another.
 */
let markerCount = 0
function marker() {
  let n = markerCount++
  let letters = ''
  for (let i = 0; i < 4; i++, n = Math.floor(n / 26)) letters = String.fromCharCode(97 + (n % 26)) + letters
  return `zq${letters}qx`
}

interface FixtureItem {
  id: string
  productId: string
  uid: string
  titleMarker: string
  bodyMarker: string
}

interface FixtureFile {
  id: string
  nameMarker: string
  pageMarker: string
}

interface FixtureUpdate {
  id: string
  subjectMarker: string
  titleMarker: string
  messageMarker: string
}

interface Fixture {
  org: OrgFixture
  products: ProductFixture[]
  items: FixtureItem[]
  files: FixtureFile[]
  updates: FixtureUpdate[]
  faqs: { id: string; productId: string; marker: string }[]
  subprocessors: { id: string; productId: string; marker: string }[]
  viewers: { name: string; viewer: Viewer }[]
}

const grant = (values: Partial<Grants>): Grants => ({ allRestricted: false, cardKinds: new Set(), itemUids: new Set(), canDownload: true, ...values })

async function markedPdf(words: string) {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([400, 100]).drawText(words, { x: 10, y: 50, size: 10, font })
  return doc.save()
}

describeEachDatabase('search access', (database) => {
  const db = () => database().handle.db
  let fixture: Fixture

  beforeAll(async () => {
    markerCount = 0
    const org = await createOrg(database())
    const closed = await createProduct(database(), org, { slug: 'closed' })
    const products = [org.product, closed]
    // The open product has every card shown but Legal's row missing; the closed one hides every card.
    await db().deleteFrom('cards').where('product_id', '=', org.product.id).where('kind', '=', 'Legal').execute()
    await db().updateTable('cards').set({ hidden: true }).where('product_id', '=', closed.id).execute()

    // Every combination of kind, enabled state, public access and hidden, in both products.
    const combos = KINDS.flatMap((kind) =>
      ENABLED_STATES.flatMap((state) => [true, false].flatMap((publicAccess) => [false, true].map((hidden) => ({ kind, state, publicAccess, hidden })))),
    )
    const items: FixtureItem[] = []
    for (const product of products) {
      const rows = combos.map((combo, index) => ({ ...combo, uid: `combo-${index}`, titleMarker: marker(), bodyMarker: marker() }))
      const inserted = await db()
        .insertInto('items')
        .values(
          rows.map((row) => ({
            product_id: product.id,
            uid: row.uid,
            slug: row.uid,
            card_kind: row.kind,
            custom: true,
            title: `${TITLE_WORD} ${row.titleMarker} ${row.kind} ${row.state}`,
            enabled_state: row.state,
            public_access: row.publicAccess,
            hidden: row.hidden,
            explanation: `${BODY_WORD} ${row.bodyMarker} explains how this is done.`,
          })),
        )
        .returning(['id', 'uid'])
        .execute()
      for (const row of rows)
        items.push({ id: inserted.find((entry) => entry.uid === row.uid)!.id, productId: product.id, uid: row.uid, titleMarker: row.titleMarker, bodyMarker: row.bodyMarker })
    }

    // A PDF per item, and some linked to two items (in one product, or one in each), one linked nowhere.
    const files: FixtureFile[] = []
    const links: { item_id: string; file_id: string }[] = []
    const addFile = async (linked: FixtureItem[]) => {
      const nameMarker = marker()
      const pageMarker = marker()
      const stored = await storeFile(db(), fileStore(database().env), {
        orgId: org.id,
        originalName: `${nameMarker} report.pdf`,
        contentType: 'application/pdf',
        bytes: await markedPdf(`${BODY_WORD} ${pageMarker} page text`),
      })
      files.push({ id: stored.id, nameMarker, pageMarker })
      for (const item of linked) links.push({ item_id: item.id, file_id: stored.id })
    }
    for (const item of items) await addFile([item])
    for (let index = 0; index < 12; index++) await addFile([items[index * 5], items[(index * 5 + 7) % combos.length]])
    for (let index = 0; index < 4; index++) await addFile([items[index * 13], items[combos.length + index * 11]])
    await addFile([])
    await db().insertInto('item_files').values(links).execute()
    while (await extractNext(db(), database().env));

    // Updates: every combination of a hidden topic, the portal channel and the audience.
    const updates: FixtureUpdate[] = []
    for (const hidden of [false, true]) {
      const subjectMarker = marker()
      const topic = await db()
        .insertInto('update_topics')
        .values({ org_id: org.id, subject: `Topic ${subjectMarker}`, category: 'general', hidden })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const channelPortal of [true, false]) {
        for (const audience of ['public', 'private']) {
          const titleMarker = marker()
          const messageMarker = marker()
          const row = await db()
            .insertInto('updates')
            .values({ topic_id: topic.id, title: `News ${titleMarker}`, message: `${BODY_WORD} ${messageMarker} was changed.`, audience, channel_portal: channelPortal })
            .returning('id')
            .executeTakeFirstOrThrow()
          updates.push({ id: row.id, subjectMarker, titleMarker, messageMarker })
        }
      }
    }
    await bumpOrgRevision(db(), org.id)

    // A FAQ entry and a subprocessor in each product (the closed product's Subprocessors card is hidden).
    const faqs: Fixture['faqs'] = []
    const subprocessors: Fixture['subprocessors'] = []
    for (const product of products) {
      const faqMarker = marker()
      const faq = await db()
        .insertInto('faqs')
        .values({ product_id: product.id, question: `Do you ${faqMarker}?`, answer: `${BODY_WORD} ${faqMarker} yes.`, comment: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      faqs.push({ id: faq.id, productId: product.id, marker: faqMarker })
      const subprocessorMarker = marker()
      const subprocessor = await db()
        .insertInto('subprocessors')
        .values({ product_id: product.id, company_name: `Vendor ${subprocessorMarker}`, purpose: `${BODY_WORD} hosting` })
        .returning('id')
        .executeTakeFirstOrThrow()
      subprocessors.push({ id: subprocessor.id, productId: product.id, marker: subprocessorMarker })
      await bumpProductRevision(db(), product.id)
    }

    // Viewers: grants of every shape (per product: a grant in one product counts nowhere else).
    const uidsWhere = (keep: (index: number) => boolean) => new Set(combos.map((_, index) => `combo-${index}`).filter((_, index) => keep(index)))
    const both = (value: Grants) => new Map(products.map((product) => [product.id, value]))
    const staff = (permissions: readonly string[]) => ({ id: crypto.randomUUID(), name: 'Staff', email: 'staff@search.test', permissions })
    const withoutFiles = STAFF_PERMISSIONS.filter((permission) => permission !== 'files:view')
    const viewers: Fixture['viewers'] = [
      { name: 'Public', viewer: { mode: 'Public', grants: null, liveAccount: false } },
      { name: 'account, all restricted', viewer: { mode: 'AccountExternal', grants: both(grant({ allRestricted: true })), liveAccount: true } },
      {
        name: 'account, by card kind',
        viewer: {
          mode: 'AccountExternal',
          grants: new Map([
            [org.product.id, grant({ cardKinds: new Set(['DataSecurity', 'Overview']) })],
            [closed.id, grant({ cardKinds: new Set(['CustomerData', 'Legal']) })],
          ]),
          liveAccount: true,
        },
      },
      {
        name: 'account, by item uid (open product only)',
        viewer: { mode: 'AccountExternal', grants: new Map([[org.product.id, grant({ itemUids: uidsWhere((index) => index % 3 === 0), canDownload: false })]]), liveAccount: true },
      },
      {
        name: 'account, kind and uids',
        viewer: { mode: 'AccountExternal', grants: both(grant({ cardKinds: new Set(['Certifications']), itemUids: uidsWhere((index) => index % 4 === 1) })), liveAccount: true },
      },
      { name: 'account, expired or revoked', viewer: { mode: 'AccountExternal', grants: new Map(), liveAccount: false } },
      { name: 'account, live but NDA unsigned (no grants)', viewer: { mode: 'AccountExternal', grants: new Map(), liveAccount: true } },
      { name: 'preview of an expired account', viewer: { mode: 'Preview', staff: staff(STAFF_PERMISSIONS), grants: new Map(), liveAccount: false } },
      {
        name: 'account, granted another product only',
        viewer: { mode: 'AccountExternal', grants: new Map([[crypto.randomUUID(), grant({ allRestricted: true })]]), liveAccount: true },
      },
      {
        name: 'preview, by card kind',
        viewer: { mode: 'Preview', staff: staff(STAFF_PERMISSIONS), grants: both(grant({ cardKinds: new Set(['DataSecurity', 'Legal']) })), liveAccount: true },
      },
      { name: 'preview without files:view', viewer: { mode: 'Preview', staff: staff(withoutFiles), grants: both(grant({ allRestricted: true })), liveAccount: true } },
      { name: 'Main staff', viewer: { mode: 'Main', staff: staff(STAFF_PERMISSIONS), grants: null, liveAccount: false } },
      { name: 'Main staff without files:view', viewer: { mode: 'Main', staff: staff(withoutFiles), grants: null, liveAccount: false } },
    ]
    fixture = { org, products, items, files, updates, faqs, subprocessors, viewers }
  }, 240_000)

  // -------------------------------------------------------------------------------------------------------
  // The rules as JavaScript (server/access) and as SQL (server/access/sql.ts), row by row

  /** The product's items as the access policy reads them, by id. */
  async function checkedItems(productId: string) {
    const rows = await accessCheckedItems(db()).where('items.product_id', '=', productId).execute()
    return new Map(rows.map((row) => [row.id, accessChecked(row)]))
  }

  /** Which of the org's files a viewer finds in a product, by the JavaScript rule: linked here, and not withheld. */
  async function expectedDocuments(viewer: Viewer, level: PublicAccessLevel, productId: string) {
    const links = await accessCheckedItems(db())
      .innerJoin('item_files', 'item_files.item_id', 'items.id')
      .select('item_files.file_id')
      .where('items.product_id', '=', productId)
      .execute()
    const files = await db().selectFrom('files').select(['id', 'document_access_type']).where('org_id', '=', fixture.org.id).execute()
    const org = await db().selectFrom('orgs').select('document_access_type').where('id', '=', fixture.org.id).executeTakeFirstOrThrow()
    const policy = portalAccess(viewer, { publicAccessLevel: level })
    return new Map(
      files.map((file) => {
        const own = links.filter((link) => link.file_id === file.id).map(accessChecked)
        const viewOnly = (file.document_access_type ?? org.document_access_type) === 'view-only'
        // A search is of one product: a file none of its items links is not among its documents.
        return [file.id, own.length > 0 && policy.file({ links: own, iconOf: [], viewOnly }, false) !== 'withheld']
      }),
    )
  }

  async function expectedUpdates(viewer: Viewer, level: PublicAccessLevel) {
    const rows = await db()
      .selectFrom('updates')
      .innerJoin('update_topics', 'update_topics.id', 'updates.topic_id')
      .select(['updates.id', 'updates.audience', 'updates.channel_portal', 'update_topics.hidden'])
      .where('update_topics.org_id', '=', fixture.org.id)
      .execute()
    const policy = portalAccess(viewer, { publicAccessLevel: level })
    // The portal lists the updates of shown topics on its channel (server/portal/queries.ts), then asks the policy.
    return new Map(rows.map((row) => [row.id, !row.hidden && row.channel_portal && policy.updateShown(row)]))
  }

  async function expectedSubprocessors(viewer: Viewer, level: PublicAccessLevel, productId: string) {
    const rows = await db()
      .selectFrom('subprocessors')
      .leftJoin('cards', (join) => join.onRef('cards.product_id', '=', 'subprocessors.product_id').on('cards.kind', '=', 'Subprocessors'))
      .select(['subprocessors.id', 'cards.hidden'])
      .where('subprocessors.product_id', '=', productId)
      .execute()
    const policy = portalAccess(viewer, { publicAccessLevel: level })
    return new Map(rows.map((row) => [row.id, policy.cardShown({ kind: 'Subprocessors', hidden: row.hidden ?? false })]))
  }

  const combinations = () => fixture.viewers.flatMap(({ name, viewer }) => LEVELS.flatMap((level) => fixture.products.map((product) => ({ name, viewer, level, product }))))

  it('agrees with itemAccess on every item: unlocked, locked and withheld', async () => {
    const disagreements: string[] = []
    const seen = new Set<ItemAccess>()
    for (const { name, viewer, level, product } of combinations()) {
      const p = accessParams(viewer, level, product.id)
      const { rows } = await sql<{ id: string; unlocked: boolean; locked: boolean }>`
        select i.id, ${itemUnlockedSql(p, 'i', 'c')} as unlocked, ${itemLockedSql(p, 'i', 'c')} as locked
        from items i
        left join cards c on c.product_id = i.product_id and c.kind = i.card_kind
        where i.product_id = ${product.id}
      `.execute(db())
      const checked = await checkedItems(product.id)
      expect(rows.length).toBe(KINDS.length * ENABLED_STATES.length * 4)
      for (const row of rows) {
        const item = checked.get(row.id)!
        const expected = itemAccess(item, viewer, level)
        seen.add(expected)
        const actual = row.unlocked && row.locked ? 'both unlocked and locked' : row.unlocked ? 'unlocked' : row.locked ? 'locked' : 'withheld'
        if (actual !== expected) disagreements.push(`${name}, ${level}, ${product.slug}: ${JSON.stringify(item)} is ${actual} in SQL, ${expected} in itemAccess`)
      }
    }
    expect(disagreements).toEqual([])
    expect([...seen].sort()).toEqual(['locked', 'unlocked', 'withheld'])
  })

  it("agrees with portalAccess().file on every document, and finds a document only through the product's own items", async () => {
    const disagreements: string[] = []
    const outcomes = new Set<boolean>()
    for (const { name, viewer, level, product } of combinations()) {
      const d = accessParams(documentViewer(viewer), level, product.id)
      const { rows } = await sql<{ id: string; shown: boolean }>`
        select f.id, f.id in (${shownDocumentsSql(d, product.id)}) as shown from files f where f.org_id = ${fixture.org.id}
      `.execute(db())
      const expected = await expectedDocuments(viewer, level, product.id)
      expect(rows.length).toBe(fixture.files.length)
      for (const row of rows) {
        outcomes.add(row.shown)
        if (row.shown !== expected.get(row.id)) disagreements.push(`${name}, ${level}, ${product.slug}: file ${row.id} is ${row.shown ? 'shown' : 'withheld'} in SQL`)
      }
    }
    expect(disagreements).toEqual([])
    expect([...outcomes].sort()).toEqual([false, true])
  })

  it('agrees with the portal on updates (audience, hidden topic, portal channel), FAQs and subprocessors (hidden card, Minimal)', async () => {
    const disagreements: string[] = []
    const outcomes = { updates: new Set<boolean>(), faqs: new Set<boolean>(), subprocessors: new Set<boolean>() }
    for (const { name, viewer, level, product } of combinations()) {
      const p = accessParams(viewer, level, product.id)
      const where = `${name}, ${level}, ${product.slug}`
      const { rows: updates } = await sql<{ id: string; shown: boolean }>`
        select u.id, ${updateShownSql(p, 'u', 't')} as shown
        from updates u join update_topics t on t.id = u.topic_id
        where t.org_id = ${fixture.org.id}
      `.execute(db())
      const expectedUpdate = await expectedUpdates(viewer, level)
      expect(updates.length).toBe(8)
      for (const row of updates) {
        outcomes.updates.add(row.shown)
        if (row.shown !== expectedUpdate.get(row.id)) disagreements.push(`${where}: update ${row.id} is ${row.shown ? 'shown' : 'withheld'} in SQL`)
      }
      const { rows: faqs } = await sql<{ listed: boolean }>`select ${faqsListedSql(p)} as listed`.execute(db())
      outcomes.faqs.add(faqs[0].listed)
      if (faqs[0].listed !== portalAccess(viewer, { publicAccessLevel: level }).faqsListed)
        disagreements.push(`${where}: FAQs are ${faqs[0].listed ? 'listed' : 'withheld'} in SQL`)
      const { rows: subprocessors } = await sql<{ id: string; shown: boolean }>`
        select s.id, ${cardShownSql(p, sql`'Subprocessors'`, sql.ref('sc.hidden'))} as shown
        from subprocessors s
        left join cards sc on sc.product_id = s.product_id and sc.kind = 'Subprocessors'
        where s.product_id = ${product.id}
      `.execute(db())
      const expectedSubprocessor = await expectedSubprocessors(viewer, level, product.id)
      for (const row of subprocessors) {
        outcomes.subprocessors.add(row.shown)
        if (row.shown !== expectedSubprocessor.get(row.id)) disagreements.push(`${where}: subprocessor ${row.id} is ${row.shown ? 'shown' : 'withheld'} in SQL`)
      }
    }
    expect(disagreements).toEqual([])
    for (const seen of Object.values(outcomes)) expect([...seen].sort()).toEqual([false, true])
  })

  // -------------------------------------------------------------------------------------------------------
  // End to end through searchPortal

  async function scopeFor(viewer: Viewer, level: PublicAccessLevel, product: ProductFixture): Promise<SearchScope> {
    await db().updateTable('orgs').set({ public_access_level: level }).where('id', '=', fixture.org.id).execute()
    const org = await db().selectFrom('orgs').select(['id', 'slug', 'public_access_level', 'document_access_type']).where('id', '=', fixture.org.id).executeTakeFirstOrThrow()
    return {
      org: {
        id: org.id,
        publicAccessLevel: org.public_access_level as PublicAccessLevel,
        documentAccessType: (org.document_access_type ?? 'view-and-download') as SearchScope['org']['documentAccessType'],
        basePath: `/portal/${org.slug}`,
      },
      product: { id: product.id, slug: product.slug, isDefault: product.id === fixture.org.product.id },
      viewer,
    }
  }

  /** Every hit of the groups for a term, paged as the results page pages a group. */
  async function everyHit(scope: SearchScope, term: string, groups = GROUPS) {
    const byGroup = new Map<SearchGroupType, { count: number; hits: SearchHit[] }>()
    const pages: SearchResults[] = []
    for (const group of groups) {
      const hits: SearchHit[] = []
      let count = 0
      for (let offset = 0; ; offset += 50) {
        const page = await searchPortal(db(), scope, term, { group, offset, limit: 50 })
        pages.push(page)
        const found = page.groups.find((entry) => entry.type === group)
        if (!found) break
        count = found.count
        hits.push(...found.hits)
        if (found.hits.length < 50) break
      }
      expect(hits.length, `${term}: ${group}`).toBe(count)
      byGroup.set(group, { count, hits })
    }
    return { byGroup, pages }
  }

  const sorted = (values: Iterable<string>) => [...values].sort()

  for (const viewerName of [
    'Public',
    'account, all restricted',
    'account, by card kind',
    'account, by item uid (open product only)',
    'account, kind and uids',
    'account, expired or revoked',
    'account, live but NDA unsigned (no grants)',
    'preview of an expired account',
    'account, granted another product only',
    'preview, by card kind',
    'preview without files:view',
    'Main staff',
    'Main staff without files:view',
  ]) {
    it(`${viewerName}: searchPortal finds what the rules allow and nothing else, at every level`, async () => {
      const { viewer } = fixture.viewers.find((entry) => entry.name === viewerName)!
      const problems: string[] = []
      for (const level of LEVELS) {
        for (const product of fixture.products) {
          const where = `${level}, ${product.slug}`
          const scope = await scopeFor(viewer, level, product)
          const policy = portalAccess(viewer, { publicAccessLevel: level })
          const checked = await checkedItems(product.id)
          const items = fixture.items.filter((item) => item.productId === product.id)
          const access = new Map(items.map((item) => [item.id, itemAccess(checked.get(item.id)!, viewer, level)]))
          const documents = await expectedDocuments(viewer, level, product.id)
          const updates = await expectedUpdates(viewer, level)
          const subprocessors = await expectedSubprocessors(viewer, level, product.id)
          const faqs = fixture.faqs.filter((faq) => faq.productId === product.id)

          // What this viewer must never learn from any search of this product.
          const withheldFiles = fixture.files.filter((file) => !documents.get(file.id))
          const kinds = [
            items.filter((item) => access.get(item.id) === 'withheld').map((item) => item.titleMarker),
            items.filter((item) => access.get(item.id) !== 'unlocked').map((item) => item.bodyMarker),
            withheldFiles.map((file) => file.nameMarker),
            withheldFiles.map((file) => file.pageMarker),
            fixture.updates.filter((update) => !updates.get(update.id)).map((update) => update.messageMarker),
            fixture.updates.filter((update) => !updates.get(update.id)).map((update) => update.titleMarker),
            // A topic's subject is withheld when none of its updates is shown.
            fixture.updates
              .filter((update) => !fixture.updates.some((other) => other.subjectMarker === update.subjectMarker && updates.get(other.id)))
              .map((update) => update.subjectMarker),
            policy.faqsListed ? [] : faqs.map((faq) => faq.marker),
            fixture.subprocessors.filter((entry) => entry.productId === product.id && !subprocessors.get(entry.id)).map((entry) => entry.marker),
          ]
          const forbidden = [...new Set(kinds.flat())]
          const firstOfEach = kinds.flatMap((words) => words.slice(0, 1))
          // Everything of the results but the term typed (which they echo).
          const leaks = (what: string, results: SearchResults[]) => {
            const text = JSON.stringify(results.map((result) => ({ ...result, term: '' })))
            for (const word of forbidden) if (text.includes(word)) problems.push(`${where}: ${what} reveals ${word}`)
          }

          // The word every body holds: exactly the readable rows, each group counted right, no locked item.
          const body = await everyHit(scope, BODY_WORD)
          leaks(BODY_WORD, body.pages)
          const ids = (group: SearchGroupType) => sorted(body.byGroup.get(group)!.hits.map((hit) => hit.id))
          const unlocked = items.filter((item) => access.get(item.id) === 'unlocked')
          const shownSubprocessors = [...subprocessors].filter(([, shown]) => shown).map(([id]) => id)
          const expectedIds: Record<SearchGroupType, string[]> = {
            items: sorted([...unlocked.map((item) => item.uid), ...shownSubprocessors]),
            documents: sorted([...documents].filter(([, shown]) => shown).map(([id]) => id)),
            updates: sorted([...updates].filter(([, shown]) => shown).map(([id]) => id)),
            faqs: sorted(policy.faqsListed ? faqs.map((faq) => faq.id) : []),
          }
          for (const group of GROUPS) {
            if (JSON.stringify(ids(group)) !== JSON.stringify(expectedIds[group])) {
              problems.push(`${where}: "${BODY_WORD}" found ${group} ${ids(group).length}, expected ${expectedIds[group].length}`)
            }
          }
          if (body.byGroup.get('items')!.hits.some((hit) => hit.locked)) problems.push(`${where}: a locked item was found by a word of its body`)

          // The word every item title holds: unlocked items with their text, locked ones by title only.
          const titles = await everyHit(scope, TITLE_WORD, ['items'])
          leaks(TITLE_WORD, titles.pages)
          const titled = titles.byGroup.get('items')!.hits
          const visible = items.filter((item) => access.get(item.id) !== 'withheld')
          if (JSON.stringify(sorted(titled.map((hit) => hit.id))) !== JSON.stringify(sorted(visible.map((item) => item.uid)))) {
            problems.push(`${where}: "${TITLE_WORD}" found ${titled.length} items, expected ${visible.length}`)
          }
          for (const hit of titled) {
            const item = items.find((entry) => entry.uid === hit.id)
            const locked = item ? access.get(item.id) === 'locked' : false
            if (Boolean(hit.locked) !== locked) problems.push(`${where}: ${hit.id} is ${hit.locked ? '' : 'not '}marked locked`)
            if (locked && (hit.excerpt.length || hit.item?.explanation !== null)) problems.push(`${where}: locked ${hit.id} has an excerpt or explanation`)
          }

          // Every word only withheld or locked content holds finds nothing at all: asked for a few dozen at a
          // time (web-search "or"), and the first of each kind of content typed alone, as a prefix and as a phrase.
          const nothing = (term: string, results: SearchResults) => {
            if (results.total || results.groups.length || results.top) problems.push(`${where}: "${term.slice(0, 60)}" found ${results.total}`)
            leaks(term, [results])
          }
          for (let start = 0, batch: string[] = []; start < forbidden.length; start += batch.length) {
            batch = []
            while (start + batch.length < forbidden.length && [...batch, forbidden[start + batch.length]].join(' or ').length <= SEARCH_QUERY_MAX)
              batch.push(forbidden[start + batch.length])
            const term = batch.join(' or ')
            nothing(term, await searchPortal(db(), scope, term, { limit: 50 }))
          }
          for (const word of new Set(firstOfEach)) {
            for (const term of [word.slice(0, -1), `"${word}"`]) nothing(term, await searchPortal(db(), scope, term, { limit: 50 }))
          }
        }
      }
      expect(problems).toEqual([])
    }, 120_000)
  }
})
