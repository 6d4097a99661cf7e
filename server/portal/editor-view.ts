// The portal page as its editors see it: what staff who may edit the status page get beside the visitor's
// view (server/portal/view.ts): the open card's stored items for the edit form, the dialogs' cards, the
// section switches and titles, and the file library to link documents from.
import type { Database } from '../../db/index'
import { catalogueItem } from '../../app/lib/catalogue/index'
import { isCardKind, KIND_FIELDS, type CardKind, type EnabledState } from '../../app/lib/card-kinds'
import { INTEGRATION_ITEMS } from '../../app/lib/integrations'
import type { CardView, ItemEditorView, PortalView } from '../../app/lib/portal-view'
import { normaliseSectionOrder, type SectionId } from '../../app/lib/sections'
import type { PortalAccess } from '../access/portal-access'
import { listLibrary } from '../files/library'
import type { ItemRow, PortalData } from './queries'
import { gradeEntries, itemOrder, sortByItemOrder } from './view-helpers'

/** What the visitor's view has worked out that the editor's view builds on. */
export interface EditorViewInput {
  access: PortalAccess
  data: PortalData
  search: URLSearchParams
  cardByKind: Map<CardKind, PortalData['cards'][number]>
  cardTitle: (kind: CardKind) => string
  cardView: (kind: CardKind, all: boolean) => CardView
  openCard: CardView | null
  sectionPresent: Record<SectionId, boolean>
  library: { id: string; name: string }[] | null
}

/** The files an editor may link to the open card's items: only editors who may view files link documents. */
export async function editorLibrary(db: Database, orgId: string, access: PortalAccess, search: URLSearchParams) {
  const linking = access.can('statuspage:edit') && access.can('files:view') && search.get('edit') === 'true'
  return linking ? (await listLibrary(db, orgId)).map(({ id, name }) => ({ id, name })) : null
}

/** The page's editor controls, for a viewer who may edit the status page. */
export function editorView({ access, data, search, cardByKind, cardTitle, cardView, openCard, sectionPresent, library }: EditorViewInput): NonNullable<PortalView['editor']> {
  const dialogName = search.get('dialog')?.slice(0, 64) ?? null
  const dialogTarget = dialogName ? (search.get('target')?.slice(0, 200) ?? null) : null
  return {
    canChangeIcons: access.can('assets:edit'),
    hiddenKinds: data.cards.filter((card) => card.hidden).map((card) => card.kind as CardKind),
    editing: openCard !== null && search.get('edit') === 'true',
    dialog: dialogName ? { name: dialogName, target: dialogTarget } : null,
    dialogCard: isCardKind(dialogTarget) ? cardView(dialogTarget, true) : null,
    // Re-order dialogs: Documents' featured column, and sections hidden here for lack of content too.
    dialogFeatured: dialogTarget === 'Documents' ? data.items.filter((row) => row.card_kind === 'Documents' && row.featured).map((row) => row.uid) : null,
    sectionOrder: normaliseSectionOrder(data.product.section_order),
    sectionEnabled: {
      overview: !cardByKind.get('Overview')?.hidden,
      certifications: !cardByKind.get('Certifications')?.hidden,
      overview_and_certifications: !cardByKind.get('Overview')?.hidden || !cardByKind.get('Certifications')?.hidden,
      trusted_by: !cardByKind.get('TrustedBy')?.hidden,
      subprocessors: !cardByKind.get('Subprocessors')?.hidden,
      documents: !cardByKind.get('Documents')?.hidden,
      cards: true,
      knowledge_base: sectionPresent.knowledge_base,
      trust_center_updates: sectionPresent.trust_center_updates,
      help: sectionPresent.help,
    },
    sectionTitles: {
      overview: cardTitle('Overview'),
      certifications: cardTitle('Certifications'),
      trusted_by: cardTitle('TrustedBy'),
      subprocessors: cardTitle('Subprocessors'),
      documents: cardTitle('Documents'),
    },
    editItems: openCard && search.get('edit') === 'true' ? editorItems(data, openCard.kind) : null,
    library: openCard && search.get('edit') === 'true' ? library : null,
    documentKinds: openCard?.kind === 'Documents' && search.get('edit') === 'true' ? documentKindCounts(data, cardTitle) : null,
  }
}

/** The open card's items with their stored values, in display order, for the edit form. */
export function editorItems(data: PortalData, kind: CardKind): ItemEditorView[] {
  const rows = data.items.filter((row) => row.card_kind === kind)
  const views = rows.map((row): ItemEditorView => {
    const catalogue = row.catalogue_uid ? catalogueItem(row.catalogue_uid) : undefined
    const letter = row.bridge_letter as Record<string, unknown> | null
    return {
      uid: row.uid,
      slug: row.slug,
      kind,
      title: row.title || catalogue?.title || 'Untitled',
      defaultTitle: catalogue?.title ?? null,
      custom: row.custom,
      guidance: catalogue?.guidance ?? null,
      fields: KIND_FIELDS[kind],
      enabledState: row.enabled_state as EnabledState,
      explanation: row.explanation ?? '',
      href: row.href ?? '',
      maturity: row.maturity ?? '',
      recurrence: row.recurrence ?? '',
      auditor: row.auditor ?? '',
      expiresOn: row.expires_on ?? '',
      itemType: row.item_type ?? catalogue?.itemType ?? '',
      choice: row.choice ?? '',
      publicAccess: row.public_access,
      hidden: row.hidden,
      featured: row.featured,
      lockedSummary: row.locked_summary ?? '',
      lockedType: row.locked_type ?? '',
      lockedDate: row.locked_date ?? '',
      bridgeLetter: letter
        ? {
            letterEnabled: letter.letterEnabled === true,
            letterContent: String(letter.letterContent ?? ''),
            signerName: String(letter.signerName ?? ''),
            signerTitle: String(letter.signerTitle ?? ''),
            letterType: letter.letterType === 'SOC 1' ? 'SOC 1' : 'SOC 2',
          }
        : KIND_FIELDS[kind].includes('bridgeLetter')
          ? { letterEnabled: false, letterContent: '', signerName: '', signerTitle: '', letterType: 'SOC 2' }
          : null,
      gradeEntries: gradeEntries(row.list_entries).map((entry) => ({
        label: entry.label,
        description: entry.description ?? '',
        url: entry.url ?? '',
        grade: entry.grade ?? '',
      })),
      provider: catalogue?.provider ?? null,
      question: catalogue?.question ?? null,
      files: (data.filesByItem.get(row.id) ?? []).map((file) => ({ id: file.id, name: file.original_name })),
      integration: integrationOf(row),
      lastModified: { on: new Date(row.updated_at).toISOString(), by: row.updated_by_name },
    }
  })
  const byUid = new Map(rows.map((row) => [row.uid, row]))
  return sortByItemOrder(views, (view) => itemOrder(byUid.get(view.uid)!, view))
}

function documentKindCounts(data: PortalData, cardTitle: (kind: CardKind) => string) {
  const counts = new Map<CardKind, number>()
  for (const row of data.items) {
    const files = data.filesByItem.get(row.id)?.length ?? 0
    if (files && row.card_kind !== 'Documents' && isCardKind(row.card_kind)) counts.set(row.card_kind, (counts.get(row.card_kind) ?? 0) + files)
  }
  return [...counts].map(([kind, count]) => ({ kind, title: cardTitle(kind), count })).sort((a, b) => a.title.localeCompare(b.title))
}

function integrationOf(row: ItemRow): ItemEditorView['integration'] {
  const provider = row.catalogue_uid ? INTEGRATION_ITEMS[row.catalogue_uid] : undefined
  if (!provider) return null
  const stored = (row.integrations ?? {}) as { link?: unknown }
  return { provider, link: typeof stored.link === 'string' ? stored.link : '' }
}
