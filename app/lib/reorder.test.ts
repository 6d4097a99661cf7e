import { describe, expect, it } from 'vitest'
import {
  applyDocumentsMove,
  applySectionMove,
  canCombine,
  canMove,
  canSeparate,
  columnsOf,
  dropDocument,
  combineSections,
  isPermutationOf,
  isValidSectionOrder,
  moveDown,
  moveIndex,
  moveToBottom,
  moveToOtherColumn,
  moveToTop,
  moveUp,
  orderOf,
  parseIdList,
  sameOrder,
  separateSections,
} from './reorder'
import { DEFAULT_SECTION_ORDER, type SectionId } from './sections'

const list = ['a', 'b', 'c', 'd']

describe('single-click moves', () => {
  it('moves to the top, up, down and to the bottom', () => {
    expect(moveToTop(list, 'c')).toEqual(['c', 'a', 'b', 'd'])
    expect(moveUp(list, 'c')).toEqual(['a', 'c', 'b', 'd'])
    expect(moveDown(list, 'b')).toEqual(['a', 'c', 'b', 'd'])
    expect(moveToBottom(list, 'b')).toEqual(['a', 'c', 'd', 'b'])
  })

  it('changes nothing at the boundaries or for an unknown id, and never the list it was given', () => {
    expect(moveUp(list, 'a')).toEqual(list)
    expect(moveToTop(list, 'a')).toEqual(list)
    expect(moveDown(list, 'd')).toEqual(list)
    expect(moveToBottom(list, 'd')).toEqual(list)
    expect(moveDown(list, 'x')).toEqual(list)
    expect(moveUp(list, 'x')).toEqual(list)
    expect(list).toEqual(['a', 'b', 'c', 'd'])
  })

  it('disables the boundary moves', () => {
    expect(canMove(list, 'a', 'up')).toBe(false)
    expect(canMove(list, 'a', 'top')).toBe(false)
    expect(canMove(list, 'a', 'down')).toBe(true)
    expect(canMove(list, 'd', 'down')).toBe(false)
    expect(canMove(list, 'd', 'bottom')).toBe(false)
    expect(canMove(list, 'd', 'up')).toBe(true)
    expect(canMove(['only'], 'only', 'down')).toBe(false)
    expect(canMove(list, 'x', 'up')).toBe(false)
  })

  it('moves by index for drag and drop', () => {
    expect(moveIndex(list, 0, 3)).toEqual(['b', 'c', 'd', 'a'])
    expect(moveIndex(list, 3, 1)).toEqual(['a', 'd', 'b', 'c'])
    expect(moveIndex(list, 1, 9)).toEqual(list)
  })
})

describe('documents columns', () => {
  const columns = columnsOf(['w', 'x', 'y', 'z'], ['y', 'w'])

  it('splits the order into featured and the rest, keeping the order, and joins it back featured first', () => {
    expect(columns).toEqual({ featured: ['w', 'y'], other: ['x', 'z'] })
    expect(orderOf(columns)).toEqual(['w', 'y', 'x', 'z'])
  })

  it('moves a featured document to the top of the rest, and a document to the bottom of the featured', () => {
    expect(moveToOtherColumn(columns, 'w')).toEqual({ featured: ['y'], other: ['w', 'x', 'z'] })
    expect(moveToOtherColumn(columns, 'z')).toEqual({ featured: ['w', 'y', 'z'], other: ['x'] })
    expect(moveToOtherColumn(columns, 'nope')).toEqual(columns)
  })

  it('drops a dragged document within its column or into the other one', () => {
    expect(dropDocument(columns, 'other', 'other', 1, 0)).toEqual({ featured: ['w', 'y'], other: ['z', 'x'] })
    expect(dropDocument(columns, 'other', 'featured', 1, 1)).toEqual({ featured: ['w', 'z', 'y'], other: ['x'] })
    expect(dropDocument(columns, 'featured', 'other', 0, 5)).toEqual({ featured: ['y'], other: ['x', 'z', 'w'] })
    expect(dropDocument(columns, 'featured', 'other', 7, 0)).toEqual(columns)
  })

  it('moves within a column only', () => {
    expect(applyDocumentsMove(columns, 'y', 'top')).toEqual({ featured: ['y', 'w'], other: ['x', 'z'] })
    expect(applyDocumentsMove(columns, 'x', 'up')).toEqual(columns)
    expect(applyDocumentsMove(columns, 'x', 'bottom')).toEqual({ featured: ['w', 'y'], other: ['z', 'x'] })
    expect(applyDocumentsMove(columns, 'x', 'other')).toEqual({ featured: ['w', 'y', 'x'], other: ['z'] })
  })
})

describe('sections', () => {
  const separated: SectionId[] = ['trusted_by', 'overview', 'subprocessors', 'certifications', 'documents', 'cards', 'knowledge_base', 'trust_center_updates', 'help']

  it('separates the combined row into Overview then Certifications where it stood', () => {
    const order = moveDown(DEFAULT_SECTION_ORDER, 'overview_and_certifications')
    expect(separateSections(order)).toEqual(['trusted_by', 'overview', 'certifications', ...DEFAULT_SECTION_ORDER.slice(2)])
  })

  it('combines Overview and Certifications where the first of them stood', () => {
    expect(combineSections(separated)).toEqual([
      'trusted_by',
      'overview_and_certifications',
      'subprocessors',
      'documents',
      'cards',
      'knowledge_base',
      'trust_center_updates',
      'help',
    ])
    expect(isValidSectionOrder(combineSections(separated))).toBe(true)
    expect(isValidSectionOrder(separateSections(DEFAULT_SECTION_ORDER))).toBe(true)
  })

  it('offers Separate on the combined row and Combine on the separate rows only', () => {
    expect(canSeparate(DEFAULT_SECTION_ORDER, 'overview_and_certifications')).toBe(true)
    expect(canSeparate(DEFAULT_SECTION_ORDER, 'documents')).toBe(false)
    expect(canCombine(separated, 'certifications')).toBe(true)
    expect(canCombine(separated, 'help')).toBe(false)
    expect(canCombine(DEFAULT_SECTION_ORDER, 'overview')).toBe(false)
    expect(applySectionMove(DEFAULT_SECTION_ORDER, 'documents', 'separate')).toEqual(DEFAULT_SECTION_ORDER)
    expect(applySectionMove(DEFAULT_SECTION_ORDER, 'help', 'up').at(-2)).toBe('help')
  })

  it('accepts only whole orders with Overview and Certifications once, apart or combined', () => {
    expect(isValidSectionOrder(DEFAULT_SECTION_ORDER)).toBe(true)
    expect(isValidSectionOrder(separated)).toBe(true)
    expect(isValidSectionOrder(['overview', ...DEFAULT_SECTION_ORDER])).toBe(false)
    expect(isValidSectionOrder(separated.filter((id) => id !== 'certifications'))).toBe(false)
    expect(isValidSectionOrder(DEFAULT_SECTION_ORDER.filter((id) => id !== 'help'))).toBe(false)
    expect(isValidSectionOrder([...DEFAULT_SECTION_ORDER, 'help'])).toBe(false)
    expect(isValidSectionOrder([...DEFAULT_SECTION_ORDER, 'faq'])).toBe(false)
  })
})

describe('id lists', () => {
  it('parses comma-separated ids, ignoring blanks', () => {
    expect(parseIdList(' a, b,,c ')).toEqual(['a', 'b', 'c'])
    expect(parseIdList(null)).toEqual([])
  })

  it('tells a re-ordering from an edit', () => {
    expect(isPermutationOf(['b', 'a'], ['a', 'b'])).toBe(true)
    expect(isPermutationOf(['a', 'a'], ['a', 'b'])).toBe(false)
    expect(isPermutationOf(['a'], ['a', 'b'])).toBe(false)
    expect(isPermutationOf(['a', 'c'], ['a', 'b'])).toBe(false)
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true)
    expect(sameOrder(['b', 'a'], ['a', 'b'])).toBe(false)
  })
})
