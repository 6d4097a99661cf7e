// Policies: the written policies buyers most often ask to see.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

export const POLICY_ITEMS: readonly CatalogueItem[] = defineItems('Policies', [
  {
    uid: 'information-security-policy',
    title: 'Information security policy',
    short: 'Upload the top-level policy that sets out how your organisation manages information security.',
    long: 'This policy shows that leadership has approved security objectives, assigned responsibilities and committed to a programme of controls. Reviewers check that it has an owner, an approval date and a review cycle, and that the detailed policies it refers to exist. Share the policy itself, or a summary if the full text is confidential.',
  },
  {
    uid: 'acceptable-use-policy',
    title: 'Acceptable use policy',
    short: 'Upload the policy that tells staff how they may use company systems, devices and data.',
    long: 'An acceptable use policy sets the rules for staff behaviour, such as protecting credentials, using only approved software and reporting suspected incidents. Reviewers want every employee and contractor to acknowledge it on joining and again at regular intervals. Note how acknowledgements are tracked.',
  },
  {
    uid: 'access-control-policy',
    title: 'Access control policy',
    short: 'Upload the policy that governs how access to systems and data is granted, reviewed and removed.',
    long: 'The policy should cover how access is requested and approved, least privilege, authentication requirements, privileged accounts and how quickly access is revoked when people leave. Reviewers compare it with the practices you describe in the Access Control card. Keep its review date current.',
  },
  {
    uid: 'incident-response-plan',
    title: 'Incident response plan',
    short: 'Upload the plan that describes how you detect, handle and learn from security incidents.',
    long: 'Reviewers look for severity levels, roles and escalation paths, communication steps including customer notification, evidence handling and a review after each incident. A plan that was exercised recently carries more weight than one that was not. Summarise its structure if the full plan is confidential.',
  },
  {
    uid: 'business-continuity-policy',
    title: 'Business continuity and disaster recovery policy',
    short: 'Upload the policy that sets your approach to keeping the service running through disruptions.',
    long: 'This policy defines how you identify critical processes, set recovery objectives and maintain and test your continuity and recovery plans. Reviewers check that recovery objectives are stated and that plans are tested at a fixed interval. Refer to the details in the Business Continuity card.',
  },
  {
    uid: 'data-retention-policy',
    title: 'Data retention and deletion policy',
    short: 'Upload the policy that defines how long you keep each type of data and how you delete it.',
    long: 'Buyers want to know how long customer data remains after a deletion request or the end of a contract, including in backups and logs. A good policy lists retention periods for each category of data, how legal holds work and how data is disposed of. State the default period after termination explicitly.',
  },
  {
    uid: 'encryption-policy',
    title: 'Encryption and key management policy',
    short: 'Upload the policy that sets your required encryption standards and key management practices.',
    long: 'This policy defines which data must be encrypted, the approved algorithms and protocols, and how keys are generated, stored, rotated and revoked. Reviewers check that it rules out outdated protocols and limits who can use keys. Keep it consistent with the encryption details in the Data Security card.',
  },
  {
    uid: 'vendor-management-policy',
    title: 'Vendor management policy',
    short: 'Upload the policy that governs how you assess and monitor your own suppliers.',
    long: 'Your customers inherit risk from your vendors, so they want to see how you select, assess, contract with and periodically review them. Reviewers look for risk tiers, security requirements in contracts and a review schedule. Refer to your subprocessor list for the vendors that process customer data.',
  },
  {
    uid: 'change-management-policy',
    title: 'Change management policy',
    short: 'Upload the policy that controls how changes to production systems are proposed, approved and deployed.',
    long: 'Reviewers look for a separation between the people who write and approve changes, testing before release, rollback plans and a defined route for emergency changes. The policy should apply to code, infrastructure and configuration alike. Describe the tooling that enforces it in the Change Management card.',
  },
  {
    uid: 'code-of-conduct',
    title: 'Code of conduct',
    short: 'Upload the code of conduct that sets ethical and professional expectations for staff.',
    long: 'A code of conduct covers integrity, confidentiality, conflicts of interest and how to raise concerns without fear of retaliation. Reviewers check that staff acknowledge it and that breaches lead to disciplinary action. Mention how often it is reviewed and acknowledged again.',
  },
])
