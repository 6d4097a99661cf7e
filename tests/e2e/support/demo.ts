// What the seeded Northwind Cloud demo should show an anonymous visitor, derived from the seed data
// (db/seed) and the item catalogue, so the journeys follow the demo instead of copying it.
import type { Locator, Page } from '@playwright/test'
import { expect } from '@playwright/test'
import { DEFAULT_CARD_TITLES, type CardKind } from '../../../app/lib/card-kinds'
import { catalogueItem } from '../../../app/lib/catalogue/index'
import { FAQS, MOBILE_FAQS, MOBILE_SUBPROCESSORS, ORG, PORTAL, PRODUCTS, SUBPROCESSORS, UPDATE_TOPICS } from '../../../db/seed/northwind'
import { MOBILE_ITEMS, PLATFORM_ITEMS, type DemoItem } from '../../../db/seed/northwind-items'
import { DEMO_DOCUMENTS } from '../../../db/seed/documents'

export { FAQS, MOBILE_FAQS, ORG, PORTAL, SUBPROCESSORS }

export const PLATFORM = PRODUCTS.find((product) => product.isDefault)!
export const MOBILE = PRODUCTS.find((product) => product.slug === 'mobile')!
export const MOBILE_SUBPROCESSOR_NAMES = MOBILE_SUBPROCESSORS.map((slug) => SUBPROCESSORS.find((s) => s.slug === slug)!.name)

export const SITE_NAME = `${ORG.name} ${PORTAL.portalTitle}`

export interface DemoEntry extends DemoItem {
  title: string
  kind: CardKind
}

function entries(items: readonly DemoItem[]): DemoEntry[] {
  return items.map((item) => {
    const catalogue = catalogueItem(item.uid)
    if (!catalogue) throw new Error(`Seed item ${item.uid} is not in the catalogue`)
    return { ...item, title: catalogue.title, kind: catalogue.kind }
  })
}

export const PLATFORM_ENTRIES = entries(PLATFORM_ITEMS)
export const MOBILE_ENTRIES = entries(MOBILE_ITEMS)

export function entry(uid: string, product: readonly DemoEntry[] = PLATFORM_ENTRIES) {
  const found = product.find((item) => item.uid === uid)
  if (!found) throw new Error(`No seed item ${uid}`)
  return found
}

export const cardTitle = (kind: CardKind) => DEFAULT_CARD_TITLES[kind]

/** Items an anonymous visitor sees listed in a card (hidden ones are withheld altogether). */
export const listedInCard = (kind: CardKind, product: readonly DemoEntry[] = PLATFORM_ENTRIES) => product.filter((item) => item.kind === kind && !item.hidden)

/** The documents list: every listed item with a file, plus the items of the Documents card. */
export const DOCUMENT_ENTRIES = PLATFORM_ENTRIES.filter((item) => !item.hidden && (item.documents?.length || item.kind === 'Documents'))
export const PUBLIC_DOCUMENT_TITLES = DOCUMENT_ENTRIES.filter((item) => !item.restricted).map((item) => item.title)
export const PRIVATE_DOCUMENT_TITLES = DOCUMENT_ENTRIES.filter((item) => item.restricted).map((item) => item.title)
/** A featured document is listed once, among the featured (issue 24 item 5); the list holds the rest. */
export const FEATURED_DOCUMENT_TITLES = DOCUMENT_ENTRIES.filter((item) => item.featured).map((item) => item.title)
export const LISTED_PUBLIC_DOCUMENT_TITLES = DOCUMENT_ENTRIES.filter((item) => !item.restricted && !item.featured).map((item) => item.title)
export const LISTED_PRIVATE_DOCUMENT_TITLES = DOCUMENT_ENTRIES.filter((item) => item.restricted && !item.featured).map((item) => item.title)

/** PDFs marked Confidential in the demo; anonymous visitors must never be given a link to one. */
export const CONFIDENTIAL_PDFS = DEMO_DOCUMENTS.filter((doc) => doc.classification !== 'Public').map((doc) => doc.fileName)

export interface DemoUpdateEntry {
  title: string
  subject: string
  message: string
  daysAgo: number
  pinned: boolean
}

/** Public updates in the order the portal lists them: pinned first, then newest first. */
export const PUBLIC_UPDATES: DemoUpdateEntry[] = UPDATE_TOPICS.flatMap((topic) =>
  topic.updates
    .filter((update) => (update.audience ?? 'public') === 'public')
    .map((update) => ({ title: update.title, subject: topic.subject, message: update.message, daysAgo: update.daysAgo, pinned: update.pinned ?? false })),
).sort((a, b) => Number(b.pinned) - Number(a.pinned) || a.daysAgo - b.daysAgo)

export const PRIVATE_UPDATE_MESSAGES = UPDATE_TOPICS.flatMap((topic) => topic.updates.filter((u) => u.audience === 'private').map((u) => u.message))

export const UPDATES_PER_PAGE = 5
export const updatesPage = (page: number) => PUBLIC_UPDATES.slice((page - 1) * UPDATES_PER_PAGE, page * UPDATES_PER_PAGE)
export const UPDATE_PAGE_COUNT = Math.ceil(PUBLIC_UPDATES.length / UPDATES_PER_PAGE)

/** The ways a piece of text can appear in server-rendered HTML: as is, HTML-escaped, or inside the JSON of the hydration data. */
export function htmlForms(text: string) {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')
  const json = JSON.stringify(text).slice(1, -1)
  return [...new Set([text, escaped, escaped.replace(/&#x27;/g, '&#39;'), json])]
}

/** Whether React has hydrated an element, so its event handlers are live (JavaScript project only). */
export async function waitForHydration(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))), {
      message: 'the page should hydrate',
    })
    .toBe(true)
}

export const hasJavaScript = (projectName: string) => !projectName.endsWith('no-javascript')

export async function metaContent(page: Page, property: string) {
  return page.locator(`head meta[property="${property}"]`).getAttribute('content')
}
