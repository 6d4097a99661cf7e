// Corporate Security, Continuous Monitoring, Physical Security, Change Management, Security Awareness and
// Asset Management: the day-to-day practices of the organisation.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

const INTERNAL_PRACTICE_ITEMS = defineItems('InternalPractices', [
  {
    uid: 'security-team',
    title: 'Security team',
    short: 'Describe who is responsible for security and how the function is organised.',
    long: 'Buyers want to know that security has a named owner with authority, such as a CISO or head of security, and enough people to do the work. Describe the reporting line, whether you use outside specialists and how security is represented to leadership.',
  },
  {
    uid: 'background-checks',
    title: 'Background checks',
    short: 'Describe the background screening carried out before staff and contractors start work.',
    long: 'Reviewers check that screening fits the role and is allowed by local law, for example identity, right to work, employment history and criminal records where lawful. Say whether contractors with access to customer data are screened in the same way.',
  },
  {
    uid: 'confidentiality-agreements',
    title: 'Confidentiality agreements',
    short: 'Describe how staff and contractors commit to protecting confidential information.',
    long: 'Buyers expect everyone with access to customer data to be bound by confidentiality terms that continue after the engagement ends. Mention whether the terms are part of employment contracts or separate agreements and how signatures are tracked.',
  },
  {
    uid: 'onboarding-and-offboarding',
    title: 'Onboarding and offboarding',
    short: 'Describe how access and equipment are handled when people join, change roles or leave.',
    long: 'Reviewers focus on leavers: how quickly accounts are disabled, how devices are recovered and how you confirm nothing was missed. State your target for removing access, often the same day, and how new joiners receive only the access their role needs.',
  },
])

const CONTINUOUS_MONITORING_ITEMS = defineItems('ContinuousMonitoring', [
  {
    uid: 'vulnerability-scanning',
    title: 'Vulnerability scanning',
    short: 'Describe how your infrastructure and applications are scanned for known vulnerabilities.',
    long: 'Reviewers check how often scans run, whether they cover both internet-facing and internal assets and how long you allow to fix findings at each severity. Explain how remediation is tracked and how exceptions are approved.',
  },
  {
    uid: 'security-monitoring',
    title: 'Security monitoring',
    short: 'Describe how security events are monitored and who responds to alerts.',
    long: 'Buyers want to know whether alerts from logs, endpoints and cloud services are reviewed around the clock, and whether by your own team or a managed detection provider. Give typical response times and explain how an alert becomes an incident.',
  },
  {
    uid: 'status-page',
    title: 'System status',
    short: 'Link to the page where customers can see the current status and history of your service.',
    long: 'A public status page shows live availability and past incidents, which helps buyers judge your reliability against your SLA. Connect the Statuspage integration to show the current status on the card, or link to the status page you use.',
  },
  {
    uid: 'continuous-control-monitoring',
    title: 'Continuous control monitoring',
    short: 'Describe how you check automatically that your security controls keep working between audits.',
    long: 'Compliance automation and cloud security posture tools test settings such as encryption, MFA and logging all the time and raise alerts when they drift. Reviewers value this because it shows controls operate every day, not only during an audit. Describe what is monitored and how failures are fixed.',
  },
])

const PHYSICAL_ENVIRONMENTAL_ITEMS = defineItems('PhysicalEnvironmental', [
  {
    uid: 'data-centre-security',
    title: 'Data centre security',
    short: 'Describe the physical security of the data centres that host your service.',
    long: 'If you use a cloud provider, its audited controls cover guarded access, surveillance and resilient power and cooling, so say so and refer to its reports. If you run your own hardware, describe those controls and how they are audited.',
  },
  {
    uid: 'office-security',
    title: 'Office security',
    short: 'Describe the physical controls that protect your offices.',
    long: 'Reviewers check badge access, visitor sign-in and escorts, and whether customer data or production systems can be reached from the office network. If you work remotely, say so and explain how home working is secured.',
  },
  {
    uid: 'environmental-controls',
    title: 'Environmental controls',
    short: 'Describe the protections against fire, flood, power loss and overheating at the facilities you rely on.',
    long: 'These controls usually sit with your hosting provider, so say so and refer to its audit reports. Describe any equipment you operate yourselves and how it is protected.',
  },
])

const CHANGE_MANAGEMENT_ITEMS = defineItems('ChangeConfigurationManagement', [
  {
    uid: 'change-approval',
    title: 'Change approval',
    short: 'Describe how production changes are reviewed and approved before release.',
    long: 'Reviewers look for approval by someone other than the author, with the evidence kept in your ticketing or version control system. Explain how high-risk changes receive extra scrutiny.',
  },
  {
    uid: 'automated-deployment',
    title: 'Automated deployment',
    short: 'Describe how changes are built, tested and deployed through an automated pipeline.',
    long: 'A pipeline that runs tests and security checks and deploys without manual steps reduces mistakes and makes every release traceable. Reviewers check that direct changes to production are blocked and that a bad release can be rolled back quickly.',
  },
  {
    uid: 'configuration-baselines',
    title: 'Configuration baselines',
    short: 'Describe the hardened baseline configurations applied to your systems and how drift is detected.',
    long: 'Reviewers look for baselines derived from recognised benchmarks, such as those published by CIS, applied automatically and monitored for drift. Explain how deviations are approved or corrected.',
  },
  {
    uid: 'emergency-changes',
    title: 'Emergency changes',
    short: 'Describe how urgent fixes are released when the normal process would be too slow.',
    long: 'Buyers accept that some changes cannot wait, but they want emergency changes logged, limited to named people and reviewed afterwards. State how often this route is used.',
  },
])

const AWARENESS_TRAINING_ITEMS = defineItems('AwarenessTraining', [
  {
    uid: 'security-awareness-training',
    title: 'Security awareness training',
    short: 'Describe the security training staff receive when they join and afterwards.',
    long: 'Reviewers check that all staff complete training when they join and at least once a year, that completion is tracked and that the content covers phishing, passwords, data handling and reporting incidents. Give the completion rate if it is strong.',
  },
  {
    uid: 'phishing-simulations',
    title: 'Phishing simulations',
    short: 'Describe how you test staff with simulated phishing messages.',
    long: 'Simulations show how well training works in practice. Explain how often they run, how results are tracked and what follow-up staff receive when they fall for one.',
  },
  {
    uid: 'secure-coding-training',
    title: 'Secure coding training',
    short: 'Describe the security training given to the engineers who write your code.',
    long: 'Reviewers look for training on common classes of vulnerability, such as those in the OWASP Top 10, tailored to your languages and frameworks. State how often engineers take it and how completion is tracked.',
  },
  {
    uid: 'privacy-training',
    title: 'Privacy training',
    short: 'Describe the training staff receive on handling personal data.',
    long: 'Staff who handle personal data should understand the laws that apply, your retention rules and how to recognise a data subject request or a breach. Explain who must take the training and how often.',
  },
])

const ASSET_MANAGEMENT_ITEMS = defineItems('AssetManagement', [
  {
    uid: 'asset-inventory',
    title: 'Asset inventory',
    short: 'Describe how you keep an inventory of hardware, software and cloud resources.',
    long: 'You cannot protect what you do not know about, so reviewers check that the inventory is complete, updated automatically where possible and gives every asset an owner. Mention how unapproved software and services are detected.',
  },
  {
    uid: 'data-classification',
    title: 'Data classification',
    short: 'Describe how information is classified and handled according to its sensitivity.',
    long: 'A classification scheme, such as public, internal, confidential and restricted, tells staff how to handle each kind of information. Reviewers check that customer data falls in an appropriately high class and that handling rules are enforced by tools where possible.',
  },
  {
    uid: 'asset-lifecycle',
    title: 'Asset lifecycle',
    short: 'Describe how assets are tracked from purchase or creation to retirement.',
    long: 'Reviewers check that new assets are registered and configured securely before use and that retired assets are wiped, returned or destroyed and then removed from the inventory. Explain how you recover equipment from people who leave.',
  },
])

export const OPERATIONS_ITEMS: readonly CatalogueItem[] = [
  ...INTERNAL_PRACTICE_ITEMS,
  ...CONTINUOUS_MONITORING_ITEMS,
  ...PHYSICAL_ENVIRONMENTAL_ITEMS,
  ...CHANGE_MANAGEMENT_ITEMS,
  ...AWARENESS_TRAINING_ITEMS,
  ...ASSET_MANAGEMENT_ITEMS,
]
