import { describe, expect, it } from 'vitest'
import { newOrgSchema, ORG_SLUG, suggestOrgSlug } from './setup'

describe('the portal address suggested from a company name', () => {
  it.each([
    ['Acme Security', 'acme-security'],
    ['Acme Security, Inc.', 'acme-security-inc'],
    ['  Ünïcödé  Café ', 'unicode-cafe'],
    ['3M', '3m'],
    ['---', ''],
    ['株式会社', ''],
    ['a'.repeat(80), 'a'.repeat(63)],
    [`${'a'.repeat(62)} b`, 'a'.repeat(62)],
  ])('%s gives "%s"', (name, slug) => {
    expect(suggestOrgSlug(name)).toBe(slug)
    if (slug) expect(slug).toMatch(ORG_SLUG)
  })
})

describe('the org fields', () => {
  const fields = { name: 'Acme Security', website: 'acme.example', ownerName: 'Ada Owner', ownerEmail: 'Ada@Acme.example' }

  it('suggests the slug when none is given, and normalises the website and e-mail', () => {
    expect(newOrgSchema.parse(fields)).toEqual({ ...fields, slug: 'acme-security', website: 'https://acme.example/', ownerEmail: 'ada@acme.example' })
  })

  it('refuses a slug outside the orgs rule, a name it cannot suggest from, and a website that is not https', () => {
    const issues = (input: object) => newOrgSchema.safeParse({ ...fields, ...input }).error?.issues.map((issue) => issue.path.join('.'))
    expect(issues({ slug: '-acme' })).toEqual(['slug'])
    expect(issues({ slug: 'a'.repeat(64) })).toEqual(['slug'])
    expect(issues({ name: '株式会社' })).toEqual(['slug'])
    expect(issues({ website: 'http://acme.example' })).toEqual(['website'])
    expect(issues({ name: 'Acme\nSecurity' })).toEqual(['name'])
  })
})
