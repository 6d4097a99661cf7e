// Security-rating providers, grade colours and grade-entry validation (cards-and-items, sections 3, 5 and 9).
// Pure and client-safe: no server imports, so the card, the editor and the server can share one set of rules.

import type { GradeProvider } from './catalogue/types'

export interface GradeProviderInfo {
  name: string
  website: string
  /** The address an entry's URL must start with (URL-based providers only). */
  urlPrefix?: string
  /** The entry's url field must be filled (a report URL, or a bare domain for SecurityScorecard). */
  requiresUrl: boolean
  gradePlaceholder?: string
  gradeHint: string
}

export interface GradeEntry {
  label: string
  description?: string
  /** A report URL for URL-based providers; a bare domain for BitSight and SecurityScorecard. */
  url?: string
  grade?: string
}

export type GradeEntryField = 'label' | 'url' | 'grade'
export type GradeEntryErrors = Partial<Record<GradeEntryField, string>>

export type GradeColour = 'green' | 'yellow' | 'red' | 'neutral'

const URL_GRADE_HINT = 'The letter grade shown on the report, e.g. A+'

export const GRADE_PROVIDERS: Record<GradeProvider, GradeProviderInfo> = {
  BitSight: {
    name: 'BitSight',
    website: 'https://www.bitsight.com/',
    requiresUrl: false,
    gradePlaceholder: '700',
    gradeHint: 'A rating from 300 to 820',
  },
  BlackKite: {
    name: 'BlackKite',
    website: 'https://blackkite.com/',
    requiresUrl: false,
    gradePlaceholder: 'A',
    gradeHint: 'A letter grade from A+ to F',
  },
  CyberVadis: {
    name: 'CyberVadis',
    website: 'https://www.cybervadis.com/',
    requiresUrl: false,
    gradePlaceholder: '750',
    gradeHint: 'A score from 0 to 1000',
  },
  UpGuard: {
    name: 'UpGuard',
    website: 'https://www.upguard.com/',
    requiresUrl: false,
    gradePlaceholder: '800',
    gradeHint: 'A score from 0 to 950, or a letter from A to E without + or -',
  },
  RiskRecon: {
    name: 'RiskRecon',
    website: 'https://www.riskrecon.com/',
    requiresUrl: false,
    gradePlaceholder: '8.5',
    gradeHint: 'A score from 0 to 10 with at most one decimal, or a letter from A to F',
  },
  CryptCheck: {
    name: 'CryptCheck',
    website: 'https://cryptcheck.fr/',
    urlPrefix: 'https://cryptcheck.fr/',
    requiresUrl: true,
    gradePlaceholder: 'A',
    gradeHint: URL_GRADE_HINT,
  },
  MozillaObservatory: {
    name: 'Mozilla Observatory',
    website: 'https://developer.mozilla.org/en-US/observatory',
    urlPrefix: 'https://developer.mozilla.org/en-US/observatory/analyze',
    requiresUrl: true,
    gradePlaceholder: 'A',
    gradeHint: URL_GRADE_HINT,
  },
  HstsPreload: {
    name: 'HSTS Preload',
    website: 'https://hstspreload.org/',
    urlPrefix: 'https://hstspreload.org/',
    requiresUrl: true,
    gradePlaceholder: 'A',
    gradeHint: URL_GRADE_HINT,
  },
  ImmuniWeb: {
    name: 'ImmuniWeb',
    website: 'https://www.immuniweb.com/',
    urlPrefix: 'https://www.immuniweb.com/',
    requiresUrl: true,
    gradePlaceholder: 'A',
    gradeHint: URL_GRADE_HINT,
  },
  SslLabs: {
    name: 'SSL Labs',
    website: 'https://www.ssllabs.com/',
    urlPrefix: 'https://www.ssllabs.com/ssltest/analyze.html',
    requiresUrl: true,
    gradePlaceholder: 'A',
    gradeHint: URL_GRADE_HINT,
  },
  SecurityHeaders: {
    name: 'Security Headers',
    website: 'https://securityheaders.com/',
    urlPrefix: 'https://securityheaders.com/',
    requiresUrl: true,
    gradePlaceholder: 'A',
    gradeHint: URL_GRADE_HINT,
  },
  Cis: {
    name: 'CIS',
    website: 'https://www.cisecurity.org/',
    requiresUrl: false,
    // Section 5 gives 5 as the CIS placeholder.
    gradePlaceholder: '5',
    gradeHint: 'A score from 1 to 5',
  },
  SecurityScorecard: {
    name: 'SecurityScorecard',
    website: 'https://securityscorecard.com/',
    // The url field holds the domain that Get Grade looks up.
    requiresUrl: true,
    gradeHint: 'Enter the domain, then click Get Grade',
  },
}

// ---------------------------------------------------------------------------
// Colours (section 9)
// ---------------------------------------------------------------------------

type Band = Exclude<GradeColour, 'neutral'>
type NumericRange = readonly [min: number, max: number]

interface ColourRule {
  letters?: Partial<Record<string, Band>>
  /** Inclusive ranges, checked green → yellow → red so the higher colour wins where two ranges touch. */
  ranges?: Partial<Record<Band, NumericRange>>
}

const URL_REPORT_LETTERS: Partial<Record<string, Band>> = {
  A: 'green',
  B: 'yellow',
  C: 'yellow',
  F: 'red',
  T: 'red',
  G: 'red',
}

const COLOUR_RULES: Record<GradeProvider, ColourRule> = {
  BitSight: { ranges: { green: [646, 820], yellow: [473, 645], red: [300, 472] } },
  CyberVadis: { ranges: { green: [666, 1000], yellow: [333, 666], red: [0, 333] } },
  UpGuard: {
    letters: { A: 'green', B: 'green', C: 'yellow', D: 'red', E: 'red' },
    ranges: { green: [601, 950], yellow: [401, 600], red: [0, 400] },
  },
  Cis: { ranges: { green: [5, 5], yellow: [3, 4], red: [1, 2] } },
  RiskRecon: {
    letters: { A: 'green', B: 'green', C: 'yellow', D: 'red', F: 'red' },
    ranges: { green: [8, 10], yellow: [7, 8], red: [0, 7] },
  },
  BlackKite: { letters: { A: 'green', B: 'green', C: 'yellow', D: 'red', F: 'red' } },
  CryptCheck: { letters: URL_REPORT_LETTERS },
  HstsPreload: { letters: URL_REPORT_LETTERS },
  ImmuniWeb: { letters: URL_REPORT_LETTERS },
  SslLabs: { letters: URL_REPORT_LETTERS },
  SecurityHeaders: { letters: URL_REPORT_LETTERS },
  MozillaObservatory: {
    letters: { A: 'green', B: 'green', M: 'green', C: 'yellow', I: 'yellow', D: 'red', F: 'red', O: 'red' },
  },
  // The spec gives no SecurityScorecard thresholds; we use the common letter split A/B green, C yellow, D/F red.
  SecurityScorecard: { letters: { A: 'green', B: 'green', C: 'yellow', D: 'red', F: 'red' } },
}

const BAND_ORDER: readonly Band[] = ['green', 'yellow', 'red']
const NUMBER_PATTERN = /^\d+(\.\d+)?$/
// One letter with an optional single +/- suffix, which never changes the colour.
const LETTER_PATTERN = /^([A-Z])[+-]?$/

export function gradeColour(provider: GradeProvider, grade: string): GradeColour {
  const rule = COLOUR_RULES[provider] as ColourRule | undefined
  const value = typeof grade === 'string' ? grade.trim().toUpperCase() : ''
  if (!rule || value === '') return 'neutral'

  if (rule.ranges && NUMBER_PATTERN.test(value)) {
    const score = Number(value)
    for (const band of BAND_ORDER) {
      const range = rule.ranges[band]
      if (range && score >= range[0] && score <= range[1]) return band
    }
    return 'neutral'
  }

  const letter = LETTER_PATTERN.exec(value)?.[1]
  if (rule.letters && letter) return rule.letters[letter] ?? 'neutral'
  return 'neutral'
}

// ---------------------------------------------------------------------------
// Validation (section 5)
// ---------------------------------------------------------------------------

export const GRADE_MESSAGES = {
  labelRequired: 'Label is required',
  urlRequired: 'URL is required',
  gradeRequired: 'Grade is required',
  invalidGrade: 'Invalid grade.',
  getGrade: 'Click on "Get Grade" button.',
  // Section 5 names the rule but not its text, so this wording is ours.
  invalidDomain: 'Enter a domain without www or http, e.g. example.com',
} as const

export function urlPrefixMessage(prefix: string): string {
  return `URL must start with ${prefix}`
}

const INTEGER_PATTERN = /^\d+$/
const ONE_DECIMAL_PATTERN = /^\d+(\.\d)?$/
// A bare host name: labels of letters, digits and inner hyphens, at least one dot, no scheme, path or port.
const DOMAIN_PATTERN = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/i

function integerWithin(value: string, min: number, max: number): boolean {
  if (!INTEGER_PATTERN.test(value)) return false
  const n = Number(value)
  return n >= min && n <= max
}

// Each check receives a trimmed, non-empty grade; only providers whose format the spec states are listed.
const GRADE_FORMATS: Partial<Record<GradeProvider, (grade: string) => boolean>> = {
  BitSight: (g) => integerWithin(g, 300, 820),
  // A+ down to D-, then a plain F (no E, matching the section 9 colours).
  BlackKite: (g) => /^([A-D][+-]?|F)$/i.test(g),
  CyberVadis: (g) => integerWithin(g, 0, 1000),
  UpGuard: (g) => integerWithin(g, 0, 950) || /^[A-E]$/i.test(g),
  // Letters are the A-F school scale, which skips E, as the section 9 colours do.
  RiskRecon: (g) => (ONE_DECIMAL_PATTERN.test(g) && Number(g) <= 10) || /^[A-DF]$/i.test(g),
  Cis: (g) => integerWithin(g, 1, 5),
}

// Providers whose url field holds a bare domain rather than a report URL.
const DOMAIN_PROVIDERS: ReadonlySet<GradeProvider> = new Set<GradeProvider>(['BitSight', 'SecurityScorecard'])

export function isBareDomain(value: string): boolean {
  const v = value.trim()
  return !/^https?:/i.test(v) && !/^www\./i.test(v) && DOMAIN_PATTERN.test(v)
}

export function validateGradeEntry(provider: GradeProvider, entry: GradeEntry): GradeEntryErrors {
  const info = GRADE_PROVIDERS[provider] as GradeProviderInfo | undefined
  const errors: GradeEntryErrors = {}
  const label = entry.label?.trim() ?? ''
  const url = entry.url?.trim() ?? ''
  const grade = entry.grade?.trim() ?? ''

  if (!label) errors.label = GRADE_MESSAGES.labelRequired
  // Stored data may name a provider we no longer know; only the label rule still applies.
  if (!info) return errors

  if (info.requiresUrl && !url) {
    errors.url = GRADE_MESSAGES.urlRequired
  } else if (url && info.urlPrefix && !url.startsWith(info.urlPrefix)) {
    errors.url = urlPrefixMessage(info.urlPrefix)
  } else if (url && DOMAIN_PROVIDERS.has(provider) && !isBareDomain(url)) {
    errors.url = GRADE_MESSAGES.invalidDomain
  }

  if (provider === 'SecurityScorecard') {
    // The grade is only ever filled by the Get Grade lookup, so point the user at the button.
    if (!grade) errors.grade = GRADE_MESSAGES.getGrade
  } else if (!info.requiresUrl) {
    const format = GRADE_FORMATS[provider]
    if (!grade) errors.grade = GRADE_MESSAGES.gradeRequired
    else if (format && !format(grade)) errors.grade = GRADE_MESSAGES.invalidGrade
  }

  return errors
}
