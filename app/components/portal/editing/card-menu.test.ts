import { describe, expect, it } from 'vitest'
import { GRID_KINDS } from '~/lib/card-kinds'
import { cardActions } from './card-menu'

describe('card menu actions', () => {
  it('offers no renaming of the Security Grades and Certifications cards, which the server refuses (cards-and-items section 5)', () => {
    expect(cardActions('SecurityGrades', { canChangeIcons: true })).not.toContain('rename')
    expect(cardActions('Certifications', { canChangeIcons: true })).not.toContain('rename')
    expect(cardActions('SecurityGrades', { canChangeIcons: true })).toEqual(['edit', 'displayText', 'visibility', 'placeholder', 'reorderItems', 'changeIcon'])
  })

  it('offers renaming on every other grid card, and icons only to staff who may change them', () => {
    for (const kind of GRID_KINDS.filter((entry) => entry !== 'SecurityGrades')) expect(cardActions(kind, { canChangeIcons: true })).toContain('rename')
    expect(cardActions('DataSecurity', { canChangeIcons: false })).toEqual(['edit', 'rename', 'displayText', 'visibility', 'placeholder', 'reorderItems'])
  })
})
