// The long home page's section navigation (issue 24): links to the sections the page shows, in their order, each
// card of the grid by its title. Plain anchors, so it works without JavaScript; a bar that stays in view on a wide
// screen, a disclosure on a narrow one (CSS picks which list shows).
import type { PortalView } from './types'
import { cardAnchor } from './cards'

type SectionLink = { href: string; label: string }

/** What the page shows, in its order, as links to each section's place. */
export function sectionLinks(view: PortalView): SectionLink[] {
  const links: SectionLink[] = []
  for (const section of view.sections) {
    if ((section === 'overview' || section === 'overview_and_certifications') && view.overview) links.push({ href: '#overview', label: view.overview.title })
    if ((section === 'certifications' || section === 'overview_and_certifications') && view.certifications)
      links.push({ href: '#certifications', label: view.certifications.title })
    if (section === 'subprocessors' && view.subprocessors) links.push({ href: '#subprocessors', label: view.subprocessors.title })
    if (section === 'documents' && view.documents) links.push({ href: '#documents', label: view.documents.title })
    if (section === 'cards') links.push(...view.cards.map((card) => ({ href: `#${cardAnchor(card.kind)}`, label: card.title })))
    if (section === 'knowledge_base' && view.knowledgeBase && view.faqs.length) links.push({ href: '#knowledge-base', label: 'FAQ' })
    if (section === 'trust_center_updates' && view.updates?.items.length) links.push({ href: '#updates', label: 'Updates' })
  }
  return links
}

export function SectionNav({ view }: { view: PortalView }) {
  // A page that is one item (an item's own URL) or a short page has nothing to jump between.
  const links = sectionLinks(view)
  if (links.length < 4) return null
  const list = (className: string) => (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  )
  return (
    <nav className="section-nav" aria-label="Sections">
      <div className="section-nav__inner">
        {list('section-nav__bar')}
        <details className="section-nav__menu">
          <summary>Jump to a section</summary>
          {list('section-nav__list')}
        </details>
      </div>
    </nav>
  )
}
