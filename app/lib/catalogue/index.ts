// The standard item catalogue: every item a trust center can switch on, with our guidance for staff
// (cards-and-items, sections 3-5). Each file lists a kind's items highest priority first; CATALOGUE_WEIGHT turns
// that order into the card-specific priority used to order items within a card.

import { CARD_KINDS, type CardKind } from '../card-kinds'
import { ACCESS_AND_INFRASTRUCTURE_ITEMS } from './access-and-infrastructure'
import { AI_AND_ESG_ITEMS } from './ai-and-esg'
import { APPLICATION_SECURITY_ITEMS } from './application-security'
import { CERTIFICATION_ITEMS } from './certifications'
import { DATA_SECURITY_AND_PRIVACY_ITEMS } from './data-security-and-privacy'
import { DOCUMENT_ITEMS } from './documents'
import { GRADES_AND_RISK_ITEMS } from './grades-and-risk'
import { LEGAL_ITEMS } from './legal'
import { OPERATIONS_ITEMS } from './operations'
import { OVERVIEW_ITEMS } from './overview'
import { POLICY_ITEMS } from './policies'
import { PRODUCT_FEATURE_ITEMS } from './product-features'
import { QUESTIONNAIRE_ITEMS } from './questionnaires'
import { REPORT_ITEMS } from './reports'
import { RESILIENCE_AND_RISK_ITEMS } from './resilience-and-risk'
import type { CatalogueItem } from './types'

export type { CatalogueItem, GradeProvider, RiskQuestion } from './types'
export { CERTIFICATION_LOGOS } from './certifications'
export { DOCUMENT_ITEM_TYPES, type DocumentItemType } from './documents'
export { QUESTIONNAIRE_ITEM_TYPES, type QuestionnaireItemType } from './questionnaires'

const GROUPS: readonly (readonly CatalogueItem[])[] = [
  OVERVIEW_ITEMS,
  REPORT_ITEMS,
  CERTIFICATION_ITEMS,
  QUESTIONNAIRE_ITEMS,
  PRODUCT_FEATURE_ITEMS,
  DATA_SECURITY_AND_PRIVACY_ITEMS,
  APPLICATION_SECURITY_ITEMS,
  LEGAL_ITEMS,
  AI_AND_ESG_ITEMS,
  ACCESS_AND_INFRASTRUCTURE_ITEMS,
  OPERATIONS_ITEMS,
  POLICY_ITEMS,
  RESILIENCE_AND_RISK_ITEMS,
  GRADES_AND_RISK_ITEMS,
  DOCUMENT_ITEMS,
]

const kindIndex = (kind: CardKind): number => CARD_KINDS.indexOf(kind)

/** Every catalogue item, grouped by kind in CARD_KINDS order; within a kind, highest priority first. */
export const CATALOGUE: readonly CatalogueItem[] = GROUPS.flat().sort((a, b) => kindIndex(a.kind) - kindIndex(b.kind))

const BY_UID: ReadonlyMap<string, CatalogueItem> = new Map(CATALOGUE.map((item) => [item.uid, item]))

const BY_KIND = new Map<CardKind, CatalogueItem[]>()
for (const item of CATALOGUE) {
  const list = BY_KIND.get(item.kind)
  if (list) list.push(item)
  else BY_KIND.set(item.kind, [item])
}

/**
 * Within-card priority of each catalogue item, by uid: the first item of a kind weighs as many as the kind has
 * items, the last weighs 1. Larger weights sort first.
 */
export const CATALOGUE_WEIGHT: Map<string, number> = new Map(
  [...BY_KIND.values()].flatMap((items) => items.map((item, index): [string, number] => [item.uid, items.length - index])),
)

const NO_ITEMS: readonly CatalogueItem[] = []

/** The catalogue item with this uid, if any. */
export function catalogueItem(uid: string): CatalogueItem | undefined {
  return BY_UID.get(uid)
}

/** What visitors read as an item's title: its own, else its catalogue item's, else 'Untitled'. */
export function itemTitle(row: { title: string | null; catalogue_uid: string | null }) {
  return row.title || (row.catalogue_uid ? catalogueItem(row.catalogue_uid)?.title : undefined) || 'Untitled'
}

/** A kind's catalogue items, highest priority (largest CATALOGUE_WEIGHT) first. */
export function catalogueForKind(kind: CardKind): readonly CatalogueItem[] {
  return BY_KIND.get(kind) ?? NO_ITEMS
}
