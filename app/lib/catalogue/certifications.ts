// Certifications: frameworks and attestations shown as badges in the Compliance section.
// Each item's logo is '<uid>.svg' under /images/certifications/; CERTIFICATION_LOGOS lists the badges to draw.

import { defineItems, type ItemSpec } from './define'
import type { CatalogueItem } from './types'

interface CertificationSpec extends Omit<ItemSpec, 'logo'> {
  /** Short text drawn on the badge. */
  label: string
}

const CERTIFICATIONS: readonly CertificationSpec[] = [
  {
    uid: 'soc-2',
    title: 'SOC 2',
    label: 'SOC 2',
    short: 'Describe the scope and status of your SOC 2 attestation.',
    long: 'SOC 2 is an attestation by an independent CPA firm against the AICPA trust services criteria, most often security, availability and confidentiality. Reviewers want to know which criteria are covered, whether you hold a Type I or a Type II report and when the current period ends. Name the audit firm, set the expiry to the date the report goes out of date and point buyers to the full report in the Reports card.',
  },
  {
    uid: 'iso-27001',
    title: 'ISO 27001',
    label: 'ISO 27001',
    short: 'Record your ISO 27001 certification, its certification body and its expiry date.',
    long: "ISO/IEC 27001 certifies that you run an information security management system that identifies risks and selects controls to treat them. Reviewers check that the certificate is current, that its scope covers the products and locations they depend on and that the certification body is accredited. Link to the certificate or to the issuer's online register so buyers can verify it.",
  },
  {
    uid: 'iso-27017',
    title: 'ISO 27017',
    label: 'ISO 27017',
    short: 'Record your ISO 27017 certification for the security of cloud services.',
    long: 'ISO/IEC 27017 adds cloud-specific guidance to ISO 27001, such as the split of responsibilities between provider and customer, separation of virtual environments and the return of assets when a contract ends. It is normally certified in the same audit as ISO 27001. State whether it shares the ISO 27001 scope and give the certificate expiry.',
  },
  {
    uid: 'iso-27018',
    title: 'ISO 27018',
    label: 'ISO 27018',
    short: 'Record your ISO 27018 certification for protecting personal data in the public cloud.',
    long: 'ISO/IEC 27018 adds controls for cloud providers that process personal data on behalf of customers, including limits on using that data for your own purposes and transparency about where it is processed. Privacy teams value it as evidence that you behave as a processor should. Give the certificate details and refer to your DPA where relevant.',
  },
  {
    uid: 'iso-27701',
    title: 'ISO 27701',
    label: 'ISO 27701',
    short: 'Record your ISO 27701 certification of your privacy information management system.',
    long: 'ISO/IEC 27701 extends an ISO 27001 management system to cover privacy, with separate requirements for controllers and processors. Reviewers check which role the certificate covers and whether its scope includes the services that handle their personal data. Include the certification body, the expiry date and a link to the certificate.',
  },
  {
    uid: 'iso-42001',
    title: 'ISO 42001',
    label: 'ISO 42001',
    short: 'Record your ISO 42001 certification of your AI management system.',
    long: 'ISO/IEC 42001 sets requirements for governing how an organisation develops, provides or uses AI systems responsibly, including AI risk and impact assessment. Buyers adopting AI features increasingly ask for it alongside ISO 27001. State the scope, the certification body and the expiry, and say which products or AI features are covered.',
  },
  {
    uid: 'hipaa',
    title: 'HIPAA',
    label: 'HIPAA',
    short: 'Describe how you comply with HIPAA when you handle protected health information.',
    long: 'No government body certifies HIPAA compliance, so explain how you meet the Security and Privacy Rules and what independent evidence supports it, such as an assessment or a SOC 2 report mapped to HIPAA. Healthcare buyers also need to know whether you will sign a business associate agreement. Point to the assessment in the Reports card and the BAA in the Legal card.',
  },
  {
    uid: 'pci-dss',
    title: 'PCI DSS',
    label: 'PCI DSS',
    short: 'Record your PCI DSS compliance level and the date of your latest assessment.',
    long: 'PCI DSS applies when you store, process or transmit payment card data, or can affect its security. Reviewers want your service provider level, whether a qualified security assessor or a self-assessment questionnaire was used and the version of the standard. Set the expiry one year after the assessment and point to the attestation of compliance in the Reports card.',
  },
  {
    uid: 'gdpr',
    title: 'GDPR',
    label: 'GDPR',
    short: 'Describe how you comply with the GDPR when processing personal data of people in Europe.',
    long: 'There is no official GDPR certificate, so buyers look for the substance: a lawful basis for processing, a data processing agreement, records of processing, a process for data subject requests and safeguards for transfers outside the EEA. Summarise these and name your data protection officer or EU representative if you have one. Link to your privacy policy and DPA.',
  },
  {
    uid: 'ccpa',
    title: 'CCPA',
    label: 'CCPA',
    short: 'Describe how you meet the California Consumer Privacy Act and its amendments.',
    long: 'The CCPA, as amended by the CPRA, gives California residents rights to know, delete and correct their personal information and to opt out of its sale or sharing. Business customers want to know that you act as a service provider, use their data only to deliver the service and help them answer consumer requests. Explain how those requests are handled and link to the relevant contract terms.',
  },
  {
    uid: 'csa-star',
    title: 'CSA STAR',
    label: 'CSA STAR',
    short: 'Record the level of your Cloud Security Alliance STAR listing.',
    long: 'A STAR listing shows how your cloud service maps to the Cloud Controls Matrix, from a published self-assessment at Level 1 to third-party certification or attestation at Level 2. Reviewers check the level, the date of the last update and the services covered. Link to your public registry entry so buyers can confirm it.',
  },
  {
    uid: 'fedramp',
    title: 'FedRAMP',
    label: 'FedRAMP',
    short: 'Record your FedRAMP authorisation status and impact level.',
    long: 'FedRAMP is the US government programme that authorises cloud services for use by federal agencies. Reviewers look for the impact level (Low, Moderate or High), whether you are authorised or still in process, and your listing on the FedRAMP Marketplace. Name the sponsoring agency if you have one and link to the marketplace entry.',
  },
  {
    uid: 'hitrust',
    title: 'HITRUST CSF',
    label: 'HITRUST',
    short: 'Record your HITRUST certification and the assessment type it is based on.',
    long: 'HITRUST certification is common in US healthcare and brings requirements from HIPAA, NIST, ISO and other sources into one framework. Reviewers check the assessment type, such as e1, i1 or r2, the scope and the expiry. Name the assessor firm and link to the letter of certification.',
  },
  {
    uid: 'nist-csf',
    title: 'NIST CSF',
    label: 'NIST CSF',
    short: 'Describe how your security programme aligns with the NIST Cybersecurity Framework.',
    long: 'The NIST Cybersecurity Framework is voluntary, so alignment is usually self-assessed or reviewed by a consultant rather than certified. Reviewers want to know which version you follow, how you assessed your current profile across its functions and what maturity you are aiming for. Summarise the result and attach the assessment if it can be shared.',
  },
  {
    uid: 'tisax',
    title: 'TISAX',
    label: 'TISAX',
    short: 'Record your TISAX assessment result and the assessment level achieved.',
    long: 'TISAX is the information security assessment used across the automotive industry and is run through the ENX Association. Automotive customers check the assessment level, the objectives covered, such as prototype protection or data protection, and the expiry date. Share your assessment ID so they can view the result on the ENX portal.',
  },
  {
    uid: 'cyber-essentials',
    title: 'Cyber Essentials',
    label: 'Cyber Essentials',
    short: 'Record your Cyber Essentials or Cyber Essentials Plus certification.',
    long: 'Cyber Essentials is a UK government-backed scheme covering basic technical controls: firewalls, secure configuration, user access control, malware protection and patching. The Plus level adds independent technical testing and is often required for UK public sector contracts. State which level you hold, the certification body and the renewal date, which comes round every year.',
  },
  {
    uid: 'c5',
    title: 'C5',
    label: 'C5',
    short: 'Record your C5 attestation against the cloud criteria catalogue of the German BSI.',
    long: 'C5 is the cloud computing compliance criteria catalogue published by the German Federal Office for Information Security, and German public sector and regulated customers often ask for it. Auditors issue C5 attestations as Type 1 or Type 2 reports, much like SOC 2. Give the type, the period covered and the auditor, and link to the report.',
  },
  {
    uid: 'iso-9001',
    title: 'ISO 9001',
    label: 'ISO 9001',
    short: 'Record your ISO 9001 certification of your quality management system.',
    long: 'ISO 9001 certifies that you run a quality management system with documented processes, measured objectives and continual improvement. It is not a security standard, but procurement teams in regulated and industrial sectors often require it. Give the scope, the certification body and the expiry date.',
  },
]

export const CERTIFICATION_ITEMS: readonly CatalogueItem[] = defineItems(
  'Certifications',
  CERTIFICATIONS.map(({ uid, title, short, long }) => ({ uid, title, logo: `${uid}.svg`, short, long })),
)

/** Badges to draw under /images/certifications/, one per certification item, with their short label. */
export const CERTIFICATION_LOGOS: readonly { file: string; label: string }[] = CERTIFICATIONS.map(({ uid, label }) => ({
  file: `${uid}.svg`,
  label,
}))
