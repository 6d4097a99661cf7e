// Custom domains (issue 23 item 6) in the browser, with JavaScript and without: staff add a domain, are shown
// the TXT record, the fake DNS server the runner holds answers it (support/journey-dns.ts), "Check now"
// verifies it, it is made primary, and the portal answers on that Host while the deployment-host address
// redirects there. A primary domain moves the whole org's portal: the spec's own org's (support/orgs.ts;
// decision 035). The journey removes the domain at the end.
import type { Page } from '@playwright/test'
import { expectNoViolations } from './support/axe'
import { ORG } from './support/demo'
import { publishDnsRecord } from './support/journey-dns'
import { portalOf } from './support/orgs'
import { expect, test } from './support/staff'

const SETTINGS = '/settings/domains'

/** Each project its own domain, on its own server: neither sees the other's. */
const hostFor = (projectName: string) => `trust-${projectName}.northwind-e2e.example`

const domainEntry = (page: Page, host: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: host, exact: true }) })

test.describe('custom domains', () => {
  test.use({ org: 'domains', signedIn: true })

  test('staff add a domain, verify it by DNS, make it primary, and the portal answers on it', async ({ page, playwright, baseURL }, testInfo) => {
    const host = hostFor(testInfo.project.name)
    publishDnsRecord(`_trust-center.${host}`, undefined)

    await page.goto(SETTINGS)
    await expect(page.getByRole('heading', { name: 'Domains', level: 1 })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'Domains' })).toHaveAttribute('aria-current', 'page')

    // A bad name is refused with its message, and nothing is added.
    await page.getByLabel('Domain', { exact: true }).fill('localhost')
    await page.getByRole('button', { name: 'Add domain' }).click()
    await expect(page.getByText('Enter a public domain name')).toBeVisible()

    await page.getByLabel('Domain', { exact: true }).fill(host)
    await page.getByRole('button', { name: 'Add domain' }).click()
    const entry = domainEntry(page, host)
    await expect(entry.getByText('Pending', { exact: true })).toBeVisible()
    const records = entry.getByRole('table', { name: `DNS records for ${host}` })
    const txt = records.getByRole('row').filter({ hasText: 'TXT' })
    await expect(txt.getByRole('cell', { name: `_trust-center.${host}` })).toBeVisible()
    const token = (await entry.locator('.domain__token').innerText()).trim()
    expect(token).toMatch(/^[0-9a-f]{32}$/)

    // Not published yet: the check fails and says why.
    await entry.getByRole('button', { name: 'Check now' }).click()
    await expect(entry.getByText('Failed', { exact: true })).toBeVisible()
    await expect(entry.getByText('No TXT record was found')).toBeVisible()

    publishDnsRecord(`_trust-center.${host}`, [token])
    await entry.getByRole('button', { name: 'Check now' }).click()
    await expect(entry.getByText('Verified', { exact: true })).toBeVisible()
    await entry.getByRole('button', { name: 'Make primary' }).click()
    await expect(entry.getByText('Primary', { exact: true })).toBeVisible()

    // A visitor on the domain: the org's portal; on the deployment host's address: sent there.
    const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { host } })
    try {
      const home = await visitor.get('/')
      expect(home.status()).toBe(200)
      const html = await home.text()
      expect(html).toContain(ORG.name)
      expect(html).toContain(`<link rel="canonical" href="http://${host}/"`)
    } finally {
      await visitor.dispose()
    }
    const anonymous = await playwright.request.newContext({ baseURL })
    try {
      const moved = await anonymous.get(`${portalOf('domains')}/`, { maxRedirects: 0 })
      expect(moved.status()).toBe(301)
      expect(moved.headers().location).toBe(`http://${host}/`)
    } finally {
      await anonymous.dispose()
    }

    // Removed: no longer served, at once.
    await entry.getByRole('button', { name: `Remove ${host}` }).click()
    await expect(page.getByRole('heading', { name: host, exact: true })).toHaveCount(0)
    const after = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { host } })
    try {
      const gone = await after.get('/')
      expect(gone.status()).toBe(404)
      expect(await gone.text()).toContain('Company not found')
    } finally {
      await after.dispose()
    }
  })

  // axe runs in the page: once, with JavaScript (the markup is the server's either way).
  test('the domains page, with a pending and a failed domain, has no accessibility violations', { tag: '@javascript-only' }, async ({ page }) => {
    const [pending, failed] = ['axe-pending.northwind-e2e.example', 'axe-failed.northwind-e2e.example']
    publishDnsRecord(`_trust-center.${failed}`, ['not-the-token'])
    await page.goto(SETTINGS)
    for (const host of [pending, failed]) {
      await page.getByLabel('Domain', { exact: true }).fill(host)
      await page.getByRole('button', { name: 'Add domain' }).click()
      await expect(page.getByRole('heading', { name: host, exact: true })).toBeVisible()
    }
    await domainEntry(page, failed).getByRole('button', { name: 'Check now' }).click()
    await expect(domainEntry(page, failed).getByText('does not hold this domain’s token')).toBeVisible()
    await expectNoViolations(page, { view: 'the domains page' })
  })
})
