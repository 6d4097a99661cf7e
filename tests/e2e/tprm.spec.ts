// "Send data to TPRM tool" (issue 10 part 6; spec sections 2.7, 4 and 9; docs/trust-data.md): a signed-in
// member of the demo's Contoso picks a partner tool, sees the token once, copies it, and the tool fetches the
// account's trust data with it. Back clears the token. Both projects: without JavaScript the dialog is a form
// the server renders, and the token comes in the answer to its POST. Every test is a new member of Contoso,
// on a server of its own (support/journey.ts).
import type { Page } from '@playwright/test'
import { ACCOUNT, TPRM_PARTNERS } from '../../db/seed/northwind'
import { expectNoViolations as checkAxe } from './support/axe'
import { expect, openAccountMenu, ready, signedInMember, test } from './support/journey'

const TOKEN = /^[A-Za-z0-9_-]{43}$/

test.describe('send data to a TPRM tool', () => {
  test.slow()

  test('a member picks a tool, sees its token once, and the tool fetches the account’s data', async ({ page, person, mailbox, js, baseURL }) => {
    const member = person({ domain: ACCOUNT.domains[0] })
    await signedInMember(page, member, mailbox, js)
    const menu = await openAccountMenu(page, member, js)
    await menu.link('Send data to TPRM tool').click()
    await expect(page).toHaveURL(/[?&]tprm=true/)

    const dialog = page.getByRole('dialog', { name: 'Send data to TPRM tool' })
    await expect(dialog).toBeVisible()
    for (const partner of TPRM_PARTNERS) await expect(dialog.getByRole('radio', { name: new RegExp(partner.name) })).toBeVisible()
    const next = dialog.getByRole('button', { name: 'Next' })
    await ready(next, js)
    if (js) await expectNoViolations(page, 'the choice of tool')
    await dialog.getByRole('radio', { name: /Whistic/ }).check()
    await next.click()

    // Step two: the token in a read-only field, never in the address.
    const field = dialog.getByRole('textbox', { name: 'Token' })
    await expect(field).toBeVisible()
    await expect(field).toHaveAttribute('readonly', '')
    const token = await field.inputValue()
    expect(token).toMatch(TOKEN)
    expect(page.url()).not.toContain(token)
    await expect(dialog).toContainText('Paste this token into Whistic')
    await expect(dialog.getByRole('link', { name: 'Full instructions' })).toHaveAttribute('href', /docs\/trust-data\.md#tprm-tokens$/)

    if (js) {
      await expectNoViolations(page, 'the token')
      // Copy puts it on the clipboard; "Copied" shows for five seconds on a 95px button.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
      const copy = dialog.getByRole('button', { name: 'Copy' })
      await ready(copy, js)
      expect((await copy.boundingBox())?.width).toBe(95)
      await copy.click()
      await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token)
      await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 7000 })
    } else {
      // Nothing runs the clipboard without JavaScript: the field is there to copy from.
      await expect(dialog.getByRole('button', { name: 'Copy' })).toHaveCount(0)
    }

    // The partner's tool fetches the account's data with it.
    const fetched = await page.request.get('/trust.json', { headers: { Authorization: `Bearer ${token}` } })
    expect(fetched.status()).toBe(200)
    expect(fetched.headers()['cache-control']).toBe('private, no-store')
    expect((await fetched.json()).viewer).toEqual({ mode: 'account', account: ACCOUNT.name })
    const refused = await page.request.get('/trust.json', { headers: { Authorization: `Bearer ${'A'.repeat(43)}` } })
    expect(refused.status()).toBe(401)

    // Back returns to the choice, and the token is gone from the page.
    await dialog.getByRole('link', { name: 'Back' }).click()
    await expect(dialog.getByRole('radio', { name: /OneTrust/ })).toBeVisible()
    await expect(dialog.getByRole('textbox', { name: 'Token' })).toHaveCount(0)
    expect(await page.content()).not.toContain(token)

    // A second token, then Done closes the dialog.
    await ready(dialog.getByRole('button', { name: 'Next' }), js)
    await dialog.getByRole('radio', { name: /OneTrust/ }).check()
    await dialog.getByRole('button', { name: 'Next' }).click()
    const second = await dialog.getByRole('textbox', { name: 'Token' }).inputValue()
    expect(second).toMatch(TOKEN)
    expect(second).not.toBe(token)
    await dialog.getByRole('link', { name: 'Done' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page).not.toHaveURL(/tprm=/)
    expect(await page.content()).not.toContain(second)
  })

  test('the public is offered no TPRM tool', async ({ page }) => {
    await page.goto('/?tprm=true')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Send data to TPRM tool' })).toHaveCount(0)
    const data = await page.request.get('/trust.json')
    expect(data.status()).toBe(200)
    expect((await data.json()).viewer).toEqual({ mode: 'public', account: null })
  })
})

/** Axe needs the page's scripts: with JavaScript only. Soft, so every violation is listed. */
const expectNoViolations = (page: Page, view: string) => checkAxe(page, { view, include: '[role="dialog"]', soft: true })
