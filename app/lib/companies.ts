// The built-in company list the company picker offers (source 'Addendum' in cards-and-items section 3).
// Ours, client-safe: the picker filters it in the browser and the server resolves picks against it.

export interface BuiltInCompany {
  /** Stable id submitted as companyId; also the logo's file name. */
  id: string
  name: string
  domain: string
  link: string
  /** A logo we ship under /images/subprocessors/, or null for the generic building icon. */
  logo: string | null
  /** Other names people search by (products, abbreviations, former names). */
  aliases: string[]
}

const logo = (id: string) => `/images/subprocessors/${id}.svg`

export const COMPANIES: readonly BuiltInCompany[] = [
  { id: 'aws', name: 'Amazon Web Services', domain: 'aws.amazon.com', link: 'https://aws.amazon.com', logo: logo('aws'), aliases: ['AWS', 'Amazon', 'Amazon S3', 'EC2'] },
  {
    id: 'google-cloud',
    name: 'Google Cloud',
    domain: 'cloud.google.com',
    link: 'https://cloud.google.com',
    logo: logo('google-cloud'),
    aliases: ['GCP', 'Google Cloud Platform', 'Google', 'Google Maps Platform'],
  },
  { id: 'microsoft-azure', name: 'Microsoft Azure', domain: 'azure.microsoft.com', link: 'https://azure.microsoft.com', logo: null, aliases: ['Azure', 'Microsoft'] },
  { id: 'cloudflare', name: 'Cloudflare', domain: 'cloudflare.com', link: 'https://www.cloudflare.com', logo: logo('cloudflare'), aliases: ['Cloudflare CDN', 'Cloudflare WAF'] },
  { id: 'fastly', name: 'Fastly', domain: 'fastly.com', link: 'https://www.fastly.com', logo: null, aliases: ['Fastly CDN'] },
  { id: 'datadog', name: 'Datadog', domain: 'datadoghq.com', link: 'https://www.datadoghq.com', logo: logo('datadog'), aliases: ['Datadog HQ'] },
  { id: 'sentry', name: 'Sentry', domain: 'sentry.io', link: 'https://sentry.io', logo: logo('sentry'), aliases: ['Functional Software'] },
  { id: 'snowflake', name: 'Snowflake', domain: 'snowflake.com', link: 'https://www.snowflake.com', logo: logo('snowflake'), aliases: ['Snowflake Data Cloud'] },
  { id: 'mongodb', name: 'MongoDB', domain: 'mongodb.com', link: 'https://www.mongodb.com', logo: null, aliases: ['MongoDB Atlas', 'Atlas'] },
  { id: 'stripe', name: 'Stripe', domain: 'stripe.com', link: 'https://stripe.com', logo: logo('stripe'), aliases: ['Stripe Payments', 'Stripe Billing'] },
  { id: 'twilio', name: 'Twilio', domain: 'twilio.com', link: 'https://www.twilio.com', logo: logo('twilio'), aliases: ['Twilio SMS', 'Twilio Verify'] },
  { id: 'sendgrid', name: 'SendGrid', domain: 'sendgrid.com', link: 'https://sendgrid.com', logo: logo('sendgrid'), aliases: ['Twilio SendGrid'] },
  { id: 'slack', name: 'Slack', domain: 'slack.com', link: 'https://slack.com', logo: logo('slack'), aliases: ['Slack Technologies'] },
  { id: 'zendesk', name: 'Zendesk', domain: 'zendesk.com', link: 'https://www.zendesk.com', logo: logo('zendesk'), aliases: ['Zendesk Support'] },
  { id: 'intercom', name: 'Intercom', domain: 'intercom.com', link: 'https://www.intercom.com', logo: null, aliases: ['Intercom Messenger'] },
  { id: 'okta', name: 'Okta', domain: 'okta.com', link: 'https://www.okta.com', logo: logo('okta'), aliases: ['Okta Workforce Identity'] },
  { id: 'auth0', name: 'Auth0', domain: 'auth0.com', link: 'https://auth0.com', logo: null, aliases: ['Okta Customer Identity'] },
  { id: 'github', name: 'GitHub', domain: 'github.com', link: 'https://github.com', logo: logo('github'), aliases: ['GitHub Actions'] },
  {
    id: 'atlassian',
    name: 'Atlassian',
    domain: 'atlassian.com',
    link: 'https://www.atlassian.com',
    logo: logo('atlassian'),
    aliases: ['Jira', 'Confluence', 'Bitbucket', 'Trello'],
  },
  { id: 'salesforce', name: 'Salesforce', domain: 'salesforce.com', link: 'https://www.salesforce.com', logo: null, aliases: ['Sales Cloud', 'Service Cloud'] },
  { id: 'hubspot', name: 'HubSpot', domain: 'hubspot.com', link: 'https://www.hubspot.com', logo: null, aliases: ['HubSpot CRM'] },
]

export function companyById(id: string): BuiltInCompany | undefined {
  return COMPANIES.find((company) => company.id === id)
}

/** The built-in company with exactly this name (ignoring case and surrounding spaces), if any. */
export function companyByName(name: string): BuiltInCompany | undefined {
  const wanted = name.trim().toLowerCase()
  return wanted ? COMPANIES.find((company) => company.name.toLowerCase() === wanted) : undefined
}

/**
 * Built-in companies whose name, domain or an alias contains the text (case-insensitive); names that
 * start with it come first. Empty text lists them all.
 */
export function searchCompanies(text: string): BuiltInCompany[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return [...COMPANIES]
  const matches = COMPANIES.filter((company) => [company.name, company.domain, ...company.aliases].some((value) => value.toLowerCase().includes(needle)))
  const prefix = (company: BuiltInCompany) => (company.name.toLowerCase().startsWith(needle) ? 0 : 1)
  return matches.sort((a, b) => prefix(a) - prefix(b))
}
