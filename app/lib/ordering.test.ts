import { describe, expect, it } from 'vitest'
import { compareItems, type Orderable } from './ordering'

const item = (title: string, overrides: Partial<Orderable> = {}): Orderable => ({
  enabledState: 'Enabled',
  position: null,
  weight: 0,
  title,
  ...overrides,
})

const order = (items: Orderable[]) => [...items].sort(compareItems).map((entry) => entry.title)

describe('compareItems', () => {
  it('ranks enabled above work in progress above not enabled', () => {
    expect(order([item('Off', { enabledState: 'NotEnabled' }), item('Wip', { enabledState: 'WorkInProgress' }), item('On')])).toEqual(['On', 'Wip', 'Off'])
  })

  it('puts the custom order before the catalogue priority', () => {
    expect(order([item('Heavy', { weight: 10 }), item('Second', { position: 1 }), item('First', { position: 0 })])).toEqual(['First', 'Second', 'Heavy'])
  })

  it('falls back to the catalogue priority, then the title', () => {
    expect(order([item('b'), item('Light', { weight: 1 }), item('A'), item('Heavy', { weight: 5 })])).toEqual(['Heavy', 'Light', 'A', 'b'])
  })

  it('keeps a disabled item with a custom position below every enabled item', () => {
    expect(order([item('Off', { enabledState: 'NotEnabled', position: 0 }), item('On', { position: 5 })])).toEqual(['On', 'Off'])
  })
})
