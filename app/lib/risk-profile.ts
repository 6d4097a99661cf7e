// Risk profile questions, their answers and custom recovery values (cards-and-items, sections 3 and 5).
// Pure and client-safe: the card, the editor and the server read answers through the same helpers.

import type { RiskQuestion } from './catalogue/types'

export interface RiskOption {
  value: string
  label: string
}

export interface RiskQuestionDefinition {
  id: RiskQuestion
  title: string
  description: string
  options: readonly RiskOption[]
}

export const NO_ANSWER_LABEL = 'No Answer'

// The option that switches the editor to a unit + number input; stored answers hold '{unit}_{number}' instead.
export const CUSTOM_RECOVERY_OPTION = 'custom'

const RECOVERY_OPTIONS: readonly RiskOption[] = [
  { value: 'immediate', label: 'Immediate' },
  { value: 'hours_24_48', label: 'Within 24-48 hours' },
  { value: 'hours_48_72', label: 'Within 48-72 hours' },
  { value: 'days_4_7', label: 'Within 4-7 days' },
  { value: CUSTOM_RECOVERY_OPTION, label: 'Custom' },
]

const YES_NO_OPTIONS: readonly RiskOption[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
]

export const RISK_QUESTIONS: readonly RiskQuestionDefinition[] = [
  {
    id: 'dataAccess',
    title: 'Data access',
    description: 'The most sensitive class of customer data the product can access.',
    options: [
      { value: 'public', label: 'Public' },
      { value: 'internal', label: 'Internal' },
      { value: 'restricted', label: 'Restricted' },
    ],
  },
  {
    id: 'impact',
    title: 'Impact',
    description: 'How seriously a breach or outage of the product would affect customers.',
    options: [
      { value: 'low', label: 'Low' },
      { value: 'moderate', label: 'Moderate' },
      { value: 'substantial', label: 'Substantial' },
      { value: 'severe', label: 'Severe' },
    ],
  },
  {
    id: 'recoveryTime',
    title: 'Recovery time',
    description: 'How long it takes to restore the service after a disruption.',
    options: RECOVERY_OPTIONS,
  },
  {
    id: 'recoveryPoint',
    title: 'Recovery point',
    description: 'How much recent data could be lost after a disruption, counted back from the incident.',
    options: RECOVERY_OPTIONS,
  },
  {
    id: 'criticalDependence',
    title: 'Critical dependence',
    description: 'Whether customers rely on the product for business-critical operations.',
    options: YES_NO_OPTIONS,
  },
  {
    id: 'thirdPartyDependence',
    title: 'Third-party dependence',
    description: 'Whether delivering the service depends on third-party providers.',
    options: YES_NO_OPTIONS,
  },
  {
    id: 'hosting',
    title: 'Hosting',
    description: 'Where the product and its data are hosted.',
    options: [
      { value: 'major_cloud', label: 'Major cloud provider' },
      { value: 'on_premise', label: 'On-premise' },
      { value: 'combination', label: 'Combination of cloud and on-premise' },
    ],
  },
]

// ---------------------------------------------------------------------------
// Custom recovery values
// ---------------------------------------------------------------------------

export const RECOVERY_UNITS = ['minutes', 'hours', 'days'] as const
export type RecoveryUnit = (typeof RECOVERY_UNITS)[number]

export const CUSTOM_RECOVERY_MIN = 0
export const CUSTOM_RECOVERY_MAX = 99
export const DEFAULT_CUSTOM_RECOVERY = 'hours_12'

export interface CustomRecovery {
  unit: RecoveryUnit
  number: number
}

export const RECOVERY_MESSAGES = {
  range: 'Must be between 0 and 99',
  // Section 5 only gives the range rule; these two texts are ours.
  wholeNumber: 'Must be a whole number',
  unit: 'Choose minutes, hours or days',
} as const

// Canonical numbers only (no leading zeros), so parse and format round-trip; anchored so 'hours_24_48' never matches.
const CUSTOM_RECOVERY_PATTERN = /^(minutes|hours|days)_(0|[1-9]\d?)$/

export function isRecoveryQuestion(question: RiskQuestion): boolean {
  return question === 'recoveryTime' || question === 'recoveryPoint'
}

export function parseCustomRecovery(value: string | null | undefined): CustomRecovery | null {
  const match = typeof value === 'string' ? CUSTOM_RECOVERY_PATTERN.exec(value) : null
  if (!match) return null
  return { unit: match[1] as RecoveryUnit, number: Number(match[2]) }
}

// Does not validate: call validateCustomRecovery first, since an out-of-range result will not parse back.
export function formatCustomRecovery(unit: RecoveryUnit, number: number): string {
  return `${unit}_${number}`
}

export function validateCustomRecovery(unit: string, number: number | string): string | undefined {
  if (!(RECOVERY_UNITS as readonly string[]).includes(unit)) return RECOVERY_MESSAGES.unit
  const text = typeof number === 'string' ? number.trim() : String(number)
  const n = text === '' ? Number.NaN : Number(text)
  if (!Number.isFinite(n) || n < CUSTOM_RECOVERY_MIN || n > CUSTOM_RECOVERY_MAX) return RECOVERY_MESSAGES.range
  if (!Number.isInteger(n)) return RECOVERY_MESSAGES.wholeNumber
  return undefined
}

export function customRecoveryLabel(recovery: CustomRecovery): string {
  const unit = recovery.number === 1 ? recovery.unit.slice(0, -1) : recovery.unit
  return `${recovery.number} ${unit}`
}

// ---------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------

export function riskQuestion(question: RiskQuestion): RiskQuestionDefinition | undefined {
  return RISK_QUESTIONS.find((q) => q.id === question)
}

export function riskAnswerLabel(question: RiskQuestion, value: string | null | undefined): string {
  if (value == null || value.trim() === '') return NO_ANSWER_LABEL
  const option = riskQuestion(question)?.options.find((o) => o.value === value)
  if (option) return option.label
  if (isRecoveryQuestion(question)) {
    const custom = parseCustomRecovery(value)
    if (custom) return customRecoveryLabel(custom)
  }
  // Show an unknown stored value as it is, so bad data is visible instead of passing for 'No Answer'.
  return value
}
