// Trust updates by e-mail, end to end (issue 8; portal shell spec section 2, PRODUCT.md section 4): the
// subscribe popover, the confirmation mail read back from the fake SMTP server, the confirm page and the
// subscribe result dialogs, an update staff send arriving with RFC 8058 headers, the one-click POST and the
// unsubscribe dialog. Each test runs with JavaScript on and off, on the journey's own server
// (support/journey.ts).
import type { APIRequestContext, Page } from '@playwright/test'
import { expectNoViolations as checkAxe } from './support/axe'
import { ORG } from './support/demo'
import { expect, ready, test, type Mailbox, type Person } from './support/journey'
import type { ParsedMail } from './support/mime'

const CONFIRM_LINK = /(https?:\/\/[^\s"<>]+\/subscribe\/[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/
const POPOVER = `Subscribe to ${ORG.name}'s updates`
const TOPIC = 'Compliance reports and certifications'

/** axe runs in the browser: with JavaScript off the page's markup is the same, checked by the other project. */
async function expectNoViolations(page: Page, view: string, js: boolean) {
  if (!js) return
  await checkAxe(page, { view, include: '[role=dialog]', soft: true })
}

function confirmLinkOf(mail: ParsedMail) {
  const link = CONFIRM_LINK.exec(mail.text)?.[1]
  expect(link, `a confirmation link in "${mail.subject}"`).toBeTruthy()
  return link!
}

/**
 * Proof that the outbox sent everything queued so far, instead of waiting a while: two later confirmations,
 * the second queued once the first arrived. Mail is claimed in the order it was queued and a claim is sent
 * whole before the next one, so when the second arrives, any mail queued before the first has arrived too.
 */
async function outboxPassed(request: APIRequestContext, baseURL: string, mailbox: Mailbox, person: () => Person) {
  for (const sentinel of [person(), person()]) {
    const response = await request.post('/?subscribe=true', {
      form: { intent: 'subscribe', source: 'subscribe_button', email: sentinel.email },
      headers: { origin: new URL(baseURL).origin },
      maxRedirects: 0,
    })
    expect(response.status(), 'a subscription through the form post').toBe(302)
    await mailbox.next(sentinel.email, /^Confirm your subscription to /)
  }
}

/** Opens the popover from the Subscribe button beside Share and subscribes `email`. */
async function subscribe(page: Page, email: string, js: boolean) {
  await page.goto('/')
  const button = page.getByRole('complementary', { name: 'Share and subscribe' }).getByRole('link', { name: 'Subscribe' })
  await ready(button, js)
  await button.click()
  const popover = page.getByRole('dialog', { name: POPOVER })
  await expect(popover).toBeVisible()
  await expect(page).toHaveURL(/[?&]source=subscribe_button/)
  await expect(popover.getByText('You may unsubscribe at any time')).toBeVisible()
  await popover.getByLabel('Email').fill(`  ${email.toUpperCase()} `)
  await popover.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Please check your email inbox to confirm your subscription' })).toBeVisible()
  await expect(popover).toBeHidden()
}

test.describe('subscriptions', () => {
  test.slow()

  test('a visitor subscribes, confirms by the e-mailed link, receives an update staff send, and unsubscribes', async ({
    page,
    newPage,
    person,
    mailbox,
    js,
    playwright,
    request,
    baseURL,
  }) => {
    const visitor = person()
    await subscribe(page, visitor.email, js)
    const mail = await mailbox.next(visitor.email, /^Confirm your subscription to /)
    const link = confirmLinkOf(mail)

    await page.goto(link)
    await expect(page.getByRole('heading', { name: `Confirm your subscription to ${ORG.name}'s updates`, level: 1 })).toBeVisible()
    await page.getByRole('button', { name: 'Confirm subscription' }).click()
    const confirmed = page.getByRole('dialog', { name: 'Subscription confirmed' })
    await expect(confirmed).toBeVisible()
    await expect(confirmed).toContainText(`You will now receive updates from ${ORG.name}'s`)
    await expectNoViolations(page, 'subscription confirmed', js)
    await confirmed.getByRole('link', { name: 'Done' }).click()
    await expect(confirmed).toBeHidden()
    await expect(page).not.toHaveURL(/subscribeStatus/)

    // Staff publish an update by e-mail: it arrives with the RFC 8058 headers.
    const staff = await newPage({ staff: true })
    await staff.goto('/updates')
    await expect(staff.getByRole('heading', { name: 'Updates', level: 1 })).toBeVisible()
    await staff.getByRole('link', { name: `New update in ${TOPIC}` }).click()
    const composer = staff.getByRole('region', { name: `New update in ${TOPIC}` })
    const title = `Penetration test summary for ${visitor.lastName}`
    const message = `Our 2026 penetration test summary is available. (${visitor.lastName})`
    await composer.getByLabel('Title').fill(title)
    await composer.getByLabel('Message').fill(message)
    await composer.getByLabel('Email', { exact: true }).check()
    await composer.getByLabel('All confirmed subscribers').check()
    await composer.getByRole('button', { name: 'Publish update' }).click()
    const update = await mailbox.next(visitor.email, new RegExp(`update: ${title}$`))
    expect(update.text).toContain(message)
    expect(update.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(update.headers.get('list-id')).toMatch(/<updates\./)
    const listUnsubscribe = update.headers.get('list-unsubscribe') ?? ''
    expect(listUnsubscribe).toMatch(/<mailto:[^>]+>/)
    const oneClick = /<(https?:\/\/[^>]+\/unsubscribe\?token=[^>]+)>/.exec(listUnsubscribe)?.[1]
    expect(oneClick, 'an https one-click URL in List-Unsubscribe').toBeTruthy()

    // The unsubscribe link of the mail opens the dialog; Unsubscribe leaves with a snack.
    const dialogLink = /(https?:\/\/[^\s"<>]+\?unsubscribeToken=[A-Za-z0-9._-]+)/.exec(update.text)?.[1]
    expect(dialogLink, 'an unsubscribe link in the mail').toBeTruthy()
    await page.goto(dialogLink!)
    const leave = page.getByRole('dialog', { name: `Unsubscribe to ${ORG.name}'s updates` })
    await ready(leave, js)
    await expectNoViolations(page, 'unsubscribe dialog', js)
    await leave.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'You have been unsubscribed to updates' })).toBeVisible()
    await expect(page).not.toHaveURL(/unsubscribeToken/)

    // A mail provider's one-click POST: no cookie, no Origin, 200 and no redirect.
    const provider = await playwright.request.newContext()
    const answer = await provider.post(oneClick!, { form: { 'List-Unsubscribe': 'One-Click' }, maxRedirects: 0 })
    expect(answer.status()).toBe(200)
    await provider.dispose()

    // The link works once.
    await page.goto(link)
    await expect(page.getByRole('dialog', { name: 'Subscription failed' })).toContainText('Your subscription link expired. Please try to subscribe again.')
    // Subscribing again within the hour says the same and sends no second confirmation.
    await subscribe(page, visitor.email, js)
    await outboxPassed(request, baseURL!, mailbox, person)
    expect(mailbox.to(visitor.email).filter((mail) => mail.subject.startsWith('Confirm your subscription'))).toHaveLength(1)
  })

  test('a direct link opens the popover, Cancel removes it; an unknown link offers to try again', async ({ page, js }) => {
    await page.goto('/?subscribe=true')
    const popover = page.getByRole('dialog', { name: POPOVER })
    await ready(popover, js)
    await expectNoViolations(page, 'subscribe popover', js)
    await popover.getByLabel('Email').fill('not an address')
    await popover.getByRole('button', { name: 'Subscribe' }).click()
    await expect(popover.getByText('This email is invalid')).toBeVisible()
    await popover.getByRole('link', { name: 'Cancel' }).click()
    await expect(popover).toBeHidden()
    await expect(page).not.toHaveURL(/subscribe=/)

    await page.goto(`/subscribe/${'A'.repeat(43)}`)
    const failed = page.getByRole('dialog', { name: 'Subscription failed' })
    await expect(failed).toContainText('Your subscription link expired. Please try to subscribe again.')
    await expectNoViolations(page, 'subscription failed', js)
    await failed.getByRole('link', { name: 'Try again' }).click()
    await expect(page.getByRole('dialog', { name: POPOVER })).toBeVisible()
  })
})
