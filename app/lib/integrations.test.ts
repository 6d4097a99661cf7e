import { describe, expect, it } from 'vitest'
import { INTEGRATION_MESSAGES, validateIntegrationLink } from './integrations'

describe('integration link fields', () => {
  it('accepts a HackerOne program link and nothing else', () => {
    for (const link of ['https://hackerone.com/acme', 'hackerone.com/acme', 'https://www.hackerone.com/northwind_cloud/']) {
      expect(validateIntegrationLink('HackerOne', link)).toBeUndefined()
    }
    for (const link of [
      'https://hackerone.com/acme?type=team',
      'https://hackerone.com/acme/hacktivity',
      'https://evil.example/acme',
      'https://hackerone.com/',
      'javascript:alert(1)',
    ]) {
      expect(validateIntegrationLink('HackerOne', link)).toBe(INTEGRATION_MESSAGES.HackerOne)
    }
    expect(INTEGRATION_MESSAGES.HackerOne).toBe('Please enter a valid HackerOne link, e.g. hackerone.com/acme (without query parameters)')
  })

  it('accepts an https Statuspage address', () => {
    expect(validateIntegrationLink('Statuspage', 'https://northwind.statuspage.io')).toBeUndefined()
    expect(validateIntegrationLink('Statuspage', 'https://status.northwind.example')).toBeUndefined()
    expect(validateIntegrationLink('Statuspage', 'http://status.northwind.example')).toBe(INTEGRATION_MESSAGES.Statuspage)
    expect(validateIntegrationLink('Statuspage', 'not a link')).toBe(INTEGRATION_MESSAGES.Statuspage)
  })

  it('allows the field to stay empty', () => {
    expect(validateIntegrationLink('HackerOne', '')).toBeUndefined()
  })
})
