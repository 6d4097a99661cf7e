// Card kinds, their default order and the fields their items carry (cards-and-items, section 3).

export const CARD_KINDS = [
  'Reports',
  'Certifications',
  'Questionnaires',
  'ProductFeatures',
  'DataSecurity',
  'ApplicationSecurity',
  'Legal',
  'Ai',
  'Esg',
  'DataPrivacy',
  'AccessControl',
  'Infrastructure',
  'EndpointSecurity',
  'NetworkSecurity',
  'InternalPractices',
  'Policies',
  'ContinuousMonitoring',
  'PhysicalEnvironmental',
  'ChangeConfigurationManagement',
  'AwarenessTraining',
  'BusinessContinuity',
  'AssetManagement',
  'RiskManagement',
  'IncidentResponse',
  'Overview',
  'RiskProfile',
  'SecurityGrades',
  'TrustedBy',
  'Subprocessors',
  'Documents',
  'CustomerData',
] as const

export type CardKind = (typeof CARD_KINDS)[number]

export function isCardKind(value: unknown): value is CardKind {
  return typeof value === 'string' && (CARD_KINDS as readonly string[]).includes(value)
}

/** Kinds that have a section of their own rather than a place in the grid of generic cards. */
export const SECTION_KINDS: readonly CardKind[] = ['Overview', 'Certifications', 'TrustedBy', 'Subprocessors', 'Documents', 'CustomerData']

/** Kinds shown in the grid of generic cards (three per row). */
export const GRID_KINDS: readonly CardKind[] = CARD_KINDS.filter((kind) => !SECTION_KINDS.includes(kind))

/**
 * Default card order. The spec fixes 0-18 and 25; the six kinds it leaves between 19 and 24
 * take those numbers in the order listed here (docs/decisions/003-card-and-item-order.md).
 */
export const DEFAULT_CARD_ORDER: Record<CardKind, number> = {
  CustomerData: 0,
  RiskProfile: 1,
  ProductFeatures: 2,
  Reports: 3,
  Questionnaires: 4,
  DataSecurity: 5,
  ApplicationSecurity: 6,
  Ai: 7,
  Esg: 8,
  Legal: 9,
  DataPrivacy: 10,
  AccessControl: 11,
  Infrastructure: 12,
  EndpointSecurity: 13,
  NetworkSecurity: 14,
  InternalPractices: 15,
  Policies: 16,
  SecurityGrades: 17,
  IncidentResponse: 18,
  BusinessContinuity: 19,
  RiskManagement: 20,
  ChangeConfigurationManagement: 21,
  AssetManagement: 22,
  PhysicalEnvironmental: 23,
  AwarenessTraining: 24,
  ContinuousMonitoring: 25,
  // Section kinds are placed by sectionOrder, not by this number.
  Overview: 26,
  Certifications: 27,
  TrustedBy: 28,
  Subprocessors: 29,
  Documents: 30,
}

/**
 * Item ordering weights: where documents from several cards meet (the Documents card), items from
 * heavier kinds come first. Reports 16 down to Policies 1, Documents -1; every other kind 0.
 */
export const ITEM_KIND_WEIGHT: Partial<Record<CardKind, number>> = {
  Reports: 16,
  Certifications: 15,
  Questionnaires: 14,
  ProductFeatures: 13,
  DataSecurity: 12,
  ApplicationSecurity: 11,
  Ai: 10,
  Esg: 9,
  Legal: 8,
  DataPrivacy: 7,
  AccessControl: 6,
  Infrastructure: 5,
  EndpointSecurity: 4,
  NetworkSecurity: 3,
  InternalPractices: 2,
  Policies: 1,
  Documents: -1,
}

export const DEFAULT_CARD_TITLES: Record<CardKind, string> = {
  Reports: 'Reports',
  Certifications: 'Compliance',
  Questionnaires: 'Questionnaires',
  ProductFeatures: 'Product Security',
  DataSecurity: 'Data Security',
  ApplicationSecurity: 'App Security',
  Legal: 'Legal',
  Ai: 'AI Security',
  Esg: 'ESG',
  DataPrivacy: 'Data Privacy',
  AccessControl: 'Access Control',
  Infrastructure: 'Infrastructure',
  EndpointSecurity: 'Endpoint Security',
  NetworkSecurity: 'Network Security',
  InternalPractices: 'Corporate Security',
  Policies: 'Policies',
  ContinuousMonitoring: 'Continuous Monitoring',
  PhysicalEnvironmental: 'Physical Security',
  ChangeConfigurationManagement: 'Change Management',
  AwarenessTraining: 'Security Awareness',
  BusinessContinuity: 'Business Continuity',
  AssetManagement: 'Asset Management',
  RiskManagement: 'Risk Management',
  IncidentResponse: 'Incident Response',
  Overview: 'Overview',
  RiskProfile: 'Risk Profile',
  SecurityGrades: 'Security Grades',
  TrustedBy: 'Trusted by',
  Subprocessors: 'Subprocessors',
  Documents: 'Documents',
  CustomerData: 'Customer Data',
}

/** Fields an item may carry, as named in cards-and-items section 3. */
export type ItemField = 'file' | 'type' | 'auditor' | 'expiry' | 'maturity' | 'link' | 'explanation' | 'recurrence' | 'bridgeLetter' | 'choices' | 'listEntries'

/** The field set of each kind's items (what the editor offers and the card may show). */
export const KIND_FIELDS: Record<CardKind, readonly ItemField[]> = {
  Reports: ['file', 'auditor', 'expiry', 'recurrence', 'bridgeLetter', 'explanation'],
  Certifications: ['file', 'auditor', 'expiry', 'link', 'explanation'],
  Questionnaires: ['file', 'type', 'link', 'explanation'],
  ProductFeatures: ['explanation', 'link', 'file'],
  DataSecurity: ['explanation', 'link', 'file'],
  ApplicationSecurity: ['explanation', 'link', 'file', 'recurrence'],
  Legal: ['file', 'link', 'explanation'],
  Ai: ['explanation', 'link', 'file'],
  Esg: ['explanation', 'link', 'file'],
  DataPrivacy: ['explanation', 'link', 'file'],
  AccessControl: ['explanation', 'link', 'maturity'],
  Infrastructure: ['explanation', 'link', 'maturity'],
  EndpointSecurity: ['explanation', 'maturity'],
  NetworkSecurity: ['explanation', 'maturity'],
  InternalPractices: ['explanation', 'maturity', 'recurrence'],
  Policies: ['file', 'recurrence', 'explanation'],
  ContinuousMonitoring: ['explanation', 'link'],
  PhysicalEnvironmental: ['explanation', 'maturity'],
  ChangeConfigurationManagement: ['explanation', 'maturity'],
  AwarenessTraining: ['explanation', 'recurrence'],
  BusinessContinuity: ['explanation', 'recurrence', 'file'],
  AssetManagement: ['explanation', 'maturity'],
  RiskManagement: ['explanation', 'recurrence', 'file'],
  IncidentResponse: ['explanation', 'recurrence', 'file'],
  Overview: ['explanation'],
  RiskProfile: ['choices'],
  SecurityGrades: ['listEntries'],
  TrustedBy: [],
  Subprocessors: [],
  Documents: ['file', 'type', 'explanation'],
  CustomerData: [],
}

/** Card renaming is not allowed for these kinds (cards-and-items section 5). Here, not with the card schemas, so the
 * public page's card menu reads it without bringing zod to every visitor. */
export const RENAME_EXCLUDED: readonly string[] = ['Certifications', 'SecurityGrades']

/**
 * Kinds whose items are always enabled and public: the Overview text is the portal's welcome, so the
 * editor offers no status, public access or hidden for it and the save keeps it public (decision 004).
 */
export const ALWAYS_PUBLIC_KINDS: readonly CardKind[] = ['Overview']

export const ENABLED_STATES = ['NotEnabled', 'WorkInProgress', 'Enabled'] as const
export type EnabledState = (typeof ENABLED_STATES)[number]

export const MATURITY_LEVELS = ['Initial', 'Developing', 'Defined', 'Managed', 'Optimized'] as const
export const RECURRENCES = ['Continuous', 'Daily', 'Weekly', 'Monthly', 'Quarterly', 'SemiAnnually', 'Annually', 'Na'] as const
export const RECURRENCE_LABELS: Record<(typeof RECURRENCES)[number], string> = {
  Continuous: 'Continuously',
  Daily: 'Daily',
  Weekly: 'Weekly',
  Monthly: 'Monthly',
  Quarterly: 'Quarterly',
  SemiAnnually: 'Every six months',
  Annually: 'Annually',
  Na: 'N/A',
}

/** Cards an item may never be moved to (cards-and-items, section 5). */
export const MOVE_EXCLUDED_KINDS: readonly CardKind[] = ['Overview', 'Documents', 'Certifications', 'TrustedBy', 'Subprocessors', 'CustomerData', 'RiskProfile']

/** Cards staff may add custom items to. */
export const CUSTOM_ITEM_KINDS: readonly CardKind[] = [...GRID_KINDS.filter((kind) => kind !== 'RiskProfile' && kind !== 'SecurityGrades'), 'Certifications', 'Documents']
