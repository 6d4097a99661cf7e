import { Link } from 'react-router'
import type { Route } from './+types/home'
import { requireStaff } from '@server/auth/require'
import { ACCESS_EXPIRY_DAYS, DOCUMENT_EXPIRY_DAYS, staffToDo } from '@server/workspace/to-do'
import { formatDate } from '~/lib/format'

// The workspace's home after sign-in: what needs doing, each list only for staff who can act on it.

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  const [org, toDo] = await Promise.all([context.db.selectFrom('orgs').select('slug').where('id', '=', staff.orgId).executeTakeFirstOrThrow(), staffToDo(context.db, staff)])
  return { name: staff.name, portal: `/portal/${org.slug}`, days: { access: ACCESS_EXPIRY_DAYS, documents: DOCUMENT_EXPIRY_DAYS }, ...toDo }
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`

function ToDoSection({
  id,
  title,
  summary,
  empty,
  more,
  count,
  children,
}: {
  id: string
  title: string
  summary: string
  empty: string
  more: { href: string; label: string }
  count: number
  children: React.ReactNode
}) {
  return (
    <section className="panel to-do" aria-labelledby={id}>
      <div className="to-do__header">
        <h2 id={id}>{title}</h2>
        <span className={count ? 'to-do__count to-do__count--due' : 'to-do__count'}>{count ? summary : empty}</span>
      </div>
      {count ? <ul className="to-do__list">{children}</ul> : null}
      <Link to={more.href} className="to-do__more">
        {more.label}
      </Link>
    </section>
  )
}

/** One entry of a list: what it is (a link to it) and its date. */
function DatedLink({ href, date, prefix, children }: { href: string; date: string; prefix?: string; children: React.ReactNode }) {
  return (
    <li>
      <Link to={href} className="to-do__what">
        {children}
      </Link>
      <span>
        {prefix ? `${prefix} ` : null}
        <time dateTime={date}>{formatDate(date)}</time>
      </span>
    </li>
  )
}

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const { name, portal, days, requests, questionnaires, expiringAccess, expiringDocuments } = loaderData
  const nothing = !requests && !questionnaires && !expiringAccess && !expiringDocuments
  return (
    <div className="staff-page">
      <header className="staff-page__header">
        <h1>Home</h1>
        <p>Welcome back, {name}. Here is what needs doing.</p>
      </header>
      {nothing ? (
        <section className="panel">
          <p>
            Nothing here needs you. <Link to={portal}>Open the Trust Center</Link>
          </p>
        </section>
      ) : null}
      <div className="to-do-grid">
        {requests ? (
          <ToDoSection
            id="to-do-requests"
            title="Access requests"
            count={requests.count}
            summary={`${plural(requests.count, 'request', 'requests')} pending`}
            empty="No pending requests"
            more={{ href: '/access-requests', label: 'Review access requests' }}
          >
            {requests.rows.map((row) => (
              <li key={row.id}>
                <span className="to-do__what">
                  {row.name}, {row.company}
                </span>
                <time dateTime={row.createdAt}>{formatDate(row.createdAt)}</time>
              </li>
            ))}
          </ToDoSection>
        ) : null}
        {questionnaires ? (
          <ToDoSection
            id="to-do-questionnaires"
            title="Questionnaires to answer"
            count={questionnaires.count}
            summary={`${plural(questionnaires.count, 'questionnaire', 'questionnaires')} to answer`}
            empty="None to answer"
            more={{ href: '/questionnaires', label: 'All questionnaires' }}
          >
            {questionnaires.rows.map((row) => (
              <DatedLink key={row.id} href={`/questionnaires?answer=${row.id}`} date={row.createdAt}>
                {row.accountName}: {row.memberName}
              </DatedLink>
            ))}
          </ToDoSection>
        ) : null}
        {expiringAccess ? (
          <ToDoSection
            id="to-do-access"
            title="Access expiring this week"
            count={expiringAccess.count}
            summary={`${plural(expiringAccess.count, 'account', 'accounts')} within ${days.access} days`}
            empty="No access ends this week"
            more={{ href: '/accounts', label: 'All accounts' }}
          >
            {expiringAccess.rows.map((row) => (
              <DatedLink key={`${row.accountId} ${row.productName}`} href={`/accounts?account=${row.accountId}`} date={row.expiresAt} prefix="Until">
                {row.accountName} ({row.productName})
              </DatedLink>
            ))}
          </ToDoSection>
        ) : null}
        {expiringDocuments ? (
          <ToDoSection
            id="to-do-documents"
            title="Documents expiring"
            count={expiringDocuments.count}
            summary={`${plural(expiringDocuments.count, 'document', 'documents')} within ${days.documents} days`}
            empty={`None expires within ${days.documents} days`}
            more={{ href: '/documents', label: 'Documents library' }}
          >
            {expiringDocuments.rows.map((row) => (
              <DatedLink key={row.id} href={`${portal}${row.path}`} date={row.expiresOn} prefix="Valid until">
                {row.title} ({row.productName})
              </DatedLink>
            ))}
          </ToDoSection>
        ) : null}
      </div>
    </div>
  )
}

export function meta() {
  return [{ title: 'Home' }]
}
