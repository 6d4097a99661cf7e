// Portal sections and their order (portal-shell section 2 "Page layout"; search-ai-and-widgets 2.5).

export const SECTION_IDS = [
  'overview',
  'certifications',
  'overview_and_certifications',
  'trusted_by',
  'subprocessors',
  'documents',
  'cards',
  'knowledge_base',
  'trust_center_updates',
  'help',
] as const

export type SectionId = (typeof SECTION_IDS)[number]

export const DEFAULT_SECTION_ORDER: SectionId[] = [
  'overview_and_certifications',
  'trusted_by',
  'subprocessors',
  'documents',
  'cards',
  'knowledge_base',
  'trust_center_updates',
  'help',
]

/** Fixed titles (search-ai-and-widgets 2.5); the others come from their card. */
export const FIXED_SECTION_TITLES: Partial<Record<SectionId, string>> = {
  cards: 'Cards',
  knowledge_base: 'Knowledge Base (FAQs)',
  trust_center_updates: 'Trust Center Updates',
  help: 'Help',
}

export function isSectionId(value: unknown): value is SectionId {
  return typeof value === 'string' && (SECTION_IDS as readonly string[]).includes(value)
}

/** A stored order, cleaned: unknown ids dropped, duplicates removed, missing sections appended. */
export function normaliseSectionOrder(stored: unknown): SectionId[] {
  const ids = Array.isArray(stored) ? stored.filter(isSectionId) : []
  const seen = new Set<SectionId>()
  const order: SectionId[] = []
  for (const id of ids) {
    const covers: SectionId[] = id === 'overview_and_certifications' ? ['overview', 'certifications', id] : [id]
    if (covers.some((covered) => seen.has(covered))) continue
    covers.forEach((covered) => seen.add(covered))
    order.push(id)
  }
  if (!seen.has('overview') && !seen.has('certifications')) {
    order.unshift('overview_and_certifications')
    seen.add('overview').add('certifications')
  }
  for (const id of ['overview', 'certifications', ...DEFAULT_SECTION_ORDER] as SectionId[]) {
    if (id !== 'overview_and_certifications' && !seen.has(id)) order.push(id)
  }
  return order
}
