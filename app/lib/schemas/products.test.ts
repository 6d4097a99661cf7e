import { describe, expect, it } from 'vitest'
import { companyInitials } from '../company-initials'
import { addProductSchema, PRODUCT_SLUG_PATTERN, suggestProductSlug } from './products'

describe('product slugs', () => {
  it('suggests a slug from the name that the pattern accepts', () => {
    expect(suggestProductSlug('Acme Mobile App')).toBe('acme-mobile-app')
    expect(suggestProductSlug('  Café Über — Pro!  ')).toBe('cafe-uber-pro')
    expect(suggestProductSlug('---')).toBe('product')
    expect(suggestProductSlug('日本')).toBe('product')
    const long = suggestProductSlug(`${'a'.repeat(62)} b c`)
    expect(long.length).toBeLessThanOrEqual(63)
    for (const name of ['Acme Mobile App', '  Café Über — Pro!  ', '---', `${'a'.repeat(62)} b c`, '9 lives']) expect(suggestProductSlug(name)).toMatch(PRODUCT_SLUG_PATTERN)
  })

  it('takes the suggestion when the slug is left empty, and refuses a malformed one', () => {
    expect(addProductSchema.safeParse({ intent: 'add', name: 'Acme API', slug: '' }).data).toEqual({ name: 'Acme API', slug: 'acme-api' })
    expect(addProductSchema.safeParse({ intent: 'add', name: 'Acme API', slug: 'Acme API' }).success).toBe(false)
  })
})

describe('company initials', () => {
  it('takes the first letter of the first two words', () => {
    expect(companyInitials('Blue Yonder Airlines')).toBe('BY')
    expect(companyInitials('stripe')).toBe('S')
    expect(companyInitials('  ')).toBe('?')
    expect(companyInitials('Über-Technik GmbH')).toBe('ÜT')
  })
})
