import { NavLink } from 'react-router'

// The pages of /settings, each a part of the settings scope: the portal's own settings on /settings, and the
// company, its products, its domains and the e-mail outbox on pages of their own (issue 23).
const SETTINGS_PAGES = [
  { to: '/settings', label: 'Portal and access' },
  { to: '/settings/company', label: 'Company' },
  { to: '/settings/products', label: 'Products' },
  { to: '/settings/domains', label: 'Domains' },
  { to: '/settings/outbox', label: 'E-mail outbox' },
] as const

/** The settings pages as a navigation, the current one marked (aria-current). */
export function SettingsPages() {
  return (
    <nav aria-label="Settings pages" className="settings-pages">
      <ul>
        {SETTINGS_PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
