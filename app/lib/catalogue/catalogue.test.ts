import { describe, expect, it } from 'vitest'
import { CARD_KINDS, type CardKind } from '../card-kinds'
import { CERTIFICATION_LOGOS } from './certifications'
import { DOCUMENT_ITEM_TYPES } from './documents'
import { CATALOGUE, CATALOGUE_WEIGHT, catalogueForKind, catalogueItem } from './index'
import { QUESTIONNAIRE_ITEM_TYPES } from './questionnaires'
import type { GradeProvider, RiskQuestion } from './types'

// Written out independently of the catalogue files; the Record keys make tsc fail if types.ts gains a member.
const PROVIDERS: Record<GradeProvider, true> = {
  BitSight: true,
  BlackKite: true,
  CyberVadis: true,
  UpGuard: true,
  RiskRecon: true,
  CryptCheck: true,
  MozillaObservatory: true,
  HstsPreload: true,
  ImmuniWeb: true,
  SslLabs: true,
  SecurityHeaders: true,
  Cis: true,
  SecurityScorecard: true,
}
const QUESTIONS_IN_ORDER: readonly RiskQuestion[] = ['dataAccess', 'impact', 'recoveryTime', 'recoveryPoint', 'criticalDependence', 'thirdPartyDependence', 'hosting']
const KINDS_WITHOUT_ITEMS: readonly CardKind[] = ['TrustedBy', 'Subprocessors', 'CustomerData']

/** Sentences in a guidance text: split after . ! or ? followed by a space or the end. */
const sentences = (text: string): string[] => text.split(/(?<=[.!?])(?:\s+|$)/).filter((part) => part.length > 0)

describe('catalogue', () => {
  it('has unique kebab-case uids under 100 characters', () => {
    const uids = CATALOGUE.map((item) => item.uid)
    expect(new Set(uids).size).toBe(uids.length)
    for (const uid of uids) {
      expect(uid).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(uid.length).toBeLessThan(100)
    }
  })

  it('has titles of 2 to 100 characters', () => {
    for (const { uid, title } of CATALOGUE) {
      expect(title.trim(), uid).toBe(title)
      expect(title.length, uid).toBeGreaterThanOrEqual(2)
      expect(title.length, uid).toBeLessThanOrEqual(100)
    }
  })

  it('has a one-sentence short guidance and a two-to-four-sentence long guidance for every item', () => {
    for (const { uid, guidance } of CATALOGUE) {
      expect(sentences(guidance.short), `${uid} short`).toHaveLength(1)
      expect(guidance.short, `${uid} short`).toMatch(/^[A-Z].*\.$/)
      const count = sentences(guidance.long).length
      expect(count, `${uid} long`).toBeGreaterThanOrEqual(2)
      expect(count, `${uid} long`).toBeLessThanOrEqual(4)
      expect(guidance.long, `${uid} long`).toMatch(/^[A-Z].*\.$/)
    }
  })

  it('only uses card kinds, and gives every kind except TrustedBy, Subprocessors and CustomerData at least 3 items', () => {
    for (const item of CATALOGUE) expect(CARD_KINDS).toContain(item.kind)
    for (const kind of CARD_KINDS) {
      const count = catalogueForKind(kind).length
      if (KINDS_WITHOUT_ITEMS.includes(kind)) expect(count, kind).toBe(0)
      else if (kind === 'Overview') expect(count, kind).toBe(1)
      else expect(count, kind).toBeGreaterThanOrEqual(3)
    }
  })

  it('has exactly one Overview item', () => {
    expect(catalogueForKind('Overview').map(({ uid, title }) => ({ uid, title }))).toEqual([{ uid: 'overview', title: 'Overview' }])
  })

  it('holds between 140 and 170 items', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(140)
    expect(CATALOGUE.length).toBeLessThanOrEqual(170)
  })

  it('covers every grade provider exactly once', () => {
    const items = catalogueForKind('SecurityGrades')
    const providers = items.map((item) => item.provider)
    expect([...providers].sort()).toEqual(Object.keys(PROVIDERS).sort())
    for (const item of items) expect(item.uid).toMatch(/^grade-/)
    expect(CATALOGUE.filter((item) => item.provider !== undefined)).toHaveLength(items.length)
  })

  it('covers every risk question exactly once, in the spec order', () => {
    const items = catalogueForKind('RiskProfile')
    expect(items.map((item) => item.question)).toEqual(QUESTIONS_IN_ORDER)
    expect(CATALOGUE.filter((item) => item.question !== undefined)).toHaveLength(items.length)
  })

  it('gives every certification a logo, and lists each logo once with a badge label', () => {
    const certifications = catalogueForKind('Certifications')
    for (const item of certifications) expect(item.logo, item.uid).toBe(`${item.uid}.svg`)
    expect(CATALOGUE.filter((item) => item.logo !== undefined)).toHaveLength(certifications.length)
    expect(CERTIFICATION_LOGOS.map((logo) => logo.file)).toEqual(certifications.map((item) => item.logo))
    for (const { file, label } of CERTIFICATION_LOGOS) expect(label.length, file).toBeGreaterThan(0)
  })

  it('gives questionnaires and documents a known default item type', () => {
    for (const item of catalogueForKind('Questionnaires')) expect(QUESTIONNAIRE_ITEM_TYPES).toContain(item.itemType)
    for (const item of catalogueForKind('Documents')) expect(DOCUMENT_ITEM_TYPES).toContain(item.itemType)
    const typed = CATALOGUE.filter((item) => item.itemType !== undefined)
    expect(typed.every((item) => item.kind === 'Questionnaires' || item.kind === 'Documents')).toBe(true)
  })

  it('looks items up by uid', () => {
    for (const item of CATALOGUE) expect(catalogueItem(item.uid)).toBe(item)
    expect(catalogueItem('no-such-item')).toBeUndefined()
  })

  it('weighs every item, and catalogueForKind lists each kind by descending weight', () => {
    expect(CATALOGUE_WEIGHT.size).toBe(CATALOGUE.length)
    for (const kind of CARD_KINDS) {
      const weights = catalogueForKind(kind).map((item) => CATALOGUE_WEIGHT.get(item.uid))
      for (const weight of weights) expect(weight).toBeGreaterThan(0)
      const descending = [...weights].sort((a, b) => (b ?? 0) - (a ?? 0))
      expect(weights, kind).toEqual(descending)
      expect(new Set(weights).size, kind).toBe(weights.length)
    }
  })

  it('keeps CATALOGUE grouped by kind in CARD_KINDS order', () => {
    const kinds = CATALOGUE.map((item) => CARD_KINDS.indexOf(item.kind))
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b))
    expect(CATALOGUE).toEqual(CARD_KINDS.flatMap((kind) => catalogueForKind(kind)))
  })
})
