// Staff permissions (issue: staff workspace). Each private page's first path segment is a scope.

export const STAFF_SCOPES = [
  'documents',
  'knowledge-base',
  'access-requests',
  'accounts',
  'questionnaires',
  'updates',
  'subscribers',
  'settings',
  'members',
  'analytics',
  'audit',
] as const
export type StaffScope = (typeof STAFF_SCOPES)[number]

export const STAFF_PERMISSIONS = ['statuspage:edit', 'files:view', 'files:download', 'assets:edit', ...STAFF_SCOPES] as const
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number]

export const PERMISSION_LABELS: Record<StaffPermission, string> = {
  'statuspage:edit': 'Edit the trust center',
  'files:view': 'View files',
  'files:download': 'Download files',
  'assets:edit': 'Change card icons',
  documents: 'Documents library',
  'knowledge-base': 'Knowledge base',
  'access-requests': 'Access requests',
  accounts: 'Accounts',
  questionnaires: 'Questionnaires',
  updates: 'Trust updates',
  subscribers: 'Subscribers',
  settings: 'Settings',
  members: 'Members',
  analytics: 'Analytics',
  audit: 'Audit log',
}

export const SCOPE_TITLES: Record<StaffScope, string> = {
  documents: 'Documents',
  'knowledge-base': 'Knowledge base',
  'access-requests': 'Access requests',
  accounts: 'Accounts',
  questionnaires: 'Questionnaires',
  updates: 'Updates',
  subscribers: 'Subscribers',
  settings: 'Settings',
  members: 'Members',
  analytics: 'Analytics',
  audit: 'Audit log',
}

export function isStaffPermission(value: unknown): value is StaffPermission {
  return typeof value === 'string' && (STAFF_PERMISSIONS as readonly string[]).includes(value)
}

/** Customer accounts (preview as one, their comment threads) are for staff who manage them or review requests. */
export function handlesAccounts(permissions: readonly string[]) {
  return permissions.includes('accounts') || permissions.includes('access-requests')
}

export function hasPermission(permissions: readonly string[], permission: StaffPermission) {
  return permissions.includes(permission)
}
