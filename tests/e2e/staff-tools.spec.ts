// Staff tools in the browser: hiding a card, its placeholder text, custom items with their custom URL,
// move and delete, members' invitations with the outbox, the workspace nav and the audit log, and the
// drawer asking before it drops unsaved changes. On an org of the spec's own (support/orgs.ts; decision 035).
import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { hasJavaScript, waitForHydration } from './support/demo'
import { portalOf } from './support/orgs'
import { expect, test } from './support/staff'

const PORTAL = portalOf('staff-tools')

// Each journey works on cards of its own, so a failure in one leaves the others' untouched.
const CARDS = {
  javascript: { hide: 'NetworkSecurity', placeholder: 'AwarenessTraining', source: 'InternalPractices', destination: 'RiskManagement', unsaved: 'Legal' },
  'no-javascript': { hide: 'EndpointSecurity', placeholder: 'PhysicalEnvironmental', source: 'AssetManagement', destination: 'BusinessContinuity', unsaved: 'DataPrivacy' },
} as const

const cardsFor = (projectName: string) => CARDS[projectName as keyof typeof CARDS] ?? CARDS.javascript

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

/** Picks an entry of an action menu: a WAI-ARIA menu with JavaScript, a disclosure of links without. */
async function chooseFromMenu(page: Page, scope: Locator, label: string, entry: string, javascript: boolean) {
  if (javascript) {
    const button = scope.getByRole('button', { name: label, exact: true })
    await waitForHydration(button)
    await button.click()
    await page.getByRole('menuitem', { name: entry, exact: true }).click()
  } else {
    await scope.locator(`summary[aria-label="${label}"]`).click()
    await scope.getByRole('link', { name: entry, exact: true }).click()
  }
}

const cardTitleOf = async (page: Page, kind: string) => (await page.locator(`#card-${kind}-title`).innerText()).trim()

test.describe('staff tools', () => {
  test.use({ org: 'staff-tools', signedIn: true })

  test('hides a card from its menu, visitors stop seeing it, then shows it again', async ({ page, browser }, testInfo) => {
    const javascript = hasJavaScript(testInfo.project.name)
    const kind = cardsFor(testInfo.project.name).hide
    await page.goto(PORTAL)
    const card = page.locator(`article[data-card="${kind}"]`)
    const title = await cardTitleOf(page, kind)
    await chooseFromMenu(page, card, `Actions for ${title}`, 'Hide card', javascript)
    if (!javascript) {
      // Without JavaScript the menu link opens a confirmation.
      const dialog = page.getByRole('dialog', { name: 'Hide card' })
      await expect(dialog).toContainText(`Hide "${title}" from visitors? Staff still see it.`)
      await dialog.getByRole('button', { name: 'Hide card' }).click()
    }
    await expect(toast(page, 'Card hidden in Trust Center')).toBeVisible()
    // Staff still see the card, marked hidden.
    await expect(card.locator('.tag', { hasText: 'Hidden' })).toBeVisible()

    const visitor = await browser.newContext()
    const visitorPage = await visitor.newPage()
    await visitorPage.goto(PORTAL)
    await expect(visitorPage.locator('article[data-card]').first()).toBeVisible()
    await expect(visitorPage.locator(`article[data-card="${kind}"]`)).toHaveCount(0)

    await chooseFromMenu(page, card, `Actions for ${title}`, 'Show card', javascript)
    if (!javascript) await page.getByRole('dialog', { name: 'Show card' }).getByRole('button', { name: 'Show card' }).click()
    await expect(toast(page, 'Card shown in Trust Center')).toBeVisible()
    await expect(card.locator('.tag', { hasText: 'Hidden' })).toHaveCount(0)
    await visitorPage.reload()
    await expect(visitorPage.locator(`article[data-card="${kind}"]`)).toBeVisible()
    await visitor.close()

    // Both changes are in the audit log.
    await page.goto('/audit')
    const entries = page
      .locator('tbody tr')
      .filter({ has: page.locator('code', { hasText: /^card\.visibility$/ }) })
      .filter({ hasText: kind })
    await expect(entries).toHaveCount(2)
  })

  test('edits a card placeholder text and refuses one over 1000 characters', async ({ page }, testInfo) => {
    const javascript = hasJavaScript(testInfo.project.name)
    const kind = cardsFor(testInfo.project.name).placeholder
    await page.goto(PORTAL)
    const card = page.locator(`article[data-card="${kind}"]`)
    const title = await cardTitleOf(page, kind)
    const dialog = page.getByRole('dialog', { name: 'Set empty placeholder' })
    const field = dialog.getByLabel('Placeholder text')
    const open = async () => {
      await chooseFromMenu(page, card, `Actions for ${title}`, 'Edit placeholder text', javascript)
      if (javascript) await waitForHydration(field)
    }
    await open()
    const original = await field.inputValue()
    const marker = `Our ${title.toLowerCase()} practices are being written up (${testInfo.project.name}).`
    await field.fill('x'.repeat(1001))
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog.getByText('Placeholder text cannot exceed 1000 characters')).toBeVisible()
    await field.fill(marker)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Placeholder text updated')).toBeVisible()
    await expect(dialog).toBeHidden()

    // The dialog opens with the saved text; the original can be saved again.
    await open()
    await expect(field).toHaveValue(marker)
    await field.fill(original)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Placeholder text updated')).toBeVisible()
  })

  test('adds a custom item, gives it a custom URL, moves it to another card and deletes it', async ({ page }, testInfo) => {
    // A dozen staff pages and three dialogs: at a load of 40 on two cores it ran just past 30 s.
    test.slow()
    const javascript = hasJavaScript(testInfo.project.name)
    const { source, destination } = cardsFor(testInfo.project.name)
    const title = `Tamper-evident audit trail (${testInfo.project.name})`
    const slug = `tamper-evident-audit-trail-${testInfo.project.name}`
    await page.goto(PORTAL)
    const sourceTitle = await cardTitleOf(page, source)
    const destinationTitle = await cardTitleOf(page, destination)
    // Open the card's drawer, switch to Edit and add the item.
    const trigger = page.locator(`[data-card-trigger="${source}"]`)
    if (javascript) await waitForHydration(trigger)
    await trigger.click()
    const drawer = page.getByRole('dialog', { name: sourceTitle })
    await drawer.getByRole('link', { name: 'Edit', exact: true }).click()
    await drawer.getByRole('link', { name: 'Add custom item' }).click()
    const addDialog = page.getByRole('dialog', { name: 'Add custom item' })
    const titleField = addDialog.getByLabel('Title')
    if (javascript) await waitForHydration(titleField)
    await titleField.fill(title)
    await addDialog.getByRole('button', { name: 'Add item' }).click()
    await expect(toast(page, `Added ${title}`)).toBeVisible()
    const fields = drawer.getByRole('group', { name: title })
    await expect(fields).toBeVisible()
    await expect(fields.getByText('Custom', { exact: true })).toBeVisible()
    const uid = (await fields.getAttribute('id'))!.replace(/^edit-/, '')

    // Leave edit mode: the item is listed in the drawer with its actions.
    await drawer.getByRole('link', { name: 'Cancel' }).click()
    await expect(drawer.getByRole('link', { name: 'Edit', exact: true })).toBeVisible()
    const item = drawer.locator(`#item-${uid}`)
    await expect(item.getByRole('heading', { name: title })).toBeVisible()

    // Custom URL: an invalid slug is refused, a valid one saved.
    await chooseFromMenu(page, item, `Actions for ${title}`, 'Custom URL', javascript)
    const urlDialog = page.getByRole('dialog', { name: 'Create custom item URL' })
    const slugField = urlDialog.getByLabel('URL slug')
    if (javascript) await waitForHydration(slugField)
    await slugField.fill('Not a valid slug!')
    const invalidSlug = 'Invalid url slug, only lowercase letters, numbers and hyphens are allowed'
    if (javascript) {
      // Checked as it is typed, and Save waits for a valid slug.
      await expect(urlDialog.getByRole('alert')).toHaveText(invalidSlug)
      await expect(urlDialog.getByRole('button', { name: 'Save' })).toBeDisabled()
    } else {
      // Without JavaScript the server checks it when the form is sent.
      await expect(urlDialog.getByRole('button', { name: 'Save' }), 'Save must be usable without JavaScript').toBeEnabled()
      await urlDialog.getByRole('button', { name: 'Save' }).click()
      await expect(urlDialog.getByRole('alert')).toHaveText(invalidSlug)
    }
    await slugField.fill(slug)
    if (javascript) await expect(urlDialog.getByRole('alert')).toHaveCount(0)
    await urlDialog.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, `Successfully created custom URL for ${title}`)).toBeVisible()
    await expect(urlDialog).toBeHidden()

    // The permalink opens the drawer on the item.
    await page.goto(`${PORTAL}/item/${slug}`)
    await expect(page.getByRole('dialog', { name: sourceTitle }).locator(`#item-${uid}`)).toHaveClass(/item--open/)

    // Move it to another card.
    await page.goto(`${PORTAL}?card=${source}`)
    await chooseFromMenu(page, page.getByRole('dialog', { name: sourceTitle }).locator(`#item-${uid}`), `Actions for ${title}`, 'Move item', javascript)
    const moveDialog = page.getByRole('dialog', { name: 'Move item to a different card' })
    const destinationField = moveDialog.getByLabel('Card')
    if (javascript) await waitForHydration(destinationField)
    await destinationField.selectOption({ label: destinationTitle })
    await moveDialog.getByRole('button', { name: 'Move item' }).click()
    await expect(toast(page, `Successfully moved ${title} to ${destinationTitle}`)).toBeVisible()
    await expect(page.getByRole('dialog', { name: sourceTitle }).locator(`#item-${uid}`)).toHaveCount(0)

    // Delete it from its new card.
    await page.goto(`${PORTAL}?card=${destination}`)
    const moved = page.getByRole('dialog', { name: destinationTitle }).locator(`#item-${uid}`)
    await expect(moved.getByRole('heading', { name: title })).toBeVisible()
    await chooseFromMenu(page, moved, `Actions for ${title}`, 'Delete item', javascript)
    const deleteDialog = page.getByRole('dialog', { name: 'Delete custom item' })
    await expect(deleteDialog).toContainText(`Delete “${title}”? This cannot be undone.`)
    await deleteDialog.getByRole('button', { name: 'Delete' }).click()
    await expect(toast(page, `Deleted ${title}`)).toBeVisible()
    await expect(page.getByRole('dialog', { name: destinationTitle }).locator(`#item-${uid}`)).toHaveCount(0)
    await page.goto(`${PORTAL}/item/${slug}`)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

    // Each step is in the audit log, against the item.
    await page.goto('/audit')
    const rows = page.locator('tbody tr').filter({ hasText: uid })
    for (const action of ['item.add', 'item.slug', 'item.move', 'item.delete']) {
      await expect(rows.filter({ has: page.locator('code', { hasText: new RegExp(`^${action.replace('.', '\\.')}$`) }) })).toHaveCount(1)
    }
  })

  test('invites a colleague, revokes the invitation, and the e-mail waits in the outbox', async ({ page }, testInfo) => {
    const javascript = hasJavaScript(testInfo.project.name)
    // An address of this run's own, so the audit log's one revocation is this run's (decision 035).
    const email = `colleague-${testInfo.project.name}-${randomUUID().slice(0, 8)}@northwind.test`
    await page.goto('/members')
    const invite = page.getByRole('region', { name: 'Invite a member' })
    const emailField = invite.getByLabel('Email')
    if (javascript) await waitForHydration(emailField)
    await emailField.fill(email)
    await invite.getByLabel('Audit log').check()
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `Invitation sent to ${email}` })
        .first(),
    ).toBeVisible()

    const revoke = page.getByRole('button', { name: `Revoke the invitation of ${email}` })
    try {
      const pending = page.getByRole('region', { name: 'Pending invitations' })
      await expect(pending.getByText(email, { exact: true })).toBeVisible()
      await expect(pending).toContainText('Invited by')
      await revoke.click()
      await expect(page.getByRole('status').filter({ hasText: 'Invitation revoked' }).first()).toBeVisible()
      await expect(page.getByText(email, { exact: true })).toHaveCount(0)
    } finally {
      if (await revoke.count()) await revoke.click()
    }

    // No transport in the e2e server: the invitation e-mail is kept in the outbox.
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Settings' }).click()
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
    await page.getByRole('navigation', { name: 'Settings pages' }).getByRole('link', { name: 'E-mail', exact: true }).click()
    await expect(page).toHaveURL(/\/settings\/outbox$/)
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible()
    const message = page.locator('.outbox__message').filter({ hasText: `to ${email}` })
    await expect(message.locator('summary')).toContainText("invited you to Northwind Cloud's Trust Center workspace")
    // The worker holds it shortly after the invitation; reload until it has.
    await expect(async () => {
      await page.reload()
      await expect(message.locator('.tag')).toHaveText('Kept here (no transport)', { timeout: 1000 })
    }).toPass({ timeout: 15_000 })
    // The message is there to read, without its single-use link: only the invitee (or the server log) gets that.
    await message.locator('summary').click()
    await expect(message.locator('.outbox__body')).toContainText('/invite/[redacted:1]')
    await expect(message.locator('.outbox__body')).not.toContainText(/\/invite\/[A-Za-z0-9_-]{20,}/)

    await page.goto('/audit')
    await expect(
      page
        .locator('tbody tr')
        .filter({ hasText: email })
        .filter({ has: page.locator('code', { hasText: /^member\.invite\.revoke$/ }) }),
    ).toHaveCount(1)
  })

  test('the workspace nav leads to requests, accounts, documents, members, the audit log and settings', async ({ page }) => {
    await page.goto('/members')
    const nav = page.getByRole('navigation', { name: 'Workspace' })
    for (const [link, heading] of [
      ['Access requests', 'Access requests'],
      ['Accounts', 'Accounts'],
      ['Documents', 'Documents'],
      ['Members', 'Members'],
      ['Audit log', 'Audit log'],
      ['Settings', 'Settings'],
    ]) {
      await nav.getByRole('link', { name: link, exact: true }).click()
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
      await expect(nav.getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page')
    }
    // The audit log names who changed what, newest first.
    await nav.getByRole('link', { name: 'Audit log' }).click()
    await expect(page.getByRole('columnheader', { name: 'What' })).toBeVisible()
    await expect(page.locator('tbody tr').first()).toBeVisible()
  })

  test('closing the editor with unsaved changes asks first', async ({ page }, testInfo) => {
    const javascript = hasJavaScript(testInfo.project.name)
    const kind = cardsFor(testInfo.project.name).unsaved
    await page.goto(PORTAL)
    const cardTitle = await cardTitleOf(page, kind)
    await page.goto(`${PORTAL}?card=${kind}&edit=true`)
    const drawer = page.getByRole('dialog', { name: cardTitle })
    const explanation = drawer.getByLabel('Explanation').first()
    if (javascript) await waitForHydration(explanation)
    const original = await explanation.inputValue()
    const draft = `A draft nobody saved (${testInfo.project.name})`

    if (!javascript) {
      // Without JavaScript nothing can ask: Close is a plain link and the draft is simply dropped.
      await explanation.fill(draft)
      await drawer.getByRole('link', { name: 'Close' }).click()
      await expect(drawer).toBeHidden()
    } else {
      const asked: string[] = []
      page.on('dialog', (dialog) => {
        asked.push(dialog.message())
      })
      // A clean form closes without asking.
      await page.keyboard.press('Escape')
      await expect(drawer).toBeHidden()
      expect(asked).toEqual([])

      await page.goto(`${PORTAL}?card=${kind}&edit=true`)
      await waitForHydration(explanation)
      await explanation.fill(draft)
      await expect(drawer.locator('form[data-dirty="true"]')).toHaveCount(1)
      const dismissOnce = () => page.once('dialog', (dialog) => dialog.dismiss())

      // Escape, the Close link, the backdrop and Cancel all ask; dismissing keeps the draft.
      dismissOnce()
      await page.keyboard.press('Escape')
      await expect.poll(() => asked.length).toBe(1)
      dismissOnce()
      await drawer.getByRole('link', { name: 'Close' }).click()
      await expect.poll(() => asked.length).toBe(2)
      dismissOnce()
      await page.locator('.drawer-backdrop').click({ position: { x: 10, y: 10 } })
      await expect.poll(() => asked.length).toBe(3)
      dismissOnce()
      await drawer.getByRole('link', { name: 'Cancel' }).click()
      await expect.poll(() => asked.length).toBe(4)
      expect(new Set(asked)).toEqual(new Set(['You have unsaved changes. Discard them?']))
      await expect(page).toHaveURL(new RegExp(`[?&]edit=true`))
      await expect(explanation).toHaveValue(draft)

      // A dialog over the drawer closes alone on Escape, without asking about the drawer's draft.
      await drawer.getByRole('link', { name: 'Add custom item' }).click()
      const addDialog = page.getByRole('dialog', { name: 'Add custom item' })
      await waitForHydration(addDialog.getByLabel('Title'))
      await page.keyboard.press('Escape')
      await expect(addDialog).toBeHidden()
      await expect(explanation).toHaveValue(draft)
      expect(asked).toHaveLength(4)

      // Accepting discards the draft and closes the drawer.
      page.once('dialog', (dialog) => dialog.accept())
      await explanation.focus()
      await page.keyboard.press('Escape')
      await expect(drawer).toBeHidden()
      expect(asked).toHaveLength(5)
    }

    // Nothing was saved.
    await page.goto(`${PORTAL}?card=${kind}&edit=true`)
    await expect(explanation).toHaveValue(original)
  })
})
