import { describe, expect, test } from 'vitest'
import type { CardView, DocumentView, ItemView, PortalView } from '../types'
import { localQuery, localSearch, marked, pageItems } from './local-search'

const item = (uid: string, title: string, extra: Partial<ItemView> = {}): ItemView => ({
  uid,
  slug: uid,
  title,
  kind: 'DataSecurity',
  enabledState: 'enabled' as ItemView['enabledState'],
  locked: false,
  publicAccess: true,
  custom: false,
  explanation: `${title} explained`,
  ...extra,
})

const card = (title: string, items: ItemView[]): CardView => ({
  kind: 'DataSecurity',
  title,
  displayText: null,
  placeholder: null,
  hidden: false,
  iconUrl: null,
  itemCount: items.length,
  items,
})

const document = (itemUid: string, title: string, locked = false): DocumentView => ({
  key: itemUid,
  title,
  itemUid,
  itemSlug: itemUid,
  cardTitle: 'Reports',
  publicAccess: !locked,
  locked,
  featured: false,
})

// Only what pageItems reads: the rest of the portal view plays no part.
const view = {
  product: { itemBase: '/item' },
  openCard: null,
  cards: [
    card('Data Security', [
      item('encryption-at-rest', 'Encryption at rest'),
      item('encryption-in-transit', 'Encryption in transit'),
      item('secret', 'Hidden encryption plan', { hidden: true }),
    ]),
    card('Endpoint Security', [item('full-disk-encryption', 'Full-disk encryption', { locked: true, explanation: undefined })]),
  ],
  certifications: { title: 'Certifications', items: [item('iso-27001', 'ISO 27001')] },
  documents: { featured: [], entries: [document('soc-2-type-2-report', 'SOC 2 Type 2 report', true), document('encryption-at-rest', 'Encryption at rest')] },
} as unknown as PortalView

describe('local search', () => {
  test('holds every item the page shows once, hidden ones left out', () => {
    expect(pageItems(view).map((entry) => entry.id)).toEqual(['encryption-at-rest', 'encryption-in-transit', 'full-disk-encryption', 'iso-27001', 'soc-2-type-2-report'])
  })

  test('finds items by a prefix of their title, as Trust Items with permalinks, the first few shown', () => {
    const found = localSearch(pageItems(view))('encr')
    expect(found.total).toBe(3)
    expect(found.groups).toHaveLength(1)
    expect(found.groups[0]).toMatchObject({ type: 'items', label: 'Trust Items', count: 3 })
    expect(found.groups[0].hits.map((hit) => hit.href).sort()).toEqual(['/item/encryption-at-rest', '/item/encryption-in-transit', '/item/full-disk-encryption'])
    expect(found.top).toEqual({ type: 'items', id: found.groups[0].hits[0].id })
  })

  test('a restricted item shows its title only', () => {
    const [restricted] = localSearch(pageItems(view))('full disk').groups[0].hits
    expect(restricted).toMatchObject({ id: 'full-disk-encryption', locked: true, item: { cardTitle: 'Endpoint Security', explanation: null } })
  })

  test('finds by the card title too, every word required', () => {
    expect(localSearch(pageItems(view))('reports soc').groups[0].hits.map((hit) => hit.id)).toEqual(['soc-2-type-2-report'])
    expect(localSearch(pageItems(view))('encryption iso').total).toBe(0)
  })

  test('marks the matched words', () => {
    expect(marked('Full-disk encryption and Encryption', ['encryption'])).toEqual([
      { text: 'Full-disk ' },
      { text: 'encryption', mark: true },
      { text: ' and ' },
      { text: 'Encryption', mark: true },
    ])
    expect(marked('a.b (c)', ['(c)'])).toEqual([{ text: 'a.b ' }, { text: '(c)', mark: true }])
    expect(marked('Plain', [])).toEqual([{ text: 'Plain' }])
  })
})

describe('synonyms and whole words', () => {
  const mfa = {
    ...view,
    cards: [
      card('Product Security', [item('multi-factor-authentication', 'Multi-factor authentication (MFA)'), item('pen', 'Penetration test'), item('open', 'Open source policy')]),
    ],
  } as unknown as PortalView

  test('"2FA" finds the multi-factor item, "pen test" the penetration test', () => {
    const search = localSearch(pageItems(mfa))
    expect(search('2FA').groups[0]?.hits.map((hit) => hit.id)).toEqual(['multi-factor-authentication'])
    expect(search('pen test').groups[0]?.hits.map((hit) => hit.id)).toContain('pen')
    expect(localQuery('encryption')).toBe('encryption')
  })

  test('marks whole words only, never a part of a longer word', () => {
    expect(marked('Open the pen drawer', ['pen'])).toEqual([{ text: 'Open the ' }, { text: 'pen', mark: true }, { text: ' drawer' }])
    expect(marked('Metadata and data', ['data'])).toEqual([{ text: 'Metadata and ' }, { text: 'data', mark: true }])
  })
})
