// The demo's documents as data (title, sections, classification), for the seed and the tests; the PDFs
// are drawn from them by server/demo/pdf.ts.

export type DemoPdfSection = { heading: string; paragraphs: string[] }

export type DemoPdfClassification = 'Public' | 'Confidential'

export type DemoDocument = {
  fileName: string
  title: string
  subtitle: string
  classification: DemoPdfClassification
  sections: DemoPdfSection[]
}

// ---------------------------------------------------------------------------------------------
// Demo documents for the Northwind Cloud trust center. All organisations other than Northwind's
// named subprocessors (auditor, certification body, testing firm) are fictional.

export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    fileName: 'northwind-soc-2-type-ii-report.pdf',
    title: 'Northwind Cloud SOC 2 Type II Report',
    subtitle:
      'Report on the description of the Northwind Platform and Northwind Mobile system and on the suitability of the design and operating effectiveness of controls relevant to Security, Availability and Confidentiality for the period April 1, 2025 to March 31, 2026',
    classification: 'Confidential',
    sections: [
      {
        heading: "Independent Service Auditor's Report",
        paragraphs: [
          'To the Board of Directors of Northwind Cloud, Inc.',
          "**Scope.** We have examined Northwind Cloud's accompanying description of its Northwind Platform and Northwind Mobile system (the system) throughout the period April 1, 2025 to March 31, 2026, based on the criteria for a description of a service organization's system in DC section 200, and the suitability of the design and operating effectiveness of controls stated in the description to provide reasonable assurance that Northwind Cloud's service commitments and system requirements were achieved based on the trust services criteria relevant to Security, Availability and Confidentiality.",
          'Northwind Cloud uses Amazon Web Services (AWS) as a subservice organization for infrastructure hosting. The description indicates that complementary subservice organization controls are necessary, along with controls at Northwind Cloud, to achieve the service commitments. The description excludes the controls of AWS, and our examination did not extend to those controls.',
          "**Service organization's responsibilities.** Northwind Cloud is responsible for its service commitments and system requirements and for designing, implementing and operating effective controls within the system to provide reasonable assurance that they were achieved. Northwind Cloud has provided the accompanying assertion about the description and the suitability of design and operating effectiveness of controls.",
          "**Service auditor's responsibilities.** Our responsibility is to express an opinion on the description and on the suitability of design and operating effectiveness of controls based on our examination. Our examination was conducted in accordance with attestation standards established by the AICPA and included testing the operating effectiveness of controls over the full period.",
          "**Opinion.** In our opinion, in all material respects, the description presents the system that was designed and implemented throughout the period, and the controls stated in the description were suitably designed and operated effectively to provide reasonable assurance that Northwind Cloud's service commitments and system requirements were achieved, if complementary user entity controls and complementary subservice organization controls operated effectively throughout the period.",
          'Harbor & Vale LLP, Certified Public Accountants. Portland, Oregon. May 8, 2026.',
        ],
      },
      {
        heading: "Management's Assertion",
        paragraphs: [
          'We have prepared the accompanying description of the Northwind Platform and Northwind Mobile system throughout the period April 1, 2025 to March 31, 2026, based on the description criteria. The description is intended to provide report users with information about the system that may be useful when assessing the risks arising from interactions with the system.',
          'We confirm, to the best of our knowledge and belief, that the description presents the system that was designed and implemented throughout the period, that the controls stated in the description were suitably designed, and that those controls operated effectively throughout the period to provide reasonable assurance that our service commitments and system requirements were achieved.',
        ],
      },
      {
        heading: 'Description of the System',
        paragraphs: [
          '**Services provided.** Northwind Cloud provides a multi-tenant software-as-a-service platform that lets operations teams plan, schedule and track field work. Northwind Platform is the web application and public API; Northwind Mobile is the companion iOS and Android application used by field technicians, which synchronises with the platform over authenticated TLS connections.',
          '**Infrastructure.** Production runs in AWS in the us-east-1 (United States) and eu-west-1 (Ireland) regions, each spread across three availability zones. Workloads run as containers on managed Kubernetes; customer data is stored in managed PostgreSQL clusters with synchronous standby replicas, and uploaded files are stored in object storage with versioning enabled. All infrastructure is defined as code and changed only through the deployment pipeline.',
          '**People.** Northwind Cloud employs approximately 240 people. The Security team, led by the Chief Information Security Officer, owns the information security program; the Site Reliability Engineering team operates production; and the Governance, Risk and Compliance function maintains policies and coordinates audits.',
          '**Data.** Customer data consists of work orders, schedules, asset records, attachments and user account information entered by customers. Data is classified as Confidential by default, encrypted in transit with TLS 1.2 or later and at rest with AES-256 using keys managed in a cloud key management service.',
          '**Processes and procedures.** Formal policies cover access control, change management, vulnerability management, incident response, business continuity, vendor management and human resources security. Policies are reviewed at least annually and approved by the Security Steering Committee.',
        ],
      },
      {
        heading: 'Complementary User Entity Controls',
        paragraphs: [
          "Northwind Cloud's controls were designed with the assumption that certain controls would be implemented by user entities. User entities are responsible for:",
          '- Administering their own users, roles and permissions within the Northwind Platform, including timely removal of departed staff.',
          '- Enabling single sign-on or multi-factor authentication for their accounts and protecting the credentials and API keys issued to them.',
          '- Ensuring that the data they upload is appropriate for processing in the service and that they have the rights to do so.',
          '- Reporting suspected security incidents or unexpected account activity to Northwind Cloud support without delay.',
          '- Managing mobile devices that run Northwind Mobile in line with their own device policies, including screen locks and remote wipe.',
        ],
      },
      {
        heading: 'Trust Services Criteria, Controls and Tests of Operating Effectiveness',
        paragraphs: [
          'The following is an extract of the controls tested. The full matrix, including sample sizes and the nature of each test, is included in section IV of the complete report.',
          '**CC1.4** Candidates pass background checks before their start date and employees complete security awareness training at onboarding and annually. Test: inspected records for a sample of 25 new hires and 40 existing employees. No exceptions noted.',
          '**CC6.1** Access to production systems requires single sign-on with phishing-resistant multi-factor authentication and is granted on a least-privilege basis through role groups. Test: inspected identity provider configuration and role group membership. No exceptions noted.',
          "**CC6.2** Access is removed within one business day of an employee's termination. Test: inspected termination tickets and access logs for a sample of 40 leavers. Exception noted: see the section below.",
          '**CC7.2** Security events from infrastructure, applications and endpoints are centralised and alert on defined detection rules, with alerts triaged by the on-call security engineer. Test: inspected alert rules and a sample of 25 alerts. No exceptions noted.',
          '**CC8.1** Changes to production are peer reviewed, pass automated tests and are deployed by the pipeline; direct changes to production are technically prevented. Test: inspected a sample of 60 changes and repository protection settings. No exceptions noted.',
          '**A1.2** Databases are backed up continuously with point-in-time recovery and backups are replicated to a second region; restores are tested quarterly. Test: inspected backup configuration and four quarterly restore tests. No exceptions noted.',
          '**C1.2** Customer data is deleted within 30 days of contract termination, confirmed by a deletion record. Test: inspected deletion records for a sample of 10 terminated customers. No exceptions noted.',
        ],
      },
      {
        heading: "Exceptions and Management's Response",
        paragraphs: [
          '**Exception (CC6.2).** For 2 of the 40 leavers sampled, access to the internal ticketing system was removed three business days after termination rather than within one business day. Neither account was used after the termination date, as confirmed by review of authentication logs.',
          "**Management's response.** The ticketing system was not yet connected to automated deprovisioning from the identity provider. It was connected in February 2026, so that disabling a user in the identity provider now removes access to all connected applications immediately. A monthly reconciliation of active accounts against the HR system has also been introduced.",
        ],
      },
    ],
  },
  {
    fileName: 'northwind-soc-3-report.pdf',
    title: 'SOC 3 Report',
    subtitle:
      "General use report on Northwind Cloud's Northwind Platform and Northwind Mobile system relevant to Security, Availability and Confidentiality, April 1, 2025 to March 31, 2026",
    classification: 'Public',
    sections: [
      {
        heading: "Independent Service Auditor's Report",
        paragraphs: [
          "We have examined Northwind Cloud's assertion that the controls within the Northwind Platform and Northwind Mobile system were effective throughout the period April 1, 2025 to March 31, 2026, to provide reasonable assurance that its service commitments and system requirements were achieved based on the trust services criteria relevant to Security, Availability and Confidentiality.",
          'Our examination was conducted in accordance with attestation standards established by the American Institute of Certified Public Accountants. We believe that the evidence we obtained is sufficient and appropriate to provide a reasonable basis for our opinion.',
          "In our opinion, management's assertion that the controls within the system were effective throughout the period is fairly stated, in all material respects.",
          'Harbor & Vale LLP. Portland, Oregon. May 8, 2026.',
        ],
      },
      {
        heading: "Management's Assertion",
        paragraphs: [
          'We are responsible for designing, implementing, operating and maintaining effective controls within the Northwind Platform and Northwind Mobile system throughout the period to provide reasonable assurance that our service commitments and system requirements relevant to Security, Availability and Confidentiality were achieved.',
          'We have performed an evaluation of the effectiveness of these controls based on the applicable trust services criteria. Based on that evaluation, we assert that the controls were effective throughout the period.',
        ],
      },
      {
        heading: 'Overview of the System',
        paragraphs: [
          'Northwind Cloud provides a software-as-a-service platform for planning, scheduling and tracking field operations. Customers access the service through the Northwind Platform web application and API, and their field staff use the Northwind Mobile application on iOS and Android devices.',
          'The system comprises the infrastructure, software, people, procedures and data used to deliver these services. Infrastructure is hosted by Amazon Web Services in the United States and the European Union; the controls of the hosting provider are outside the scope of this report.',
        ],
      },
      {
        heading: 'Principal Service Commitments and System Requirements',
        paragraphs: [
          'Northwind Cloud makes commitments to customers in its Master Subscription Agreement, Data Processing Addendum and published service level agreement. The principal commitments include:',
          '- Protecting customer data with encryption in transit and at rest, and restricting access to authorised personnel with a business need.',
          '- Maintaining availability of the production service of at least 99.9 percent per calendar month, excluding scheduled maintenance.',
          '- Keeping customer data confidential, using it only to provide the services, and deleting it after the end of the contract.',
          '- Notifying affected customers of security incidents involving their data without undue delay.',
          "System requirements that support these commitments are documented in Northwind Cloud's policies and procedures and are communicated to employees through onboarding, annual training and the internal policy portal.",
        ],
      },
    ],
  },
  {
    fileName: 'northwind-iso-27001-certificate.pdf',
    title: 'ISO 27001 Certificate',
    subtitle: 'Certificate of registration for the Information Security Management System of Northwind Cloud, Inc. to ISO/IEC 27001:2022',
    classification: 'Public',
    sections: [
      {
        heading: 'Certificate of Registration',
        paragraphs: [
          'This is to certify that the Information Security Management System of Northwind Cloud, Inc. has been assessed by Meridian Certification Services and found to conform to the requirements of ISO/IEC 27001:2022, Information security, cybersecurity and privacy protection - Information security management systems - Requirements.',
          '**Certificate number:** MCS-ISMS-24-0412',
          '**Initial certification:** November 18, 2024',
          '**Latest surveillance audit:** October 21, 2025',
          '**Valid until:** November 17, 2027, subject to satisfactory annual surveillance audits',
        ],
      },
      {
        heading: 'Scope of Certification',
        paragraphs: [
          'The information security management system supporting the design, development, operation and support of the Northwind Platform and Northwind Mobile software-as-a-service offerings, including the protection of customer data processed by these services, in accordance with Statement of Applicability version 3.2 dated September 30, 2025.',
          'The scope covers the people, processes and technology of the engineering, site reliability, security, customer support and corporate IT functions, and the cloud infrastructure hosted in the AWS us-east-1 and eu-west-1 regions.',
        ],
      },
      {
        heading: 'Certified Locations',
        paragraphs: [
          '- Head office: 410 Harbor Street, Suite 900, Seattle, WA, United States',
          '- European office: 12 Quay Lane, Dublin, Ireland',
          '- Remote workforce operating under the same policies and controls',
        ],
      },
      {
        heading: 'Statement of Applicability',
        paragraphs: [
          'All 93 controls of ISO/IEC 27001:2022 Annex A were assessed for applicability. Two controls are excluded with justification: 7.5 (protecting against physical and environmental threats) and 7.8 (equipment siting and protection) for data centres, as all production infrastructure is hosted by a cloud provider whose facilities are covered by its own certifications.',
          'The Statement of Applicability is available to customers under non-disclosure agreement on request through the Northwind Cloud trust center.',
        ],
      },
      {
        heading: 'Validity and Verification',
        paragraphs: [
          'The validity of this certificate depends on the organisation continuing to meet the requirements of the standard, as confirmed by annual surveillance audits and a recertification audit before expiry. The certificate remains the property of Meridian Certification Services.',
          'The current status of this certificate can be verified by contacting Meridian Certification Services and quoting the certificate number above.',
        ],
      },
    ],
  },
  {
    fileName: 'northwind-penetration-test-executive-summary-2026.pdf',
    title: 'Penetration Test Executive Summary 2026',
    subtitle: 'Independent application and infrastructure penetration test of Northwind Platform and Northwind Mobile, January 12 to February 6, 2026',
    classification: 'Confidential',
    sections: [
      {
        heading: 'Engagement Overview',
        paragraphs: [
          'Northwind Cloud engaged Bluefin Security Labs to perform its annual independent penetration test. The objective was to identify vulnerabilities that could allow an attacker to gain unauthorised access to customer data, move between customer tenants, or disrupt the availability of the service.',
          'Testing was performed by three consultants over four weeks from a combination of unauthenticated and authenticated perspectives. Testers were given user accounts in two separate test tenants with every role available to customers, as well as the source code of selected components on request.',
        ],
      },
      {
        heading: 'Scope and Methodology',
        paragraphs: [
          '- Northwind Platform web application and administrative console',
          '- Public REST API version 3 and webhook delivery',
          '- Northwind Mobile for iOS and Android, including local data storage and synchronisation',
          '- Internet-facing infrastructure, including the edge network, load balancers and identity endpoints',
          '- A review of cloud account configuration against security baselines',
          'The methodology followed the OWASP Web Security Testing Guide, the OWASP Mobile Application Security Testing Guide and the Penetration Testing Execution Standard. Findings were rated using CVSS v3.1 base scores adjusted for the environmental context of the service.',
        ],
      },
      {
        heading: 'Summary of Results',
        paragraphs: [
          'No critical or high severity vulnerabilities were identified. Testers were unable to access data belonging to another tenant, escalate privileges beyond the roles assigned to them, or bypass authentication controls.',
          '**Findings by severity:** Critical 0, High 0, Medium 3, Low 5, Informational 4.',
          'Overall, Bluefin Security Labs assesses the security posture of the applications in scope as strong, with mature controls around authentication, tenant isolation and input handling.',
        ],
      },
      {
        heading: 'Notable Findings',
        paragraphs: [
          '**NW-26-01 (Medium) Verbose error messages in the export API.** Certain malformed export requests returned internal stack traces that revealed framework versions and file paths. No sensitive data was exposed.',
          '**NW-26-02 (Medium) Session not revoked on password change in Northwind Mobile.** Existing mobile sessions remained valid for up to 12 hours after a user changed their password from the web application.',
          '**NW-26-03 (Medium) Missing rate limiting on invitation endpoint.** The user invitation endpoint could be called repeatedly, allowing an authenticated administrator to send a large volume of invitation emails.',
          'Low severity findings related to cookie attributes on a marketing subdomain, permissive CORS configuration on a deprecated endpoint, absence of certificate pinning in the Android application, and two outdated third-party libraries without known exploitable paths.',
        ],
      },
      {
        heading: 'Remediation Status',
        paragraphs: [
          'All three medium severity findings were remediated by February 27, 2026 and the fixes were verified by Bluefin Security Labs during a retest on March 4, 2026. Four of the five low severity findings have been remediated; the remaining item (certificate pinning on Android) is scheduled for the Northwind Mobile 5.4 release and is tracked in the vulnerability management program.',
          "Remediation timelines followed Northwind Cloud's vulnerability management policy, which requires critical findings to be fixed within 7 days, high within 30 days, medium within 60 days and low within 90 days.",
        ],
      },
      {
        heading: 'Attestation',
        paragraphs: [
          'Bluefin Security Labs confirms that the testing described in this summary was performed independently and that the findings above accurately reflect the results of the engagement. The full technical report is available to customers under non-disclosure agreement.',
        ],
      },
    ],
  },
  {
    fileName: 'northwind-information-security-policy.pdf',
    title: 'Information Security Policy',
    subtitle: 'The top-level policy of the Northwind Cloud information security management system. Version 4.1, approved by the Security Steering Committee',
    classification: 'Confidential',
    sections: [
      {
        heading: 'Purpose and Scope',
        paragraphs: [
          'This policy sets out how Northwind Cloud protects the confidentiality, integrity and availability of the information it holds, including data entrusted to us by customers. It establishes the principles from which our topic-specific policies, standards and procedures are derived.',
          'The policy applies to all employees, contractors and temporary staff, to all information systems owned or operated by Northwind Cloud, and to third parties that process information on our behalf.',
        ],
      },
      {
        heading: 'Roles and Responsibilities',
        paragraphs: [
          '**Executive leadership** sets the risk appetite, provides resources for the security program and is accountable for compliance with this policy.',
          '**The Chief Information Security Officer** owns the information security management system, reports quarterly to the executive team and the board, and approves exceptions.',
          '**The Security Steering Committee**, made up of leaders from engineering, operations, legal, people and finance, reviews risks, approves policies and monitors the effectiveness of controls.',
          '**All personnel** must follow this policy, complete security training, protect the credentials and devices issued to them, and report suspected incidents immediately.',
        ],
      },
      {
        heading: 'Risk Management',
        paragraphs: [
          'Information security risks are identified, assessed and treated through a documented risk management process. The risk register is reviewed at least quarterly and after significant changes to the business, technology or threat landscape.',
          'Risks are rated on likelihood and impact. Risks rated high or above require a treatment plan with a named owner and target date; accepting such a risk requires approval by the CISO and an executive sponsor.',
        ],
      },
      {
        heading: 'Access Control',
        paragraphs: [
          'Access to information and systems is granted on the principles of least privilege and need to know, based on role. Every person has a unique account; shared accounts are not permitted except for documented break-glass accounts held in a vault.',
          'Single sign-on with multi-factor authentication is required for all corporate and production systems. Privileged access to production is granted just in time, for a limited duration, and is logged. Access rights are reviewed quarterly and removed within one business day of departure.',
        ],
      },
      {
        heading: 'Data Classification and Handling',
        paragraphs: [
          'Information is classified as Public, Internal, Confidential or Restricted. Customer data is Confidential at minimum. Handling requirements for each level, including storage, sharing, transfer and disposal, are defined in the Data Classification Standard.',
          'Confidential and Restricted data must not be stored on personal devices or unapproved services, and must only be shared with third parties under a contract that includes appropriate confidentiality and security obligations.',
        ],
      },
      {
        heading: 'Cryptography',
        paragraphs: [
          'Data in transit over public networks is protected with TLS 1.2 or later using approved cipher suites. Data at rest in production is encrypted with AES-256. Encryption keys are generated and stored in a managed key management service, rotated at least annually, and access to them is restricted and logged.',
        ],
      },
      {
        heading: 'Secure Development and Change Management',
        paragraphs: [
          'Software is developed following the Secure Development Lifecycle Standard. All code changes are peer reviewed, scanned for vulnerabilities and secrets, and tested automatically before deployment. Changes to production are made only through the approved deployment pipeline.',
          'Engineers complete secure coding training annually. Security design reviews are required for new services and for changes that affect authentication, authorisation, cryptography or tenant isolation.',
        ],
      },
      {
        heading: 'Operations Security',
        paragraphs: [
          'Production systems are hardened according to documented baselines, patched according to the vulnerability management policy, and monitored continuously. Security-relevant logs are retained for at least one year and protected against tampering.',
          'Endpoint devices are centrally managed, encrypted, kept up to date and protected by endpoint detection and response software.',
        ],
      },
      {
        heading: 'Supplier Security',
        paragraphs: [
          'Suppliers that access Northwind Cloud or customer data are assessed before onboarding and at least annually according to their risk tier. Contracts include security, confidentiality and, where applicable, data protection terms. A current list of subprocessors is published in the trust center.',
        ],
      },
      {
        heading: 'Compliance, Exceptions and Review',
        paragraphs: [
          'Compliance with this policy is monitored through internal audits, automated control monitoring and independent external audits. Violations may result in disciplinary action up to and including termination.',
          'Exceptions must be requested in writing, include compensating controls, be approved by the CISO and expire after no more than twelve months. This policy is reviewed at least annually and whenever significant changes occur.',
        ],
      },
    ],
  },
  {
    fileName: 'northwind-security-whitepaper.pdf',
    title: 'Security Whitepaper',
    subtitle: 'How Northwind Cloud protects customer data across the Northwind Platform and Northwind Mobile',
    classification: 'Public',
    sections: [
      {
        heading: 'Introduction',
        paragraphs: [
          'Thousands of field operations teams trust Northwind Cloud with their schedules, customer sites and asset records. This whitepaper describes the organisational and technical measures we use to keep that information secure and the service available.',
          'Our program is built on three principles: security is designed in rather than added afterwards; defence in depth, so that no single control is relied upon; and transparency, so customers can verify our claims through independent reports and this trust center.',
        ],
      },
      {
        heading: 'Security Organisation and Governance',
        paragraphs: [
          'A dedicated security team led by our Chief Information Security Officer is responsible for security engineering, detection and response, and governance, risk and compliance. The team reports to the CEO and presents to the board every quarter.',
          'Our information security management system is certified to ISO/IEC 27001:2022, and we undergo an annual SOC 2 Type II examination covering Security, Availability and Confidentiality.',
        ],
      },
      {
        heading: 'Infrastructure Security',
        paragraphs: [
          'The service is hosted on Amazon Web Services in the United States and the European Union. Customers choose their data residency region when their account is created. Each region is deployed across three availability zones.',
          'Production runs in dedicated cloud accounts that are separate from development and testing. Network access is denied by default: only the edge load balancers are reachable from the internet, internal services communicate over private networks with mutual TLS, and databases accept connections only from the services that need them.',
          'Infrastructure is defined as code, reviewed like application code and continuously checked against security baselines. Configuration drift raises an alert to the on-call engineer.',
        ],
      },
      {
        heading: 'Data Protection',
        paragraphs: [
          'All customer data is encrypted in transit using TLS 1.2 or later with modern cipher suites and HSTS, and at rest with AES-256. Backups are encrypted and replicated to a second availability zone and a separate account.',
          'Each request is bound to a single tenant at the API gateway, and tenant identifiers are enforced in every database query through row-level security policies. Automated tests verify tenant isolation on every change.',
          'When a customer leaves, their data is deleted from production within 30 days and from backups within a further 35 days.',
        ],
      },
      {
        heading: 'Application Security',
        paragraphs: [
          'Our secure development lifecycle includes threat modelling for new features, mandatory peer review, static analysis, dependency and container scanning, and secret detection in every pull request. Independent penetration tests are performed at least annually, and we run a private bug bounty program.',
          'Northwind Mobile stores data in the platform-provided encrypted storage on the device, supports remote sign-out by administrators, and can require a device passcode before it opens.',
        ],
      },
      {
        heading: 'Identity and Access',
        paragraphs: [
          'Customers can sign in with SAML or OpenID Connect single sign-on, enforce multi-factor authentication, and provision users automatically with SCIM. Fine-grained roles let administrators limit what each user can see and change, and every administrative action is recorded in an audit log available through the API.',
          "Northwind Cloud staff do not have standing access to customer data. Support engineers can view a customer's workspace only with time-limited access granted by the customer from within the product.",
        ],
      },
      {
        heading: 'Monitoring and Incident Response',
        paragraphs: [
          'Logs from infrastructure, applications and employee devices are collected centrally and analysed by detection rules maintained by the security team, with an engineer on call around the clock. Our incident response plan is tested through tabletop exercises at least twice a year.',
          'If an incident affects customer data, we notify affected customers without undue delay and within 72 hours of confirmation, and keep them informed until it is resolved.',
        ],
      },
      {
        heading: 'Availability and Resilience',
        paragraphs: [
          'The service is designed to survive the loss of an availability zone without data loss. Databases use synchronous replicas and continuous backups with point-in-time recovery. Our targets are a recovery time objective of four hours and a recovery point objective of fifteen minutes for a full regional disaster, and we test recovery every quarter.',
          'Current and historical service status is published on our status page, and we commit to 99.9 percent monthly availability in our service level agreement.',
        ],
      },
    ],
  },
  {
    fileName: 'northwind-data-processing-addendum.pdf',
    title: 'Data Processing Addendum',
    subtitle: 'Terms governing the processing of personal data by Northwind Cloud on behalf of its customers',
    classification: 'Public',
    sections: [
      {
        heading: 'Definitions and Scope',
        paragraphs: [
          'This Data Processing Addendum (DPA) forms part of the agreement between Northwind Cloud, Inc. (Northwind) and the customer identified in the order form (Customer) for the provision of the Northwind Platform and Northwind Mobile (the Services).',
          'Terms such as controller, processor, data subject, personal data, processing and personal data breach have the meanings given in the EU General Data Protection Regulation (GDPR). References to Data Protection Laws include the GDPR, the UK GDPR, the Swiss Federal Act on Data Protection and the California Consumer Privacy Act, to the extent applicable.',
        ],
      },
      {
        heading: 'Roles of the Parties',
        paragraphs: [
          'Customer is the controller, and Northwind is a processor, of the personal data that Customer and its users submit to the Services (Customer Personal Data). For the purposes of the CCPA, Northwind acts as a service provider and will not sell or share Customer Personal Data or use it for any purpose other than providing the Services.',
          "Northwind will process Customer Personal Data only on Customer's documented instructions, which consist of the agreement, this DPA and Customer's use and configuration of the Services. Northwind will inform Customer if it believes an instruction infringes Data Protection Laws.",
        ],
      },
      {
        heading: 'Obligations of Northwind',
        paragraphs: [
          '- Ensure that personnel authorised to process Customer Personal Data are bound by confidentiality obligations.',
          '- Implement and maintain the technical and organisational measures described in Annex 2 and in the Northwind Security Whitepaper.',
          '- Assist Customer, taking into account the nature of the processing, with data protection impact assessments and prior consultations with supervisory authorities.',
          '- Make available the information necessary to demonstrate compliance with this DPA.',
        ],
      },
      {
        heading: 'Subprocessors',
        paragraphs: [
          'Customer gives general authorisation for Northwind to engage subprocessors. The current list of subprocessors, with their location and purpose, is published in the Northwind trust center.',
          "Northwind will give at least 30 days' notice before adding or replacing a subprocessor, through the trust center subscription feature and by email to subscribed contacts. Customer may object on reasonable data protection grounds within that period; the parties will then discuss the objection in good faith, and if it cannot be resolved, Customer may terminate the affected Services.",
          'Northwind imposes data protection obligations on each subprocessor that are no less protective than those in this DPA and remains responsible for their performance.',
        ],
      },
      {
        heading: 'Personal Data Breaches',
        paragraphs: [
          'Northwind will notify Customer without undue delay, and in any event within 48 hours, after becoming aware of a personal data breach affecting Customer Personal Data. The notification will describe the nature of the breach, the categories and approximate number of data subjects and records concerned, the likely consequences, and the measures taken or proposed.',
        ],
      },
      {
        heading: 'Data Subject Requests',
        paragraphs: [
          "The Services include features that allow Customer to access, correct, export and delete Customer Personal Data. If Northwind receives a request directly from a data subject, it will redirect the data subject to Customer and will not respond further without Customer's authorisation.",
        ],
      },
      {
        heading: 'International Transfers',
        paragraphs: [
          'Customer Personal Data is hosted in the region selected by Customer. Where Customer Personal Data is transferred from the European Economic Area, the United Kingdom or Switzerland to a country without an adequacy decision, the Standard Contractual Clauses (Module Two, controller to processor) approved by the European Commission, with the UK and Swiss addenda where applicable, are incorporated into this DPA by reference.',
        ],
      },
      {
        heading: 'Audits',
        paragraphs: [
          "Northwind will make its most recent SOC 2 Type II report and ISO/IEC 27001 certificate available to Customer on request. Where these are not sufficient to demonstrate compliance, Customer may conduct an audit, at most once a year, with 30 days' notice, during business hours and subject to reasonable confidentiality and security conditions.",
        ],
      },
      {
        heading: 'Return and Deletion',
        paragraphs: [
          'Customer may export its data at any time during the term. Within 30 days after termination, Northwind will delete Customer Personal Data from the production systems, and from backups within a further 35 days, unless retention is required by law.',
        ],
      },
      {
        heading: 'Annex 1: Details of Processing',
        paragraphs: [
          '**Subject matter and duration:** provision of the Services for the term of the agreement.',
          '**Nature and purpose:** hosting, storage, synchronisation, analysis and display of data to provide field operations management software.',
          "**Categories of data subjects:** Customer's employees, contractors and end customers whose details are entered into the Services.",
          '**Categories of personal data:** names, business contact details, job roles, work schedules, site addresses, device identifiers and, where enabled by Customer, location data captured by Northwind Mobile during working hours.',
          '**Special categories of data:** none are intended to be processed.',
        ],
      },
    ],
  },
  {
    fileName: 'northwind-business-continuity-and-disaster-recovery-plan.pdf',
    title: 'Business Continuity and Disaster Recovery Plan',
    subtitle: 'How Northwind Cloud keeps its services and business operating through disruptive events. Version 3.0',
    classification: 'Confidential',
    sections: [
      {
        heading: 'Purpose and Scope',
        paragraphs: [
          'This plan describes how Northwind Cloud prepares for, responds to and recovers from events that disrupt the delivery of the Northwind Platform and Northwind Mobile or the operation of the business, such as the loss of a cloud region, a critical supplier failure, a cyber attack or the unavailability of key staff.',
          'It covers production services, the systems that support customers, and the business functions needed to keep operating, including payroll, billing and communications.',
        ],
      },
      {
        heading: 'Recovery Objectives',
        paragraphs: [
          '**Availability zone failure:** no customer-visible data loss; automatic failover within 5 minutes.',
          "**Regional disaster:** recovery time objective (RTO) of 4 hours and recovery point objective (RPO) of 15 minutes, by restoring the affected region's services in the designated recovery region.",
          '**Corporate systems:** email, chat and the identity provider are operated as redundant software-as-a-service with RTO of 24 hours; staff can work remotely from any location.',
        ],
      },
      {
        heading: 'Business Impact Analysis',
        paragraphs: [
          'The business impact analysis is refreshed annually. It identifies the processes that matter most to customers and to the company, the maximum tolerable downtime of each, and their dependencies on systems, suppliers and people.',
          'The most critical processes are the scheduling and dispatch API, mobile data synchronisation, authentication, and customer support. Each has a named owner who maintains its recovery runbook.',
        ],
      },
      {
        heading: 'Recovery Strategies',
        paragraphs: [
          'Production is deployed across three availability zones in each region. Databases run with synchronous standby replicas and continuous backups; encrypted backups and object storage are replicated to a paired recovery region. The complete environment is described as code and can be recreated in the recovery region by the deployment pipeline.',
          'Critical suppliers are assessed for their own continuity arrangements. Where possible, alternative providers are identified in advance, for example for email delivery and SMS notifications.',
        ],
      },
      {
        heading: 'Roles, Activation and Escalation',
        paragraphs: [
          'The on-call incident commander may invoke the plan when an event is expected to exceed the recovery objectives. The crisis management team, chaired by the Chief Operating Officer, includes the CTO, the CISO, the heads of SRE, customer support and communications, and legal counsel.',
          'The crisis management team decides on the recovery strategy, approves customer and public communications, and meets at agreed intervals until normal operations are restored. Contact details and deputies are kept in the crisis management runbook, available offline to team members.',
        ],
      },
      {
        heading: 'Regional Failover Procedure',
        paragraphs: [
          '- Declare the disaster and open an incident channel and bridge.',
          '- Freeze deployments to the affected region and update the status page.',
          '- Promote the replicated database backups in the recovery region and verify integrity checks.',
          '- Deploy the application stack to the recovery region from the pipeline and run smoke tests.',
          '- Switch DNS and the edge network to the recovery region and monitor error rates.',
          '- Communicate restoration to customers and plan the return to the primary region.',
        ],
      },
      {
        heading: 'Testing and Maintenance',
        paragraphs: [
          'Backup restores are tested every quarter, and a full regional failover exercise is performed at least once a year in a production-like environment. The most recent exercise, in November 2025, recovered service in 2 hours 40 minutes with 6 minutes of data loss, within the objectives.',
          'Findings from exercises and real events are tracked to closure. The plan is reviewed at least annually and after any significant change to the architecture or organisation.',
        ],
      },
    ],
  },
  {
    fileName: 'northwind-incident-response-plan.pdf',
    title: 'Incident Response Plan',
    subtitle: 'Procedures for detecting, responding to and learning from security incidents at Northwind Cloud. Version 2.3',
    classification: 'Confidential',
    sections: [
      {
        heading: 'Purpose',
        paragraphs: [
          'This plan defines how Northwind Cloud handles security incidents so that they are contained quickly, their impact on customers is minimised, legal and contractual obligations are met, and lessons are learned. It applies to all events that may compromise the confidentiality, integrity or availability of Northwind systems or data.',
        ],
      },
      {
        heading: 'Severity Levels',
        paragraphs: [
          '**SEV-1 (Critical):** confirmed compromise of customer data, or a complete outage of the service. Response begins immediately, at any hour.',
          '**SEV-2 (High):** suspected compromise of customer data, compromise of a privileged account, or significant degradation of the service. Response within 30 minutes.',
          '**SEV-3 (Medium):** a contained security event with no evidence of customer impact, such as malware on a single endpoint. Response within 4 business hours.',
          '**SEV-4 (Low):** minor policy violations and suspicious activity requiring investigation. Response within 2 business days.',
        ],
      },
      {
        heading: 'Roles',
        paragraphs: [
          '**Incident commander:** leads the response, sets priorities, and decides on escalation. The on-call security engineer takes this role until handed over.',
          '**Technical lead:** coordinates investigation and containment work across engineering teams.',
          '**Communications lead:** prepares internal updates and, with legal counsel, customer and regulator notifications.',
          '**Scribe:** maintains the incident timeline, decisions and evidence log.',
        ],
      },
      {
        heading: 'Response Phases',
        paragraphs: [
          '**Detection and reporting.** Incidents are detected by monitoring and alerting, reported by employees through the security channel, or reported by customers and researchers through security@northwind.example. Any employee who suspects an incident must report it immediately.',
          '**Triage.** The on-call engineer confirms whether an incident has occurred, assigns a severity and opens an incident record and a dedicated channel.',
          '**Containment.** Short-term containment limits the damage, for example by revoking credentials, isolating hosts or blocking traffic, while preserving evidence.',
          '**Eradication and recovery.** The root cause is removed, affected systems are rebuilt from trusted sources, and services are restored and monitored closely for recurrence.',
          '**Post-incident review.** A blameless review is held within five business days of every SEV-1 and SEV-2 incident. Actions are assigned owners and tracked to completion.',
        ],
      },
      {
        heading: 'Customer and Regulatory Notification',
        paragraphs: [
          'Affected customers are notified without undue delay, and in any event within 48 hours of confirming a personal data breach affecting their data, in line with the Data Processing Addendum. Notifications are sent to the security contacts registered for each account and describe what happened, what data is involved, what we are doing and what customers can do.',
          'Legal counsel assesses whether notification to regulators or law enforcement is required. Where Northwind is itself a controller, supervisory authorities are notified within 72 hours where required by law.',
        ],
      },
      {
        heading: 'Evidence Handling',
        paragraphs: [
          'Logs, disk and memory images and other evidence are collected with documented chain of custody, stored in a restricted evidence account with write-once retention, and kept for at least three years or longer if required by litigation hold.',
        ],
      },
      {
        heading: 'Testing and Training',
        paragraphs: [
          'The plan is exercised at least twice a year through tabletop exercises covering scenarios such as ransomware, credential theft and a compromised supplier. All on-call engineers complete incident response training before joining the rotation. The plan is reviewed annually and after every SEV-1 incident.',
        ],
      },
    ],
  },
  {
    fileName: 'northwind-caiq-v4-questionnaire.pdf',
    title: 'CAIQ v4 Questionnaire',
    subtitle: 'Northwind Cloud responses to the Consensus Assessments Initiative Questionnaire version 4 for Northwind Platform and Northwind Mobile',
    classification: 'Confidential',
    sections: [
      {
        heading: 'About These Responses',
        paragraphs: [
          "This document summarises Northwind Cloud's answers to the Cloud Security Alliance Consensus Assessments Initiative Questionnaire (CAIQ) version 4, grouped by control domain. Questions are paraphrased; the complete spreadsheet with every question and answer is available in the trust center.",
          'Answers reflect the state of controls as of March 2026 and are supported by the SOC 2 Type II report and ISO/IEC 27001 certification.',
        ],
      },
      {
        heading: 'Audit and Assurance (A&A)',
        paragraphs: [
          '**A&A-01** Are audit and assurance policies established and reviewed at least annually? Yes. The Internal Audit Procedure is reviewed annually by the Security Steering Committee.',
          '**A&A-02** Are independent audits performed at least annually? Yes. An annual SOC 2 Type II examination and ISO/IEC 27001 surveillance audit are performed by independent firms.',
          '**A&A-05** Is there a remediation process for audit findings? Yes. Findings are recorded in the risk register with owners and target dates and reviewed monthly.',
        ],
      },
      {
        heading: 'Business Continuity and Operational Resilience (BCR)',
        paragraphs: [
          '**BCR-01** Is a business continuity plan established, documented and reviewed? Yes. The Business Continuity and Disaster Recovery Plan is reviewed annually.',
          '**BCR-08** Are backups of cloud data performed and protected? Yes. Continuous, encrypted backups with point-in-time recovery are replicated to a second region.',
          '**BCR-09** Is the disaster recovery plan tested at least annually? Yes. A full regional failover exercise was completed in November 2025; backup restores are tested quarterly.',
        ],
      },
      {
        heading: 'Cryptography, Encryption and Key Management (CEK)',
        paragraphs: [
          '**CEK-03** Is data encrypted at rest and in transit? Yes. AES-256 at rest and TLS 1.2 or later in transit.',
          '**CEK-08** Can customers manage their own encryption keys? No. Keys are managed by Northwind in a managed key management service; customer-managed keys are on the product roadmap for enterprise plans.',
          '**CEK-12** Are keys rotated periodically? Yes. Data encryption keys are rotated at least annually and on suspected compromise.',
        ],
      },
      {
        heading: 'Data Security and Privacy (DSP)',
        paragraphs: [
          '**DSP-01** Are data security and privacy policies established? Yes. See the Information Security Policy, Data Classification Standard and Privacy Policy.',
          '**DSP-07** Are systems designed with privacy by design and default? Yes. Privacy reviews are part of the secure development lifecycle for features that process personal data.',
          '**DSP-19** Can customers choose the location of their data? Yes. Customers select the United States or European Union region at account creation.',
        ],
      },
      {
        heading: 'Identity and Access Management (IAM)',
        paragraphs: [
          '**IAM-02** Are strong password and authentication policies enforced? Yes. Staff use single sign-on with phishing-resistant MFA; customers can enforce SSO and MFA for their users.',
          '**IAM-08** Are user access rights reviewed periodically? Yes. Quarterly access reviews are performed for production and corporate systems.',
          '**IAM-16** Is privileged access time limited and logged? Yes. Production access is granted just in time for up to four hours with approval, and every session is logged.',
        ],
      },
      {
        heading: 'Logging and Monitoring (LOG)',
        paragraphs: [
          '**LOG-02** Are audit logs retained and protected? Yes. Security logs are retained for at least 12 months in a separate account with immutable storage.',
          '**LOG-05** Are security events monitored and alerted on? Yes. Detection rules generate alerts to an on-call security engineer around the clock.',
          '**LOG-08** Are customer-facing audit logs available? Yes. Administrative actions are recorded in an audit log available in the product and through the API.',
        ],
      },
      {
        heading: 'Security Incident Management (SEF)',
        paragraphs: [
          '**SEF-02** Is an incident response plan established and tested? Yes. The plan is tested through tabletop exercises at least twice a year.',
          '**SEF-08** Are customers notified of incidents affecting their data? Yes. Within 48 hours of confirmation, as committed in the Data Processing Addendum.',
        ],
      },
      {
        heading: 'Threat and Vulnerability Management (TVM)',
        paragraphs: [
          '**TVM-07** Are vulnerability scans performed regularly? Yes. Infrastructure, containers and dependencies are scanned continuously; external scans run weekly.',
          '**TVM-08** Are penetration tests performed by an independent party? Yes. Annually, most recently January to February 2026, with no critical or high findings.',
          '**TVM-10** Are vulnerabilities remediated within defined timeframes? Yes. Critical within 7 days, high within 30, medium within 60 and low within 90 days.',
        ],
      },
    ],
  },
  {
    fileName: 'northwind-privacy-policy.pdf',
    title: 'Privacy Policy',
    subtitle: 'How Northwind Cloud collects, uses and protects personal information. Effective January 15, 2026',
    classification: 'Public',
    sections: [
      {
        heading: 'Who We Are',
        paragraphs: [
          'Northwind Cloud, Inc. provides field operations software, including the Northwind Platform and Northwind Mobile. This policy explains how we handle personal information when you visit our websites, create an account, use our services or otherwise interact with us.',
          'When our customers use our services to process information about their employees and their own customers, we act as a processor on their behalf, and their privacy notices apply to that information. Our handling of that data is governed by our agreements with them, including our Data Processing Addendum.',
        ],
      },
      {
        heading: 'Information We Collect',
        paragraphs: [
          '**Information you provide:** your name, work email, phone number, company, job title, billing details and the content of messages you send us.',
          '**Information collected automatically:** device and browser information, IP address, pages visited and actions taken in the product, collected through logs and cookies. Northwind Mobile collects location only when your employer enables location features, and only while you are signed in and on duty.',
          '**Information from others:** details from single sign-on providers when you use them to sign in, and business contact information from event organisers and partners where permitted.',
        ],
      },
      {
        heading: 'How We Use Information',
        paragraphs: [
          '- To provide, maintain and secure our services and to authenticate users.',
          '- To provide support and respond to your requests.',
          '- To send service announcements, security notices and, where you have agreed, product news. You can unsubscribe from marketing at any time.',
          '- To understand how our services are used so we can improve them, using aggregated or pseudonymised data wherever possible.',
          '- To comply with legal obligations and to protect our rights and those of our users.',
          'Where the GDPR or UK GDPR applies, we rely on the performance of a contract, our legitimate interests in operating and improving our business, your consent (for optional cookies and marketing), and compliance with legal obligations.',
        ],
      },
      {
        heading: 'How We Share Information',
        paragraphs: [
          'We do not sell personal information. We share it only with subprocessors and service providers that help us deliver our services, such as hosting, email delivery and customer support tools, under contracts that require them to protect it; with professional advisers; when required by law; or as part of a merger or acquisition, in which case you will be notified. Our current list of subprocessors is published in our trust center.',
        ],
      },
      {
        heading: 'International Transfers and Retention',
        paragraphs: [
          'We are based in the United States and have an office in Ireland. When we transfer personal information from the European Economic Area, the United Kingdom or Switzerland, we use Standard Contractual Clauses or another lawful transfer mechanism.',
          'We keep personal information for as long as your account is active or as needed to provide services, and afterwards only for as long as necessary to meet legal, accounting and security requirements.',
        ],
      },
      {
        heading: 'Your Rights',
        paragraphs: [
          'Depending on where you live, you may have the right to access, correct, delete or export your personal information, to object to or restrict certain processing, and to withdraw consent. California residents have the right to know, delete and correct, and to not be discriminated against for exercising these rights.',
          'To exercise your rights, contact privacy@northwind.example. We will respond within the time required by law. You also have the right to lodge a complaint with your local data protection authority.',
        ],
      },
      {
        heading: 'Security, Children and Changes',
        paragraphs: [
          'We protect personal information with the measures described in our Security Whitepaper, including encryption, access controls and continuous monitoring. Our services are not directed to children under 16 and we do not knowingly collect their information.',
          'We may update this policy from time to time. We will post the updated version with a new effective date and, for material changes, notify account administrators by email.',
        ],
      },
      {
        heading: 'Contact Us',
        paragraphs: [
          'Northwind Cloud, Inc., Attn: Privacy Team, 410 Harbor Street, Suite 900, Seattle, WA, United States. Email: privacy@northwind.example. Our EU representative and data protection officer can be reached at dpo@northwind.example.',
        ],
      },
    ],
  },
  {
    fileName: 'northwind-architecture-overview.pdf',
    title: 'Architecture Overview',
    subtitle: 'Logical and physical architecture of the Northwind Platform and Northwind Mobile, with a focus on security boundaries',
    classification: 'Confidential',
    sections: [
      {
        heading: 'System Context',
        paragraphs: [
          'Northwind Platform is a multi-tenant web application and REST API used by office staff to plan and dispatch field work. Northwind Mobile is an offline-capable iOS and Android application used by technicians. Both talk only to the public API; there are no direct connections from clients to internal services or data stores.',
          'External integrations include customer identity providers (SAML, OpenID Connect, SCIM), outbound webhooks to customer systems, email and SMS notification providers, and payment processing for self-service plans.',
        ],
      },
      {
        heading: 'Components',
        paragraphs: [
          '**Edge:** a content delivery network and web application firewall terminate TLS, absorb denial-of-service traffic and forward requests to regional load balancers.',
          '**API gateway:** authenticates every request, resolves the tenant, applies rate limits and routes to internal services with a signed, short-lived identity token.',
          '**Services:** stateless services for scheduling, work orders, assets, files, notifications, search and reporting, deployed as containers on managed Kubernetes with separate node pools per trust level.',
          '**Data stores:** managed PostgreSQL for transactional data with row-level security per tenant, object storage for attachments, a search cluster for full-text queries, and a message queue for asynchronous jobs.',
          '**Background workers:** process exports, imports, webhook delivery and notifications from the queue, with per-tenant concurrency limits.',
        ],
      },
      {
        heading: 'Network Segmentation',
        paragraphs: [
          'Each region is a separate virtual network with public, application and data subnets across three availability zones. Only load balancers are in public subnets. Security groups and Kubernetes network policies allow only the flows each component needs; data stores accept connections only from application subnets. Service-to-service traffic uses mutual TLS issued by an internal certificate authority.',
          'Administrative access goes through an identity-aware proxy that requires single sign-on, phishing-resistant MFA and a just-in-time access grant. There are no bastion hosts or SSH keys.',
        ],
      },
      {
        heading: 'Tenant Isolation',
        paragraphs: [
          'Every table containing customer data includes a tenant identifier, and PostgreSQL row-level security policies ensure that a database session can read and write only the rows of the tenant bound to it by the gateway token. Object storage keys are prefixed per tenant and access is mediated by the files service using signed URLs that expire after five minutes.',
          'Isolation is verified by automated cross-tenant tests in the deployment pipeline and is an explicit focus of the annual penetration test.',
        ],
      },
      {
        heading: 'Mobile Architecture',
        paragraphs: [
          'Northwind Mobile keeps an encrypted local database so technicians can work without coverage, and synchronises changes through the API when connectivity returns. Sessions use short-lived access tokens with refresh tokens bound to the device, which administrators can revoke at any time. Attachments are uploaded directly to object storage with single-use signed URLs.',
        ],
      },
      {
        heading: 'Observability and Deployment',
        paragraphs: [
          'Metrics, traces and structured logs are collected from every service. Personal data is excluded or masked before logs leave the cluster. Security-relevant events are forwarded to the security monitoring platform.',
          'Infrastructure and application changes are delivered by the same pipeline: peer-reviewed pull requests, automated tests and scans, signed container images, staged rollout to a canary environment, then progressive deployment across availability zones with automatic rollback on elevated error rates.',
        ],
      },
    ],
  },
]
