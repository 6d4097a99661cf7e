// The portal page as a visitor sees it: only what this viewer may see. The controls of staff who may edit the
// page are built in editor-view.ts, from what this view has worked out.
import { answersOffered } from '../ai/offered'
import { fileUrl, isViewOnly, viewerUrl } from '../files/urls'
import type { Database } from '../../db/index'
import { catalogueItem } from '../../app/lib/catalogue/index'
import { DEFAULT_CARD_TITLES, GRID_KINDS, isCardKind, ITEM_KIND_WEIGHT, type CardKind, type EnabledState } from '../../app/lib/card-kinds'
import { compareTitles } from '../../app/lib/ordering'
import { withQuery } from '../../app/lib/format'
import type { BulkDocumentView, CardView, DocumentDate, DocumentView, FileView, ItemView, PortalView, SubprocessorColumn, UpdateView } from '../../app/lib/portal-view'
import { bridgeLetterTitle, CARD_PREVIEW_ITEMS, itemState, FAQ_PREVIEW_ENTRIES, FAQ_QUERY_MAX, RECENT_UPDATE_MS, UPDATES_PAGE_SIZE } from '../../app/lib/portal-view'
import { riskAnswerLabel } from '../../app/lib/risk-profile'
import { gradeColour, GRADE_PROVIDERS } from '../../app/lib/security-grades'
import { normaliseSectionOrder, type SectionId } from '../../app/lib/sections'
import { portalAccess, type PortalAccess } from '../access/portal-access'
import { bulkDownloadRefusal, type PortalViewer } from '../access/viewer'
import { accessChecked, bridgeLetterEnabled, type AccessCheckedItem, type Viewer } from '../access/visibility'
import { bridgeLetterFileName } from '../files/letter'
import { integerParam } from '../http/query'
import type { PortalOrg } from './resolve'
import { brandLinks, brandSource } from './brand-images'
import { editorLibrary, editorView } from './editor-view'
import { loadPortalData, type ItemRow, type PortalData } from './queries'
import { gradeEntries, itemOrder, sortByItemOrder } from './view-helpers'
import { publicPictureUrl } from '../products/public-pictures'

export interface PortalQuery {
  productSlug?: string
  itemSlug?: string
  search: URLSearchParams
  /** An Anthropic key is configured: AI answers may be offered (server/ai/answers.ts answersOffered). */
  answers?: boolean
}

/** Everything the portal page shows this viewer, and nothing more; null when the product is unknown. */
export async function loadPortalView(db: Database, org: PortalOrg, viewer: Viewer & Partial<Pick<PortalViewer, 'account'>>, query: PortalQuery): Promise<PortalView | null> {
  const productSlug = query.productSlug ?? query.search.get('product') ?? undefined
  const data = await loadPortalData(db, org.id, { productSlug, productId: query.search.get('productId') ?? undefined })
  if (!data) return null
  const access = portalAccess(viewer, org)
  const library = await editorLibrary(db, org.id, access, query.search)
  return buildPortalView(org, access, data, query, library, bulkDownloadRefusal(viewer, data.customization.bulk_download_enabled) === null)
}

export function buildPortalView(
  org: PortalOrg,
  access: PortalAccess,
  data: PortalData,
  query: PortalQuery,
  library: { id: string; name: string }[] | null = null,
  bulkAllowed = false,
): PortalView | null {
  const { customization, product, products } = data
  const productBase = product.is_default ? org.basePath : `${org.basePath}/product/${product.slug}`
  const search = query.search
  const previewingAs: Record<string, string | null> =
    access.mode === 'Preview' ? { accountId: search.get('accountId'), permissionProfileId: search.get('permissionProfileId') } : {}

  // Decide each item's access once; withheld items go no further.
  const cardByKind = new Map(data.cards.map((card) => [card.kind as CardKind, card]))
  const visibleItems: { row: ItemRow; view: ItemView }[] = []
  for (const row of data.items) {
    if (!isCardKind(row.card_kind)) continue
    const item = accessChecked(row)
    const itemAccess = access.item(item)
    if (itemAccess === 'withheld') continue
    visibleItems.push({ row, view: itemView(row, item, itemAccess === 'locked', access, org, data) })
  }
  sortByItemOrder(visibleItems, ({ row, view }) => itemOrder(row, view))

  const itemsOfKind = (kind: CardKind) => visibleItems.filter(({ row }) => row.card_kind === kind).map(({ view }) => view)
  const cardTitle = (kind: CardKind) => cardByKind.get(kind)?.title || DEFAULT_CARD_TITLES[kind]
  const cardFacts = (kind: CardKind) => ({ kind, hidden: cardByKind.get(kind)?.hidden ?? false })

  const cardView = (kind: CardKind, all: boolean): CardView => {
    const card = cardByKind.get(kind)
    const items = itemsOfKind(kind)
    return {
      kind,
      title: cardTitle(kind),
      displayText: card?.display_text ?? null,
      placeholder: card?.placeholder ?? null,
      hidden: card?.hidden ?? false,
      iconUrl: card?.icon_file_id ? `${org.basePath}/files/${card.icon_file_id}` : null,
      itemCount: items.length,
      items: all ? items : items.slice(0, CARD_PREVIEW_ITEMS).map(itemSummary),
    }
  }

  // Generic cards may stand empty with their placeholder text.
  const gridKinds = GRID_KINDS.filter(
    (kind) => cardByKind.has(kind) && access.cardListed({ ...cardFacts(kind), placeholder: cardByKind.get(kind)?.placeholder }, itemsOfKind(kind).length),
  ).sort((a, b) => (cardByKind.get(a)?.position ?? 0) - (cardByKind.get(b)?.position ?? 0))
  const cards = gridKinds.map((kind) => cardView(kind, false))

  const canEdit = access.can('statuspage:edit')

  // The item asked for in the URL opens its card.
  const itemSlug = query.itemSlug
  const itemUid = search.get('itemUid') ?? undefined
  const itemName = search.get('itemName')?.toLowerCase()
  const requested = visibleItems.find(
    ({ view }) => (itemSlug && view.slug === itemSlug) || (itemUid && view.uid === itemUid) || (itemName && view.title.toLowerCase() === itemName),
  )?.view
  const cardParam = search.get('card')
  const openKind = requested?.kind ?? (isCardKind(cardParam) && access.cardShown(cardFacts(cardParam)) ? cardParam : undefined)
  const openCard = openKind && openKind !== 'Subprocessors' ? cardView(openKind, true) : null

  const overviewItem = data.items.find((row) => row.card_kind === 'Overview')
  const certificationItems = itemsOfKind('Certifications')
  const portalTitle = customization.portal_title
  const overview = access.cardShown(cardFacts('Overview'))
    ? {
        title: cardTitle('Overview'),
        text: access.overviewText(overviewItem && { ...accessChecked(overviewItem), explanation: overviewItem.explanation }) ?? defaultWelcome(org.name, portalTitle),
      }
    : null
  const certifications = access.cardListed(cardFacts('Certifications'), certificationItems.length) ? { title: cardTitle('Certifications'), items: certificationItems } : null

  const trustedBy = access.cardListed(cardFacts('TrustedBy'), data.trustedBy.length)
    ? {
        title: cardByKind.get('TrustedBy')?.display_text || `Trusted by teams around the world who rely on ${org.name}`,
        companies: data.trustedBy.map((company) => ({
          id: company.id,
          name: company.name,
          logoUrl: company.logo_file_id ? publicPictureUrl(org.basePath, company.logo_file_id) : company.logo_url,
          ...(access.staffDetails ? { uploadedLogo: Boolean(company.logo_file_id) } : {}),
        })),
      }
    : null

  const subprocessorSearch = (search.get('subprocessorSearch') ?? '').trim().slice(0, 200)
  const allSubprocessors = data.subprocessors.map((row) => ({
    id: row.id,
    ...(access.staffDetails ? { createdAt: new Date(row.created_at).toISOString() } : {}),
    company: row.company_name,
    domain: row.company_domain,
    logoUrl: row.logo_file_id ? publicPictureUrl(org.basePath, row.logo_file_id) : row.logo_url,
    ...(access.staffDetails ? { uploadedLogo: Boolean(row.logo_file_id) } : {}),
    purpose: row.purpose,
    location: row.location,
    additionalDetails: row.additional_details,
  }))
  const needle = subprocessorSearch.toLowerCase()
  const subprocessors = access.cardListed(cardFacts('Subprocessors'), allSubprocessors.length)
    ? {
        title: cardTitle('Subprocessors'),
        rows: needle
          ? allSubprocessors.filter((row) => [row.company, row.purpose, row.location, row.additionalDetails, row.domain].some((value) => value?.toLowerCase().includes(needle)))
          : allSubprocessors,
        // Columns empty for every row are hidden outside edit mode.
        columns: (['purpose', 'location', 'additionalDetails'] as SubprocessorColumn[]).filter(
          (column) => access.mode === 'Main' || allSubprocessors.some((row) => row[column]?.trim()),
        ),
        total: allSubprocessors.length,
        search: subprocessorSearch,
      }
    : null

  const documents = documentsView(visibleItems, data, cardTitle, search, (entries) => access.cardListed(cardFacts('Documents'), entries), {
    bulkAllowed,
  })

  const updates = updatesView(data, access, search, portalTitle)
  const now = Date.now()
  const recentUpdates = (updates?.all ?? []).filter((update) => now - Date.parse(update.createdAt) < RECENT_UPDATE_MS)

  const sectionPresent: Record<SectionId, boolean> = {
    overview: overview !== null,
    certifications: certifications !== null,
    overview_and_certifications: overview !== null || certifications !== null,
    trusted_by: trustedBy !== null,
    subprocessors: subprocessors !== null,
    documents: documents !== null,
    cards: cards.length > 0,
    knowledge_base: data.faqs.length > 0 && access.faqsListed,
    trust_center_updates: updates !== null && updates.items.length > 0,
    help: Boolean(customization.support_mailbox || customization.security_mailbox || customization.contact_support),
  }
  const sections = normaliseSectionOrder(product.section_order).filter((id) => sectionPresent[id])

  return {
    mode: access.mode,
    org: { name: org.name, slug: org.slug, website: org.website, logoUrl: org.logoUrl, brandColor: org.brandColor, faviconUrl: org.faviconUrl },
    portal: {
      basePath: org.basePath,
      portalUrl: org.portalUrl,
      title: portalTitle,
      showTitle: customization.show_portal_title,
      description: customization.description || `Learn how ${org.name} keeps your data safe: security practices, compliance and documents.`,
      contactSupport: contactLink(customization.contact_support, customization.support_mailbox),
      reportIssue: contactLink(customization.report_issue, customization.security_mailbox),
      securityMailbox: customization.security_mailbox,
      reviewBanner:
        access.mode === 'Public' && customization.review_banner !== 'none' ? { informationSubtitle: customization.review_banner_information_text || 'Ask for information' } : null,
      subscribeEnabled: customization.subscribe_enabled && access.mode !== 'Main',
      revision: customization.revision + product.revision,
      search: {
        action: `${org.basePath}/search`,
        ai: answersOffered({ key: query.answers ?? false, enabled: customization.ai_answers_enabled, mode: access.mode }),
      },
      updatedAt: new Date(Math.max(Date.parse(String(customization.updated_at)), Date.parse(String(product.updated_at)))).toISOString(),
      ...brandLinks(brandSource(org, customization), org.portalUrl),
    },
    products: products.map((entry) => ({
      slug: entry.slug,
      name: entry.name,
      // Staff previewing an account or profile stay in the preview on another product (the spec's previewingAs).
      href: withQuery(entry.is_default ? `${org.basePath}/` : `${org.basePath}/product/${entry.slug}`, '', previewingAs),
      current: entry.id === product.id,
    })),
    product: {
      id: product.id,
      slug: product.slug,
      name: product.name,
      bannerUrl: product.banner_file_id ? publicPictureUrl(org.basePath, product.banner_file_id) : product.banner_url,
      termsUrl: product.terms_url,
      home: product.is_default ? `${org.basePath}/` : productBase,
      itemBase: product.is_default ? `${org.basePath}/item` : productBase,
    },
    sections,
    overview,
    certifications,
    trustedBy,
    subprocessors,
    documents,
    cards,
    ...knowledgeBaseView(
      sectionPresent.knowledge_base ? data.faqs : [],
      search,
      access.can('knowledge-base') ? `/knowledge-base?product=${encodeURIComponent(product.slug)}` : null,
    ),
    updates: updates ? { title: updates.title, items: updates.items, page: updates.page, pageCount: updates.pageCount, highlighted: updates.highlighted } : null,
    recentUpdates,
    openCard,
    openItemUid: requested?.uid ?? null,
    editor: canEdit ? editorView({ access, data, search, cardByKind, cardTitle, cardView, openCard, sectionPresent, library }) : null,
  }
}

/** What a card's preview row shows: the details stay for the open card. */
function itemSummary(item: ItemView): ItemView {
  const { uid, slug, title, kind, enabledState, locked, publicAccess, custom, hidden, state, logo, choice, grades } = item
  return {
    uid,
    slug,
    title,
    kind,
    enabledState,
    locked,
    publicAccess,
    custom,
    ...(hidden === undefined ? {} : { hidden }),
    ...(state ? { state } : {}),
    ...(logo ? { logo } : {}),
    ...(choice ? { choice } : {}),
    ...(grades?.length ? { grades: grades.slice(0, 1) } : {}),
  }
}

export function defaultWelcome(org: string, portalTitle: string) {
  return `Welcome to the ${org} ${portalTitle}. Security and privacy are at the heart of everything we build. Here you can learn about our security practices and compliance programs, and request access to our documents.`
}

function itemView(row: ItemRow, checked: AccessCheckedItem, locked: boolean, access: PortalAccess, org: PortalOrg, data: PortalData): ItemView {
  const catalogue = row.catalogue_uid ? catalogueItem(row.catalogue_uid) : undefined
  const kind = row.card_kind as CardKind
  const base: ItemView = {
    uid: row.uid,
    slug: row.slug,
    title: row.title || catalogue?.title || 'Untitled',
    kind,
    enabledState: row.enabled_state as EnabledState,
    locked,
    publicAccess: row.public_access,
    custom: row.custom,
    ...(access.staffDetails ? { hidden: row.hidden } : {}),
    ...(access.mode === 'Main' ? { state: itemState({ hidden: row.hidden, enabledState: row.enabled_state, publicAccess: row.public_access }) } : {}),
    ...(catalogue?.logo ? { logo: `/images/certifications/${catalogue.logo}` } : {}),
  }
  // A locked item carries what staff wrote for those without access, and nothing of its content.
  if (locked) return { ...base, ...lockedNote(row) }

  const files: FileView[] = (data.filesByItem.get(row.id) ?? []).map((file) => {
    const viewOnly = isViewOnly(file, org)
    const url = fileUrl(org.basePath, file)
    return {
      id: file.id,
      name: file.original_name,
      contentType: file.content_type,
      viewOnly,
      viewUrl: url,
      updatedAt: new Date(file.created_at).toISOString(),
      // A view-only document is read in the viewer page, which offers no download (decision 020).
      ...(viewOnly ? { viewerUrl: viewerUrl(org.basePath, file.id) } : {}),
      ...(access.canDownload(checked, viewOnly) ? { downloadUrl: `${url}?download=1` } : {}),
    }
  })
  // The bridge letter is one more of the item's documents, gated as they are and never view-only.
  if (bridgeLetterEnabled(row)) {
    const name = bridgeLetterFileName(org.name, base.title)
    const url = `${org.basePath}/letters/${row.id}/${encodeURIComponent(name)}`
    files.push({
      id: row.id,
      name,
      contentType: 'application/pdf',
      viewOnly: false,
      viewUrl: url,
      ...(access.canDownload(checked, false) ? { downloadUrl: `${url}?download=1` } : {}),
      letter: true,
      updatedAt: new Date(row.updated_at).toISOString(),
    })
  }
  const provider = catalogue?.provider
  const question = catalogue?.question
  return {
    ...base,
    explanation: row.explanation,
    href: row.href,
    maturity: row.maturity,
    recurrence: row.recurrence,
    auditor: row.auditor,
    expiresOn: row.expires_on,
    itemType: row.item_type,
    choice: question ? { question: base.title, answer: riskAnswerLabel(question, row.choice ?? '') } : null,
    ...(provider
      ? {
          provider: GRADE_PROVIDERS[provider].name,
          grades: gradeEntries(row.list_entries).map((entry) => ({ ...entry, colour: gradeColour(provider, entry.grade ?? '') })),
        }
      : {}),
    files,
    ...(access.staffDetails ? { lastModified: { on: new Date(row.updated_at).toISOString(), by: row.updated_by_name } } : {}),
  }
}

/** The summary, type and date staff set for visitors without access (decision 057), when any is set. */
function lockedNote(row: Pick<ItemRow, 'locked_summary' | 'locked_type' | 'locked_date'>): Pick<ItemView, 'lockedNote'> {
  const note = { summary: row.locked_summary || null, type: row.locked_type || null, date: row.locked_date || null }
  return note.summary || note.type || note.date ? { lockedNote: note } : {}
}

function documentsView(
  visibleItems: { row: ItemRow; view: ItemView }[],
  data: PortalData,
  cardTitle: (kind: CardKind) => string,
  search: URLSearchParams,
  listed: (entries: number) => boolean,
  options: { bulkAllowed: boolean },
): PortalView['documents'] {
  const all: DocumentView[] = []
  for (const { row, view } of visibleItems) {
    const linked = data.filesByItem.get(row.id) ?? []
    const isDocumentItem = view.kind === 'Documents' || linked.length > 0 || bridgeLetterEnabled(row)
    if (!isDocumentItem) continue
    const common = {
      itemUid: view.uid,
      itemSlug: view.slug,
      cardTitle: cardTitle(view.kind),
      publicAccess: view.publicAccess,
      locked: view.locked,
      featured: row.featured,
      ...(view.state ? { state: view.state } : {}),
    }
    // A locked item is one entry standing for all its documents (its letter too): their names stay withheld.
    if (view.locked || !view.files?.length) {
      all.push({ key: view.uid, title: view.title, ...common, ...(view.lockedNote ? { lockedNote: view.lockedNote } : {}) })
      continue
    }
    // Documents go by title (issue 24 item 5): an item's only uploaded document by the item's, the letter by
    // its report's ("Bridge letter for SOC 2 Type II"); each with "Valid until" its item's expiry, else "Updated".
    const uploaded = view.files.filter((file) => !file.letter).length
    for (const file of view.files) {
      const title = file.letter ? bridgeLetterTitle(view.title) : uploaded === 1 ? view.title : file.name
      const date: DocumentDate | undefined = view.expiresOn ? { kind: 'validUntil', on: view.expiresOn } : file.updatedAt ? { kind: 'updated', on: file.updatedAt } : undefined
      all.push({ key: `${view.uid}:${file.id}`, title, ...common, file, ...(date ? { date } : {}) })
    }
  }
  if (!listed(all.length)) return null
  const kindOf = new Map(visibleItems.map(({ view }) => [view.uid, view.kind]))
  const weight = (entry: DocumentView) => ITEM_KIND_WEIGHT[kindOf.get(entry.itemUid) ?? 'Documents'] ?? 0
  all.sort((a, b) => compareTitles(a.title, b.title) || weight(b) - weight(a))

  const hasPublic = all.some((entry) => entry.publicAccess)
  const hasPrivate = all.some((entry) => !entry.publicAccess)
  const tabs = hasPublic && hasPrivate
  const requested = search.get('docs')
  // The filter resets to All when only one kind of document exists.
  const filter = tabs && (requested === 'public' || requested === 'private') ? requested : 'all'
  // A featured document is listed once, among the featured.
  const entries = all.filter((entry) => !entry.featured && (filter === 'all' || (filter === 'public') === entry.publicAccess))
  const bulkDocuments = options.bulkAllowed ? bulkDownloadable(all) : []
  const bulkDownload = bulkDocuments.length > 0
  const bulkParam = search.get('bulkDownload')
  return {
    title: cardTitle('Documents'),
    featured: all.filter((entry) => entry.featured),
    entries,
    tabs,
    filter,
    expanded: search.get('documents') === 'all',
    bulkDownload,
    bulkDialog: bulkDownload && bulkParam !== null ? { preselected: bulkParam !== 'none', documents: bulkDocuments } : null,
  }
}

/** What a bulk download may hold: each document this viewer may download, once (a file linked to two items too). */
function bulkDownloadable(entries: readonly DocumentView[]): BulkDocumentView[] {
  const seen = new Set<string>()
  const documents: BulkDocumentView[] = []
  for (const entry of entries) {
    const file = entry.file
    if (!file?.downloadUrl) continue
    const field = file.letter ? 'letterId' : 'fileId'
    if (seen.has(`${field}:${file.id}`)) continue
    seen.add(`${field}:${file.id}`)
    documents.push({ field, id: file.id, title: entry.title, fileName: file.name, cardTitle: entry.cardTitle, ...(entry.date ? { date: entry.date } : {}) })
  }
  return documents
}

/**
 * The Knowledge Base (FAQs): the section's first entries, or every entry while the FAQ dialog is open
 * (`faqs=true`), so the public page's HTML stays lean. The dialog filters by `faqQuery` as it renders.
 */
function knowledgeBaseView(rows: PortalData['faqs'], search: URLSearchParams, manageHref: string | null): Pick<PortalView, 'faqs' | 'knowledgeBase'> {
  if (!rows.length) return { faqs: [], knowledgeBase: null }
  const open = search.get('faqs') === 'true'
  const entries = open ? rows : rows.slice(0, FAQ_PREVIEW_ENTRIES)
  return {
    faqs: entries.map((faq) => ({ id: faq.id, question: faq.question, answer: faq.answer, comment: faq.comment })),
    knowledgeBase: { total: rows.length, dialog: open ? { query: (search.get('faqQuery') ?? '').trim().slice(0, FAQ_QUERY_MAX) } : null, manageHref },
  }
}

function updatesView(data: PortalData, access: PortalAccess, search: URLSearchParams, portalTitle: string) {
  const all: UpdateView[] = data.updates
    .filter((update) => access.updateShown(update))
    .map((update) => ({
      id: update.id,
      title: update.title,
      subject: update.subject,
      category: update.category,
      message: update.message,
      createdAt: new Date(update.created_at).toISOString(),
      pinned: update.pinned,
      audience: update.audience as UpdateView['audience'],
    }))
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || Date.parse(b.createdAt) - Date.parse(a.createdAt))
  if (!all.length) return null
  const pageCount = Math.max(1, Math.ceil(all.length / UPDATES_PAGE_SIZE))
  const highlighted = search.get('tcuUid')
  const highlightedIndex = highlighted ? all.findIndex((update) => update.id === highlighted) : -1
  const page = highlightedIndex >= 0 ? Math.floor(highlightedIndex / UPDATES_PAGE_SIZE) + 1 : integerParam(search, 'updatesPage', { min: 1, max: pageCount, fallback: 1 })
  return {
    title: `${portalTitle} Updates`,
    all,
    items: all.slice((page - 1) * UPDATES_PAGE_SIZE, page * UPDATES_PAGE_SIZE),
    page,
    pageCount,
    highlighted: highlightedIndex >= 0 ? highlighted : null,
  }
}

function contactLink(setting: unknown, mailbox: string | null): { href: string; external: boolean } | null {
  const value = (setting ?? {}) as { onClickAction?: string; url?: string | null }
  if (value.onClickAction === 'url' && value.url && /^https?:\/\//.test(value.url)) return { href: value.url, external: true }
  return mailbox ? { href: `mailto:${mailbox}`, external: false } : null
}
