import { describe, expect, it } from 'vitest'
import type { PortalView } from './types'
import { sectionLinks } from './section-nav'

// Only what sectionLinks reads of a page; the rest of a PortalView plays no part.
const page = (overrides: Partial<PortalView>) =>
  ({
    sections: ['overview_and_certifications', 'subprocessors', 'documents', 'cards', 'knowledge_base', 'trust_center_updates', 'help'],
    overview: { title: 'Overview' },
    certifications: { title: 'Compliance' },
    subprocessors: { title: 'Subprocessors' },
    documents: { title: 'Documents' },
    cards: [
      { kind: 'DataSecurity', title: 'Data Security' },
      { kind: 'Legal', title: 'Legal' },
    ],
    knowledgeBase: { total: 2 },
    faqs: [{}],
    updates: { items: [{}] },
    ...overrides,
  }) as unknown as PortalView

describe('the section navigation', () => {
  it("links every section the page shows, in the page's order, each grid card by its title", () => {
    expect(sectionLinks(page({}))).toEqual([
      { href: '#overview', label: 'Overview' },
      { href: '#certifications', label: 'Compliance' },
      { href: '#subprocessors', label: 'Subprocessors' },
      { href: '#documents', label: 'Documents' },
      { href: '#card-DataSecurity', label: 'Data Security' },
      { href: '#card-Legal', label: 'Legal' },
      { href: '#knowledge-base', label: 'FAQ' },
      { href: '#updates', label: 'Updates' },
    ])
  })

  it('follows a reordered page and leaves out what it does not show', () => {
    const links = sectionLinks(page({ sections: ['trust_center_updates', 'documents', 'overview'], documents: null, updates: { items: [] } as never, certifications: null }))
    expect(links).toEqual([{ href: '#overview', label: 'Overview' }])
  })
})
