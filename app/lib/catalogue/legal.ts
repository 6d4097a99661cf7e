// Legal: contracts and notices buyers' legal and privacy teams review.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

export const LEGAL_ITEMS: readonly CatalogueItem[] = defineItems('Legal', [
  {
    uid: 'data-processing-agreement',
    title: 'Data processing agreement (DPA)',
    short: 'Upload or link the standard data processing agreement you offer customers.',
    long: "A data processing agreement sets out how you process personal data on your customers' behalf, as the GDPR and similar laws require. Privacy and legal reviewers check the subject matter, the categories of data, your security measures, the terms for subprocessors, the breach notification deadline and the safeguards for transfers. Publish a version customers can sign or accept online and keep it in step with your subprocessor list.",
  },
  {
    uid: 'master-services-agreement',
    title: 'Master services agreement (MSA)',
    short: 'Upload or link the master services agreement that governs your customer contracts.',
    long: 'The MSA holds the commercial and legal terms that apply across orders, including liability, indemnities, confidentiality and termination. Legal teams compare it with their own standards, so a clear, current version shortens negotiation. Say whether it is open to negotiation and which order forms or addenda refer to it.',
  },
  {
    uid: 'terms-of-service',
    title: 'Terms of service',
    short: 'Link to the terms of service that apply to users of your product.',
    long: 'Terms of service govern how customers and their users may use your product and what you commit to in return. Reviewers look at acceptable use, data ownership, suspension and termination rights and how changes to the terms are announced. Link to the live version and mention when it last changed.',
  },
  {
    uid: 'privacy-policy',
    title: 'Privacy policy',
    short: 'Link to the privacy policy that explains how you collect and use personal data.',
    long: 'Your privacy policy tells individuals what personal data you collect, why, how long you keep it, who you share it with and how they can exercise their rights. Reviewers check that it agrees with your DPA and subprocessor list. Link to the published version and note when it was last updated.',
  },
  {
    uid: 'cookie-policy',
    title: 'Cookie policy',
    short: 'Link to the policy that describes the cookies and similar technologies you use.',
    long: 'A cookie policy lists the cookies and trackers on your website and product, what each one does and how long it lasts. Privacy reviewers check that non-essential cookies wait for consent where the law demands it and that visitors can change their choice later. Link to the policy and to your consent tool if you use one.',
  },
  {
    uid: 'service-level-agreement',
    title: 'Service level agreement (SLA)',
    short: 'Upload or link the service level agreement that sets your availability and support commitments.',
    long: 'An SLA defines measurable commitments such as monthly uptime, support response times and the credits customers receive when you miss them. Reviewers check how availability is measured, what is excluded and how incidents are reported. Link to your status page so buyers can compare the commitment with actual performance.',
  },
  {
    uid: 'business-associate-agreement',
    title: 'Business associate agreement (BAA)',
    short: 'Upload the business associate agreement you sign with customers covered by HIPAA.',
    long: 'US healthcare providers, health plans and their business associates need a BAA with any vendor that handles protected health information for them. Reviewers check the permitted uses of the data, the safeguards you commit to and how quickly you report breaches. State which plans or products you will sign a BAA for.',
  },
  {
    uid: 'standard-contractual-clauses',
    title: 'Standard contractual clauses (SCCs)',
    short: 'Explain how you use the standard contractual clauses for transfers of personal data out of the EEA and the UK.',
    long: 'Standard contractual clauses are model terms adopted by the European Commission to protect personal data sent to countries without an adequacy decision. Reviewers check which modules apply, whether the UK addendum is included and whether you have carried out a transfer impact assessment. Attach the clauses or show where your DPA incorporates them, and mention any certification under the EU-US Data Privacy Framework.',
  },
])
