// First start on an empty database (issue 23 item 1), with JavaScript on and off: a server of this spec's own
// with SEED_DEMO=false prints the setup link; the owner sets up "Acme Security" and lands signed in, in Main
// mode, with the Getting started checklist.
import { expect, test } from './support/test'
import { expectNoViolations } from './support/axe'
import { hasJavaScript } from './support/demo'
import { startOwnServer, type OwnServer } from './support/own-server'

test.describe('first start on an empty database', () => {
  // One server for the spec, started fresh: its data is this spec's alone.
  test.describe.configure({ mode: 'serial', timeout: 180_000 })
  let server: OwnServer | undefined
  let appUrl = ''
  let setupLink = ''

  test.beforeAll(async () => {
    // A fresh PGlite: its first start and every migration, on busy cores.
    test.setTimeout(180_000)
    // The link is the server's own words in its output; ready once it is printed (after the listen).
    server = await startOwnServer({ name: 'setup', env: { SEED_DEMO: 'false' }, awaitSetupLink: true })
    appUrl = server.url
    setupLink = server.setupLink() ?? ''
  })

  test.afterAll(async () => {
    await server?.dispose()
  })

  test('every portal page says where the link is; the link sets up Acme Security and signs its owner in', async ({ page }, testInfo) => {
    // axe runs as a script in the page: the markup is the same without JavaScript, checked once.
    const javascript = hasJavaScript(testInfo.project.name)
    expect(setupLink).toMatch(new RegExp(`^${appUrl}/setup/[A-Za-z0-9_-]{43}$`))

    const empty = await page.goto(`${appUrl}/`)
    expect(empty?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Set up your trust center' })).toBeVisible()
    await expect(page.getByText('printed a one-time setup link in its log')).toBeVisible()
    expect((await page.goto(`${appUrl}/portal/acme-security`))?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Set up your trust center' })).toBeVisible()

    await page.goto(setupLink)
    await expect(page.getByRole('heading', { name: 'Set up your trust center' })).toBeVisible()
    if (javascript) await expectNoViolations(page, { view: 'the setup page' })

    // A mistake first: field messages, nothing created.
    await page.getByLabel('Company name').fill('Acme Security')
    await page.getByLabel('Company website').fill('http://acme.example')
    await page.getByLabel('Your name').fill('Ada Owner')
    await page.getByLabel('Your email').fill('ada@acme.example')
    await page.getByLabel('Password', { exact: true }).fill('a-very-long-password')
    await page.getByLabel('Repeat the password').fill('a-very-long-password')
    await page.getByRole('button', { name: 'Create trust center' }).click()
    await expect(page.getByText('Use an https:// address')).toBeVisible()
    // The form's fields are the shared TextField: typed inputs, autocomplete, the hint and the error in their description.
    const website = page.getByLabel('Company website')
    await expect(website).toHaveAttribute('type', 'url')
    await expect(website).toHaveAttribute('autocomplete', 'url')
    await expect(website).toHaveAttribute('aria-invalid', 'true')
    await expect(website).toHaveAccessibleDescription(/Use an https:\/\/ address.*the header logo links there/)
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'new-password')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('At least 12 characters.')
    await expect(page.getByLabel('Your email')).toHaveAttribute('type', 'email')
    await expect(page.getByLabel('Portal address')).toHaveAccessibleDescription(/\/portal\/acme-security\. Lowercase letters/)

    await page.getByLabel('Company website').fill('https://acme.example')
    // Without JavaScript the server sent the passwords back empty: typed again either way.
    await page.getByLabel('Password', { exact: true }).fill('a-very-long-password')
    await page.getByLabel('Repeat the password').fill('a-very-long-password')
    await page.getByRole('button', { name: 'Create trust center' }).click()

    // The portal in Main mode, signed in as the owner; the address was suggested from the name.
    await expect(page).toHaveURL(`${appUrl}/portal/acme-security`)
    await expect(page.getByRole('region', { name: 'Staff tools' })).toContainText('You are editing this Trust Center')
    const checklist = page.getByRole('region', { name: 'Getting started' })
    await expect(checklist).toBeVisible()
    await expect(checklist.getByRole('listitem')).toHaveCount(5)
    await expect(checklist).toContainText('0 of 5 done')
    await expect(checklist.getByRole('link', { name: 'Company settings' })).toHaveAttribute('href', '/settings/company')
    if (javascript) await expectNoViolations(page, { view: 'the portal after setup', include: '.getting-started' })

    // Used: the link is refused from now on.
    expect((await page.goto(setupLink))?.status()).toBe(404)

    // Dismissed for good.
    await page.goto(`${appUrl}/portal/acme-security`)
    await page.getByRole('region', { name: 'Getting started' }).getByRole('button', { name: 'Dismiss' }).click()
    await expect(page).toHaveURL(`${appUrl}/portal/acme-security`)
    await expect(page.getByRole('region', { name: 'Staff tools' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Getting started' })).toHaveCount(0)
  })
})
