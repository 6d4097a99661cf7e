// Document analytics (/analytics): the periods the page and its CSV export count over, read from the
// query string so the switch is a plain link that works without JavaScript.

export const ANALYTICS_PERIODS = ['30d', 'all'] as const
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '30d': 'Last 30 days', all: 'All time' }

/** Days the chart shows and "Last 30 days" counts: today (UTC) and the 29 days before it. */
export const CHART_DAYS = 30

/** `?period=all` is all time; anything else, or nothing, the last 30 days. */
export const analyticsPeriod = (search: URLSearchParams): AnalyticsPeriod => (search.get('period') === 'all' ? 'all' : '30d')

/** A path of the analytics area (the page or its export) for a period and, for the page, the tables' pages. */
export function analyticsPath(period: AnalyticsPeriod, base = '/analytics', pages: { documents?: number; accounts?: number } = {}) {
  const search = new URLSearchParams()
  if (period === 'all') search.set('period', 'all')
  if (pages.documents && pages.documents > 1) search.set('documents', String(pages.documents))
  if (pages.accounts && pages.accounts > 1) search.set('accounts', String(pages.accounts))
  const query = search.toString()
  return query ? `${base}?${query}` : base
}

/** An account's page in the workspace, where its members' views and downloads are listed. */
export const accountPath = (accountId: string, page = 1) => `/accounts?account=${accountId}${page > 1 ? `&opened=${page}` : ''}#documents-opened-${accountId}`

/** How a document left the portal (the `via` its audit entry records), as the export and the lists say it. */
const VIA_LABELS: Record<string, string> = { 'bulk-download': 'Bulk download', letter: 'Bridge letter' }
export const viaLabel = (via: string | null) => (via ? (VIA_LABELS[via] ?? via) : 'Single file')
