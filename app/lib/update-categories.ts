// The categories of trust update topics (portal shell spec, section 3), with the labels the portal and
// the staff workspace show. No dependencies: the public page's bundle imports it.

export const UPDATE_CATEGORIES = ['compliance', 'vulnerabilities', 'incidents', 'subprocessors', 'general'] as const
export type UpdateCategory = (typeof UPDATE_CATEGORIES)[number]

export const UPDATE_CATEGORY_LABELS: Record<UpdateCategory, string> = {
  compliance: 'Compliance',
  vulnerabilities: 'Vulnerabilities',
  incidents: 'Incidents',
  subprocessors: 'Subprocessors',
  general: 'General',
}
