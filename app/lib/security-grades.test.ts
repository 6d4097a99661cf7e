import { describe, it, expect } from 'vitest'
import type { GradeProvider } from './catalogue/types'
import { GRADE_PROVIDERS, gradeColour, validateGradeEntry, isBareDomain, type GradeColour } from './security-grades'

const ALL_PROVIDERS: GradeProvider[] = [
  'BitSight',
  'BlackKite',
  'CyberVadis',
  'UpGuard',
  'RiskRecon',
  'CryptCheck',
  'MozillaObservatory',
  'HstsPreload',
  'ImmuniWeb',
  'SslLabs',
  'SecurityHeaders',
  'Cis',
  'SecurityScorecard',
]

function expectColours(provider: GradeProvider, cases: Array<[string, GradeColour]>) {
  for (const [grade, colour] of cases) {
    expect({ grade, colour: gradeColour(provider, grade) }).toEqual({ grade, colour })
  }
}

describe('GRADE_PROVIDERS', () => {
  it('has an entry with a display name and website for every provider', () => {
    expect(Object.keys(GRADE_PROVIDERS).sort()).toEqual([...ALL_PROVIDERS].sort())
    for (const provider of ALL_PROVIDERS) {
      expect(GRADE_PROVIDERS[provider].name).not.toBe('')
      expect(GRADE_PROVIDERS[provider].website).toMatch(/^https:\/\//)
      expect(GRADE_PROVIDERS[provider].gradeHint).not.toBe('')
    }
  })

  it('uses the display names', () => {
    expect(ALL_PROVIDERS.map((p) => GRADE_PROVIDERS[p].name)).toEqual([
      'BitSight',
      'BlackKite',
      'CyberVadis',
      'UpGuard',
      'RiskRecon',
      'CryptCheck',
      'Mozilla Observatory',
      'HSTS Preload',
      'ImmuniWeb',
      'SSL Labs',
      'Security Headers',
      'CIS',
      'SecurityScorecard',
    ])
  })

  it('gives URL prefixes to exactly the URL-based providers', () => {
    expect(GRADE_PROVIDERS.CryptCheck.urlPrefix).toBe('https://cryptcheck.fr/')
    expect(GRADE_PROVIDERS.MozillaObservatory.urlPrefix).toBe('https://developer.mozilla.org/en-US/observatory/analyze')
    expect(GRADE_PROVIDERS.HstsPreload.urlPrefix).toBe('https://hstspreload.org/')
    expect(GRADE_PROVIDERS.ImmuniWeb.urlPrefix).toBe('https://www.immuniweb.com/')
    expect(GRADE_PROVIDERS.SslLabs.urlPrefix).toBe('https://www.ssllabs.com/ssltest/analyze.html')
    expect(GRADE_PROVIDERS.SecurityHeaders.urlPrefix).toBe('https://securityheaders.com/')
    const withPrefix = ALL_PROVIDERS.filter((p) => GRADE_PROVIDERS[p].urlPrefix)
    expect(withPrefix).toEqual(['CryptCheck', 'MozillaObservatory', 'HstsPreload', 'ImmuniWeb', 'SslLabs', 'SecurityHeaders'])
    for (const p of withPrefix) expect(GRADE_PROVIDERS[p].requiresUrl).toBe(true)
  })

  it('requires the url field only for URL providers and SecurityScorecard', () => {
    const requiring = ALL_PROVIDERS.filter((p) => GRADE_PROVIDERS[p].requiresUrl)
    expect(requiring).toEqual(['CryptCheck', 'MozillaObservatory', 'HstsPreload', 'ImmuniWeb', 'SslLabs', 'SecurityHeaders', 'SecurityScorecard'])
  })

  it('uses 5 as the CIS placeholder', () => {
    expect(GRADE_PROVIDERS.Cis.gradePlaceholder).toBe('5')
  })
})

describe('gradeColour', () => {
  it('BitSight: red 300-472, yellow 473-645, green 646-820', () => {
    expectColours('BitSight', [
      ['299', 'neutral'],
      ['300', 'red'],
      ['472', 'red'],
      ['473', 'yellow'],
      ['645', 'yellow'],
      ['646', 'green'],
      ['820', 'green'],
      ['821', 'neutral'],
      // Between the written integer ranges.
      ['645.5', 'neutral'],
      ['A', 'neutral'],
    ])
  })

  it('CyberVadis: red 0-333, yellow 333-666, green 666-1000, higher colour at shared edges', () => {
    expectColours('CyberVadis', [
      ['0', 'red'],
      ['332', 'red'],
      ['332.9', 'red'],
      ['333', 'yellow'],
      ['665', 'yellow'],
      ['665.9', 'yellow'],
      ['666', 'green'],
      ['1000', 'green'],
      ['1001', 'neutral'],
      ['-1', 'neutral'],
      ['B', 'neutral'],
    ])
  })

  it('UpGuard: letters and 0-400 / 401-600 / 601-950', () => {
    expectColours('UpGuard', [
      ['A', 'green'],
      ['B', 'green'],
      ['C', 'yellow'],
      ['D', 'red'],
      ['E', 'red'],
      ['F', 'neutral'],
      ['0', 'red'],
      ['400', 'red'],
      ['401', 'yellow'],
      ['600', 'yellow'],
      ['601', 'green'],
      ['950', 'green'],
      ['951', 'neutral'],
      ['400.5', 'neutral'],
    ])
  })

  it('CIS: 1-2 red, 3-4 yellow, 5 green', () => {
    expectColours('Cis', [
      ['0', 'neutral'],
      ['1', 'red'],
      ['2', 'red'],
      ['3', 'yellow'],
      ['4', 'yellow'],
      ['5', 'green'],
      ['6', 'neutral'],
      ['4.5', 'neutral'],
      ['A', 'neutral'],
    ])
  })

  it('RiskRecon: letters and 0-7 / 7-8 / 8-10 with decimals, higher colour at shared edges', () => {
    expectColours('RiskRecon', [
      ['A', 'green'],
      ['B', 'green'],
      ['C', 'yellow'],
      ['D', 'red'],
      ['F', 'red'],
      ['E', 'neutral'],
      ['0', 'red'],
      ['6.9', 'red'],
      ['7', 'yellow'],
      ['7.5', 'yellow'],
      ['7.9', 'yellow'],
      ['8', 'green'],
      ['8.0', 'green'],
      ['10', 'green'],
      ['10.1', 'neutral'],
      ['11', 'neutral'],
    ])
  })

  it('BlackKite: A/B green, C yellow, D/F red', () => {
    expectColours('BlackKite', [
      ['A+', 'green'],
      ['A', 'green'],
      ['B-', 'green'],
      ['C+', 'yellow'],
      ['C', 'yellow'],
      ['D', 'red'],
      ['F', 'red'],
      ['E', 'neutral'],
      ['90', 'neutral'],
    ])
  })

  it.each(['CryptCheck', 'HstsPreload', 'ImmuniWeb', 'SslLabs', 'SecurityHeaders'] as GradeProvider[])('%s: A green, B/C yellow, F/T/G red', (provider) => {
    expectColours(provider, [
      ['A+', 'green'],
      ['A', 'green'],
      ['A-', 'green'],
      ['B', 'yellow'],
      ['C', 'yellow'],
      ['F', 'red'],
      ['T', 'red'],
      ['G', 'red'],
      ['D', 'neutral'],
      ['M', 'neutral'],
      ['100', 'neutral'],
    ])
  })

  it('Mozilla Observatory: A/B/M green, C/I yellow, D/F/O red', () => {
    expectColours('MozillaObservatory', [
      ['A+', 'green'],
      ['B', 'green'],
      ['M', 'green'],
      ['C', 'yellow'],
      ['I', 'yellow'],
      ['D', 'red'],
      ['F', 'red'],
      ['O', 'red'],
      ['T', 'neutral'],
      ['G', 'neutral'],
    ])
  })

  it('SecurityScorecard: A/B green, C yellow, D/F red', () => {
    expectColours('SecurityScorecard', [
      ['A', 'green'],
      ['B', 'green'],
      ['C', 'yellow'],
      ['D', 'red'],
      ['F', 'red'],
      ['E', 'neutral'],
      ['90', 'neutral'],
    ])
  })

  it('is case-insensitive, trims, and ignores one +/- suffix', () => {
    expect(gradeColour('BlackKite', 'a')).toBe('green')
    expect(gradeColour('BlackKite', ' c- ')).toBe('yellow')
    expect(gradeColour('UpGuard', 'b+')).toBe('green')
    expect(gradeColour('MozillaObservatory', 'i')).toBe('yellow')
    expect(gradeColour('BitSight', ' 700 ')).toBe('green')
  })

  it('returns neutral for empty or unparseable grades', () => {
    for (const provider of ALL_PROVIDERS) {
      for (const grade of ['', '   ', 'A++', 'AB', '+A', '1e3', '7,5', 'abc', '5 5']) {
        expect({ provider, grade, colour: gradeColour(provider, grade) }).toEqual({ provider, grade, colour: 'neutral' })
      }
    }
  })
})

describe('validateGradeEntry', () => {
  it('requires a label', () => {
    expect(validateGradeEntry('BitSight', { label: '', grade: '700' })).toEqual({ label: 'Label is required' })
    expect(validateGradeEntry('BitSight', { label: '   ', grade: '700' })).toEqual({ label: 'Label is required' })
  })

  it('accepts a complete entry for every provider', () => {
    const ok: Record<GradeProvider, { url?: string; grade?: string }> = {
      BitSight: { url: 'example.com', grade: '700' },
      BlackKite: { grade: 'A+' },
      CyberVadis: { grade: '750' },
      UpGuard: { grade: '800' },
      RiskRecon: { grade: '8.5' },
      CryptCheck: { url: 'https://cryptcheck.fr/https/example.com' },
      MozillaObservatory: { url: 'https://developer.mozilla.org/en-US/observatory/analyze?host=example.com' },
      HstsPreload: { url: 'https://hstspreload.org/?domain=example.com' },
      ImmuniWeb: { url: 'https://www.immuniweb.com/ssl/example.com/' },
      SslLabs: { url: 'https://www.ssllabs.com/ssltest/analyze.html?d=example.com' },
      SecurityHeaders: { url: 'https://securityheaders.com/?q=example.com' },
      Cis: { grade: '5' },
      SecurityScorecard: { url: 'example.com', grade: 'A' },
    }
    for (const provider of ALL_PROVIDERS) {
      expect({ provider, errors: validateGradeEntry(provider, { label: 'Main site', ...ok[provider] }) }).toEqual({
        provider,
        errors: {},
      })
    }
  })

  describe('URL-based providers', () => {
    const urlProviders: GradeProvider[] = ['CryptCheck', 'MozillaObservatory', 'HstsPreload', 'ImmuniWeb', 'SslLabs', 'SecurityHeaders']

    it.each(urlProviders)('%s requires a URL', (provider) => {
      expect(validateGradeEntry(provider, { label: 'Site' })).toEqual({ url: 'URL is required' })
      expect(validateGradeEntry(provider, { label: 'Site', url: '  ', grade: 'A' })).toEqual({ url: 'URL is required' })
    })

    it.each(urlProviders)('%s requires the URL to start with its address', (provider) => {
      const prefix = GRADE_PROVIDERS[provider].urlPrefix as string
      expect(validateGradeEntry(provider, { label: 'Site', url: 'https://example.com/report' })).toEqual({
        url: `URL must start with ${prefix}`,
      })
      expect(validateGradeEntry(provider, { label: 'Site', url: prefix.replace('https://', 'http://') })).toEqual({
        url: `URL must start with ${prefix}`,
      })
      expect(validateGradeEntry(provider, { label: 'Site', url: ` ${prefix}x ` })).toEqual({})
    })

    it('gives the exact prefix message', () => {
      expect(validateGradeEntry('SslLabs', { label: 'Site', url: 'https://ssllabs.com/' })).toEqual({
        url: 'URL must start with https://www.ssllabs.com/ssltest/analyze.html',
      })
    })

    it('does not require a grade when the provider has a URL', () => {
      expect(validateGradeEntry('SecurityHeaders', { label: 'Site', url: 'https://securityheaders.com/?q=a.com' })).toEqual({})
    })
  })

  it('BitSight: grade 300-820 and an optional bare domain', () => {
    expect(validateGradeEntry('BitSight', { label: 'L' })).toEqual({ grade: 'Grade is required' })
    expect(validateGradeEntry('BitSight', { label: 'L', grade: '300' })).toEqual({})
    expect(validateGradeEntry('BitSight', { label: 'L', grade: '820' })).toEqual({})
    expect(validateGradeEntry('BitSight', { label: 'L', grade: '299' })).toEqual({ grade: 'Invalid grade.' })
    expect(validateGradeEntry('BitSight', { label: 'L', grade: '821' })).toEqual({ grade: 'Invalid grade.' })
    expect(validateGradeEntry('BitSight', { label: 'L', grade: '700.5' })).toEqual({ grade: 'Invalid grade.' })
    expect(validateGradeEntry('BitSight', { label: 'L', grade: 'A' })).toEqual({ grade: 'Invalid grade.' })
    const domainError = 'Enter a domain without www or http, e.g. example.com'
    expect(validateGradeEntry('BitSight', { label: 'L', grade: '700', url: 'www.example.com' })).toEqual({ url: domainError })
    expect(validateGradeEntry('BitSight', { label: 'L', grade: '700', url: 'https://example.com' })).toEqual({ url: domainError })
    expect(validateGradeEntry('BitSight', { label: 'L', grade: '700', url: 'http://example.com' })).toEqual({ url: domainError })
    expect(validateGradeEntry('BitSight', { label: 'L', grade: '700', url: 'example.com/path' })).toEqual({ url: domainError })
    expect(validateGradeEntry('BitSight', { label: 'L', grade: '700', url: 'app.example.co.uk' })).toEqual({})
  })

  it('BlackKite: A+ to F', () => {
    for (const grade of ['A+', 'A', 'A-', 'B+', 'c', 'D-', 'F']) {
      expect(validateGradeEntry('BlackKite', { label: 'L', grade })).toEqual({})
    }
    for (const grade of ['A++', 'E', 'F+', 'G', '90']) {
      expect({ grade, errors: validateGradeEntry('BlackKite', { label: 'L', grade }) }).toEqual({
        grade,
        errors: { grade: 'Invalid grade.' },
      })
    }
    expect(validateGradeEntry('BlackKite', { label: 'L', grade: '' })).toEqual({ grade: 'Grade is required' })
  })

  it('CyberVadis: 0-1000', () => {
    for (const grade of ['0', '1000', '666']) expect(validateGradeEntry('CyberVadis', { label: 'L', grade })).toEqual({})
    for (const grade of ['-1', '1001', '500.5', 'A']) {
      expect(validateGradeEntry('CyberVadis', { label: 'L', grade })).toEqual({ grade: 'Invalid grade.' })
    }
    expect(validateGradeEntry('CyberVadis', { label: 'L' })).toEqual({ grade: 'Grade is required' })
  })

  it('UpGuard: 0-950 or A-E without +/-', () => {
    for (const grade of ['0', '950', 'A', 'e']) expect(validateGradeEntry('UpGuard', { label: 'L', grade })).toEqual({})
    for (const grade of ['951', 'A+', 'B-', 'F', '600.5']) {
      expect(validateGradeEntry('UpGuard', { label: 'L', grade })).toEqual({ grade: 'Invalid grade.' })
    }
    expect(validateGradeEntry('UpGuard', { label: 'L' })).toEqual({ grade: 'Grade is required' })
  })

  it('RiskRecon: 0-10 with at most one decimal, or A-F', () => {
    for (const grade of ['0', '10', '10.0', '7.5', 'A', 'd', 'F']) {
      expect(validateGradeEntry('RiskRecon', { label: 'L', grade })).toEqual({})
    }
    for (const grade of ['7.55', '10.1', '11', '-1', 'E', 'A+', '.5']) {
      expect({ grade, errors: validateGradeEntry('RiskRecon', { label: 'L', grade }) }).toEqual({
        grade,
        errors: { grade: 'Invalid grade.' },
      })
    }
    expect(validateGradeEntry('RiskRecon', { label: 'L' })).toEqual({ grade: 'Grade is required' })
  })

  it('CIS: 1-5, otherwise the generic message', () => {
    for (const grade of ['1', '5']) expect(validateGradeEntry('Cis', { label: 'L', grade })).toEqual({})
    for (const grade of ['0', '6', '2.5', 'A']) {
      expect(validateGradeEntry('Cis', { label: 'L', grade })).toEqual({ grade: 'Invalid grade.' })
    }
    expect(validateGradeEntry('Cis', { label: 'L' })).toEqual({ grade: 'Grade is required' })
  })

  it('SecurityScorecard: a bare domain, and a grade from Get Grade', () => {
    expect(validateGradeEntry('SecurityScorecard', { label: 'L', url: 'example.com' })).toEqual({
      grade: 'Click on "Get Grade" button.',
    })
    expect(validateGradeEntry('SecurityScorecard', { label: 'L' })).toEqual({
      url: 'URL is required',
      grade: 'Click on "Get Grade" button.',
    })
    expect(validateGradeEntry('SecurityScorecard', { label: 'L', url: 'https://example.com', grade: 'A' })).toEqual({
      url: 'Enter a domain without www or http, e.g. example.com',
    })
  })

  it('reports every failing field at once', () => {
    expect(validateGradeEntry('CryptCheck', { label: '' })).toEqual({ label: 'Label is required', url: 'URL is required' })
    expect(validateGradeEntry('BitSight', { label: '', grade: '1' })).toEqual({ label: 'Label is required', grade: 'Invalid grade.' })
  })
})

describe('isBareDomain', () => {
  it('accepts host names and rejects schemes, www, paths and junk', () => {
    expect(isBareDomain('example.com')).toBe(true)
    expect(isBareDomain('my-app.example.io')).toBe(true)
    expect(isBareDomain('example')).toBe(false)
    expect(isBareDomain('www.example.com')).toBe(false)
    expect(isBareDomain('WWW.example.com')).toBe(false)
    expect(isBareDomain('http://example.com')).toBe(false)
    expect(isBareDomain('example.com:443')).toBe(false)
    expect(isBareDomain('-bad.example.com')).toBe(false)
    expect(isBareDomain('bad-.example.com')).toBe(false)
  })
})
