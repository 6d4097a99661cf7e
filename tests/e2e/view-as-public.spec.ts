// Main mode shows what the public sees (issue 24 item 1, decision 060): staff see each item's state as a tag,
// switch to "View as public" (the anonymous visitor's page while signed in) and back. Reads only: the demo org.
import { expectNoViolations } from './support/axe'
import { hasJavaScript } from './support/demo'
import { expect, test } from './support/staff'

const PORTAL = '/portal/northwind'

test.describe('view as public', () => {
  test.use({ signedIn: true })

  test('staff see the state tags, view the page as the public and exit', async ({ page }, testInfo) => {
    // axe runs as a script in the page: with JavaScript (a11y.spec.ts checks the server-rendered pages).
    const axe = hasJavaScript(testInfo.project.name)
    // A hidden item's card open: every item tagged, the hidden one dimmed.
    await page.goto(`${PORTAL}?itemUid=intrusion-detection`)
    const hidden = page.locator('#item-intrusion-detection')
    await expect(hidden.locator('.tag', { hasText: 'Hidden' })).toBeVisible()
    await expect(hidden).toHaveClass(/item--dimmed/)
    await expect(page.locator('#item-firewalls .tag', { hasText: 'Restricted' })).toBeVisible()
    // The documents list and the grid cards carry them too.
    await page.goto(PORTAL)
    await expect(page.locator('#documents .document .tag--state').first()).toBeVisible()
    await expect(page.locator('.card__item .tag', { hasText: 'Public' }).first()).toBeVisible()
    if (axe) await expectNoViolations(page)

    await page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'View as public' }).click()
    const banner = page.getByRole('region', { name: 'Viewing as the public' })
    await expect(banner).toContainText('Viewing as the public')
    await expect(page).toHaveURL(/viewAs=public/)
    await expect(page.getByRole('region', { name: 'Staff tools' })).toHaveCount(0)
    await expect(page.locator('.tag--state')).toHaveCount(0)
    if (axe) await expectNoViolations(page)
    // The hidden item is not there for the public; the restricted one is locked.
    await page.goto(`${PORTAL}?viewAs=public&itemUid=firewalls`)
    await expect(page.locator('#item-firewalls')).toBeVisible()
    await expect(page.locator('#item-firewalls .item__locked')).toBeVisible()
    await expect(page.locator('#item-intrusion-detection')).toHaveCount(0)

    // Back on the page (the open card's dialog covers the banner), Exit returns to Main mode.
    await page.goto(`${PORTAL}?viewAs=public`)
    await page.getByRole('region', { name: 'Viewing as the public' }).getByRole('link', { name: 'Exit' }).click()
    await expect(page.getByRole('region', { name: 'Staff tools' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Viewing as the public' })).toHaveCount(0)
    await expect(page.locator('.card__item .tag--state').first()).toBeVisible()
  })
})
