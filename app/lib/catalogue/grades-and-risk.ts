// Risk Profile and Security Grades: one item per risk question and one per security-rating provider.
// Both lists are keyed by their union type, so adding a question or provider to types.ts fails type-checking here
// until it has an item.

import { defineItems, type ItemSpec } from './define'
import type { CatalogueItem, GradeProvider, RiskQuestion } from './types'

type Spec = Omit<ItemSpec, 'question' | 'provider'>

// Key order is the spec's question order, which is also the items' priority within the card.
const RISK_PROFILE: Record<RiskQuestion, Spec> = {
  dataAccess: {
    uid: 'risk-data-access',
    title: 'Data access',
    short: 'Choose the most sensitive class of customer data your service can access: public, internal or restricted.',
    long: 'Buyers use this answer to place your service in a tier of their vendor risk programme. Choose restricted if you handle personal, financial, health or other confidential data, internal if you only see business information of low sensitivity, and public if nothing you handle is confidential. Answer for a typical customer and pick the highest level that applies.',
  },
  impact: {
    uid: 'risk-impact',
    title: 'Impact',
    short: 'Choose how seriously a breach or outage of your service could affect a typical customer.',
    long: "Rate the effect from low to severe, considering the data involved and how central your service is to the customer's operations. Buyers combine this with data access to decide how deeply to review you. Be realistic, because an understated impact costs trust when reviewers reach a different conclusion.",
  },
  recoveryTime: {
    uid: 'risk-recovery-time',
    title: 'Recovery time objective',
    short: 'State how quickly you aim to restore the service after a major disruption.',
    long: 'The recovery time objective is the longest the service should be unavailable after a disaster. Choose immediate, one of the ranges or a custom value, and make sure it matches your disaster recovery plan and what your latest recovery test achieved.',
  },
  recoveryPoint: {
    uid: 'risk-recovery-point',
    title: 'Recovery point objective',
    short: 'State the maximum period of recent data that could be lost in a disaster.',
    long: 'The recovery point objective is measured in time: how old the most recent recoverable copy of the data may be. It follows from your backup and replication design, so align it with the Backups item and your disaster recovery tests.',
  },
  criticalDependence: {
    uid: 'risk-critical-dependence',
    title: 'Critical dependence',
    short: 'State whether customers typically depend on your service for business-critical operations.',
    long: 'Answer yes if an outage would stop a typical customer from carrying out core business activities. Buyers use this to decide whether your business continuity arrangements need a closer look.',
  },
  thirdPartyDependence: {
    uid: 'risk-third-party-dependence',
    title: 'Third-party dependence',
    short: 'State whether delivering your service depends on third-party providers.',
    long: 'Almost every cloud service relies on hosting and other suppliers, so buyers mainly want to see that you have considered this and manage those suppliers well. Answer yes if subprocessors handle customer data or run core functions, and keep your subprocessor list complete.',
  },
  hosting: {
    uid: 'risk-hosting',
    title: 'Hosting',
    short: 'Choose where your service is hosted: a major cloud provider, your own premises or a combination.',
    long: 'Hosting determines which controls you operate yourselves and which you inherit from a provider. Major cloud platforms bring their own audited physical and infrastructure controls, while on-premise hosting leaves those controls in your hands. Give the details in the Infrastructure card.',
  },
}

// Key order is the items' priority within the Security Grades card.
const SECURITY_GRADES: Record<GradeProvider, Spec> = {
  SecurityScorecard: {
    uid: 'grade-securityscorecard',
    title: 'SecurityScorecard',
    short: 'Add your SecurityScorecard grade by entering your domain.',
    long: 'SecurityScorecard grades organisations from A to F using signals it observes from outside, such as network security, patching cadence and leaked credentials. Enter your domain without a protocol and use Get Grade to fetch the current grade.',
  },
  BitSight: {
    uid: 'grade-bitsight',
    title: 'BitSight',
    short: 'Add your BitSight security rating.',
    long: 'BitSight rates organisations from 300 to 820 using externally observable evidence such as compromised systems, patching cadence and email security settings. Enter the rating, and if you give a domain, enter it without www or a protocol. Buyers who subscribe to BitSight may compare it with their own view.',
  },
  UpGuard: {
    uid: 'grade-upguard',
    title: 'UpGuard',
    short: 'Add the security rating UpGuard gives your organisation.',
    long: 'UpGuard scores organisations from 0 to 950, also shown as a letter from A to E, based on external checks of websites, email and network services. Enter either the number or the letter without a plus or minus sign.',
  },
  BlackKite: {
    uid: 'grade-black-kite',
    title: 'Black Kite',
    short: 'Add the letter grade Black Kite gives your organisation.',
    long: 'Black Kite grades the external attack surface from A+ to F across categories such as patch management, leaked credentials and DNS health. Enter the grade and briefly describe any findings you are remediating.',
  },
  RiskRecon: {
    uid: 'grade-riskrecon',
    title: 'RiskRecon',
    short: 'Add your RiskRecon rating.',
    long: 'RiskRecon rates internet-facing systems on a scale of 0 to 10 with one decimal place, or as a letter from A to F. Enter either form and describe any open issues you are working on.',
  },
  CyberVadis: {
    uid: 'grade-cybervadis',
    title: 'CyberVadis',
    short: 'Add your CyberVadis maturity score.',
    long: 'CyberVadis scores cybersecurity maturity from 0 to 1000 after its analysts review your answers and supporting evidence. Enter the score and mention when the assessment was completed.',
  },
  SslLabs: {
    uid: 'grade-ssl-labs',
    title: 'SSL Labs',
    short: 'Link to your Qualys SSL Labs server test result.',
    long: 'Reviewers widely recognise the SSL Labs server test, which grades certificates, protocol support, key exchange and cipher strength. Paste the result address for your main domain, since an A or A+ is what most buyers expect.',
  },
  MozillaObservatory: {
    uid: 'grade-mozilla-observatory',
    title: 'Mozilla Observatory',
    short: "Link to the Mozilla Observatory scan of your website's security settings.",
    long: 'The Observatory, now part of MDN, checks web security features such as content security policy, cookie flags, HSTS and redirects and gives a letter grade. Paste the address of your result page and enter the grade it shows.',
  },
  SecurityHeaders: {
    uid: 'grade-security-headers',
    title: 'Security Headers',
    short: 'Link to the Security Headers scan of your website.',
    long: 'Security Headers grades a site by the HTTP response headers it sends, such as content security policy and frame options. Paste the result address for your main site or application and enter the grade.',
  },
  HstsPreload: {
    uid: 'grade-hsts-preload',
    title: 'HSTS preload',
    short: 'Link to the HSTS preload status of your domain.',
    long: 'Being on the HSTS preload list means browsers only ever connect to your domain over HTTPS, even on a first visit. Paste the status page address for your domain from the preload site.',
  },
  CryptCheck: {
    uid: 'grade-cryptcheck',
    title: 'CryptCheck',
    short: 'Link to the CryptCheck result for the TLS configuration of your domain.',
    long: 'CryptCheck tests the TLS protocols, ciphers and keys your servers accept and gives a letter grade. Paste the result address for your main domain and run the test again after configuration changes.',
  },
  ImmuniWeb: {
    uid: 'grade-immuniweb',
    title: 'ImmuniWeb',
    short: 'Link to your ImmuniWeb scan result.',
    long: 'ImmuniWeb offers free tests of website, TLS and email security that produce a letter grade. Paste the address of your result and run the test again after significant changes.',
  },
  Cis: {
    uid: 'grade-cis',
    title: 'CIS Controls',
    short: 'Add your assessed maturity against the CIS Critical Security Controls.',
    long: 'Rate your implementation on a scale of 1 to 5, where 5 means the controls are fully implemented and measured. Describe the implementation group you target and the assessment the score is based on.',
  },
}

export const RISK_PROFILE_ITEMS: readonly CatalogueItem[] = defineItems(
  'RiskProfile',
  (Object.entries(RISK_PROFILE) as [RiskQuestion, Spec][]).map(([question, spec]) => ({ ...spec, question })),
)

export const SECURITY_GRADE_ITEMS: readonly CatalogueItem[] = defineItems(
  'SecurityGrades',
  (Object.entries(SECURITY_GRADES) as [GradeProvider, Spec][]).map(([provider, spec]) => ({ ...spec, provider })),
)

export const GRADES_AND_RISK_ITEMS: readonly CatalogueItem[] = [...RISK_PROFILE_ITEMS, ...SECURITY_GRADE_ITEMS]
