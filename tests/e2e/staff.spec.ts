import { hasJavaScript, waitForHydration } from './support/demo'
import { adminEmailOf, portalOf } from './support/orgs'
import { ADMIN, expect, test } from './support/staff'

test.describe('staff sign-in', () => {
  test('a wrong password gets one message for any failure', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill('admin@northwind.test')
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.')
    await page.getByLabel('Email').fill('nobody@northwind.test')
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.')
  })

  test('private pages send visitors to the sign-in page', async ({ page }) => {
    await page.goto('/members')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmembers/)
    await expect(page.getByRole('heading', { name: 'Sign in to your workspace' })).toBeVisible()
  })

  // The one journey that types the password: every other staff journey starts signed in (support/staff.ts).
  test('signing in through the form leads back to the page asked for, signed in', async ({ page }) => {
    await page.goto('/members')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmembers/)
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/members$/)
    await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible()
    await page.goto('/portal/northwind')
    await expect(page.getByRole('region', { name: 'Staff tools' })).toBeVisible()
  })
})

const PORTAL = portalOf('staff')

test.describe('signed-in staff', () => {
  // The card's display text and its item's explanation are one per card: the spec's own org's (decision 035).
  test.use({ org: 'staff', signedIn: true })

  test('staff edit a card display text and an item, and visitors see the change', async ({ page, browser }, testInfo) => {
    const javascript = hasJavaScript(testInfo.project.name)
    await page.goto(PORTAL)
    const marker = `Encrypted and audited (${testInfo.project.name})`
    // The card's action menu offers the tools; its items are links, so this works without JavaScript too.
    const card = page.locator('article[data-card="Esg"]')
    if (javascript) {
      await card.getByRole('button', { name: /Actions for/ }).click()
      await page.getByRole('menuitem', { name: 'Edit display text' }).click()
    } else {
      await card.locator('summary').click()
      await card.getByRole('link', { name: 'Edit display text' }).click()
    }
    const dialog = page.getByRole('dialog', { name: 'Edit display text' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Display text').fill('abc')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Must be at least 4 characters, or leave empty for default.')).toBeVisible()
    await page.getByRole('dialog', { name: 'Edit display text' }).getByLabel('Display text').fill(marker)
    await page.getByRole('dialog', { name: 'Edit display text' }).getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Display text updated' })).toBeVisible()
    await expect(card.getByText(marker)).toBeVisible()

    // Edit / Cancel / Save drawer.
    await page.goto(`${PORTAL}?card=Esg&edit=true`)
    const drawer = page.getByRole('dialog', { name: /ESG/ })
    const explanation = drawer.getByLabel('Explanation').first()
    // With JavaScript, type once the editor is live (it loads after the page, on demand).
    if (javascript) await waitForHydration(explanation)
    await explanation.fill(`${marker}: explanation`)
    await drawer.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('status').filter({ hasText: /Saved/ })).toBeVisible()

    // A visitor in a fresh context sees the saved text.
    const visitor = await browser.newPage()
    await visitor.goto(PORTAL)
    await expect(visitor.locator('article[data-card="Esg"]').getByText(marker)).toBeVisible()
    await visitor.close()
  })

  test.describe('on a session of its own', () => {
    test.use({ signedIn: 'own session' })

    test('the workspace lists members and the audit log, and signing out ends the session', async ({ page }) => {
      await page.goto('/members')
      await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible()
      await expect(page.getByText(adminEmailOf('staff'))).toBeVisible()
      await page.getByRole('link', { name: 'Audit log' }).click()
      await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible()
      await page.getByRole('button', { name: 'Log out' }).click()
      await expect(page).toHaveURL(/\/login$/)
      await page.goto('/members')
      await expect(page).toHaveURL(/\/login\?redirectTo=/)
    })
  })
})
