// Reports: audit reports and attestations, most requested first.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

export const REPORT_ITEMS: readonly CatalogueItem[] = defineItems('Reports', [
  {
    uid: 'soc-2-type-2-report',
    title: 'SOC 2 Type II',
    short: 'Upload your most recent SOC 2 Type II report and note the audit period it covers.',
    long: 'Buyers read a Type II report to see that your controls operated effectively over a period, usually six to twelve months, not just on a single day. Reviewers check the audit period, the trust services criteria in scope, any exceptions the auditor noted and the complementary user entity controls they are expected to run. Name the audit firm and the date the next report is due, and add a bridge letter when the period ended more than a few months ago.',
  },
  {
    uid: 'soc-2-type-1-report',
    title: 'SOC 2 Type I',
    short: 'Upload your SOC 2 Type I report if you have not yet completed a Type II audit.',
    long: 'A Type I report shows that your controls were suitably designed at one point in time, which is a common first step before a Type II audit. Reviewers will want to know when the Type II observation period started and when its report is expected. State the assessment date, the criteria in scope and the auditor, and retire this item once the Type II report is available.',
  },
  {
    uid: 'soc-1-type-2-report',
    title: 'SOC 1 Type II',
    short: 'Upload your SOC 1 Type II report for customers who rely on you for their financial reporting.',
    long: "A SOC 1 report covers the controls that matter to your customers' internal control over financial reporting, so finance teams and their external auditors are its main readers. Reviewers look at the control objectives, the period covered, any exceptions and the user controls they must operate themselves. Give the audit period and the auditor, and provide a bridge letter for the gap between the end of the period and today.",
  },
  {
    uid: 'soc-3-report',
    title: 'SOC 3',
    short: 'Share your SOC 3 report, the general-use summary of your SOC 2 audit.',
    long: "A SOC 3 report gives the auditor's opinion without the detailed control descriptions and test results, so it can usually be shared without an NDA. Prospects use it to confirm that a SOC 2 audit took place and what it covered before they ask for the full report. Check that its period matches your latest SOC 2 report and consider giving it public access.",
  },
  {
    uid: 'iso-27001-certificate',
    title: 'ISO 27001 certificate',
    short: 'Upload your ISO/IEC 27001 certificate and, if you share it, your statement of applicability.',
    long: 'The certificate shows that an accredited certification body has audited your information security management system. Reviewers check the scope statement, the issuing body, the certificate number and the expiry date, and often ask for the statement of applicability to see which Annex A controls you apply. Note when the next surveillance or recertification audit is due.',
  },
  {
    uid: 'penetration-test-summary',
    title: 'Penetration test summary',
    short: 'Upload an executive summary of your latest independent penetration test.',
    long: 'Buyers want evidence that a qualified third party regularly tries to break into your product and that you fix what it finds. A useful summary names the testing firm, the dates, the scope and method, the number of findings by severity and the remediation status of each. Leave out exploit details, and state how often tests run and when the next one is planned.',
  },
  {
    uid: 'csa-star-assessment',
    title: 'CSA STAR assessment',
    short: 'Upload the results of your Cloud Security Alliance STAR self-assessment or third-party audit.',
    long: 'STAR assessments are built on the Cloud Controls Matrix: Level 1 is a self-assessment you publish, while Level 2 adds an independent audit or certification. Reviewers check which level the document represents, when it was last updated and whether it covers the service they are buying. Attach the assessment or audit report and link to your entry in the public STAR registry.',
  },
  {
    uid: 'hipaa-assessment',
    title: 'HIPAA assessment',
    short: 'Upload the report of an independent assessment of your HIPAA safeguards.',
    long: 'Healthcare customers need confidence that you protect electronic protected health information as the HIPAA Security Rule requires. Because there is no official HIPAA certification, reviewers look for a third-party assessment, or a SOC 2 report mapped to HIPAA, covering administrative, physical and technical safeguards. State who performed the assessment, when, and how its findings were addressed.',
  },
  {
    uid: 'pci-dss-aoc',
    title: 'PCI DSS attestation of compliance',
    short: 'Upload your PCI DSS attestation of compliance if you store, process or transmit payment card data.',
    long: 'The attestation of compliance summarises the outcome of your PCI DSS assessment for the merchants and partners who depend on you. Reviewers check the version of the standard, whether a qualified security assessor signed it or it came from a self-assessment, the services in scope and the date. Explain how card data flows through your service, or state that a payment processor handles it entirely.',
  },
])
