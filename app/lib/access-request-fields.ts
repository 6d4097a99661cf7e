// The optional fields of the Request Access form, switched on and labelled per org (accessRequestFields).

export const OPTIONAL_REQUEST_FIELDS = ['jobTitle', 'pointOfContact', 'relationship', 'country', 'customCheckbox', 'products'] as const
export type OptionalRequestField = (typeof OPTIONAL_REQUEST_FIELDS)[number]

export interface RequestFieldSetting {
  enabled: boolean
  label: string
  /** The custom checkbox only: whether it must be ticked. */
  required?: boolean
}

export type AccessRequestFields = Record<OptionalRequestField, RequestFieldSetting>

export const DEFAULT_ACCESS_REQUEST_FIELDS: AccessRequestFields = {
  jobTitle: { enabled: true, label: 'Job title' },
  pointOfContact: { enabled: false, label: 'Point of contact' },
  relationship: { enabled: true, label: 'Relationship' },
  country: { enabled: false, label: 'Country' },
  customCheckbox: { enabled: false, label: 'I confirm I am requesting access on behalf of my organization', required: false },
  products: { enabled: false, label: 'Products' },
}

/** The stored setting, each field falling back to its default; unknown keys are dropped. */
export function readAccessRequestFields(stored: unknown): AccessRequestFields {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>
  const fields = {} as AccessRequestFields
  for (const name of OPTIONAL_REQUEST_FIELDS) {
    const entry = (value[name] && typeof value[name] === 'object' ? value[name] : {}) as Record<string, unknown>
    const fallback = DEFAULT_ACCESS_REQUEST_FIELDS[name]
    fields[name] = {
      enabled: typeof entry.enabled === 'boolean' ? entry.enabled : fallback.enabled,
      label: typeof entry.label === 'string' && entry.label.trim() ? entry.label.trim().slice(0, 200) : fallback.label,
      ...(name === 'customCheckbox' ? { required: entry.required === true } : {}),
    }
  }
  return fields
}

/** Requester kinds (relationshipDropdown), stored by value. */
export const REQUESTER_KINDS = [
  { value: 'customer', label: 'Customer' },
  { value: 'prospective_customer', label: 'Prospective customer' },
  { value: 'vendor', label: 'Vendor' },
  { value: 'partner', label: 'Partner' },
  { value: 'regulator/auditor', label: 'Regulator / Auditor' },
  { value: 'researcher', label: 'Researcher' },
  { value: 'other', label: 'Other' },
] as const
export type RequesterKind = (typeof REQUESTER_KINDS)[number]['value']
