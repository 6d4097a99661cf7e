import type { Route } from './+types/index'
import { requireStaff } from '@server/auth/require'
import { listAuditEntries, MAX_AUDIT_PAGE } from '@server/audit/list'
import { integerParam } from '@server/http/query'
import { formatDateTime } from '~/lib/format'
import { Pager } from '~/components/ui/pager'
import { StaffTable } from '~/components/ui/staff-table'

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, 'audit')
  const page = integerParam(new URL(request.url).searchParams, 'page', { min: 1, max: MAX_AUDIT_PAGE, fallback: 1 })
  return listAuditEntries(context.db, staff.orgId, page)
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, page, hasMore } = loaderData
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <h1>Audit log</h1>
        <p>Every change to the trust center, every decision and every document view or download.</p>
      </header>
      <section className="panel">
        <StaffTable caption="Audit entries, newest first" columns={['When', 'Who', 'What', 'Target', 'Change']}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td>{entry.actor}</td>
              <td>
                <code>{entry.action}</code>
              </td>
              <td>{entry.target}</td>
              <td>
                {entry.before || entry.after ? (
                  <details>
                    <summary>Details</summary>
                    {entry.before ? (
                      <>
                        <h3>Before</h3>
                        <pre>{entry.before}</pre>
                      </>
                    ) : null}
                    {entry.after ? (
                      <>
                        <h3>After</h3>
                        <pre>{entry.after}</pre>
                      </>
                    ) : null}
                  </details>
                ) : null}
              </td>
            </tr>
          ))}
        </StaffTable>
        {entries.length === 0 ? <p className="empty">Nothing has happened yet.</p> : null}
        <Pager label="Audit pages" previous={page > 1 ? `?page=${page - 1}` : null} next={hasMore ? `?page=${page + 1}` : null}>
          Page {page}
        </Pager>
      </section>
    </div>
  )
}

export function meta() {
  return [{ title: 'Audit log' }]
}
