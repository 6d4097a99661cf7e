// Data Security and Data Privacy: how customer data is protected, kept, deleted and handled lawfully.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

const DATA_SECURITY_ITEMS = defineItems('DataSecurity', [
  {
    uid: 'encryption-at-rest',
    title: 'Encryption at rest',
    short: 'Describe how customer data is encrypted where it is stored.',
    long: 'Reviewers check which stores are encrypted, including databases, object storage, backups and logs, the algorithm used, such as AES-256, and who manages the keys. Say whether encryption comes from the cloud platform, from your application or both, and whether customers can supply their own keys.',
  },
  {
    uid: 'encryption-in-transit',
    title: 'Encryption in transit',
    short: 'Describe how data is protected as it moves between users, your services and third parties.',
    long: 'Buyers expect TLS 1.2 or later on every public endpoint, with older protocols and weak ciphers disabled and HSTS turned on. Explain whether traffic inside your network and between internal services is encrypted too. A link to a public TLS scan result makes useful supporting evidence.',
  },
  {
    uid: 'data-backups',
    title: 'Backups',
    short: 'Describe how often customer data is backed up, where backups are kept and how long they are retained.',
    long: 'Reviewers want the backup frequency, the retention period, whether backups are encrypted and stored in a separate location or account, and how often restores are tested. These answers support the recovery point objective you give in your risk profile.',
  },
  {
    uid: 'key-management',
    title: 'Key management',
    short: 'Describe how encryption keys are generated, stored, rotated and protected.',
    long: 'Keys should live in a managed key service or hardware security module, with access limited to a few services and people and every use logged. Reviewers check rotation periods and what happens to keys when a customer leaves. Mention customer-managed keys if you offer them.',
  },
  {
    uid: 'data-deletion',
    title: 'Data deletion',
    short: 'Describe how and when customer data is deleted, including at the end of a contract.',
    long: 'Buyers want to know how long data remains after a customer deletes it or leaves, how deletion reaches backups and replicas, and whether you can confirm deletion in writing. State the timelines plainly and make sure they match your data retention policy.',
  },
  {
    uid: 'physical-media-disposal',
    title: 'Physical media disposal',
    short: 'Describe how storage media that held customer data is wiped or destroyed.',
    long: 'When you rely on a cloud provider, destroying disks is usually its responsibility and is covered by its audit reports, so say so and refer to them. For laptops, drives or paper that you handle yourselves, explain the wiping or destruction method and whether you keep certificates of destruction.',
  },
])

const DATA_PRIVACY_ITEMS = defineItems('DataPrivacy', [
  {
    uid: 'data-protection-officer',
    title: 'Data protection officer',
    short: 'Identify who is responsible for data protection and how privacy questions reach them.',
    long: 'Under the GDPR some organisations must appoint a data protection officer, and buyers like to have a named privacy contact even where one is not required. Give the role or person, a contact address and, where relevant, your representative in the EU or the UK.',
  },
  {
    uid: 'data-subject-requests',
    title: 'Data subject requests',
    short: 'Describe how you help customers respond to requests from individuals about their personal data.',
    long: 'As a processor you must help customers answer requests to access, correct, delete or export personal data. Explain which self-service tools the product offers, how customers ask you for help and how quickly you respond. Also say what you do when an individual contacts you directly.',
  },
  {
    uid: 'international-data-transfers',
    title: 'International data transfers',
    short: 'Describe where personal data is transferred and the safeguards that apply to each transfer.',
    long: 'Reviewers want to know which countries personal data reaches, including through subprocessors and support staff, and which mechanism covers each transfer, such as an adequacy decision, standard contractual clauses or the EU-US Data Privacy Framework. Mention whether you have carried out a transfer impact assessment.',
  },
  {
    uid: 'data-minimisation',
    title: 'Data minimisation',
    short: 'Describe how you limit the personal data you collect and use to what the service needs.',
    long: 'Privacy reviewers look for evidence that you collect only necessary data, use it only for the purposes in your contract and keep production data out of development and test environments. Mention pseudonymisation or anonymisation of analytics data where you use it.',
  },
  {
    uid: 'privacy-impact-assessments',
    title: 'Privacy impact assessments',
    short: 'Describe when and how you assess the privacy impact of new features and new processing.',
    long: 'The GDPR requires a data protection impact assessment for high-risk processing, and a lighter review is good practice for any new use of personal data. Explain what triggers an assessment, who reviews it and how its findings change the design. Your records of processing activities are worth mentioning here too.',
  },
])

export const DATA_SECURITY_AND_PRIVACY_ITEMS: readonly CatalogueItem[] = [...DATA_SECURITY_ITEMS, ...DATA_PRIVACY_ITEMS]
