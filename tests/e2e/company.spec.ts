// Staff give the portal their company's identity on /settings/company: a new name, a logo upload and a
// brand colour, then see them on the portal, with JavaScript and without (plain forms, one multipart). The
// company is one per org: the spec changes its own org's (support/orgs.ts; decision 035), and puts it back
// through the page at the end, the logo by uploading the demo's own picture again.
import { ORG } from './support/demo'
import { expectNoViolations } from './support/axe'
import { portalOf } from './support/orgs'
import { expect, test } from './support/staff'

const PAGE = '/settings/company'
const PORTAL_PATH = portalOf('company')
const LOGO = 'tests/fixtures/card-icon.png'
const DEMO_LOGO = 'public/images/northwind-logo.svg'
const NAME = 'Northwind Cloud (renamed)'
const COLOR = '#7c2d12'

test.use({ org: 'company', signedIn: true })

test('staff rename the company, upload a logo and set a colour, and the portal shows them', async ({ page }) => {
  // Four uploads and six page loads on two busy cores.
  test.slow()

  await page.goto(PAGE)
  await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'Branding' })).toHaveAttribute('aria-current', 'page')

  // A colour white text cannot sit on is refused, with a darker shade offered, and nothing is saved.
  const details = page.locator('#company-details')
  await details.getByLabel('Company name').fill(NAME)
  await details.getByLabel('Brand colour (optional)').fill('#ffcc00')
  await details.getByRole('button', { name: 'Save company details' }).click()
  await expect(details.getByText(/buttons and links need 4\.5:1 \(WCAG AA\)\. Try #[0-9a-f]{6}/)).toBeVisible()

  await details.getByLabel('Company name').fill(NAME)
  await details.getByLabel('Brand colour (optional)').fill(COLOR)
  await details.getByRole('button', { name: 'Save company details' }).click()
  await expect(page.getByText('Company details saved')).toBeVisible()
  await expect(details.getByLabel('Company name')).toHaveValue(NAME)

  const logoForm = page.locator('#company-logo')
  await logoForm.getByLabel('Logo file').setInputFiles(LOGO)
  await logoForm.getByLabel('Use the logo as the favicon too').uncheck()
  await logoForm.getByRole('button', { name: 'Upload logo' }).click()
  await expect(page.getByText('Logo saved')).toBeVisible()
  const preview = page.getByRole('img', { name: `Current logo of ${NAME}` })
  await expect(preview).toHaveAttribute('src', /^\/brand\/[0-9a-f-]{36}$/)
  const logoUrl = (await preview.getAttribute('src'))!

  // The next page view shows them: the logo (linking to the website), the name, the colour.
  await page.goto(PORTAL_PATH)
  const brand = page.getByRole('banner').getByRole('link', { name: `${NAME} logo` })
  await expect(brand).toHaveAttribute('href', ORG.website)
  const logo = brand.getByRole('img', { name: `${NAME} logo` })
  await expect(logo).toHaveAttribute('src', logoUrl)
  await expect.poll(() => logo.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0))).toBe(20)
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--brand').trim())).toBe(COLOR)
  await expect(page).toHaveTitle(new RegExp(NAME.replace(/[()]/g, '\\$&')))

  // Put back through the page.
  await page.goto(PAGE)
  await page.locator('#company-details').getByLabel('Company name').fill(ORG.name)
  await page.locator('#company-details').getByLabel('Brand colour (optional)').fill('')
  await page.locator('#company-details').getByRole('button', { name: 'Save company details' }).click()
  await expect(page.getByText('Company details saved')).toBeVisible()
  await page.locator('#company-logo').getByLabel('Logo file').setInputFiles(DEMO_LOGO)
  await page.locator('#company-logo').getByLabel('Use the logo as the favicon too').uncheck()
  await page.locator('#company-logo').getByRole('button', { name: 'Upload logo' }).click()
  await expect(page.getByText('Logo saved')).toBeVisible()
  await page.goto(PORTAL_PATH)
  await expect(page.getByRole('banner').getByRole('img', { name: `${ORG.name} logo` })).toBeVisible()
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--brand').trim())).toBe('#1d4ed8')
})

// axe runs in the page (a script): once, on the server's markup, with a field message shown.
test('the company page has no accessibility violations, with a refused colour too', { tag: '@javascript-only' }, async ({ page }) => {
  await page.goto(PAGE)
  await expectNoViolations(page, { view: 'company settings', soft: true })
  const details = page.locator('#company-details')
  await details.getByLabel('Brand colour (optional)').fill('#ffcc00')
  await details.getByRole('button', { name: 'Save company details' }).click()
  await expect(details.getByText(/buttons and links need 4\.5:1/)).toBeVisible()
  await expectNoViolations(page, { view: 'company settings with a refused colour' })
})
