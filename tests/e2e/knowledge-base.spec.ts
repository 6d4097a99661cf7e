// The knowledge base: staff add an FAQ on /knowledge-base (from the section's Manage link) and move it;
// a visitor opens "View all" and filters the FAQ dialog, as they type with JavaScript, through the
// GET form without. The entry is added on an org of the spec's own (support/orgs.ts; decision 035), and
// deleted at the end.
import { expectNoViolations, PORTAL_BEHIND_DIALOG } from './support/axe'
import { FAQS, hasJavaScript, waitForHydration } from './support/demo'
import { portalOf } from './support/orgs'
import { expect, staffSession, test } from './support/staff'

const PORTAL = portalOf('knowledge-base')

test('staff add an FAQ on /knowledge-base; a visitor finds it under View all and filters', async ({ page, browser, playwright }, testInfo) => {
  const js = hasJavaScript(testInfo.project.name)
  const baseURL = testInfo.project.use.baseURL!
  const word = js ? 'Quokka' : 'Wombat'
  const question = `Do you keep a ${word} on the security team?`
  const answer = `Yes: the ${word.toLowerCase()} reviews every change.\nTwice on Fridays.`
  const comment = `Ask for the ${word.toLowerCase()} report.`

  const staff = await browser.newContext({ baseURL, javaScriptEnabled: js })
  await staff.addCookies(await staffSession(playwright.request, baseURL, { org: 'knowledge-base' }))
  const admin = await staff.newPage()
  try {
    // Main mode: the section offers Manage to staff with the knowledge-base scope.
    await admin.goto(PORTAL)
    const staffSection = admin.getByRole('region', { name: 'Knowledge Base (FAQs)' })
    if (js) await waitForHydration(staffSection.getByRole('link', { name: 'Manage' }))
    await staffSection.getByRole('link', { name: 'Manage' }).click()
    await expect(admin).toHaveURL(/\/knowledge-base\?product=platform$/)
    await expect(admin.getByRole('heading', { level: 1, name: 'Knowledge base' })).toBeVisible()
    if (js) await waitForHydration(admin.getByRole('link', { name: 'Add question' }))

    // A form sent empty answers with the field messages.
    await admin.getByRole('link', { name: 'Add question' }).click()
    const form = admin.getByRole('form', { name: 'New question' })
    await form.getByRole('button', { name: 'Add question' }).click()
    await expect(form.getByText('Question is required')).toBeVisible()
    await expect(form.getByText('Answer is required')).toBeVisible()

    await form.getByLabel('Question').fill(question)
    await form.getByLabel('Answer').fill(answer)
    await form.getByLabel('Comment (optional)').fill(comment)
    await form.getByRole('button', { name: 'Add question' }).click()
    await expect(admin.getByRole('status').filter({ hasText: 'Question added' })).toBeVisible()
    const entries = admin.locator('.knowledge-base-page__entry h3')
    await expect(entries.last()).toHaveText(question)

    // One step up: it is now just before the last demo question.
    await admin.getByRole('button', { name: `Move up ${question}` }).click()
    await expect(admin.getByRole('status').filter({ hasText: 'Question moved up' })).toBeVisible()
    await expect(entries.nth(FAQS.length - 1)).toHaveText(question)
    await expect(entries.last()).toHaveText(FAQS.at(-1)!.question)

    // The visitor: five questions in the section, every one under View all.
    await page.goto(PORTAL)
    const section = page.getByRole('region', { name: 'Knowledge Base (FAQs)' })
    await expect(section.locator('details summary')).toHaveCount(5)
    await expect(section.getByText(question)).toHaveCount(0)
    await expect(section.getByRole('link', { name: 'Manage' })).toHaveCount(0)
    if (js) await waitForHydration(section.getByRole('link', { name: 'View all' }))
    await section.getByRole('link', { name: 'View all' }).click()
    await expect(page).toHaveURL(/[?&]faqs=true/)
    const dialog = page.getByRole('dialog', { name: 'Knowledge Base (FAQs)' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(FAQS.length + 1)
    await expect(dialog.getByRole('heading', { level: 3, name: question })).toBeVisible()
    await expect(dialog.getByText(comment)).toBeVisible()

    const filter = dialog.getByRole('searchbox', { name: 'Filter questions' })
    if (js) {
      // Focus moves into the dialog; the list follows the typing without a page load.
      await expect(filter).toBeFocused()
      await waitForHydration(filter)
      await filter.pressSequentially(word.toLowerCase())
      await expect(page).not.toHaveURL(/faqQuery/)
    } else {
      await filter.fill(word.toLowerCase())
      await filter.press('Enter')
      await expect(page).toHaveURL(new RegExp(`faqs=true&faqQuery=${word.toLowerCase()}`))
    }
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(1)
    await expect(dialog.getByRole('heading', { level: 3, name: question })).toBeVisible()
    await expect(dialog.getByRole('status')).toHaveText(`1 question of ${FAQS.length + 1} match`)
    await expect(dialog.getByText(FAQS[0].question)).toHaveCount(0)

    if (js) {
      await filter.fill('no such thing anywhere')
      await expect(dialog.getByText('No questions match')).toBeVisible()
      // Escape closes it and focus goes back to View all.
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expect(page).not.toHaveURL(/faqs=/)
      await expect(section.getByRole('link', { name: 'View all' })).toBeFocused()
    } else {
      await dialog.getByRole('link', { name: 'Close' }).click()
      await expect(page.getByRole('dialog')).toHaveCount(0)
      await expect(page).not.toHaveURL(/faqs=/)
    }
  } finally {
    // The entry goes again.
    await admin.goto('/knowledge-base')
    const del = admin.getByRole('link', { name: `Delete ${question}` })
    if (await del.count()) {
      await del.click()
      const confirm = admin.getByRole('dialog', { name: 'Delete question' })
      await expect(confirm).toContainText(question)
      await confirm.getByRole('button', { name: 'Delete question' }).click()
      await expect(admin.getByRole('status').filter({ hasText: 'Question deleted' })).toBeVisible()
      await expect(admin.getByRole('heading', { name: question })).toHaveCount(0)
    }
    await staff.close()
  }
})

test('the FAQ dialog and /knowledge-base have no accessibility violations', { tag: ['@a11y', '@javascript-only'] }, async ({ page, browser, playwright }, testInfo) => {
  await page.goto('/?faqs=true&faqQuery=backups')
  const dialog = page.getByRole('dialog', { name: 'Knowledge Base (FAQs)' })
  await expect(dialog.getByRole('heading', { level: 3 })).not.toHaveCount(0)
  await expectNoViolations(page, { view: 'the FAQ dialog', exclude: PORTAL_BEHIND_DIALOG })

  const baseURL = testInfo.project.use.baseURL!
  const staff = await browser.newContext({ baseURL })
  try {
    await staff.addCookies(await staffSession(playwright.request, baseURL))
    const admin = await staff.newPage()
    await admin.goto('/knowledge-base?product=platform&new=1')
    await expect(admin.getByRole('form', { name: 'New question' })).toBeVisible()
    await expectNoViolations(admin, { view: '/knowledge-base' })
  } finally {
    await staff.close()
  }
})
