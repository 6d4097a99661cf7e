import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useRouteError } from 'react-router'
import type { Route } from './+types/layout'
import { requireStaff } from '@server/auth/require'
import { ShieldIcon } from '~/components/icons'
import { hasPermission, SCOPE_TITLES, type StaffScope } from '~/lib/permissions'

const NAV: StaffScope[] = ['access-requests', 'accounts', 'questionnaires', 'updates', 'subscribers', 'documents', 'knowledge-base', 'analytics', 'members', 'audit', 'settings']

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  const org = await context.db.selectFrom('orgs').select(['name', 'slug']).where('id', '=', staff.orgId).executeTakeFirstOrThrow()
  return {
    staff: { name: staff.name, email: staff.email },
    org,
    nav: NAV.filter((scope) => hasPermission(staff.permissions, scope)).map((scope) => ({ scope, title: SCOPE_TITLES[scope] })),
  }
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame {...loaderData}>
      <Outlet />
    </StaffFrame>
  )
}

function StaffFrame({ org, staff, nav, children }: Route.ComponentProps['loaderData'] & { children: React.ReactNode }) {
  return (
    <div className="staff">
      <header className="staff-header">
        <Link to={`/portal/${org.slug}`} className="staff-header__brand">
          <ShieldIcon size={20} /> {org.name}
        </Link>
        <nav aria-label="Workspace">
          <ul>
            <li>
              <NavLink to={`/portal/${org.slug}`} end>
                Trust Center
              </NavLink>
            </li>
            {nav.map((entry) => (
              <li key={entry.scope}>
                <NavLink to={`/${entry.scope}`}>{entry.title}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/logout" className="staff-header__account">
          <span>{staff.name}</span>
          <button type="submit" className="button button--secondary button--small">
            Log out
          </button>
        </Form>
      </header>
      <main className="staff-main">{children}</main>
    </div>
  )
}

/** The access-denied view for a scope this member lacks, and any other error inside the workspace. */
export function ErrorBoundary() {
  const error = useRouteError()
  const denied = isRouteErrorResponse(error) && error.status === 403
  return (
    <main className="staff-main">
      <section className="panel access-denied" aria-labelledby="denied-title">
        <h1 id="denied-title">{denied ? "You don't have access to this page" : 'Sorry, an error has occurred'}</h1>
        <p>{denied ? 'Ask an administrator of your organization for access.' : isRouteErrorResponse(error) ? String(error.data) : null}</p>
        <Link to="/login" className="button button--secondary">
          Back
        </Link>
      </section>
    </main>
  )
}
