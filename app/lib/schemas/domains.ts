import { z } from '../zod'
import { isDomainName } from './settings'

// Custom domains (issue 23 item 6): the host names staff add on /settings/domains, checked the same way in
// the browser and on the server; whether a name is the deployment's own or another org's is the server's.

export const DOMAIN_MESSAGES = {
  hostRequired: 'Enter a domain such as trust.example.com',
  hostInvalid: 'Enter a domain name such as trust.example.com: letters, digits, hyphens and dots, no address or port',
  hostIp: 'Enter a domain name, not an IP address',
  hostPrivate: 'Enter a public domain name: names such as localhost, .local or .internal cannot get a certificate',
  hostDeployment: 'This is the address of this server itself; add the domain your visitors will use',
  hostTaken: 'This domain is already added',
  limit: 'An organisation can have at most 20 domains',
} as const

export const DOMAINS_MAX = 20

/** The TXT record's name for a host: where staff publish the token. */
export const verificationRecordName = (host: string) => `_trust-center.${host}`

// Names no public certificate authority issues for (RFC 6761, RFC 8375, and common private suffixes).
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'private', 'home.arpa', 'arpa', 'invalid', 'onion', 'alt']

/** Why `value` (trimmed, lower-cased) cannot be a custom domain, or null. */
export function hostProblem(value: string): string | null {
  if (/^\[?[0-9a-f:]+\]?$/i.test(value) && value.includes(':')) return DOMAIN_MESSAGES.hostIp
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(value)) return DOMAIN_MESSAGES.hostIp
  if (PRIVATE_SUFFIXES.some((suffix) => value === suffix || value.endsWith(`.${suffix}`))) return DOMAIN_MESSAGES.hostPrivate
  if (!isDomainName(value)) return DOMAIN_MESSAGES.hostInvalid
  return null
}

export const addDomainSchema = z.object({
  intent: z.literal('add'),
  host: z
    .string({ error: DOMAIN_MESSAGES.hostRequired })
    .trim()
    .min(1, DOMAIN_MESSAGES.hostRequired)
    .max(253, DOMAIN_MESSAGES.hostInvalid)
    // A trailing dot is the fully-qualified spelling of the same name; upper case is the same name too.
    .transform((value) => value.toLowerCase().replace(/\.$/, ''))
    .superRefine((value, context) => {
      const problem = hostProblem(value)
      if (problem) context.addIssue({ code: 'custom', message: problem })
    }),
})

/** The intents that name one of the org's domains ('primary-off': stop using it as the primary one). */
export const domainActionSchema = z.object({
  intent: z.enum(['check', 'primary', 'primary-off', 'remove']),
  host: z.string().trim().min(1).max(253),
})

export type DomainStatus = 'pending' | 'verified' | 'failed'
export type DomainFailure = 'no-record' | 'wrong-value' | 'lookup-error'

export const FAILURE_MESSAGES: Record<DomainFailure, string> = {
  'no-record': 'No TXT record was found at the name below.',
  'wrong-value': 'A TXT record was found, but it does not hold this domain’s token.',
  'lookup-error': 'The DNS lookup failed or timed out. Try again in a few minutes.',
}
