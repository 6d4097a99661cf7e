import { useEffect, useRef } from 'react'
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useRouteError } from 'react-router'
import type { Route } from './+types/layout'
import { requireStaff } from '@server/auth/require'
import { workspaceBadges, type WorkspaceBadges } from '@server/workspace/to-do'
import { ShieldIcon } from '~/components/icons'
import { hasPermission, SCOPE_TITLES, type StaffScope } from '~/lib/permissions'

/** The workspace's pages grouped by job; the portal itself heads Content. */
const NAV_GROUPS: { title: string; portal?: true; scopes: StaffScope[] }[] = [
  { title: 'Content', portal: true, scopes: ['documents', 'knowledge-base'] },
  { title: 'Access', scopes: ['access-requests', 'accounts', 'members'] },
  { title: 'Engagement', scopes: ['updates', 'subscribers', 'questionnaires', 'analytics'] },
  { title: 'Settings', scopes: ['settings', 'audit'] },
]

/** What a badge's number means, read after the link's name. */
const BADGE_WORDS: Record<keyof WorkspaceBadges, string> = { 'access-requests': 'pending', questionnaires: 'to answer' }

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context)
  const [org, badges] = await Promise.all([
    context.db.selectFrom('orgs').select(['name', 'slug']).where('id', '=', staff.orgId).executeTakeFirstOrThrow(),
    workspaceBadges(context.db, staff),
  ])
  return {
    staff: { name: staff.name, email: staff.email },
    org,
    groups: NAV_GROUPS.map((group) => ({
      title: group.title,
      portal: group.portal ?? false,
      links: group.scopes.filter((scope) => hasPermission(staff.permissions, scope)).map((scope) => ({ scope, title: SCOPE_TITLES[scope], badge: badgeOf(badges, scope) })),
    })).filter((group) => group.portal || group.links.length > 0),
  }
}

function badgeOf(badges: WorkspaceBadges, scope: StaffScope) {
  const count = scope in badges ? badges[scope as keyof WorkspaceBadges] : undefined
  return count ? { count, words: `${count} ${BADGE_WORDS[scope as keyof WorkspaceBadges]}` } : null
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffFrame {...loaderData}>
      <Outlet />
    </StaffFrame>
  )
}

function StaffFrame({ org, staff, groups, children }: Route.ComponentProps['loaderData'] & { children: React.ReactNode }) {
  // The phone's menu closes once a link in it has led to another page (the header stays mounted).
  const fold = useRef<HTMLDetailsElement>(null)
  const { pathname } = useLocation()
  useEffect(() => {
    if (fold.current) fold.current.open = false
  }, [pathname])
  return (
    <div className="staff">
      <header className="staff-header">
        {/* The workspace's home (what needs doing); the portal is the first link of Content. */}
        <Link to="/home" className="staff-header__brand">
          <ShieldIcon size={20} /> <span>{org.name}</span>
        </Link>
        {/* On a phone the groups fold into the summary's menu (no JavaScript needed); wider, they are always open (app.css). */}
        <nav aria-label="Workspace" className="staff-nav">
          <details className="staff-nav__fold" ref={fold}>
            <summary className="staff-nav__toggle">Menu</summary>
            <div className="staff-nav__groups">
              {groups.map((group) => {
                const headingId = `staff-nav-${group.title.toLowerCase()}`
                return (
                  <div key={group.title} className="staff-nav__group">
                    <h2 id={headingId} className="staff-nav__heading">
                      {group.title}
                    </h2>
                    <ul aria-labelledby={headingId}>
                      {group.portal ? (
                        <li>
                          <NavLink to={`/portal/${org.slug}`} end>
                            Trust Center
                          </NavLink>
                        </li>
                      ) : null}
                      {group.links.map((entry) => (
                        <li key={entry.scope}>
                          <NavLink to={`/${entry.scope}`} aria-describedby={entry.badge ? `staff-nav-badge-${entry.scope}` : undefined}>
                            {entry.title}
                            {entry.badge ? (
                              <span className="nav-badge" aria-hidden="true">
                                {entry.badge.count > 99 ? '99+' : entry.badge.count}
                              </span>
                            ) : null}
                          </NavLink>
                          {entry.badge ? (
                            <span id={`staff-nav-badge-${entry.scope}`} hidden>
                              {entry.badge.words}
                            </span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                )
              })}
            </div>
          </details>
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
