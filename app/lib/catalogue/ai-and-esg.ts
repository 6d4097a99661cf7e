// AI Security and ESG: how AI features handle customer data, and environmental and social commitments.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

const AI_ITEMS = defineItems('Ai', [
  {
    uid: 'ai-training-on-customer-data',
    title: 'Model training on customer data',
    short: 'State whether customer data is used to train or improve AI models, and on what terms.',
    long: 'This is often the first AI question buyers ask. Say plainly whether customer content, prompts or outputs are used to train your own or third-party models, whether any such use is opt-in or opt-out and how that choice is enforced. Point to the contract clause that makes the commitment binding.',
  },
  {
    uid: 'ai-governance',
    title: 'AI governance',
    short: 'Describe how you govern the development and use of AI in your product and your business.',
    long: 'Reviewers look for a named owner of AI risk, a policy on acceptable uses, a review of new AI features before launch and ongoing monitoring for quality, bias and misuse. Mention frameworks you align with, such as the NIST AI Risk Management Framework or ISO 42001, and how you track your obligations under the EU AI Act.',
  },
  {
    uid: 'ai-model-providers',
    title: 'Third-party AI models',
    short: 'List the external AI models and providers your features rely on and the data they receive.',
    long: 'Buyers need to know which providers process their data, in which regions, and whether those providers keep or train on it. Name the providers, describe the data sent and the contractual protections in place, and make sure each provider appears on your subprocessor list.',
  },
  {
    uid: 'ai-data-retention',
    title: 'AI data retention',
    short: 'Describe how long prompts, outputs and other AI-related data are kept.',
    long: 'Reviewers check how long prompts, outputs, embeddings and logs are kept, both in your systems and at model providers, including any retention for abuse monitoring. State the periods and whether customers can choose zero retention or have the data deleted on request.',
  },
  {
    uid: 'ai-safeguards',
    title: 'AI safeguards',
    short: 'Describe the controls that keep AI features safe, accurate and within their intended use.',
    long: 'Explain how you defend against prompt injection and leakage of data between customers, how outputs are filtered or checked and how users can report problems. Mention human review for consequential decisions and whether customers can switch AI features off.',
  },
])

const ESG_ITEMS = defineItems('Esg', [
  {
    uid: 'climate-commitments',
    title: 'Climate commitments',
    short: 'Describe your climate and environmental commitments and the progress you have made.',
    long: 'Buyers with their own emissions targets ask suppliers for credible commitments, such as a net zero date or science-based targets. Say what you have committed to, by when, and how progress is reported. Link to your sustainability report if you publish one.',
  },
  {
    uid: 'carbon-emissions-reporting',
    title: 'Carbon emissions reporting',
    short: 'Describe how you measure and report the greenhouse gas emissions of your company and service.',
    long: "Reviewers look for emissions measured across scopes 1, 2 and 3, a stated method and ideally third-party verification. Mention the energy sources and carbon commitments of your hosting providers, since cloud infrastructure is a large part of a software supplier's footprint.",
  },
  {
    uid: 'diversity-and-inclusion',
    title: 'Diversity, equity and inclusion',
    short: 'Describe your approach to diversity, equity and inclusion in your workforce.',
    long: 'Some buyers score suppliers on social criteria as well as environmental ones. Summarise your policies, programmes and any workforce data you publish, and how leadership is held accountable for progress. Keep claims specific and current.',
  },
  {
    uid: 'modern-slavery-statement',
    title: 'Modern slavery statement',
    short: 'Link to your statement on preventing modern slavery and human rights abuses in your supply chain.',
    long: 'Laws in the UK, Australia and elsewhere require larger organisations to publish such a statement, and many buyers ask for one regardless of size. Describe the due diligence you perform on suppliers and how concerns can be raised. Link to the signed statement and give its date.',
  },
])

export const AI_AND_ESG_ITEMS: readonly CatalogueItem[] = [...AI_ITEMS, ...ESG_ITEMS]
