import { describe, expect, it } from 'vitest'
import { integerParam } from './query'

describe('integerParam', () => {
  const page = (value: string | null) => integerParam(new URLSearchParams(value === null ? '' : { page: value }), 'page', { min: 1, max: 1000, fallback: 1 })

  it('clamps numbers out of range and ignores what is not a whole number', () => {
    expect(page('3')).toBe(3)
    expect(page('99999999999999999999')).toBe(1000)
    expect(page('-1')).toBe(1)
    expect(page('0')).toBe(1)
    expect(page('1e400')).toBe(1)
    expect(page('NaN')).toBe(1)
    expect(page('2.5')).toBe(1)
    expect(page(null)).toBe(1)
  })
})
