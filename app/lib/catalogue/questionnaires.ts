// Questionnaires: completed industry-standard security questionnaires buyers can take instead of sending their own.

import { defineItems } from './define'
import type { CatalogueItem } from './types'

/** Item types offered for questionnaires; each catalogue item starts with one of them. */
export const QUESTIONNAIRE_ITEM_TYPES = ['CAIQ', 'SIG Lite', 'SIG Core', 'HECVAT', 'VSA', 'Other'] as const

export type QuestionnaireItemType = (typeof QUESTIONNAIRE_ITEM_TYPES)[number]

export const QUESTIONNAIRE_ITEMS: readonly CatalogueItem[] = defineItems('Questionnaires', [
  {
    uid: 'caiq',
    title: 'CSA CAIQ',
    itemType: 'CAIQ' satisfies QuestionnaireItemType,
    short: 'Upload your completed Cloud Security Alliance CAIQ and note the version you answered.',
    long: 'The Consensus Assessments Initiative Questionnaire asks yes or no questions mapped to the Cloud Controls Matrix, which lets buyers compare cloud providers quickly. Reviewers check that you used a current version, updated it recently and answered consistently with your other evidence. Add short explanations wherever the answer is no or only partly yes, and refresh it at least once a year.',
  },
  {
    uid: 'sig-lite',
    title: 'SIG Lite',
    itemType: 'SIG Lite' satisfies QuestionnaireItemType,
    short: 'Upload your completed Shared Assessments SIG Lite questionnaire.',
    long: 'SIG Lite is the shorter form of the Standardized Information Gathering questionnaire and is often used for vendors of moderate risk. Answering it in advance saves procurement teams from sending you their own copy. Note the SIG release year you answered, because the questions change between releases, and keep the answers aligned with your policies.',
  },
  {
    uid: 'sig-core',
    title: 'SIG Core',
    itemType: 'SIG Core' satisfies QuestionnaireItemType,
    short: 'Upload your completed SIG Core questionnaire for buyers who need in-depth due diligence.',
    long: 'SIG Core covers every risk domain in depth and is typically requested from vendors that handle sensitive data or support critical processes. Reviewers look for complete, specific answers backed by documents rather than a column of unqualified yes answers. State the release year and the date the answers were last reviewed.',
  },
  {
    uid: 'hecvat',
    title: 'HECVAT',
    itemType: 'HECVAT' satisfies QuestionnaireItemType,
    short: 'Upload your completed HECVAT for universities and colleges.',
    long: 'The Higher Education Community Vendor Assessment Toolkit is the questionnaire higher education institutions use to assess cloud vendors. Many institutions will accept a recent completed copy instead of running their own review. Say which version and edition you completed, and update it when your product or hosting changes.',
  },
  {
    uid: 'vsa-questionnaire',
    title: 'VSA questionnaire',
    itemType: 'VSA' satisfies QuestionnaireItemType,
    short: 'Upload your completed Vendor Security Alliance questionnaire.',
    long: 'The Vendor Security Alliance publishes questionnaires, in full and core versions, that many technology companies use to review their suppliers. Buyers who use VSA can accept your completed copy instead of sending their own. Note the version and the completion date, and explain any answers that depend on the plan or configuration a customer chooses.',
  },
  {
    uid: 'custom-security-questionnaire',
    title: 'Security questionnaire',
    itemType: 'Other' satisfies QuestionnaireItemType,
    short: 'Upload a questionnaire in your own format that answers the security questions buyers ask most.',
    long: 'Many teams keep a standard answer set covering the company, infrastructure, data handling and security practices to send when no industry questionnaire is requested. Reviewers want concise, specific answers that agree with your policies and reports. Date the document, give it an owner who keeps it current and link to supporting evidence where you can.',
  },
])
