// Items that connect to a live service (cards-and-items section 3 "Integrations"): their link fields and
// patterns. The live data itself arrives with the integrations work.

export type IntegrationProvider = 'HackerOne' | 'Statuspage'

/** Which catalogue items carry which integration. */
export const INTEGRATION_ITEMS: Record<string, IntegrationProvider> = {
  'bug-bounty': 'HackerOne',
  'status-page': 'Statuspage',
}

export const HACKERONE_HOST = 'hackerone.com'

export const INTEGRATION_MESSAGES = {
  HackerOne: `Please enter a valid HackerOne link, e.g. ${HACKERONE_HOST}/acme (without query parameters)`,
  Statuspage: 'Invalid Statuspage connection: please enter a valid Statuspage link or contact support',
} as const

/** A HackerOne program link is {host}/{handle}, nothing more: no further path, no query parameters. */
export function isHackerOneLink(value: string) {
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`
  if (!URL.canParse(withScheme)) return false
  const url = new URL(withScheme)
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  return host === HACKERONE_HOST && /^\/[A-Za-z0-9_-]{1,100}\/?$/.test(url.pathname) && !url.search && !url.hash && value.indexOf('?') < 0
}

/** A Statuspage page: an https address, on statuspage.io or the page's own domain. */
export function isStatuspageLink(value: string) {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password
}

export function validateIntegrationLink(provider: IntegrationProvider, value: string): string | undefined {
  if (!value) return undefined
  const valid = provider === 'HackerOne' ? isHackerOneLink(value) : isStatuspageLink(value)
  return valid ? undefined : INTEGRATION_MESSAGES[provider]
}
