// Issue 23's acceptance journey, with JavaScript on and off: a fresh server with SEED_DEMO=false prints the
// setup link; the owner sets up "Acme Security", lands in Main mode, uploads a logo, sets a colour, changes the
// portal address (the old one redirects), adds a product, adds a domain that a local DNS server verifies, and
// the portal answers on that Host with Acme's name, logo, favicon and share image. Then the Northwind demo of
// another server is deleted by the command an operator runs. Every server and the DNS server are this spec's
// own, per project: nothing here touches the config's demo servers.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { type APIRequestContext } from '@playwright/test'
import { expect, test } from './support/test'
import { hasJavaScript, waitForHydration } from './support/demo'
import { ownEnv, startOwnServer, type OwnServer } from './support/own-server'
import { startFakeDns, type FakeDns } from '../fakes/dns'

const NAME = 'Acme Security'
const COLOR = '#0f766e'
const PRODUCT = 'Acme Cloud'
const HOST = 'trust.acme.test'
const PASSWORD = 'a-very-long-password'
/** A logo of shapes only: an SVG is redrawn from its shapes, its text would be dropped. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="40" height="40" rx="8" fill="#0f766e"/><circle cx="80" cy="20" r="16" fill="#134e4a"/></svg>'

const run = promisify(execFile)

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)]

test.describe('a company’s own trust center on an empty install', () => {
  test.describe.configure({ mode: 'serial' })
  let dns: FakeDns | undefined
  let acme: OwnServer | undefined
  let demo: OwnServer | undefined

  test.beforeAll(async () => {
    // Two fresh PGlite directories, each through every migration (and the demo's seed), on busy cores.
    test.setTimeout(180_000)
    dns = await startFakeDns()
    ;[acme, demo] = await Promise.all([
      startOwnServer({ name: 'acme', env: { SEED_DEMO: 'false', DNS_SERVERS: dns.servers }, awaitSetupLink: true }),
      startOwnServer({ name: 'demo', env: { SEED_DEMO: 'true' } }),
    ])
  })

  test.afterAll(async () => {
    await Promise.all([acme?.dispose(), demo?.dispose(), dns?.close()])
  })

  test('Acme Security sets itself up with its logo, colour, address, product and domain', async ({ page, playwright }, testInfo) => {
    // A setup, three uploads and forms, a dozen page views and the share image drawn, on two busy cores.
    test.setTimeout(120_000)
    const javascript = hasJavaScript(testInfo.project.name)
    const app = acme!.url
    const portal = `${app}/portal/acme`

    await test.step('the setup link creates Acme Security and signs its owner in, in Main mode', async () => {
      const setupLink = acme!.setupLink()
      expect(setupLink).toMatch(new RegExp(`^${app}/setup/[A-Za-z0-9_-]{43}$`))
      await page.goto(setupLink!)
      await expect(page.getByRole('heading', { name: 'Set up your trust center' })).toBeVisible()
      await page.getByLabel('Company name').fill(NAME)
      await page.getByLabel('Portal address').fill('acme-security')
      await page.getByLabel('Company website').fill('https://acme.example')
      await page.getByLabel('Your name').fill('Ada Owner')
      await page.getByLabel('Your email').fill('ada@acme.example')
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await page.getByLabel('Repeat the password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Create trust center' }).click()
      await expect(page).toHaveURL(`${app}/portal/acme-security`)
      await expect(page.getByRole('region', { name: 'Staff tools' })).toContainText('You are editing this Trust Center')
    })

    await test.step('Company: a logo (the favicon too), a brand colour and a new portal address', async () => {
      await page.goto(`${app}/settings/company`)
      await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible()
      const logoForm = page.getByRole('region', { name: 'Logo' })
      if (javascript) await waitForHydration(logoForm.getByRole('button', { name: 'Upload logo' }))
      await logoForm.getByLabel('Logo file').setInputFiles({ name: 'acme-logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO_SVG) })
      await logoForm.getByLabel('Use the logo as the favicon too').check()
      await logoForm.getByRole('button', { name: 'Upload logo' }).click()
      await expect(page.getByText('Logo saved')).toBeVisible()
      await expect(page.getByRole('img', { name: `Current logo of ${NAME}` })).toHaveAttribute('src', /^\/brand\/[0-9a-f-]{36}$/)

      const details = page.getByRole('region', { name: 'Company details' })
      await details.getByLabel('Brand colour (optional)').fill(COLOR)
      await details.getByLabel('Portal address').fill('acme')
      await details.getByRole('button', { name: 'Save company details' }).click()
      await expect(page.getByText('Company details saved')).toBeVisible()
      await expect(details.getByLabel('Portal address')).toHaveValue('acme')

      // The next page view: the logo in the header, linking to the website, and the colour.
      await page.goto(portal)
      const brand = page.getByRole('banner').getByRole('link', { name: `${NAME} logo` })
      await expect(brand).toHaveAttribute('href', 'https://acme.example')
      const logo = brand.getByRole('img', { name: `${NAME} logo` })
      await expect.poll(() => logo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))).toBeGreaterThan(0)
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--brand').trim())).toBe(COLOR)
    })

    await test.step('Products: Acme Cloud is added and the portal’s selector leads to it', async () => {
      await page.goto(`${app}/settings/products`)
      const nameField = page.getByRole('textbox', { name: 'Product name' })
      if (javascript) await waitForHydration(nameField)
      await nameField.fill(PRODUCT)
      await page.getByRole('button', { name: 'Add product' }).click()
      await expect(page.getByText(`Added ${PRODUCT}`)).toBeVisible()

      await page.goto(portal)
      await page.getByLabel(/^Product: /).click()
      await page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: PRODUCT }).click()
      await expect(page).toHaveURL(`${portal}/product/acme-cloud`)
      await expect(page.getByLabel(/^Product: /)).toHaveAttribute('aria-label', `Product: ${PRODUCT}`)
    })

    await test.step('the old portal address answers 301 to the new one, deeper addresses too', async () => {
      for (const [old, moved] of [
        ['/portal/acme-security', '/portal/acme'],
        ['/portal/acme-security/product/acme-cloud', '/portal/acme/product/acme-cloud'],
      ]) {
        const answer = await page.request.get(`${app}${old}`, { maxRedirects: 0 })
        expect(answer.status(), old).toBe(301)
        expect(new URL(answer.headers().location, app).pathname).toBe(moved)
      }
    })

    await test.step('Domains: trust.acme.test is verified by the DNS server and made primary', async () => {
      await page.goto(`${app}/settings/domains`)
      await page.getByLabel('Domain', { exact: true }).fill(HOST)
      await page.getByRole('button', { name: 'Add domain' }).click()
      const entry = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: HOST, exact: true }) })
      await expect(entry.getByText('Pending', { exact: true })).toBeVisible()
      const txt = entry
        .getByRole('table', { name: `DNS records for ${HOST}` })
        .getByRole('row')
        .filter({ hasText: 'TXT' })
      await expect(txt.getByRole('cell', { name: `_trust-center.${HOST}` })).toBeVisible()
      const token = (await txt.getByRole('cell').nth(2).innerText()).trim()
      expect(token).toMatch(/^[0-9a-f]{32}$/)

      dns!.set(`_trust-center.${HOST}`, [token])
      await entry.getByRole('button', { name: 'Check now' }).click()
      await expect(entry.getByText('Verified', { exact: true })).toBeVisible()
      await entry.getByRole('button', { name: 'Make primary' }).click()
      await expect(entry.getByText('Primary', { exact: true })).toBeVisible()

      // A visitor on the deployment-host address is sent to the domain (signed-in staff keep it, to edit in place).
      const anonymous = await playwright.request.newContext({ baseURL: app })
      try {
        const moved = await anonymous.get('/portal/acme/product/acme-cloud', { maxRedirects: 0 })
        expect(moved.status()).toBe(301)
        expect(moved.headers().location).toBe(`http://${HOST}/product/acme-cloud`)
      } finally {
        await anonymous.dispose()
      }
    })

    await test.step('a visitor on trust.acme.test sees Acme’s name, logo, favicon and share image', async () => {
      // A visitor's requests with the domain as Host, from Playwright's HTTP client: Chromium refuses a Host
      // header (net::ERR_INVALID_ARGUMENT), and with --host-resolver-rules it would send the server's port in
      // Host while the portal's absolute addresses (og:image) name the domain on port 80.
      const visitor = await playwright.request.newContext({ baseURL: app, extraHTTPHeaders: { host: HOST } })
      try {
        const home = await visitor.get('/', { maxRedirects: 0 })
        expect(home.status()).toBe(200)
        const html = await home.text()
        expect(html).toContain(`<title>${NAME}`)
        expect(html).toContain(`<link rel="canonical" href="http://${HOST}/"`)
        expect(html).not.toContain('Northwind')

        const logo = new RegExp(`<img[^>]*alt="${NAME} logo"[^>]*>`).exec(html)?.[0]
        expect(logo, 'the header logo').toBeTruthy()
        await expectImage(visitor, /src="([^"]+)"/.exec(logo!)![1], /^image\/(png|svg\+xml|webp|jpeg)$/)

        const icons = [...html.matchAll(/<link[^>]*rel="icon"[^>]*>/g)].map((link) => /href="([^"]+)"/.exec(link[0])![1])
        expect(icons.at(-1)).toContain('/favicon.png?v=')
        await expectImage(visitor, icons.at(-1)!, /^image\/png$/)

        const share = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]
        expect(share).toMatch(new RegExp(`^http://${HOST.replace(/\./g, '\\.')}/share\\.png\\?v=`))
        expect(html).toContain(`<meta property="og:image:alt" content="${NAME} Logo"`)
        const image = await expectImage(visitor, share!, /^image\/png$/)
        expect(pngSize(image)).toEqual([1200, 630])
      } finally {
        await visitor.dispose()
      }
    })
  })

  test('the Northwind demo is deleted by command', async ({ page }) => {
    // A server stopped and started again around the command (PGlite serves one process), on busy cores.
    test.setTimeout(120_000)
    const server = demo!
    await page.goto(`${server.url}/portal/northwind`)
    await expect(page.getByRole('banner').getByRole('link', { name: 'Northwind Cloud logo' })).toBeVisible()

    await server.stop()
    // As an operator would: `npm run org:delete -- northwind --yes`, on the stopped server's data directory.
    const { stdout } = await run(process.execPath, ['server/org-delete.js', 'northwind', '--yes'], { env: ownEnv(server.dataDir) })
    expect(stdout).toMatch(/^Deleted "Northwind Cloud" \(northwind\): its rows, and \d+ stored files/)
    await server.restart({ env: { SEED_DEMO: 'false' }, awaitSetupLink: true })

    // No org left: the demo's portal is gone, and every page says where the setup link is.
    const gone = await page.goto(`${server.url}/portal/northwind`)
    expect(gone?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Set up your trust center' })).toBeVisible()
    expect((await page.goto(`${server.url}/`))?.status()).toBe(404)
    await expect(page.getByText('printed a one-time setup link in its log')).toBeVisible()
    expect(server.setupLink()).toMatch(new RegExp(`^${server.url}/setup/`))
  })
})

/** Fetches `address` (absolute, or a path on the visitor's Host) and expects an image of `type`; its bytes. */
async function expectImage(visitor: APIRequestContext, address: string, type: RegExp) {
  // An absolute address names the domain without the server's port: the path, with the domain as Host.
  const url = new URL(address, `http://${HOST}`)
  const answer = await visitor.get(`${url.pathname}${url.search}`)
  expect(answer.status(), address).toBe(200)
  expect(answer.headers()['content-type'], address).toMatch(type)
  return answer.body()
}
