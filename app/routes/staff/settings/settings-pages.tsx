import { NavLink } from 'react-router'

// The settings as tabs (issue 24 item 11, decision 059): each tab is a page of its own, so each works without
// JavaScript and has an address. The portal's own settings are /settings and /settings/{tab} (index.tsx); the
// company, its products, its domains and the e-mail outbox keep their pages (issue 23). A navigation of links
// marked aria-current, not a tablist: these links load pages.
const SETTINGS_PAGES = [
  { to: '/settings', label: 'General' },
  { to: '/settings/company', label: 'Branding' },
  { to: '/settings/access', label: 'Access and approval' },
  { to: '/settings/nda', label: 'NDA' },
  { to: '/settings/documents', label: 'Documents and features' },
  { to: '/settings/integrations', label: 'Integrations' },
  { to: '/settings/products', label: 'Products' },
  { to: '/settings/domains', label: 'Domains' },
  { to: '/settings/outbox', label: 'E-mail' },
] as const

/** The settings tabs as a navigation, the current one marked (aria-current). */
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
