import { describe, expect, it } from 'vitest'
import { SLUG_MESSAGES, slugFromTitle, validateSlug } from './slug'

describe('custom item URLs', () => {
  it('derives the default slug from the title', () => {
    expect(slugFromTitle('Vendor Risk Program')).toBe('vendor-risk-program')
    expect(slugFromTitle('  Two   spaces ')).toBe('two-spaces')
  })

  it("falls back to 'item' when the title makes no valid slug", () => {
    expect(slugFromTitle('ISO/IEC 27001')).toBe('item')
    expect(slugFromTitle('Données')).toBe('item')
  })

  it('checks the characters and the length', () => {
    expect(validateSlug('soc-2')).toBeUndefined()
    expect(validateSlug('SOC-2')).toBe(SLUG_MESSAGES.pattern)
    expect(validateSlug('a b')).toBe(SLUG_MESSAGES.pattern)
    expect(validateSlug('a'.repeat(99))).toBeUndefined()
    expect(validateSlug('a'.repeat(100))).toBe(SLUG_MESSAGES.length)
    expect(SLUG_MESSAGES.taken(null)).toBe('This URL slug is already in use by item: Unknown')
  })
})
