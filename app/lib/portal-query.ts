// The query parameters a portal page reads for a visitor: what its links and forms put in the URL (dialogs,
// the open card, search terms, a product) and nothing else. A visitor's request with any other parameter
// (a tracking id, junk) is sent to the same URL without it, so that every such URL is the one stored page
// and not a new render (docs/decisions/036-anonymous-render-budget.md). Staff-only parameters (the editor's
// dialogs, a preview's account) are absent on purpose: only requests without a session are tidied.
// server/http/portal-query.test.ts reads the portal's modules and fails when one reads a parameter not here.

/** Every query parameter a visitor dialog opens with; closing one clears them all. */
export const VISITOR_DIALOG_PARAMS = [
  'requestAccess',
  'loginRequest',
  'email',
  'inviteToken',
  'welcome',
  'inviteColleagues',
  'nda',
  'expired',
  'itemUid',
  'subscribe',
  'source',
  'subscribeStatus',
  'unsubscribeToken',
  'tprm',
]

export const PORTAL_PAGE_PARAMS: ReadonlySet<string> = new Set([
  // What the page shows: the product, the open card and item, documents, subprocessors, FAQs, updates.
  'product',
  'productId',
  'card',
  'itemName',
  'docs',
  'documents',
  'bulkDownload',
  'subprocessorSearch',
  'faqs',
  'faqQuery',
  'tcuUid',
  'updatesPage',
  // A member's questionnaires, and the visitor's dialogs.
  'questionnaire',
  'questionnaires',
  ...VISITOR_DIALOG_PARAMS,
])

/** React Router's own parameters of a page's data request (`/x.data?_routes=...`). */
const DATA_REQUEST_PARAMS: ReadonlySet<string> = new Set(['_routes', 'index'])

/**
 * `search` (with its `?`, or '') keeping only the parameters a portal page reads, each at its first
 * occurrence (the page reads no other), spelt as they came; '' when none is left.
 */
export function tidyPortalQuery(search: string, dataRequest: boolean) {
  const seen = new Set<string>()
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => {
      if (pair === '') return false
      const name = nameOf(pair)
      if (name === null || seen.has(name)) return false
      seen.add(name)
      return PORTAL_PAGE_PARAMS.has(name) || (dataRequest && DATA_REQUEST_PARAMS.has(name))
    })
  return kept.length ? `?${kept.join('&')}` : ''
}

function nameOf(pair: string) {
  try {
    return decodeURIComponent(pair.split('=', 1)[0].replaceAll('+', ' '))
  } catch {
    return null
  }
}
