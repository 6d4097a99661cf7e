// What the demo switches on in each product's catalogue: explanation, access and card fields per item uid.
// Every uid is a catalogue uid (app/lib/catalogue); seed.test.ts checks uids, fields per kind and answers.

import type { MATURITY_LEVELS, RECURRENCES } from '../../app/lib/card-kinds'
import type { GradeEntry } from '../../app/lib/security-grades'

type Maturity = (typeof MATURITY_LEVELS)[number]
type Recurrence = (typeof RECURRENCES)[number]

export interface BridgeLetter {
  letterEnabled: boolean
  letterContent: string
  signerName: string
  signerTitle: string
  letterType: 'SOC 1' | 'SOC 2'
}

export interface DemoItem {
  uid: string
  /** Visitors without a grant see the title and a lock, not the explanation, files or link. */
  restricted?: true
  /** Restricted and not even listed without a grant. */
  hidden?: true
  inProgress?: true
  featured?: true
  explanation?: string
  href?: string
  maturity?: Maturity
  recurrence?: Recurrence
  auditor?: string
  expiresOn?: string
  bridgeLetter?: BridgeLetter
  choice?: string
  listEntries?: GradeEntry[]
  /** File names from DEMO_DOCUMENTS attached to this item. */
  documents?: string[]
  /** What visitors without access read instead of the content (decision 057): never the explanation. */
  locked?: { summary: string; type: string; date: string }
}

export const DOC = {
  soc2: 'northwind-soc-2-type-ii-report.pdf',
  soc3: 'northwind-soc-3-report.pdf',
  iso27001: 'northwind-iso-27001-certificate.pdf',
  penTest: 'northwind-penetration-test-executive-summary-2026.pdf',
  securityPolicy: 'northwind-information-security-policy.pdf',
  whitepaper: 'northwind-security-whitepaper.pdf',
  dpa: 'northwind-data-processing-addendum.pdf',
  continuityPlan: 'northwind-business-continuity-and-disaster-recovery-plan.pdf',
  incidentPlan: 'northwind-incident-response-plan.pdf',
  caiq: 'northwind-caiq-v4-questionnaire.pdf',
  privacyPolicy: 'northwind-privacy-policy.pdf',
  architecture: 'northwind-architecture-overview.pdf',
} as const

export interface DocumentDetails {
  /** The issue date printed in the PDF; fixed, so the same bytes (and hash) come out on every seed. */
  issued: string
  uploadedBy: string
  /** documentAccessType view-only: viewed inline, never downloaded outside Main mode. */
  viewOnly?: true
}

export const DOCUMENT_DETAILS: Record<string, DocumentDetails> = {
  [DOC.soc2]: { issued: '2026-05-08', uploadedBy: 'Priya Raman' },
  [DOC.soc3]: { issued: '2026-05-08', uploadedBy: 'Priya Raman' },
  [DOC.iso27001]: { issued: '2025-11-03', uploadedBy: 'Priya Raman' },
  [DOC.penTest]: { issued: '2026-03-04', uploadedBy: 'Daniel Okafor' },
  [DOC.securityPolicy]: { issued: '2026-02-16', uploadedBy: 'Avery Morgan' },
  [DOC.whitepaper]: { issued: '2026-06-10', uploadedBy: 'Avery Morgan' },
  [DOC.dpa]: { issued: '2026-01-15', uploadedBy: 'Mei Tanaka' },
  [DOC.continuityPlan]: { issued: '2026-01-26', uploadedBy: 'Daniel Okafor' },
  [DOC.incidentPlan]: { issued: '2026-04-07', uploadedBy: 'Daniel Okafor' },
  [DOC.caiq]: { issued: '2026-03-27', uploadedBy: 'Priya Raman' },
  [DOC.privacyPolicy]: { issued: '2026-01-15', uploadedBy: 'Mei Tanaka' },
  [DOC.architecture]: { issued: '2026-07-14', uploadedBy: 'Daniel Okafor', viewOnly: true },
}

const SOC2_AUDITOR = 'Harbor & Vale LLP'
const ISO_AUDITOR = 'Meridian Certification Services'
const ISO_EXPIRY = '2027-11-17'

const BRIDGE_LETTER: BridgeLetter = {
  letterEnabled: true,
  letterType: 'SOC 2',
  letterContent:
    'Our most recent SOC 2 Type II examination, performed by Harbor & Vale LLP, covered the period April 1, 2025 to March 31, 2026 for the Security, Availability and Confidentiality criteria. Since the end of that period there have been no changes to the Northwind Platform or Northwind Mobile system, or to the design and operation of the controls described in the report, that would affect its conclusions. Management is not aware of any security incident or control failure that would make the report misleading. Our next examination covers April 1, 2026 to March 31, 2027, and we expect the report in May 2027.',
  signerName: 'Dana Whitaker',
  signerTitle: 'Chief Information Security Officer',
}

const OVERVIEW = `Northwind Cloud helps field operations teams plan, dispatch and track their work: office staff schedule jobs in the Northwind Platform, and technicians carry them out with Northwind Mobile, online or off. Thousands of companies trust us with their schedules, customer sites and asset records, so protecting that information is part of the product, not an afterthought.

This Trust Center brings together our certifications, audit reports, policies and the vendors we rely on. Public documents can be downloaded straight away; our SOC 2 report, penetration test summary and other confidential material are shared with customers and prospects under NDA, usually within one business day of a request.`

const MOBILE_OVERVIEW = `Northwind Mobile is the iOS and Android app technicians use to receive jobs, capture photos and signatures, and update work orders in the field. It is covered by the same security programme, SOC 2 examination and ISO 27001 certificate as the Northwind Platform.

The app keeps the day's jobs in an encrypted local database so it works without coverage, and administrators can sign a lost device out remotely. The sections below cover what is specific to the app.`

export const PLATFORM_ITEMS: DemoItem[] = [
  { uid: 'overview', explanation: OVERVIEW },

  // Certifications: all public, since the badges are what visitors look for first.
  {
    uid: 'soc-2',
    auditor: SOC2_AUDITOR,
    explanation: 'Examined every year against the Security, Availability and Confidentiality criteria. The latest Type II report covers April 2025 to March 2026.',
  },
  {
    uid: 'iso-27001',
    featured: true,
    auditor: ISO_AUDITOR,
    expiresOn: ISO_EXPIRY,
    documents: [DOC.iso27001],
    explanation: 'Our information security management system is certified to ISO/IEC 27001:2022 for the Northwind Platform and Northwind Mobile, certificate MCS-ISMS-24-0412.',
  },
  {
    uid: 'iso-27017',
    auditor: ISO_AUDITOR,
    expiresOn: ISO_EXPIRY,
    explanation: 'Cloud-specific controls from ISO/IEC 27017 are part of our Statement of Applicability and assessed in the same audit.',
  },
  {
    uid: 'iso-27018',
    auditor: ISO_AUDITOR,
    expiresOn: ISO_EXPIRY,
    explanation: 'We follow ISO/IEC 27018 for protecting personal data we process in the cloud on behalf of customers.',
  },
  {
    uid: 'gdpr',
    href: 'https://northwind.example/legal/dpa',
    explanation: 'We act as a processor for customer data, offer a Data Processing Addendum with Standard Contractual Clauses, and host EU customers in Ireland.',
  },
  {
    uid: 'ccpa',
    explanation: 'We act as a service provider under the CCPA: we never sell or share personal information, or use it beyond providing the service.',
  },
  {
    uid: 'pci-dss',
    explanation: 'Card payments for self-service plans are handled by Stripe, a PCI DSS Level 1 service provider; card numbers never reach our systems.',
  },
  {
    uid: 'csa-star',
    href: 'https://northwind.example/security/csa-star',
    explanation: 'Our CSA STAR Level 1 self-assessment is based on our completed CAIQ v4 responses.',
  },
  {
    uid: 'nist-csf',
    explanation: 'Our security programme is mapped to the NIST Cybersecurity Framework 2.0 and self-assessed once a year.',
  },
  {
    uid: 'cyber-essentials',
    auditor: 'Keystone Assurance',
    expiresOn: '2027-04-30',
    explanation: 'Our corporate network and employee devices are certified under the UK Cyber Essentials scheme.',
  },
  {
    uid: 'iso-27701',
    inProgress: true,
    explanation: 'We are extending our ISO 27001 management system with ISO/IEC 27701 for privacy; the certification audit is planned for next year.',
  },
  {
    uid: 'iso-42001',
    inProgress: true,
    explanation: 'An ISO/IEC 42001 programme for the responsible management of our AI features is under way.',
  },

  // Reports
  {
    uid: 'soc-2-type-2-report',
    restricted: true,
    featured: true,
    auditor: SOC2_AUDITOR,
    expiresOn: '2027-03-31',
    recurrence: 'Annually',
    bridgeLetter: BRIDGE_LETTER,
    documents: [DOC.soc2],
    locked: { summary: "The independent auditor's report on our Security, Availability and Confidentiality controls.", type: 'Audit report', date: '2026-04-30' },
    explanation:
      'Independent examination of our controls for Security, Availability and Confidentiality from April 1, 2025 to March 31, 2026, including the one exception noted and how we fixed it.',
  },
  {
    uid: 'soc-3-report',
    auditor: SOC2_AUDITOR,
    expiresOn: '2027-03-31',
    recurrence: 'Annually',
    documents: [DOC.soc3],
    explanation: 'The general-use summary of our SOC 2 examination, free to share with anyone.',
  },
  {
    uid: 'penetration-test-summary',
    restricted: true,
    auditor: 'Bluefin Security Labs',
    recurrence: 'Annually',
    documents: [DOC.penTest],
    locked: { summary: 'Summary of our annual third-party penetration test and its retest.', type: 'Test summary', date: '2026-02-13' },
    explanation:
      'Executive summary of our January 2026 test of the web app, API, mobile apps and internet-facing infrastructure: no critical or high findings, and all medium findings fixed and retested.',
  },

  // Questionnaires
  {
    uid: 'caiq',
    restricted: true,
    documents: [DOC.caiq],
    locked: { summary: 'Our completed Cloud Security Alliance questionnaire.', type: 'Questionnaire', date: '2026-03-20' },
    explanation: 'Our answers to the Cloud Security Alliance CAIQ v4, by control domain, as of March 2026.',
  },
  {
    uid: 'sig-lite',
    restricted: true,
    explanation: 'A completed Shared Assessments SIG Lite questionnaire for the current year.',
  },
  {
    uid: 'hecvat',
    restricted: true,
    inProgress: true,
    explanation: 'A HECVAT Lite for our higher-education customers is being completed.',
  },
  {
    uid: 'custom-security-questionnaire',
    explanation: 'Need your own questionnaire answered? Send it to security@northwind.example; most are returned within five business days.',
  },

  // Product security
  {
    uid: 'single-sign-on',
    href: 'https://northwind.example/docs/admin/single-sign-on',
    explanation: 'Sign in through any SAML 2.0 or OpenID Connect identity provider, such as Okta, Microsoft Entra ID or Google Workspace.',
  },
  {
    uid: 'multi-factor-authentication',
    explanation: 'Administrators can require multi-factor authentication for every user, with authenticator apps, security keys or SMS codes.',
  },
  {
    uid: 'roles-and-permissions',
    href: 'https://northwind.example/docs/admin/roles',
    explanation: 'Fine-grained roles limit what dispatchers, technicians and contractors can see and change, down to individual teams and sites.',
  },
  {
    uid: 'audit-logs',
    restricted: true,
    href: 'https://northwind.example/docs/api/audit-log',
    explanation: 'Every administrative action is recorded in an audit log you can search in the product and export through the API for 13 months.',
  },
  {
    uid: 'data-residency',
    explanation: 'Choose the United States (N. Virginia) or the European Union (Ireland) when your account is created; your data stays in that region.',
  },

  // Data security
  {
    uid: 'encryption-at-rest',
    explanation: 'Databases, file storage and backups are encrypted with AES-256 using keys held in AWS Key Management Service.',
  },
  {
    uid: 'encryption-in-transit',
    explanation: 'All traffic uses TLS 1.2 or later with HSTS, and traffic between internal services uses mutual TLS.',
  },
  {
    uid: 'data-backups',
    restricted: true,
    explanation: 'Continuous backups with point-in-time recovery, encrypted and copied to a separate account and region, kept for 35 days; restores are tested every quarter.',
  },
  {
    uid: 'key-management',
    restricted: true,
    explanation: 'Encryption keys are rotated at least once a year, and every use of a key is logged; no engineer can export key material.',
  },
  {
    uid: 'data-deletion',
    explanation: 'When a contract ends, customer data is deleted from production within 30 days and from backups within a further 35 days.',
  },

  // App security
  {
    uid: 'secure-development-lifecycle',
    recurrence: 'Continuous',
    explanation: 'New features that touch authentication, permissions or tenant isolation get a threat model and a security design review before work starts.',
  },
  {
    uid: 'code-review',
    recurrence: 'Continuous',
    explanation: 'Every change is reviewed by a second engineer and must pass automated tests before it can be merged; branch protection enforces both.',
  },
  {
    uid: 'static-analysis',
    restricted: true,
    recurrence: 'Continuous',
    explanation: 'Static analysis and secret scanning run on every pull request, and findings above low severity block the merge.',
  },
  {
    uid: 'dependency-scanning',
    restricted: true,
    recurrence: 'Daily',
    explanation: 'Dependencies and container images are scanned daily; critical issues are fixed within 7 days and high within 30.',
  },
  {
    uid: 'bug-bounty',
    recurrence: 'Continuous',
    href: 'https://northwind.example/security/bug-bounty',
    explanation: 'A private bug bounty programme with invited researchers has run all year round since 2023.',
  },
  {
    uid: 'responsible-disclosure',
    href: 'https://northwind.example/.well-known/security.txt',
    explanation: 'Found a vulnerability? Write to security@northwind.example; we acknowledge reports within one business day and never pursue good-faith research.',
  },

  // Legal
  {
    uid: 'data-processing-agreement',
    href: 'https://northwind.example/legal/dpa',
    documents: [DOC.dpa],
    explanation: 'Our standard DPA covers the GDPR, UK GDPR, Swiss law and the CCPA, with 30 days notice of new subprocessors.',
  },
  {
    uid: 'privacy-policy',
    href: 'https://northwind.example/legal/privacy',
    documents: [DOC.privacyPolicy],
    explanation: 'How we handle personal information about visitors, users and customer contacts, effective January 15, 2026.',
  },
  {
    uid: 'terms-of-service',
    href: 'https://northwind.example/legal/terms',
    explanation: 'The terms for self-service plans; Enterprise customers sign our master subscription agreement instead.',
  },
  {
    uid: 'service-level-agreement',
    href: 'https://northwind.example/legal/sla',
    explanation: 'We commit to 99.9% monthly availability, with service credits when we miss it.',
  },
  {
    uid: 'standard-contractual-clauses',
    restricted: true,
    explanation: 'The EU Standard Contractual Clauses (Module Two) with the UK and Swiss addenda, as incorporated in our DPA.',
  },

  // AI security
  {
    uid: 'ai-training-on-customer-data',
    explanation: "We never use customer data to train or fine-tune AI models, ours or anyone else's.",
  },
  {
    uid: 'ai-model-providers',
    href: 'https://northwind.example/security/ai',
    explanation: 'Job summaries and scheduling suggestions use foundation models hosted in our own AWS account through Amazon Bedrock, in your data region.',
  },
  {
    uid: 'ai-data-retention',
    restricted: true,
    explanation: 'Prompts and outputs are kept for 30 days for abuse monitoring and then deleted; the model provider retains neither.',
  },
  {
    uid: 'ai-governance',
    restricted: true,
    explanation: 'An AI review board of security, legal and product leads approves every new AI feature and reviews model changes each quarter.',
  },
  {
    uid: 'ai-safeguards',
    explanation: 'AI features are off until an administrator switches them on, suggestions are always shown for a person to accept, and outputs respect user permissions.',
  },

  // ESG
  {
    uid: 'climate-commitments',
    explanation: 'We have committed to net-zero operational emissions by 2030 and run production in AWS regions powered by matched renewable energy.',
  },
  {
    uid: 'carbon-emissions-reporting',
    restricted: true,
    explanation: 'Our annual greenhouse gas inventory covers Scope 1, 2 and business-travel Scope 3 emissions, reviewed by an independent consultant.',
  },
  {
    uid: 'diversity-and-inclusion',
    explanation: 'We publish our workforce demographics every year and run structured, blind-reviewed hiring for every role.',
  },
  {
    uid: 'modern-slavery-statement',
    href: 'https://northwind.example/legal/modern-slavery-statement',
    explanation: 'Our annual statement on the steps we take to keep slavery and human trafficking out of our business and supply chain.',
  },

  // Data privacy
  {
    uid: 'data-protection-officer',
    explanation: 'Our data protection officer can be reached at dpo@northwind.example and is also our representative in the EU.',
  },
  {
    uid: 'data-subject-requests',
    explanation: 'Administrators can access, correct, export and delete personal data in the product; requests sent to us are passed to the customer within two business days.',
  },
  {
    uid: 'international-data-transfers',
    explanation: 'Transfers out of the EEA, UK and Switzerland are covered by Standard Contractual Clauses and a documented transfer impact assessment.',
  },
  {
    uid: 'data-minimisation',
    restricted: true,
    explanation: 'Northwind Mobile collects location only when the customer enables it and only while a technician is on duty; analytics events are pseudonymised.',
  },
  {
    uid: 'privacy-impact-assessments',
    restricted: true,
    explanation: 'Features that process new kinds of personal data go through a privacy review, and a full DPIA when the risk is high.',
  },

  // Access control
  {
    uid: 'employee-sso',
    maturity: 'Optimized',
    explanation: 'Employees sign in to every corporate and production system through Okta single sign-on; there are no local accounts.',
  },
  {
    uid: 'employee-mfa',
    maturity: 'Optimized',
    explanation: 'Phishing-resistant multi-factor authentication with hardware security keys is required for all employees and contractors.',
  },
  {
    uid: 'role-based-access-control',
    restricted: true,
    maturity: 'Managed',
    explanation: 'Access is granted through role groups in the identity provider, and production access is granted just in time for up to four hours with approval.',
  },
  {
    uid: 'least-privilege',
    restricted: true,
    maturity: 'Managed',
    explanation: 'Staff have no standing access to customer data; support engineers see a workspace only when the customer grants time-limited access in the product.',
  },
  {
    uid: 'access-reviews',
    restricted: true,
    maturity: 'Defined',
    href: 'https://northwind.example/security/access-reviews',
    explanation: 'System owners review access to production and corporate systems every quarter, and leavers lose access within one business day.',
  },

  // Infrastructure
  {
    uid: 'cloud-hosting-provider',
    maturity: 'Optimized',
    href: 'https://northwind.example/security/infrastructure',
    explanation: 'Production runs on Amazon Web Services in us-east-1 and eu-west-1, each spread across three availability zones.',
  },
  {
    uid: 'environment-segregation',
    restricted: true,
    maturity: 'Managed',
    explanation: 'Production, staging and development run in separate AWS accounts; customer data is never copied out of production.',
  },
  {
    uid: 'infrastructure-as-code',
    maturity: 'Managed',
    explanation: 'All infrastructure is defined in Terraform, peer reviewed like application code, and checked for drift every hour.',
  },
  {
    uid: 'container-security',
    restricted: true,
    maturity: 'Defined',
    explanation: 'Services run as signed, minimal container images on managed Kubernetes, with separate node pools per trust level.',
  },
  {
    uid: 'centralised-logging',
    restricted: true,
    maturity: 'Managed',
    explanation: 'Logs from every service are collected centrally with personal data masked, and security logs are kept for 12 months on immutable storage.',
  },

  // Endpoint security
  {
    uid: 'mobile-device-management',
    maturity: 'Managed',
    explanation: 'Every company laptop and phone is enrolled in device management before it can reach company systems.',
  },
  {
    uid: 'endpoint-detection-and-response',
    restricted: true,
    maturity: 'Managed',
    explanation: 'EDR runs on all laptops and servers, and its alerts go to the on-call security engineer around the clock.',
  },
  {
    uid: 'full-disk-encryption',
    maturity: 'Optimized',
    explanation: 'Full-disk encryption is enforced on all laptops, and a device that reports it off loses access to company systems.',
  },
  {
    uid: 'endpoint-patching',
    restricted: true,
    maturity: 'Defined',
    explanation: 'Operating system updates are installed automatically within 14 days of release, and critical browser updates within 72 hours.',
  },

  // Network security
  {
    uid: 'web-application-firewall',
    maturity: 'Managed',
    explanation: "Cloudflare's web application firewall filters every request to the platform and API, with managed and custom rules.",
  },
  {
    uid: 'ddos-protection',
    maturity: 'Optimized',
    explanation: 'Cloudflare absorbs denial-of-service traffic at the edge, and the API gateway applies per-tenant rate limits.',
  },
  {
    uid: 'firewalls',
    restricted: true,
    maturity: 'Managed',
    explanation: 'Only load balancers are reachable from the internet; security groups and Kubernetes network policies allow only the flows each service needs.',
  },
  {
    uid: 'intrusion-detection',
    restricted: true,
    hidden: true,
    maturity: 'Defined',
    explanation: 'Network and cloud-account threat detection feeds our security monitoring platform, with detection rules tuned by the security team.',
  },

  // Corporate security
  {
    uid: 'security-team',
    maturity: 'Managed',
    recurrence: 'Continuous',
    explanation: 'A dedicated team of nine, led by our CISO, covers security engineering, detection and response, and governance, risk and compliance.',
  },
  {
    uid: 'background-checks',
    maturity: 'Defined',
    recurrence: 'Na',
    explanation: 'Employees and contractors pass a background check, where local law allows, before their first day.',
  },
  {
    uid: 'confidentiality-agreements',
    maturity: 'Managed',
    recurrence: 'Na',
    explanation: 'Everyone signs a confidentiality agreement and our acceptable use policy before they are given access.',
  },
  {
    uid: 'onboarding-and-offboarding',
    restricted: true,
    maturity: 'Managed',
    recurrence: 'Continuous',
    explanation: 'Accounts are created and removed automatically from the HR system, and a monthly reconciliation catches anything missed.',
  },

  // Policies: restricted, shared with customers under NDA.
  {
    uid: 'information-security-policy',
    restricted: true,
    recurrence: 'Annually',
    documents: [DOC.securityPolicy],
    locked: { summary: 'The policy our security programme is built on.', type: 'Policy', date: '2026-01-15' },
    explanation: 'The top-level policy of our security programme, version 4.1, approved by the Security Steering Committee.',
  },
  {
    uid: 'acceptable-use-policy',
    restricted: true,
    recurrence: 'Annually',
    explanation: 'What employees may and may not do with company devices, accounts and data; acknowledged every year.',
  },
  {
    uid: 'incident-response-plan',
    restricted: true,
    recurrence: 'Annually',
    documents: [DOC.incidentPlan],
    locked: { summary: 'How we detect, handle and tell customers about security incidents.', type: 'Plan', date: '2026-01-15' },
    explanation: 'Severity levels, roles and response phases for security incidents, including customer notification within 48 hours.',
  },
  {
    uid: 'data-retention-policy',
    restricted: true,
    recurrence: 'Annually',
    explanation: 'How long each class of data is kept and how it is deleted at the end of its life.',
  },
  {
    uid: 'vendor-management-policy',
    restricted: true,
    recurrence: 'Annually',
    explanation: 'How suppliers are tiered by risk, assessed before onboarding and reviewed every year.',
  },
  {
    uid: 'code-of-conduct',
    recurrence: 'Annually',
    explanation: 'The standards of behaviour we expect from everyone at Northwind Cloud, published for customers and candidates.',
  },

  // Continuous monitoring
  {
    uid: 'security-monitoring',
    explanation: 'Detection rules over infrastructure, application and endpoint logs page an on-call security engineer 24 hours a day.',
  },
  {
    uid: 'status-page',
    href: 'https://northwind.example/status',
    explanation: 'Live and historical availability of the platform, API and mobile sync, with incident updates as they happen.',
  },
  {
    uid: 'vulnerability-scanning',
    restricted: true,
    explanation: 'Infrastructure, containers and dependencies are scanned continuously, and external scans of our perimeter run every week.',
  },
  {
    uid: 'continuous-control-monitoring',
    explanation: 'Automated checks test our SOC 2 and ISO 27001 controls every day and open a ticket when one drifts.',
  },

  // Physical security
  {
    uid: 'data-centre-security',
    maturity: 'Optimized',
    explanation: "We run no data centres of our own; AWS facilities are covered by AWS's SOC 2 and ISO 27001 reports, which we review every year.",
  },
  {
    uid: 'environmental-controls',
    maturity: 'Managed',
    explanation: 'Power, cooling and fire suppression in our hosting regions are managed by AWS and covered by its independent audits.',
  },
  {
    uid: 'office-security',
    restricted: true,
    maturity: 'Defined',
    explanation: 'Our Seattle and Dublin offices use badge access with visitor logs and CCTV; no production systems are reachable from the office network.',
  },

  // Change management
  {
    uid: 'change-approval',
    maturity: 'Managed',
    explanation: 'Every production change is a peer-reviewed pull request with passing tests; nobody can change production by hand.',
  },
  {
    uid: 'automated-deployment',
    maturity: 'Optimized',
    explanation: 'Signed images are rolled out to a canary first, then zone by zone, with automatic rollback when error rates rise.',
  },
  {
    uid: 'configuration-baselines',
    restricted: true,
    maturity: 'Managed',
    explanation: 'Cloud accounts and clusters are checked continuously against CIS-based baselines, and drift raises an alert.',
  },
  {
    uid: 'emergency-changes',
    restricted: true,
    maturity: 'Defined',
    explanation: 'Emergency fixes follow the same pipeline with a shortened review, and are reviewed again within two business days.',
  },

  // Security awareness
  {
    uid: 'security-awareness-training',
    recurrence: 'Annually',
    explanation: 'Everyone completes security awareness training when they join and every year after; completion is tracked by the security team.',
  },
  {
    uid: 'phishing-simulations',
    recurrence: 'Quarterly',
    explanation: 'Simulated phishing campaigns run every quarter, with short follow-up training for anyone who clicks.',
  },
  {
    uid: 'secure-coding-training',
    restricted: true,
    recurrence: 'Annually',
    explanation: 'Engineers complete secure coding training based on the OWASP Top 10 every year, with hands-on labs.',
  },
  {
    uid: 'privacy-training',
    recurrence: 'Annually',
    explanation: 'Staff who handle personal data, including support and engineering, take annual GDPR and CCPA training.',
  },

  // Business continuity
  {
    uid: 'business-continuity-plan',
    restricted: true,
    recurrence: 'Annually',
    documents: [DOC.continuityPlan],
    explanation: 'Our business continuity and disaster recovery plan: recovery objectives, roles, and the regional failover procedure.',
  },
  {
    uid: 'disaster-recovery',
    restricted: true,
    recurrence: 'Annually',
    explanation: 'Recovery time objective of 4 hours and recovery point objective of 15 minutes; our last regional failover exercise recovered in 2 hours 40 minutes.',
  },
  {
    uid: 'redundancy-and-failover',
    recurrence: 'Continuous',
    explanation: 'Every service runs in three availability zones, and databases fail over to a synchronous replica within five minutes.',
  },
  {
    uid: 'crisis-communications',
    recurrence: 'Na',
    explanation: 'During a major outage we post on our status page at least every 30 minutes and e-mail the contacts registered for your account.',
  },

  // Asset management
  {
    uid: 'asset-inventory',
    maturity: 'Managed',
    explanation: 'Cloud resources, laptops and SaaS applications are inventoried automatically, each with a named owner.',
  },
  {
    uid: 'data-classification',
    maturity: 'Defined',
    explanation: 'Information is classified as Public, Internal, Confidential or Restricted; customer data is always at least Confidential.',
  },
  {
    uid: 'asset-lifecycle',
    restricted: true,
    maturity: 'Defined',
    explanation: 'Laptops are wiped remotely and securely erased before reuse or disposal, with a certificate from our recycling partner.',
  },

  // Risk management
  {
    uid: 'risk-assessment',
    recurrence: 'Annually',
    explanation: 'A company-wide risk assessment every year, and again after any major change to our business or technology.',
  },
  {
    uid: 'vendor-risk-management',
    recurrence: 'Annually',
    explanation: 'Suppliers are tiered by the data they handle and reviewed every year; critical suppliers must provide a SOC 2 or ISO 27001 report.',
  },
  {
    uid: 'risk-register',
    restricted: true,
    recurrence: 'Quarterly',
    explanation: 'Each risk has an owner and a treatment plan, and the Security Steering Committee reviews the register every quarter.',
  },
  {
    uid: 'internal-audit',
    restricted: true,
    hidden: true,
    recurrence: 'Annually',
    explanation: 'An internal audit of the ISO 27001 management system, carried out every year by an independent consultant.',
  },

  // Incident response
  {
    uid: 'incident-response-team',
    recurrence: 'Continuous',
    explanation: 'A security engineer and an incident commander are on call around the clock, with escalation to engineering, legal and communications.',
  },
  {
    uid: 'breach-notification',
    recurrence: 'Na',
    explanation: 'We notify affected customers without undue delay, and within 48 hours of confirming a breach that involves their data.',
  },
  {
    uid: 'incident-response-exercises',
    restricted: true,
    recurrence: 'SemiAnnually',
    explanation: 'Tabletop exercises twice a year rehearse scenarios such as ransomware, credential theft and a compromised supplier.',
  },
  {
    uid: 'post-incident-reviews',
    restricted: true,
    recurrence: 'Continuous',
    explanation: 'Every serious incident gets a blameless review within five business days, and its follow-up actions are tracked to completion.',
  },

  // Documents
  {
    uid: 'security-whitepaper',
    featured: true,
    documents: [DOC.whitepaper],
    explanation: 'An overview of how we protect customer data across the Northwind Platform and Northwind Mobile.',
  },
  {
    uid: 'architecture-diagram',
    restricted: true,
    documents: [DOC.architecture],
    explanation: 'Components, network segmentation and tenant isolation of the platform and mobile app. View only.',
  },
  {
    uid: 'data-flow-diagram',
    restricted: true,
    inProgress: true,
    explanation: 'How customer data enters, moves through and leaves the platform; being updated for our new analytics warehouse.',
  },

  // Risk profile: RTO 4 hours and RPO 15 minutes, as in the continuity plan.
  { uid: 'risk-data-access', choice: 'restricted' },
  { uid: 'risk-impact', choice: 'substantial' },
  { uid: 'risk-recovery-time', choice: 'hours_4' },
  { uid: 'risk-recovery-point', choice: 'minutes_15' },
  { uid: 'risk-critical-dependence', choice: 'yes' },
  { uid: 'risk-third-party-dependence', choice: 'yes' },
  { uid: 'risk-hosting', choice: 'major_cloud' },

  // Security grades
  {
    uid: 'grade-bitsight',
    listEntries: [{ label: 'Northwind Cloud', description: 'BitSight Security Rating', url: 'northwind.example', grade: '780' }],
  },
  {
    uid: 'grade-upguard',
    listEntries: [{ label: 'Northwind Cloud', description: 'UpGuard security rating', grade: '812' }],
  },
  {
    uid: 'grade-ssl-labs',
    listEntries: [
      {
        label: 'app.northwind.example',
        description: 'Web application',
        url: 'https://www.ssllabs.com/ssltest/analyze.html?d=app.northwind.example',
        grade: 'A+',
      },
      {
        label: 'api.northwind.example',
        description: 'Public API',
        url: 'https://www.ssllabs.com/ssltest/analyze.html?d=api.northwind.example',
        grade: 'A+',
      },
    ],
  },
  {
    uid: 'grade-security-headers',
    listEntries: [{ label: 'app.northwind.example', url: 'https://securityheaders.com/?q=app.northwind.example&followRedirects=on', grade: 'A' }],
  },
  {
    uid: 'grade-mozilla-observatory',
    listEntries: [
      {
        label: 'northwind.example',
        description: 'Marketing website',
        url: 'https://developer.mozilla.org/en-US/observatory/analyze?host=northwind.example',
        grade: 'B',
      },
    ],
  },
]

/** The mobile app shares the company-wide reports and certificates and adds what is specific to the app. */
export const MOBILE_ITEMS: DemoItem[] = [
  { uid: 'overview', explanation: MOBILE_OVERVIEW },

  { uid: 'soc-2', auditor: SOC2_AUDITOR, explanation: 'Northwind Mobile is in scope of our annual SOC 2 Type II examination.' },
  {
    uid: 'iso-27001',
    auditor: ISO_AUDITOR,
    expiresOn: ISO_EXPIRY,
    documents: [DOC.iso27001],
    explanation: 'Northwind Mobile is covered by our ISO/IEC 27001:2022 certificate.',
  },
  { uid: 'gdpr', explanation: 'Location and device data from the app are processed under the same DPA as the rest of the service.' },

  {
    uid: 'soc-2-type-2-report',
    restricted: true,
    auditor: SOC2_AUDITOR,
    expiresOn: '2027-03-31',
    recurrence: 'Annually',
    documents: [DOC.soc2],
    explanation: 'The same SOC 2 Type II report as the Northwind Platform; the system description covers the mobile apps and their synchronisation.',
  },
  {
    uid: 'penetration-test-summary',
    restricted: true,
    auditor: 'Bluefin Security Labs',
    recurrence: 'Annually',
    documents: [DOC.penTest],
    explanation: 'The 2026 test included both mobile apps, their local storage and synchronisation, following the OWASP mobile testing guide.',
  },

  {
    uid: 'multi-factor-authentication',
    explanation: 'Technicians sign in with the same SSO and MFA rules your administrators set for the Northwind Platform.',
  },
  {
    uid: 'roles-and-permissions',
    explanation: 'Technicians see only the jobs assigned to them and the sites they need for those jobs.',
  },

  {
    uid: 'encryption-at-rest',
    explanation: 'Offline jobs, photos and signatures are kept in an encrypted local database protected by the device passcode.',
  },
  {
    uid: 'encryption-in-transit',
    explanation: 'The app talks only to our public API over TLS 1.2 or later; certificate pinning is enforced on iOS and Android.',
  },

  {
    uid: 'secure-development-lifecycle',
    recurrence: 'Continuous',
    explanation: 'Mobile releases go through the same reviews and scans as the platform, plus a mobile security checklist before store submission.',
  },
  {
    uid: 'bug-bounty',
    restricted: true,
    recurrence: 'Continuous',
    href: 'https://northwind.example/security/bug-bounty',
    explanation: 'Both mobile apps are in scope of our private bug bounty programme.',
  },

  {
    uid: 'data-minimisation',
    explanation: 'Location is collected only when your organisation enables it and only while a technician is signed in and on duty.',
  },

  { uid: 'risk-data-access', choice: 'restricted' },
  { uid: 'risk-impact', choice: 'moderate' },
  { uid: 'risk-recovery-time', choice: 'hours_4' },
  { uid: 'risk-recovery-point', choice: 'minutes_15' },
  { uid: 'risk-critical-dependence', choice: 'yes' },
  { uid: 'risk-third-party-dependence', choice: 'yes' },
  { uid: 'risk-hosting', choice: 'major_cloud' },
]
