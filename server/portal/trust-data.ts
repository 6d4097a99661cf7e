import type { Database } from '../../db/index'
import type { CardKind } from '../../app/lib/card-kinds'
import { portalAddress, type ItemView, type PortalView } from '../../app/lib/portal-view'
import { PUBLIC_VIEWER, type Viewer } from '../access/visibility'
import type { PortalViewer } from '../access/viewer'
import type { PortalOrg } from './resolve'
import { loadPortalView } from './view'

// The portal's content as data (docs/trust-data.md): trust.json, llms.txt, and what a TPRM tool fetches.
// Everything here is read from the portal view built for the viewer, the same access-filtered view the
// page renders, so nothing the page withholds from a viewer can reach them through this format.

export const TRUST_DATA_VERSION = 1

export interface TrustItem {
  title: string
  /** Locked items carry only their title. */
  locked?: true
  text?: string | null
  link?: string | null
  status?: 'in_progress'
  auditor?: string
  expires_on?: string
  maturity?: string
  recurrence?: string
  answer?: string
  grades?: { label: string; grade: string | null }[]
}

export interface TrustDocument {
  name: string
  item: string
  card: string
  access: 'view' | 'download' | 'locked'
  /** The file route; absent for a locked document. Fetching it needs the same access as on the portal. */
  url?: string
}

export interface TrustProduct {
  name: string
  slug: string
  default: boolean
  url: string
  updated_at: string
  overview: string | null
  certifications: TrustItem[]
  cards: { kind: CardKind; title: string; items: TrustItem[] }[]
  documents: TrustDocument[]
  subprocessors: { name: string; domain: string | null; purpose: string | null; location: string | null; details: string | null }[]
  trusted_by: string[]
  faqs: { question: string; answer: string; comment: string | null }[]
}

export interface TrustUpdate {
  title: string
  /** The update's topic. */
  subject: string
  category: string
  message: string
  published_at: string
  pinned: boolean
  /** Only account answers hold private updates. */
  audience: 'public' | 'private'
  url: string
}

export interface TrustData {
  version: typeof TRUST_DATA_VERSION
  generated_at: string
  updated_at: string
  /** Whose view this is: the public's, or an account's (a TPRM token or a signed-in member). */
  viewer: { mode: 'public' | 'account' | 'staff'; account: string | null }
  org: { name: string; website: string | null; logo_url: string | null }
  portal: { title: string; description: string; url: string; trust_data_url: string; feed_url: string; llms_url: string }
  products: TrustProduct[]
  updates: TrustUpdate[]
}

type TrustViewer = Viewer & Partial<Pick<PortalViewer, 'account'>>

/** The org's trust data as `viewer` may see it; null when the org has no product yet. */
export async function loadTrustData(db: Database, org: PortalOrg, viewer: TrustViewer): Promise<TrustData | null> {
  const view = (query: Record<string, string>, productSlug?: string) => loadPortalView(db, org, viewer, { productSlug, search: new URLSearchParams(query) })
  // Every FAQ, as the Knowledge Base dialog lists them (the page itself previews the first few only).
  const first = await view({ faqs: 'true' })
  if (!first) return null
  const absolute = (path: string) => portalAddress(org, path)
  const home = first.portal.portalUrl.replace(/\/$/, '')

  const products: TrustProduct[] = []
  for (const entry of first.products) {
    const base = entry.current ? first : await view({ faqs: 'true' }, entry.slug)
    if (base) products.push(await productData(base, (kind) => view({ card: kind }, entry.slug), absolute))
  }

  // Updates belong to the org, not to a product; the page shows them a page at a time.
  const updates = [...(first.updates?.items ?? [])]
  for (let page = 2; page <= (first.updates?.pageCount ?? 1); page++) updates.push(...((await view({ updatesPage: String(page) }))?.updates?.items ?? []))

  const dates = [...products.map((product) => product.updated_at), ...updates.map((update) => update.createdAt)]
  return {
    version: TRUST_DATA_VERSION,
    generated_at: new Date().toISOString(),
    updated_at: dates.reduce((latest, date) => (date > latest ? date : latest)),
    viewer: {
      mode: first.mode === 'Public' ? 'public' : first.mode === 'Main' ? 'staff' : 'account',
      account: first.mode === 'AccountExternal' || first.mode === 'Preview' ? (viewer.account?.accountName ?? null) : null,
    },
    org: { name: first.org.name, website: first.org.website, logo_url: first.org.logoUrl && absolute(first.org.logoUrl) },
    portal: {
      title: first.portal.title,
      description: first.portal.description,
      url: `${home}/`,
      trust_data_url: `${home}/trust.json`,
      feed_url: `${home}/updates.atom`,
      llms_url: `${home}/llms.txt`,
    },
    products,
    updates: updates.map((update) => ({
      title: update.title,
      subject: update.subject,
      category: update.category,
      message: update.message,
      published_at: update.createdAt,
      pinned: update.pinned,
      audience: update.audience,
      url: `${home}/?tcuUid=${update.id}`,
    })),
  }
}

/** What the public sees: the same data, for llms.txt. */
export const loadPublicTrustData = (db: Database, org: PortalOrg) => loadTrustData(db, org, PUBLIC_VIEWER)

async function productData(base: PortalView, openCard: (kind: CardKind) => Promise<PortalView | null>, absolute: (path: string) => string): Promise<TrustProduct> {
  // A card's preview shows three items; its open drawer shows them all.
  const kinds = [...base.cards.map((card) => card.kind), ...(base.documents ? (['Documents'] as const) : [])]
  const cards: { kind: CardKind; title: string; items: ItemView[] }[] = []
  for (const kind of kinds) {
    const card = (await openCard(kind))?.openCard
    if (card?.items.length) cards.push({ kind, title: card.title, items: card.items })
  }
  const certifications = base.certifications?.items ?? []
  // A document listed under a file name (one of several) still names the item it belongs to.
  const itemTitles = new Map([...certifications, ...cards.flatMap((card) => card.items)].map((item) => [item.uid, item.title]))
  return {
    name: base.product.name,
    slug: base.product.slug,
    default: base.product.home === `${base.portal.basePath}/`,
    url: absolute(base.product.home),
    updated_at: base.portal.updatedAt,
    overview: base.overview?.text ?? null,
    certifications: certifications.map(trustItem),
    cards: cards.map((card) => ({ kind: card.kind, title: card.title, items: card.items.map(trustItem) })),
    // A locked item stands for all its documents, by its title; an open item without a file has none to list.
    documents: (base.documents?.entries ?? []).flatMap((entry): TrustDocument[] => {
      const item = itemTitles.get(entry.itemUid) ?? entry.title
      if (entry.locked) return [{ name: entry.title, item, card: entry.cardTitle, access: 'locked' }]
      if (!entry.file) return []
      return [{ name: entry.file.name, item, card: entry.cardTitle, access: entry.file.downloadUrl ? 'download' : 'view', url: absolute(entry.file.viewUrl) }]
    }),
    subprocessors: (base.subprocessors?.rows ?? []).map((row) => ({
      name: row.company,
      domain: row.domain,
      purpose: row.purpose,
      location: row.location,
      details: row.additionalDetails,
    })),
    trusted_by: base.trustedBy?.companies.map((company) => company.name) ?? [],
    faqs: base.faqs.map((faq) => ({ question: faq.question, answer: faq.answer, comment: faq.comment })),
  }
}

function trustItem(item: ItemView): TrustItem {
  if (item.locked) return { title: item.title, locked: true }
  const grades = item.grades?.map((entry) => ({ label: entry.label, grade: entry.grade }))
  return {
    title: item.title,
    text: item.explanation ?? null,
    link: item.href ?? null,
    ...(item.enabledState === 'WorkInProgress' ? { status: 'in_progress' as const } : {}),
    ...(item.auditor ? { auditor: item.auditor } : {}),
    ...(item.expiresOn ? { expires_on: item.expiresOn } : {}),
    ...(item.maturity ? { maturity: item.maturity } : {}),
    ...(item.recurrence ? { recurrence: item.recurrence } : {}),
    ...(item.choice ? { answer: item.choice.answer } : {}),
    ...(grades?.length ? { grades } : {}),
  }
}

// ---------------------------------------------------------------------------------------------------
// llms.txt (https://llmstxt.org): a title, a one-line summary, then sections of links with notes.

/** Text for one Markdown line: no line breaks, and brackets that cannot close a link early. */
const inline = (value: string) =>
  value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([[\]\\])/g, '\\$1')
const shorten = (value: string, max = 300) => (value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value)
/** A URL that cannot end a Markdown link early (already absolute and encoded but for parentheses and spaces). */
const linkTarget = (url: string) => url.replace(/[() ]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
const link = (title: string, url: string, note?: string | null) => `- [${inline(title)}](${linkTarget(url)})${note ? `: ${shorten(inline(note))}` : ''}`

/** The llms.txt of a portal, from its public trust data: what anyone may read, and where to find it. */
export function llmsText(data: TrustData) {
  const { org, portal } = data
  const lines = [
    `# ${inline(org.name)} ${inline(portal.title)}`,
    '',
    `> ${inline(portal.description)}`,
    '',
    `This is ${inline(org.name)}'s ${inline(portal.title)}: its security, privacy and compliance information. Everything listed here is public. ` +
      'Restricted items and documents are shared with approved reviewers only; they are named as such and their content is not included.',
    '',
    `## ${inline(portal.title)}`,
    '',
    link(`${org.name} ${portal.title}`, portal.url, 'the portal, for people'),
    link('Trust data (JSON)', portal.trust_data_url, `all of the public content below, machine-readable (format version ${data.version})`),
    link('Updates (Atom feed)', portal.feed_url, 'public updates, newest first'),
  ]
  for (const product of data.products) {
    lines.push('', `## ${inline(product.name)}`, '', link(product.name, product.url, product.overview))
    const open = (items: TrustItem[]) => items.filter((item) => !item.locked)
    const restricted = [...product.certifications, ...product.cards.flatMap((card) => card.items)].filter((item) => item.locked)
    const certifications = open(product.certifications)
    if (certifications.length) lines.push(`- Certifications: ${certifications.map((item) => inline(item.title)).join(', ')}`)
    for (const card of product.cards) {
      const items = open(card.items).filter((item) => item.text)
      if (items.length) lines.push(`- ${inline(card.title)}: ${items.map((item) => `${inline(item.title)} (${shorten(inline(item.text!), 200)})`).join('; ')}`)
    }
    if (restricted.length) lines.push(`- On request (restricted): ${restricted.map((item) => inline(item.title)).join(', ')}`)
    const documents = product.documents.filter((document) => document.url)
    if (documents.length) {
      lines.push('', `### ${inline(product.name)}: public documents`, '')
      for (const document of documents) lines.push(link(document.name, document.url!, `${document.item} (${document.card})`))
    }
    if (product.subprocessors.length) {
      lines.push('', `### ${inline(product.name)}: subprocessors`, '')
      for (const row of product.subprocessors) {
        lines.push(
          `- ${inline(row.name)}${row.domain ? ` (${inline(row.domain)})` : ''}${
            [row.purpose, row.location].some(Boolean)
              ? `: ${[row.purpose, row.location]
                  .filter(Boolean)
                  .map((value) => inline(value!))
                  .join(', ')}`
              : ''
          }`,
        )
      }
    }
    if (product.faqs.length) {
      lines.push('', `### ${inline(product.name)}: frequently asked questions`, '')
      for (const faq of product.faqs) lines.push(`- ${inline(faq.question)} ${shorten(inline(faq.answer))}`)
    }
  }
  if (data.updates.length) {
    lines.push('', '## Optional', '')
    for (const update of data.updates) lines.push(link(update.title, update.url, `${update.published_at.slice(0, 10)}, ${update.message}`))
  }
  return `${lines.join('\n')}\n`
}
