import { Fragment } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/index'
import { loadDocumentAnalytics, MAX_ANALYTICS_PAGE } from '@server/analytics/documents'
import { requireStaff } from '@server/auth/require'
import { integerParam } from '@server/http/query'
import { accountPath, ANALYTICS_PERIODS, analyticsPath, analyticsPeriod, PERIOD_LABELS, type AnalyticsPeriod } from '~/lib/analytics'
import { When } from '~/components/ui/when'
import { hasPermission } from '~/lib/permissions'
import { DailyChart, DailyTable } from './daily-chart'
import { CountedPager, StaffTable } from '~/components/ui/staff-table'

/** Where "Download CSV" points: a resource route (export.ts), as the subscribers export. */
const EXPORT_PATH = '/analytics/export.csv'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'analytics')
  const search = new URL(request.url).searchParams
  const page = (name: string) => integerParam(search, name, { min: 1, max: MAX_ANALYTICS_PAGE, fallback: 1 })
  const view = await loadDocumentAnalytics(context.db, staff.orgId, analyticsPeriod(search), { documents: page('documents'), accounts: page('accounts') })
  // An account's name links to its page only for staff who may open it.
  return { ...view, canOpenAccounts: hasPermission(staff.permissions, 'accounts') }
}

const count = (value: number) => value.toLocaleString('en-US')

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { period, totals, daily, documents, accounts, canOpenAccounts } = loaderData
  const pages = { documents: documents.page, accounts: accounts.page }
  const inPeriod = period === 'all' ? 'yet' : 'in the last 30 days'
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <h1>Analytics</h1>
        <p>
          Views and downloads of your documents by account members and public visitors, from the same records as the audit log. Staff and search engine crawlers are not counted.
        </p>
      </header>

      <section className="panel" aria-labelledby="analytics-summary-title">
        <div className="panel__header">
          <h2 id="analytics-summary-title">{PERIOD_LABELS[period]}</h2>
          <nav aria-label="Period" className="analytics-periods">
            {/* Spaced as words: the links read apart without a stylesheet of their own. */}
            {ANALYTICS_PERIODS.map((choice, index) => (
              <Fragment key={choice}>
                {index ? ' ' : null}
                <PeriodLink period={choice} current={period} />
              </Fragment>
            ))}
          </nav>
          <a href={analyticsPath(period, EXPORT_PATH)} className="button button--secondary" download>
            Download CSV
          </a>
        </div>
        <dl className="subscriber-counts">
          {(
            [
              ['Views', totals.views],
              ['Downloads', totals.downloads],
              ['Documents', totals.documents],
              ['Accounts', totals.accounts],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="subscriber-counts__entry">
              <dt>{label}</dt>
              <dd>{count(value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="panel" aria-labelledby="analytics-chart-title">
        <h2 id="analytics-chart-title">Views and downloads per day, last 30 days</h2>
        <DailyChart days={daily} />
        <DailyTable days={daily} />
      </section>

      <section className="panel" aria-labelledby="analytics-documents-title">
        <h2 id="analytics-documents-title">By document</h2>
        {documents.rows.length ? (
          <StaffTable caption="Documents, most viewed and downloaded first" columns={['Document', 'Item', 'Views', 'Downloads', 'Accounts', 'Last fetched']} scroll>
            {documents.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  {row.name} {row.letter ? <span className="tag">Bridge letter</span> : null}
                </th>
                <td>{row.itemTitle ?? '—'}</td>
                <td>{count(row.views)}</td>
                <td>{count(row.downloads)}</td>
                <td>{count(row.accounts)}</td>
                <td>
                  <When at={row.lastFetchedAt} />
                </td>
              </tr>
            ))}
          </StaffTable>
        ) : (
          <p className="empty">{`No document has been viewed or downloaded ${inPeriod}.`}</p>
        )}
        <CountedPager
          label="Document pages"
          page={documents.page}
          pageCount={documents.pageCount}
          total={documents.total}
          noun={['document', 'documents']}
          href={(page) => analyticsPath(period, undefined, { ...pages, documents: page })}
        />
      </section>

      <section className="panel" aria-labelledby="analytics-accounts-title">
        <h2 id="analytics-accounts-title">By account</h2>
        {accounts.rows.length ? (
          <StaffTable caption="Accounts, most views and downloads first" columns={['Account', 'Views', 'Downloads', 'Documents', 'Last fetched']} scroll>
            {accounts.rows.map((row) => (
              <tr key={row.accountId}>
                <th scope="row">{row.exists && canOpenAccounts ? <Link to={accountPath(row.accountId)}>{row.name}</Link> : row.name}</th>
                <td>{count(row.views)}</td>
                <td>{count(row.downloads)}</td>
                <td>{count(row.documents)}</td>
                <td>
                  <When at={row.lastFetchedAt} />
                </td>
              </tr>
            ))}
          </StaffTable>
        ) : (
          <p className="empty">{`No account member has viewed or downloaded a document ${inPeriod}.`}</p>
        )}
        <CountedPager
          label="Account pages"
          page={accounts.page}
          pageCount={accounts.pageCount}
          total={accounts.total}
          noun={['account', 'accounts']}
          href={(page) => analyticsPath(period, undefined, { ...pages, accounts: page })}
        />
      </section>
    </div>
  )
}

/** "Last 30 days" or "All time": a plain link, so the switch works without JavaScript. */
function PeriodLink({ period, current }: { period: AnalyticsPeriod; current: AnalyticsPeriod }) {
  const active = period === current
  return (
    <Link to={analyticsPath(period)} className={`button button--small ${active ? 'button--primary' : 'button--secondary'}`} aria-current={active ? 'page' : undefined}>
      {PERIOD_LABELS[period]}
    </Link>
  )
}

export function meta() {
  return [{ title: 'Analytics' }]
}
