/** Where the "Built on" badge points: the project's home (docs/decisions/004-built-on-badge.md). */
export const PROJECT_NAME = 'Trust Center'
export const PROJECT_URL = 'https://github.com/trust-center/trust-center'
