// The visitor journey's dialogs and menus load on demand, so the public page stays light; the server
// loads them before rendering a page that shows one (see the portal loader), so they render in place
// without JavaScript. In the browser the first render waits for the chunk inside a Suspense boundary.
import { onDemand } from '~/components/on-demand'

const visitor = onDemand(() => import('./visitor/visitor-dialogs'))
export const loadVisitorTools = visitor.load
export const VisitorDialogs = visitor.component('VisitorDialogs')
export const AccountMenu = visitor.component('AccountMenu')
export const PreviewBanner = visitor.component('PreviewBanner')
export const CommentsView = visitor.component('CommentsView')

// The Bulk download dialog is a chunk of its own: only account members open it, and only sometimes.
const bulkDownload = onDemand(() => import('./visitor/bulk-download-dialog'))
export const loadBulkDownload = bulkDownload.load
export const BulkDownloadDialog = bulkDownload.component('BulkDownloadDialog')

// "Send data to TPRM tool" likewise: only account members open it, and rarely.
const tprm = onDemand(() => import('./visitor/tprm-dialog'))
export const loadTprmDialog = tprm.load
export const TprmDialog = tprm.component('TprmDialog')

// The questionnaire dialogs (spec section 2.6): account members only, when the URL asks (`questionnaire`, `questionnaires`).
const questionnaires = onDemand(() => import('./visitor/questionnaire-dialogs'))
export const loadQuestionnaireDialogs = questionnaires.load
export const QuestionnaireDialogs = questionnaires.component('QuestionnaireDialogs')

// The FAQ dialog ("View all" in the Knowledge Base (FAQs) section): a chunk of its own, when the URL asks (`faqs=true`).
const faqDialog = onDemand(() => import('./visitor/faq-dialog'))
export const loadFaqDialog = faqDialog.load
export const FaqDialog = faqDialog.component('FaqDialog')
