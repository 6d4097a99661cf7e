// The demo org's portal-wide content: Northwind Cloud, a fictional SaaS platform for field operations.
// Facts (auditors, regions, RTO/RPO, notice periods) match the demo PDFs in pdf.ts, so nothing contradicts.
// Times are days before the seed runs, so a fresh demo always looks recently maintained.

import type { UpdateCategory } from '../../app/lib/update-categories'

export const DEMO_ADMIN_EMAIL = 'admin@northwind.test'
export const DEMO_ORG_SLUG = 'northwind'

export const ORG = {
  slug: DEMO_ORG_SLUG,
  name: 'Northwind Cloud',
  website: 'https://northwind.example',
  logoUrl: '/images/northwind-logo.svg',
  publicAccessLevel: 'Limited',
} as const

export const PORTAL = {
  portalTitle: 'Trust Center',
  description: 'See how Northwind Cloud protects your data: our certifications, audit reports, security practices and the vendors we rely on.',
  supportMailbox: 'support@northwind.example',
  securityMailbox: 'security@northwind.example',
  termsUrl: 'https://northwind.example/legal/terms',
  privacyUrl: 'https://northwind.example/legal/privacy',
} as const

export const PRODUCTS = [
  { slug: 'platform', name: 'Northwind Platform', isDefault: true, position: 0 },
  { slug: 'mobile', name: 'Northwind Mobile', isDefault: false, position: 1 },
] as const

export type DemoProductSlug = (typeof PRODUCTS)[number]['slug']

export const BANNER_URL = '/images/northwind-banner.svg'

export const ADMIN = {
  email: DEMO_ADMIN_EMAIL,
  name: 'Avery Morgan',
  permissions: [
    'statuspage:edit',
    'files:view',
    'files:download',
    'assets:edit',
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
  ],
}

// The people whose names appear as "last updated by" on items and files.
export const EDITORS = ['Avery Morgan', 'Priya Raman', 'Daniel Okafor', 'Mei Tanaka'] as const

export interface DemoSubprocessor {
  name: string
  domain: string
  slug: string
  purpose: string
  location: string
  details?: string
}

export const SUBPROCESSORS: DemoSubprocessor[] = [
  {
    name: 'Amazon Web Services',
    domain: 'aws.amazon.com',
    slug: 'aws',
    purpose: 'Primary cloud hosting, storage and managed databases',
    location: 'United States, Ireland',
    details: 'Customer data stays in the region chosen at sign-up (us-east-1 or eu-west-1).',
  },
  {
    name: 'Google Cloud',
    domain: 'cloud.google.com',
    slug: 'google-cloud',
    purpose: 'Maps, geocoding and route optimisation for scheduled jobs (Google Maps Platform)',
    location: 'United States',
    details: 'Receives job-site addresses only; no names or contact details are sent.',
  },
  {
    name: 'Cloudflare',
    domain: 'cloudflare.com',
    slug: 'cloudflare',
    purpose: 'Content delivery, DDoS protection and web application firewall',
    location: 'Global edge network',
    details: 'Terminates TLS and filters requests in transit; it stores no customer content.',
  },
  {
    name: 'Snowflake',
    domain: 'snowflake.com',
    slug: 'snowflake',
    purpose: 'Product analytics warehouse',
    location: 'United States',
    details: 'Receives pseudonymised usage events only; work orders and attachments are never exported.',
  },
  {
    name: 'Datadog',
    domain: 'datadoghq.com',
    slug: 'datadog',
    purpose: 'Infrastructure monitoring, logs and alerting',
    location: 'United States, Germany',
  },
  {
    name: 'Sentry',
    domain: 'sentry.io',
    slug: 'sentry',
    purpose: 'Application error tracking for the web and mobile apps',
    location: 'United States',
  },
  {
    name: 'Stripe',
    domain: 'stripe.com',
    slug: 'stripe',
    purpose: 'Subscription billing and payment processing',
    location: 'United States, Ireland',
  },
  {
    name: 'Twilio',
    domain: 'twilio.com',
    slug: 'twilio',
    purpose: 'SMS notifications to field technicians and multi-factor authentication codes',
    location: 'United States',
  },
  {
    name: 'SendGrid',
    domain: 'sendgrid.com',
    slug: 'sendgrid',
    purpose: 'Transactional e-mail (job notifications, invitations, password resets)',
    location: 'United States',
  },
  {
    name: 'Okta',
    domain: 'okta.com',
    slug: 'okta',
    purpose: 'Workforce identity and single sign-on for Northwind employees',
    location: 'United States',
  },
  {
    name: 'Zendesk',
    domain: 'zendesk.com',
    slug: 'zendesk',
    purpose: 'Customer support ticketing',
    location: 'United States, Germany',
  },
  {
    name: 'Slack',
    domain: 'slack.com',
    slug: 'slack',
    purpose: 'Internal communication and shared support channels with customers',
    location: 'United States',
  },
  {
    name: 'GitHub',
    domain: 'github.com',
    slug: 'github',
    purpose: 'Source code hosting and CI/CD pipelines',
    location: 'United States',
  },
  {
    name: 'Atlassian',
    domain: 'atlassian.com',
    slug: 'atlassian',
    purpose: 'Issue tracking and internal documentation (Jira, Confluence)',
    location: 'United States, Germany',
  },
]

/** The mobile app relies on fewer vendors: those it talks to, plus hosting. */
export const MOBILE_SUBPROCESSORS = ['aws', 'cloudflare', 'google-cloud', 'sentry', 'twilio', 'sendgrid']

export interface DemoCompany {
  name: string
  domain: string
  /** File name under /images/companies/, or undefined to show the generic building icon. */
  logo?: string
}

export const TRUSTED_BY: DemoCompany[] = [
  { name: 'Contoso', domain: 'contoso.example', logo: 'contoso' },
  { name: 'Fabrikam', domain: 'fabrikam.example', logo: 'fabrikam' },
  { name: 'Tailspin Toys', domain: 'tailspintoys.example', logo: 'tailspin-toys' },
  { name: 'Adventure Works', domain: 'adventure-works.example', logo: 'adventure-works' },
  { name: 'Woodgrove Bank', domain: 'woodgrovebank.example', logo: 'woodgrove-bank' },
  { name: 'Litware', domain: 'litware.example', logo: 'litware' },
  { name: 'Alpine Ski House', domain: 'alpineskihouse.example', logo: 'alpine-ski-house' },
  { name: 'Proseware', domain: 'proseware.example', logo: 'proseware' },
  { name: 'Wide World Importers', domain: 'wideworldimporters.example', logo: 'wide-world-importers' },
  { name: 'Coho Winery', domain: 'cohowinery.example', logo: 'coho-winery' },
  // No logo on purpose: the portal falls back to its building icon.
  { name: 'Fourth Coffee', domain: 'fourthcoffee.example' },
]

export const MOBILE_TRUSTED_BY = ['Tailspin Toys', 'Adventure Works', 'Alpine Ski House', 'Coho Winery', 'Fourth Coffee']

export interface DemoFaq {
  question: string
  answer: string
  comment?: string
}

export const FAQS: DemoFaq[] = [
  {
    question: 'How do I get a copy of your SOC 2 Type II report?',
    answer:
      'Choose "Request access" at the top of this page and fill in the short form. Once your request is approved you can download the report, our bridge letter and the other restricted documents straight from this Trust Center.',
    comment: 'Requests from existing customers are usually approved within one business day.',
  },
  {
    question: 'Where is our data stored?',
    answer:
      'In the AWS region you choose when your account is created: US East (N. Virginia) or EU West (Ireland). Each region runs across three availability zones, and encrypted backups are replicated to a paired recovery region.',
  },
  {
    question: 'Is customer data encrypted?',
    answer:
      'Yes. Data is encrypted in transit with TLS 1.2 or later and at rest with AES-256, using keys held in AWS Key Management Service and rotated at least once a year. Northwind Mobile keeps its offline data in the encrypted storage provided by the device.',
    comment: 'Customer-managed encryption keys are on our roadmap for Enterprise plans.',
  },
  {
    question: 'How often do you run penetration tests?',
    answer:
      'An independent firm tests the Northwind Platform, the public API and both mobile apps every year, and after major architectural changes. The latest test found no critical or high severity issues; its executive summary is available on request. We also run a private bug bounty programme all year round.',
  },
  {
    question: 'Do you support single sign-on (SSO) and SCIM?',
    answer:
      'Yes, on every plan and at no extra cost. You can sign in with SAML 2.0 or OpenID Connect through any standards-based identity provider, such as Okta, Microsoft Entra ID or Google Workspace, and enforce multi-factor authentication for all users. Business and Enterprise plans can also provision and deprovision accounts automatically with SCIM 2.0.',
    comment: 'Setup guides for the most common identity providers are in our help center under Administration > Single sign-on.',
  },
  {
    question: 'How quickly will you tell us about a security incident?',
    answer:
      'We notify affected customers without undue delay and in any case within 48 hours of confirming a personal data breach that involves their data, as committed in our Data Processing Addendum. Notices go to the security contacts registered for your account.',
    comment: 'Keep your security contacts up to date under Settings > Security in the Northwind Platform.',
  },
  {
    question: 'How are backups handled?',
    answer:
      'Databases are backed up continuously with point-in-time recovery, and encrypted backups are kept for 35 days in a separate account and region. Our recovery point objective (RPO) is 15 minutes and our recovery time objective (RTO) is 4 hours. We test restores every quarter and rehearse a full regional failover at least once a year.',
  },
  {
    question: 'Which subprocessors handle our data, and how will we hear about changes?',
    answer:
      "Every subprocessor, what it does for us and where it processes data is listed in the Subprocessors section of this Trust Center. Each one is reviewed by our security team before we sign and every year after, and is bound by a data processing agreement with obligations at least as strict as ours. We give customers 30 days' notice before a new subprocessor starts processing their data.",
    comment: 'Subscribe to updates on this page to receive subprocessor change notices by e-mail.',
  },
]

/** Questions specific to the mobile app, shown in the Northwind Mobile product. */
export const MOBILE_FAQS: DemoFaq[] = [
  {
    question: 'What happens if a technician loses a phone?',
    answer:
      'An administrator can sign the device out remotely from the Northwind Platform. Its refresh token is revoked at once, and the offline data on the device stays encrypted and locked behind the device passcode.',
  },
  {
    question: 'Does Northwind Mobile track location?',
    answer:
      'Only if your organisation switches location features on, and then only while the technician is signed in and on duty. Technicians can see when location is being shared.',
  },
  {
    question: 'Can Northwind Mobile work without a connection?',
    answer: 'Yes. Jobs for the day are kept in an encrypted local database and changes are synchronised over TLS as soon as the device is back online.',
  },
]

export interface DemoUpdate {
  /** One line: what the banner, the list, the feed and the e-mail name the update by. */
  title: string
  message: string
  daysAgo: number
  pinned?: boolean
  audience?: 'public' | 'private'
  email?: boolean
}

export interface DemoTopic {
  subject: string
  category: UpdateCategory
  daysAgo: number
  updates: DemoUpdate[]
}

/** Five topics, one per category, with twelve updates over the last ten months; the newest is three hours old. */
export const UPDATE_TOPICS: DemoTopic[] = [
  {
    subject: 'Compliance reports and certifications',
    category: 'compliance',
    daysAgo: 320,
    updates: [
      {
        title: 'SOC 2 Type II report for 2026 available',
        message:
          'Our SOC 2 Type II report for 2026 is now available. Harbor & Vale LLP examined our controls for Security, Availability and Confidentiality from April 2025 to March 2026. Approved customers can download the report and our bridge letter from the Reports card.',
        daysAgo: 196,
        pinned: true,
        email: true,
      },
      {
        title: 'Annual penetration test complete: no critical or high findings',
        message:
          'Our annual penetration test is complete: an independent firm tested the Northwind Platform, the public API and both mobile apps, and found no critical or high severity issues. The executive summary is available on request.',
        daysAgo: 262,
      },
      {
        title: 'ISO/IEC 42001 programme started; ISO 27001 scope extends to ISO 27701',
        message:
          'We have started an ISO/IEC 42001 programme for the responsible management of our AI features, and are extending our ISO 27001 scope with ISO/IEC 27701 for privacy. Progress will be posted here.',
        daysAgo: 75,
      },
    ],
  },
  {
    subject: 'Vulnerability advisories',
    category: 'vulnerabilities',
    daysAgo: 310,
    updates: [
      {
        title: 'OpenSSL certificate-verification vulnerability: no impact',
        message:
          'No impact from the OpenSSL certificate-verification vulnerability disclosed today. TLS from the internet ends at Cloudflare and AWS load balancers, and our container base images were rebuilt with the patched package within hours as a precaution. No action is needed from customers.',
        daysAgo: 0.125,
        email: true,
      },
      {
        title: 'Stored XSS in work order notes fixed',
        message:
          'A researcher in our bug bounty programme reported a stored cross-site scripting issue in work order notes. We fixed it within 36 hours of the report, and our log review found no sign that it had been exploited.',
        daysAgo: 97,
      },
      {
        title: 'Northwind Mobile 5.4 for Android adds certificate pinning',
        message: "Northwind Mobile 5.4 for Android adds certificate pinning, closing the last open finding from this year's penetration test.",
        daysAgo: 148,
      },
    ],
  },
  {
    subject: 'Incident reports',
    category: 'incidents',
    daysAgo: 200,
    updates: [
      {
        title: 'Postmortem: EU region degradation of 47 minutes',
        message:
          'Postmortem: scheduling and mobile sync in our EU region were degraded for 47 minutes after a database failover did not complete. No data was lost or exposed. We have added automated failover drills and a faster rollback path.',
        daysAgo: 63,
      },
      {
        title: 'EU region degradation: full root-cause analysis',
        message:
          'The full root-cause analysis of the EU region degradation, with the timeline and the follow-up actions we committed to, is now available to customers with Trust Center access.',
        daysAgo: 59,
        audience: 'private',
      },
    ],
  },
  {
    subject: 'Subprocessor changes',
    category: 'subprocessors',
    daysAgo: 280,
    updates: [
      {
        title: 'New subprocessor: Snowflake for product analytics',
        message:
          'We are adding Snowflake as a subprocessor for our product analytics warehouse. Only pseudonymised usage events are shared; work orders, attachments and contact details are not. The change takes effect in 30 days.',
        daysAgo: 22,
        email: true,
      },
      {
        title: 'Twilio replaces our SMS provider',
        message: 'Twilio now delivers the SMS notifications sent to field technicians and our multi-factor authentication codes, replacing our previous SMS provider.',
        daysAgo: 176,
      },
    ],
  },
  {
    subject: 'Trust Center news',
    category: 'general',
    daysAgo: 300,
    updates: [
      {
        title: 'Welcome to the Northwind Cloud Trust Center',
        message: 'Welcome to the Northwind Cloud Trust Center. Subscribe to hear about new reports, subprocessor changes and security advisories.',
        daysAgo: 290,
      },
      {
        title: 'AI usage principles published',
        message: 'Our AI usage principles are now published under AI Security: what our AI features do, which models they use, and why your data is never used for training.',
        daysAgo: 9,
      },
    ],
  },
]

export const PERMISSION_PROFILE = {
  name: 'Contoso reviewers',
  cardKinds: ['Reports', 'Policies'],
  /** Restricted items outside those cards: the CAIQ, the continuity plan, and the view-only architecture overview. */
  itemUids: ['caiq', 'business-continuity-plan', 'architecture-diagram'],
  canDownload: true,
}

export const ACCOUNT = {
  name: 'Contoso',
  domains: ['contoso.test'],
  accessDays: 365,
  daysAgo: 34,
  member: { email: 'visitor@contoso.test', firstName: 'Casey', lastName: 'Whitfield' },
}

export const PENDING_REQUEST = {
  email: 'jordan.lee@fabrikam.test',
  firstName: 'Jordan',
  lastName: 'Lee',
  companyName: 'Fabrikam',
  jobTitle: 'Security Analyst',
  relationship: 'prospective_customer',
  country: 'United States',
  daysAgo: 2,
}

/** The clickwrap NDA reviewers accept before restricted documents unlock. */
export const NDA = {
  text: [
    'Mutual Non-Disclosure Agreement for Security Reviews',
    'This agreement is between Northwind Cloud, Inc. ("Northwind") and the organization on whose behalf you accept it ("Recipient"). It covers the security, compliance and privacy materials Northwind shares through its Trust Center, including audit reports, penetration test summaries, policies and questionnaire answers ("Confidential Information").',
    '1. Purpose. Recipient may use Confidential Information only to evaluate Northwind as a current or prospective vendor, and for no other purpose.',
    '2. Protection. Recipient will protect Confidential Information with at least the care it uses for its own confidential information, and no less than reasonable care. Recipient may share it only with its employees, auditors and advisers who need it for the purpose above and are bound by confidentiality duties at least as protective as these.',
    '3. Exclusions. This agreement does not cover information that is or becomes public through no fault of Recipient, that Recipient already knew or independently developed, or that Recipient lawfully received from a third party without a duty of confidentiality.',
    '4. No copies beyond need. Recipient will not publish, resell or post Confidential Information, and will not remove watermarks or notices from documents.',
    '5. Term. These obligations last for three (3) years from the date of acceptance. On request, Recipient will delete Confidential Information it holds, except copies kept under a legal retention duty.',
    '6. No warranty. Confidential Information is provided "as is". Nothing in this agreement grants a licence or creates an obligation to do business.',
    '7. Governing law. This agreement is governed by the laws of the State of Delaware.',
    'By typing your name and ticking the box, you accept this agreement on behalf of your organization and confirm you are authorized to do so.',
  ].join('\n\n'),
  /** Casey signed for Contoso when the account was approved. */
  signedDaysAgo: 33,
}

/** The third-party risk tools Contoso's reviewers may send Northwind's data to ("Send data to TPRM tool"). */
export const TPRM_PARTNERS = [
  { name: 'OneTrust', domain: 'onetrust.com' },
  { name: 'Whistic', domain: 'whistic.com' },
  { name: 'ProcessUnity', domain: 'processunity.com' },
] as const
