import { describe, it, expect } from 'vitest'
import {
  RISK_QUESTIONS,
  DEFAULT_CUSTOM_RECOVERY,
  parseCustomRecovery,
  formatCustomRecovery,
  validateCustomRecovery,
  riskAnswerLabel,
  riskQuestion,
  RECOVERY_UNITS,
} from './risk-profile'

describe('RISK_QUESTIONS', () => {
  it('lists the questions in the spec order', () => {
    expect(RISK_QUESTIONS.map((q) => q.id)).toEqual(['dataAccess', 'impact', 'recoveryTime', 'recoveryPoint', 'criticalDependence', 'thirdPartyDependence', 'hosting'])
  })

  it('offers the spec answers for each question', () => {
    const values = Object.fromEntries(RISK_QUESTIONS.map((q) => [q.id, q.options.map((o) => o.value)]))
    expect(values).toEqual({
      dataAccess: ['public', 'internal', 'restricted'],
      impact: ['low', 'moderate', 'substantial', 'severe'],
      recoveryTime: ['immediate', 'hours_24_48', 'hours_48_72', 'days_4_7', 'custom'],
      recoveryPoint: ['immediate', 'hours_24_48', 'hours_48_72', 'days_4_7', 'custom'],
      criticalDependence: ['yes', 'no'],
      thirdPartyDependence: ['yes', 'no'],
      hosting: ['major_cloud', 'on_premise', 'combination'],
    })
  })

  it('gives every question a title, a description and labelled options', () => {
    for (const q of RISK_QUESTIONS) {
      expect(q.title).not.toBe('')
      expect(q.description).not.toBe('')
      for (const o of q.options) expect(o.label).not.toBe('')
    }
  })

  it('uses human labels', () => {
    expect(riskQuestion('recoveryTime')?.options.map((o) => o.label)).toEqual(['Immediate', 'Within 24-48 hours', 'Within 48-72 hours', 'Within 4-7 days', 'Custom'])
    expect(riskQuestion('hosting')?.options.map((o) => o.label)).toEqual(['Major cloud provider', 'On-premise', 'Combination of cloud and on-premise'])
  })
})

describe('parseCustomRecovery', () => {
  it('parses each unit and the 0-99 bounds', () => {
    expect(parseCustomRecovery('hours_12')).toEqual({ unit: 'hours', number: 12 })
    expect(parseCustomRecovery('minutes_0')).toEqual({ unit: 'minutes', number: 0 })
    expect(parseCustomRecovery('days_99')).toEqual({ unit: 'days', number: 99 })
  })

  it('does not mistake the fixed ranges for custom values', () => {
    expect(parseCustomRecovery('hours_24_48')).toBeNull()
    expect(parseCustomRecovery('hours_48_72')).toBeNull()
    expect(parseCustomRecovery('days_4_7')).toBeNull()
    expect(parseCustomRecovery('immediate')).toBeNull()
  })

  it('rejects bad units, out-of-range or non-canonical numbers and empty input', () => {
    for (const value of ['weeks_2', 'Hours_12', 'hours_100', 'hours_-1', 'hours_1.5', 'hours_07', 'hours_', '_12', 'hours12', ' hours_12', '']) {
      expect({ value, parsed: parseCustomRecovery(value) }).toEqual({ value, parsed: null })
    }
    expect(parseCustomRecovery(null)).toBeNull()
    expect(parseCustomRecovery(undefined)).toBeNull()
  })
})

describe('formatCustomRecovery', () => {
  it('stores unit_number', () => {
    expect(formatCustomRecovery('hours', 12)).toBe('hours_12')
    expect(formatCustomRecovery('minutes', 0)).toBe('minutes_0')
    expect(formatCustomRecovery('days', 99)).toBe('days_99')
  })

  it('round-trips with parseCustomRecovery for every unit', () => {
    for (const unit of RECOVERY_UNITS) {
      for (const number of [0, 1, 9, 10, 99]) {
        expect(parseCustomRecovery(formatCustomRecovery(unit, number))).toEqual({ unit, number })
      }
    }
  })

  it('has a default of 12 hours', () => {
    expect(DEFAULT_CUSTOM_RECOVERY).toBe('hours_12')
    expect(parseCustomRecovery(DEFAULT_CUSTOM_RECOVERY)).toEqual({ unit: 'hours', number: 12 })
  })
})

describe('validateCustomRecovery', () => {
  it('accepts 0 to 99 in every unit, as numbers or form strings', () => {
    for (const unit of RECOVERY_UNITS) {
      expect(validateCustomRecovery(unit, 0)).toBeUndefined()
      expect(validateCustomRecovery(unit, 99)).toBeUndefined()
    }
    expect(validateCustomRecovery('hours', '12')).toBeUndefined()
    expect(validateCustomRecovery('hours', ' 7 ')).toBeUndefined()
  })

  it('rejects values outside 0-99', () => {
    expect(validateCustomRecovery('hours', -1)).toBe('Must be between 0 and 99')
    expect(validateCustomRecovery('hours', 100)).toBe('Must be between 0 and 99')
    expect(validateCustomRecovery('days', '100')).toBe('Must be between 0 and 99')
    expect(validateCustomRecovery('minutes', '')).toBe('Must be between 0 and 99')
    expect(validateCustomRecovery('minutes', 'abc')).toBe('Must be between 0 and 99')
    expect(validateCustomRecovery('minutes', Number.NaN)).toBe('Must be between 0 and 99')
    expect(validateCustomRecovery('minutes', Number.POSITIVE_INFINITY)).toBe('Must be between 0 and 99')
  })

  it('rejects fractions and unknown units', () => {
    expect(validateCustomRecovery('hours', 1.5)).toBe('Must be a whole number')
    expect(validateCustomRecovery('weeks', 2)).toBe('Choose minutes, hours or days')
  })
})

describe('riskAnswerLabel', () => {
  it('labels fixed answers', () => {
    expect(riskAnswerLabel('dataAccess', 'restricted')).toBe('Restricted')
    expect(riskAnswerLabel('impact', 'substantial')).toBe('Substantial')
    expect(riskAnswerLabel('recoveryTime', 'immediate')).toBe('Immediate')
    expect(riskAnswerLabel('recoveryTime', 'hours_24_48')).toBe('Within 24-48 hours')
    expect(riskAnswerLabel('recoveryPoint', 'days_4_7')).toBe('Within 4-7 days')
    expect(riskAnswerLabel('criticalDependence', 'yes')).toBe('Yes')
    expect(riskAnswerLabel('thirdPartyDependence', 'no')).toBe('No')
    expect(riskAnswerLabel('hosting', 'major_cloud')).toBe('Major cloud provider')
  })

  it('labels custom recovery values with singular and plural units', () => {
    expect(riskAnswerLabel('recoveryTime', 'hours_12')).toBe('12 hours')
    expect(riskAnswerLabel('recoveryTime', 'minutes_30')).toBe('30 minutes')
    expect(riskAnswerLabel('recoveryPoint', 'days_1')).toBe('1 day')
    expect(riskAnswerLabel('recoveryPoint', 'hours_1')).toBe('1 hour')
    expect(riskAnswerLabel('recoveryPoint', 'minutes_1')).toBe('1 minute')
    expect(riskAnswerLabel('recoveryTime', 'minutes_0')).toBe('0 minutes')
  })

  it('says No Answer for empty answers', () => {
    expect(riskAnswerLabel('impact', '')).toBe('No Answer')
    expect(riskAnswerLabel('impact', '  ')).toBe('No Answer')
    expect(riskAnswerLabel('hosting', null)).toBe('No Answer')
    expect(riskAnswerLabel('recoveryTime', undefined)).toBe('No Answer')
  })

  it('only reads custom values on the recovery questions and shows unknown values as stored', () => {
    expect(riskAnswerLabel('impact', 'hours_12')).toBe('hours_12')
    expect(riskAnswerLabel('hosting', 'mainframe')).toBe('mainframe')
    expect(riskAnswerLabel('recoveryTime', 'hours_100')).toBe('hours_100')
  })
})
