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
