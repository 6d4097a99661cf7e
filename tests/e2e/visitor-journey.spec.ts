// The visitor journey end to end (portal shell spec sections 2-8, PRODUCT.md section 3): requesting access,
// the outcome dialogs, staff review, login links read back from the mail the server sends through SMTP, the
// NDA, the account menu, inviting colleagues, preview and comments, and axe on each of their views.
// Every test runs in both projects (JavaScript on and off, playwright.config.ts), against a journey server
// whose mail goes to a fake SMTP server (support/journey.ts, journey-mail.ts).
import { DOCUMENT_DETAILS } from '../../db/seed/northwind-items'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { ACCOUNT, PERMISSION_PROFILE } from '../../db/seed/northwind'
import { expectNoViolations as checkAxe, PORTAL_BEHIND_DIALOG } from './support/axe'
import { cardTitle, DOCUMENT_ENTRIES, entry, ORG, PLATFORM, PLATFORM_ENTRIES } from './support/demo'
import {
  approveRequest,
  chooseAction,
  dismissWelcome,
  expect,
  expireLoginLinks,
  fillRequestForm,
  findAccount,
  inviteLinkOf,
  loginLinkOf,
  openAccountMenu,
  openRequest,
  openRequestAccess,
  PORTAL_NAME,
  ready,
  requestAccess,
  signedInMember,
  signInWithLink,
  test,
} from './support/journey'

/** A restricted report the demo's only profile ("Contoso reviewers") unlocks, with a real PDF. */
const SOC2 = entry('soc-2-type-2-report')
const granted = (item: { uid: string; kind: string }) => (PERMISSION_PROFILE.cardKinds as readonly string[]).includes(item.kind) || PERMISSION_PROFILE.itemUids.includes(item.uid)
/** A restricted item that profile leaves locked. */
const NOT_GRANTED = PLATFORM_ENTRIES.find((item) => item.restricted && !item.hidden && !granted(item))!
const APPROVED_MAIL = /has been approved/
const USED_LINK = 'This login link has already been used or is not valid. Each link works once.'

/**
 * Soft, so one view's violations do not hide the next view's: the test fails with all of them listed.
 * `overPortal` for a dialog over a portal whose markup another view of the same visitor has checked.
 */
const expectNoViolations = (page: Page, view: string, { overPortal = false } = {}) => checkAxe(page, { view, soft: true, exclude: overPortal ? PORTAL_BEHIND_DIALOG : undefined })

function expectPdf(body: Buffer) {
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-')
}

// @postgres: the journey CI's PostgreSQL pass runs end to end on the server's database (playwright.config.ts).
test.describe('the core journey', { tag: '@postgres' }, () => {
  // A long journey, and on two cores.
  test.slow()

  test('a new visitor requests access, is approved with an NDA by e-mail, signs it, opens a restricted document, downloads the NDA and logs out', async ({
    page,
    newPage,
    person,
    mailbox,
    js,
  }, testInfo) => {
    expect(granted(SOC2) && SOC2.restricted && SOC2.documents?.length).toBeTruthy()
    const visitor = person()

    // The review banner opens the Request Access form.
    const dialog = await openRequestAccess(page, js)
    await expect(page).toHaveURL(/[?&]requestAccess=true/)
    await expect(dialog).toContainText(`Please provide the following details to get access to ${PORTAL_NAME}`)
    await fillRequestForm(dialog, visitor)
    await dialog.getByRole('button', { name: 'Submit Request' }).click()
    const sent = page.getByRole('dialog', { name: 'Request sent' })
    await expect(sent).toBeVisible()
    await expect(sent).toContainText(`Thanks! ${ORG.name} will review your request and email you at ${visitor.email} once it's approved.`)
    await mailbox.next(visitor.email, /Your access request to/)

    // Staff approve it with the demo profile and the NDA required.
    const staff = await newPage({ staff: true })
    await staff.goto('/access-requests?status=pending')
    const row = staff.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: visitor.name, exact: true }) })
    await expect(row).toContainText(visitor.email)
    await expect(row).toContainText(visitor.company)
    await approveRequest(staff, visitor, { nda: true })

    // The approval mail came through SMTP; its link signs the visitor in.
    const approval = await mailbox.next(visitor.email, APPROVED_MAIL)
    await signInWithLink(page, loginLinkOf(approval), js)

    // Restricted content waits for the NDA.
    const nda = page.getByRole('dialog', { name: 'Non-Disclosure Agreement' })
    await expect(nda).toBeVisible()
    await expect(nda.getByRole('region', { name: 'NDA text' })).toContainText('Mutual Non-Disclosure Agreement for Security Reviews')
    await ready(nda.getByRole('button', { name: 'Sign NDA' }), js)
    // The signer's name is the member's, and the NDA can be kept or read elsewhere before signing.
    await expect(nda.getByLabel('Full name')).toHaveValue(visitor.name)
    const copying = page.waitForEvent('download')
    await nda.getByRole('button', { name: 'Download this NDA (PDF)' }).click()
    const copy = await copying
    expect(copy.suggestedFilename()).toBe(`${ORG.name} NDA (not signed).pdf`)
    const copyPath = testInfo.outputPath('nda-copy.pdf')
    await copy.saveAs(copyPath)
    expectPdf(await readFile(copyPath))
    await nda.getByRole('checkbox', { name: 'I have read and agree to the Non-Disclosure Agreement' }).check()
    await nda.getByRole('button', { name: 'Sign NDA' }).click()
    await expect(page.getByRole('dialog', { name: 'Non-Disclosure Agreement' })).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: "Reminder: You're viewing this Trust Center under NDA" })).toBeVisible()
    await dismissWelcome(page, js)

    // A restricted document of the granted profile opens and downloads; an item outside it stays locked.
    await page.goto(`/item/${SOC2.uid}`)
    const article = page.getByRole('dialog', { name: cardTitle(SOC2.kind) }).getByRole('article', { name: SOC2.title })
    await expect(article).toBeVisible()
    await expect(article).toContainText(SOC2.explanation!)
    const href = await article.getByRole('link', { name: 'View', exact: true }).first().getAttribute('href')
    const file = await page.request.get(href!)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toBe('application/pdf')
    expectPdf(await file.body())
    const downloading = page.waitForEvent('download')
    await article.getByRole('link', { name: 'Download', exact: true }).first().click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(SOC2.documents![0])
    const saved = testInfo.outputPath(download.suggestedFilename())
    await download.saveAs(saved)
    expectPdf(await readFile(saved))

    await page.goto(`/item/${NOT_GRANTED.uid}`)
    const locked = page.getByRole('dialog', { name: cardTitle(NOT_GRANTED.kind) }).getByRole('article', { name: NOT_GRANTED.title })
    // What the profile lacks, the member asks staff for (tests/integration/request-dialog.test.ts files one).
    await expect(locked.getByRole('button', { name: `Request access to ${NOT_GRANTED.title}` })).toBeVisible()

    // The account menu: the review, the NDA as a PDF, and Log Out.
    await page.goto('/')
    const menu = await openAccountMenu(page, visitor, js)
    await expect(page.getByText(`${visitor.name} · ${visitor.company}`)).toBeVisible()
    await expect(page.getByText('Clickwrap NDA', { exact: true })).toBeVisible()
    const ndaDownloading = page.waitForEvent('download')
    await menu.button('Download NDA').click()
    const ndaPdf = await ndaDownloading
    expect(ndaPdf.suggestedFilename()).toBe(`${ORG.name} NDA.pdf`)
    const ndaPath = testInfo.outputPath('nda.pdf')
    await ndaPdf.saveAs(ndaPath)
    expectPdf(await readFile(ndaPath))

    const menuAgain = await openAccountMenu(page, visitor, js)
    await menuAgain.button('Log Out').click()
    await expect(page.getByRole('region', { name: 'Start your security review' }).getByRole('link', { name: 'Request access' })).toBeVisible()
    await expect(page.getByText(visitor.name, { exact: true })).toHaveCount(0)
    await page.goto(`/item/${SOC2.uid}`)
    await expect(page.getByRole('article', { name: SOC2.title }).getByRole('link', { name: 'Get access' })).toBeVisible()
  })
})

test.describe('the request dialog from a locked item', () => {
  test('names the item, says what happens next, keeps Submit in view on a phone, and the banner then says the request is pending', async ({ newPage, person, js }) => {
    const visitor = person()
    // A browser of its own: the pending-request cookie stays out of the worker's kept context.
    const page = await newPage()
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`/item/${SOC2.uid}`)
    const article = page.getByRole('dialog', { name: cardTitle(SOC2.kind) }).getByRole('article', { name: SOC2.title })
    // Locked: the summary, type and date staff set, never the explanation.
    await expect(article).toContainText(SOC2.locked!.summary)
    await expect(article).toContainText(SOC2.locked!.type)
    await expect(article).not.toContainText(SOC2.explanation!)
    const getAccess = article.getByRole('link', { name: 'Get access' })
    await ready(getAccess, js)
    await getAccess.click()

    const dialog = page.getByRole('dialog', { name: 'Request Access' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText("You're requesting:")).toContainText(SOC2.title)
    await expect(dialog).toContainText('We usually reply within 2 business days')
    await expect(dialog).toContainText("You'll be asked to sign an NDA")
    await expect(dialog).toContainText('are required')
    const submit = dialog.getByRole('button', { name: 'Submit Request' })
    await ready(submit, js)
    // The form is longer than the phone's screen; its actions stay in view.
    await expect(submit).toBeInViewport()

    await fillRequestForm(dialog, visitor)
    await submit.click()
    const sent = page.getByRole('dialog', { name: 'Request sent' })
    await expect(sent).toBeVisible()
    await sent.getByRole('link', { name: 'Done' }).click()
    await expect(sent).toHaveCount(0)

    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Start your security review' })
    await expect(banner).toContainText('Your request is pending review')
    await expect(banner).toContainText(visitor.email)
    await expect(banner.getByRole('link', { name: 'Request access' })).toHaveCount(0)
    await page.goto(`/item/${SOC2.uid}`)
    await expect(page.getByRole('article', { name: SOC2.title })).toContainText('Access requested')
  })
})

test.describe('request outcomes', () => {
  test('a requester from an auto-approved domain gets "Access approved" and a login link by e-mail', async ({ page, person, mailbox, js }) => {
    const visitor = person({ domain: ACCOUNT.domains[0] })
    await requestAccess(page, visitor, js)
    const approved = page.getByRole('dialog', { name: 'Access approved' })
    await expect(approved).toBeVisible()
    await expect(approved).toContainText(`we sent a login link to ${visitor.email}`)
    const mail = await mailbox.next(visitor.email, APPROVED_MAIL)
    expect(mail.to).toContain(visitor.email)
    loginLinkOf(mail)
  })

  // The dialog tells nobody who is a customer; the person reads where they stand in their mail (issue 21).
  test('asking again while a request waits shows "Request sent" again; the e-mail says it is pending', async ({ page, person, mailbox, js }) => {
    const visitor = person()
    await requestAccess(page, visitor, js)
    await expect(page.getByRole('dialog', { name: 'Request sent' })).toBeVisible()
    await mailbox.next(visitor.email, /Your access request to/)

    await requestAccess(page, visitor, js)
    const again = page.getByRole('dialog', { name: 'Request sent' })
    await expect(again).toBeVisible()
    await expect(again).toContainText(`Thanks! ${ORG.name} will review your request and email you at ${visitor.email} once it's approved.`)
    const pending = await mailbox.next(visitor.email, /is waiting for review$/)
    expect(pending.text).toContain('there is no need to ask again')
  })

  test('a requester staff declined who asks again sees "Request sent"; the e-mail says it was declined', async ({ page, newPage, person, mailbox, js }) => {
    const visitor = person()
    await requestAccess(page, visitor, js)
    await expect(page.getByRole('dialog', { name: 'Request sent' })).toBeVisible()

    const staff = await newPage({ staff: true })
    await openRequest(staff, visitor)
    await staff.getByLabel('Decline as').selectOption('declined')
    await staff.getByRole('button', { name: 'Decline', exact: true }).click()
    await expect(staff.getByRole('status').filter({ hasText: `Request of ${visitor.name} declined` })).toBeVisible()
    await mailbox.next(visitor.email, /Update on your access request/)

    await requestAccess(page, visitor, js)
    await expect(page.getByRole('dialog', { name: 'Request sent' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Request declined' })).toHaveCount(0)
    const declined = await mailbox.next(visitor.email, /Update on your access request/)
    expect(declined.text).toContain('could not approve your request')
  })

  test('staff find a request in the queue, open it, approve it there and see it approved in the list', async ({ page, newPage, person, mailbox, js }) => {
    const visitor = person()
    await requestAccess(page, visitor, js)
    await expect(page.getByRole('dialog', { name: 'Request sent' })).toBeVisible()

    const staff = await newPage({ staff: true, axe: true })
    await staff.goto('/access-requests')
    // The bulk bar: with JavaScript once a request is selected; without it always there.
    const bulk = staff.getByRole('form', { name: 'Decide the selected requests' })
    const rowOf = () => staff.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: visitor.name, exact: true }) })
    if (js) {
      await expect(bulk).toBeHidden()
      await rowOf()
        .getByRole('checkbox', { name: `Select ${visitor.name}` })
        .check()
      await expect(bulk).toBeVisible()
      await expect(bulk.getByRole('heading', { name: '1 selected' })).toBeVisible()
      await rowOf()
        .getByRole('checkbox', { name: `Select ${visitor.name}` })
        .uncheck()
      await expect(bulk).toBeHidden()
    } else {
      await expect(bulk.getByRole('button', { name: 'Approve selected' })).toBeVisible()
    }

    // The search applies as staff type with JavaScript, by Apply without it.
    await staff.getByRole('searchbox', { name: 'Search by name, e-mail or company' }).fill(visitor.email)
    if (js) await expect(staff.getByRole('button', { name: 'Apply' })).toHaveCount(0)
    else await staff.getByRole('button', { name: 'Apply' }).click()
    await expect(staff).toHaveURL(/[?&]q=/)
    await expect(staff.getByRole('rowheader')).toHaveCount(1)
    const row = rowOf()
    await expect(row).toContainText(visitor.email)
    await expect(row).toContainText(visitor.company)
    await expect(row).toContainText(PLATFORM.name)
    await expect(row).toContainText('Pending')
    await expectNoViolations(staff, 'the access queue, searched')

    await row.getByRole('link', { name: visitor.name, exact: true }).click()
    await expect(staff.getByRole('heading', { name: visitor.name, level: 1 })).toBeVisible()
    await expect(staff.getByRole('link', { name: 'Back to access requests' })).toHaveAttribute('href', /\/access-requests\?q=/)
    // Nothing suggests another customer's profile: the demo product's only one is Contoso's.
    const profile = staff.getByLabel('Permission profile')
    await expect(profile).toHaveValue('')
    await expectNoViolations(staff, 'a request to decide')
    await profile.selectOption({ label: PERMISSION_PROFILE.name })
    await staff.getByRole('checkbox', { name: 'Require NDA' }).uncheck()
    await staff.getByRole('button', { name: 'Approve', exact: true }).click()
    await expect(staff.getByRole('status').filter({ hasText: `Access granted to ${visitor.name}` })).toBeVisible()

    // Back in the queue as it was searched, the request now approved.
    await expect(staff).toHaveURL(/\/access-requests\?q=/)
    await expect(rowOf()).toContainText('Approved')
    await expect(rowOf().getByRole('checkbox')).toHaveCount(0)
    await mailbox.next(visitor.email, APPROVED_MAIL)
  })

  test('a free e-mail address is refused next to the Email field', async ({ page, person, mailbox, js }) => {
    const visitor = person({ domain: 'gmail.com' })
    await requestAccess(page, visitor, js)
    const form = page.getByRole('dialog', { name: 'Request Access' })
    const email = form.getByLabel('Email', { exact: true })
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription('Please use your work email.')
    await expect(form.getByText('Please use your work email.')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Request sent' })).toHaveCount(0)
    expect(mailbox.to(visitor.email)).toEqual([])
  })

  test('a member whose access was revoked sees "Request sent", and the e-mailed link leads to "Access expired" and the extension', async ({
    page,
    newPage,
    person,
    mailbox,
    js,
  }) => {
    const visitor = person()
    await requestAccess(page, visitor, js)
    await expect(page.getByRole('dialog', { name: 'Request sent' })).toBeVisible()
    const staff = await newPage({ staff: true, axe: true })
    await approveRequest(staff, visitor, { nda: false })
    await mailbox.next(visitor.email, APPROVED_MAIL)

    await findAccount(staff, visitor.company)
    // Revoking is in the access row's menu, and asks first.
    await chooseAction(staff, `Actions for access of ${visitor.company} to ${PLATFORM.name}`, 'Revoke access', js)
    const confirm = staff.getByRole('dialog', { name: 'Revoke access' })
    await expect(confirm).toContainText(`${visitor.company} loses access to ${PLATFORM.name} now`)
    await expectNoViolations(staff, "an account's page with the revoke confirmation")
    await confirm.getByRole('button', { name: 'Revoke access' }).click()
    await expect(staff.getByRole('status').filter({ hasText: `Access of ${visitor.company} to ${PLATFORM.name} revoked` })).toBeVisible()
    await expect(staff).toHaveURL(/[?&]account=/)

    // One "Access until" with quick extensions; +90 days counts from today once access has ended.
    await staff.getByRole('button', { name: `Extend access of ${visitor.company} to ${PLATFORM.name} by 90 days` }).click()
    await expect(staff.getByRole('status').filter({ hasText: `Access of ${visitor.company} to ${PLATFORM.name} extended until` })).toBeVisible()
    await chooseAction(staff, `Actions for access of ${visitor.company} to ${PLATFORM.name}`, 'Revoke access', js)
    await staff.getByRole('dialog', { name: 'Revoke access' }).getByRole('button', { name: 'Revoke access' }).click()
    await expect(staff.getByRole('status').filter({ hasText: `Access of ${visitor.company} to ${PLATFORM.name} revoked` })).toBeVisible()

    await requestAccess(page, visitor, js)
    await expect(page.getByRole('dialog', { name: 'Request sent' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Access expired' })).toHaveCount(0)
    await signInWithLink(page, loginLinkOf(await mailbox.next(visitor.email, /has expired$/)), js)
    const expired = page.getByRole('dialog', { name: 'Access expired' })
    await expect(expired).toBeVisible()
    await expect(expired).toContainText(`Your access to ${PORTAL_NAME} has expired.`)
    await ready(expired.getByRole('button', { name: 'Extend access' }), js)
    await expired.getByRole('button', { name: 'Extend access' }).click()
    const sent = page.getByRole('dialog', { name: 'Request sent' })
    await expect(sent).toBeVisible()
    await expect(sent).toContainText(`${ORG.name} will review your request to extend your access.`)

    // The extension joins the staff queue.
    await staff.goto('/access-requests?status=pending')
    await expect(staff.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: visitor.name, exact: true }) })).toContainText(visitor.email)
  })
})

test.describe('login links', () => {
  test('the Login tab answers an unknown address as any other, and its e-mail opens the Request Access form prefilled', async ({ page, newPage, person, mailbox, js }) => {
    const visitor = person()
    await page.goto('/?loginRequest=true')
    const dialog = page.getByRole('dialog', { name: `Get access to ${PORTAL_NAME}` })
    await expect(dialog).toBeVisible()
    await ready(dialog.getByRole('button', { name: 'Continue' }), js)
    await dialog.getByLabel('Email', { exact: true }).fill(visitor.email)
    await dialog.getByRole('button', { name: 'Continue' }).click()
    const check = page.getByRole('dialog', { name: 'Check your email' })
    await expect(check).toBeVisible()
    await expect(check).toContainText(`If ${visitor.email} has access to ${PORTAL_NAME}, we've sent it a login link.`)

    const note = await mailbox.next(visitor.email, /^Logging in to /)
    const requestUrl = /(https?:\/\/\S+\?requestAccess=true&email=\S+)/.exec(note.text)?.[1]
    expect(requestUrl).toBeTruthy()
    const opened = await newPage()
    await opened.goto(requestUrl!)
    const form = opened.getByRole('dialog', { name: 'Request Access' })
    await expect(form).toBeVisible()
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue(visitor.email)
  })

  test('a login link works once: the second time it says so, and a fresh one is one click away', async ({ page, newPage, person, mailbox, js }) => {
    const visitor = person({ domain: ACCOUNT.domains[0] })
    await requestAccess(page, visitor, js)
    await expect(page.getByRole('dialog', { name: 'Access approved' })).toBeVisible()
    const approval = await mailbox.next(visitor.email, APPROVED_MAIL)
    // The approval says what it grants, in the plain-text part too.
    expect(approval.text).toMatch(/\nAccess until: [A-Z][a-z]+ \d{1,2}, \d{4}\n/)
    const link = loginLinkOf(approval)
    await signInWithLink(page, link, js)
    await dismissWelcome(page, js)

    const other = await newPage()
    const response = await other.goto(link)
    expect(response?.status()).toBe(410)
    await expect(other.getByRole('alert')).toHaveText(USED_LINK)
    await expect(other.getByText(`Signing in as ${visitor.email}`)).toBeVisible()
    await expect(other.getByRole('button', { name: 'Continue' })).toHaveCount(0)
    await other.getByRole('button', { name: 'E-mail me a new link' }).click()
    await expect(other.getByRole('status').filter({ hasText: 'new login link' })).toHaveText(`We've e-mailed a new login link to ${visitor.email}. It works once, for 15 minutes.`)
    const fresh = loginLinkOf(await mailbox.next(visitor.email, /Your login link/))
    expect(fresh).not.toBe(link)
    const third = await newPage()
    await third.goto(fresh)
    await expect(third.getByRole('button', { name: 'Continue' })).toBeVisible()
  })

  // The row's expiry is set in the server's database: reachable on PostgreSQL only (PGlite is the server's
  // alone), so the config selects this test when TEST_DATABASE_URL is set, in one project (a server-side
  // rule); tests/integration/visitor-sessions.test.ts covers expired links on both databases.
  test('an expired login link says so', { tag: ['@javascript-only', '@postgres-only'] }, async ({ page, person, mailbox, js, journeyServer }) => {
    const visitor = person({ domain: ACCOUNT.domains[0] })
    await requestAccess(page, visitor, js)
    await expect(page.getByRole('dialog', { name: 'Access approved' })).toBeVisible()
    const link = loginLinkOf(await mailbox.next(visitor.email, APPROVED_MAIL))
    await expireLoginLinks(journeyServer.databaseUrl!, visitor.email)
    const response = await page.goto(link)
    expect(response?.status()).toBe(410)
    await expect(page.getByRole('alert')).toHaveText('This login link has expired. Login links work for 15 minutes.')
    await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0)
  })

  test('fetching a login link (as a mail scanner does) leaves it usable once in the browser', async ({ page, person, mailbox, js }) => {
    const visitor = person({ domain: ACCOUNT.domains[0] })
    await requestAccess(page, visitor, js)
    await expect(page.getByRole('dialog', { name: 'Access approved' })).toBeVisible()
    const link = loginLinkOf(await mailbox.next(visitor.email, APPROVED_MAIL))

    const scanned = await page.request.get(link)
    expect(scanned.status()).toBe(200)
    expect(await scanned.text()).toContain('Continue')
    const again = await page.request.get(link)
    expect(again.status()).toBe(200)

    await signInWithLink(page, link, js)
    await dismissWelcome(page, js)
    await openAccountMenu(page, visitor, js)
    await expect(page.getByText(`${visitor.name} · ${ACCOUNT.name}`)).toBeVisible()
  })
})

test.describe('invite colleagues', () => {
  test.slow()

  test('a member invites a colleague, whose e-mailed link opens the form prefilled and approves them into the same account', async ({ page, newPage, person, mailbox, js }) => {
    const member = person({ domain: ACCOUNT.domains[0] })
    await signedInMember(page, member, mailbox, js)
    const colleague = person({ company: 'Adatum', firstName: 'Alex' })
    const message = `Please review Northwind before our call (${colleague.lastName}).`

    const menu = await openAccountMenu(page, member, js)
    await menu.link('Invite colleagues').click()
    const dialog = page.getByRole('dialog', { name: 'Invite colleagues' })
    await expect(dialog).toBeVisible()
    await ready(dialog.getByRole('button', { name: 'Send' }), js)
    const emails = dialog.getByLabel('Emails')
    await emails.fill(colleague.email)
    if (js) {
      await emails.press('Enter')
      await expect(dialog.getByRole('button', { name: `Remove ${colleague.email}` })).toBeVisible()
    }
    await dialog.getByLabel('Message (optional)').fill(message)
    await dialog.getByRole('button', { name: 'Send' }).click()
    const sent = page.getByRole('dialog', { name: 'Invitations sent' })
    await expect(sent).toBeVisible()
    await expect(sent).toContainText(colleague.email)

    const invitation = await mailbox.next(colleague.email, /invited you to/)
    expect(invitation.subject).toContain(member.name)
    expect(invitation.text).toContain(message)

    // The invitee, in a browser of their own.
    const invitee = await newPage()
    await invitee.goto(inviteLinkOf(invitation))
    const form = invitee.getByRole('dialog', { name: 'Request Access' })
    await expect(form).toBeVisible()
    await ready(form.getByRole('button', { name: 'Submit Request' }), js)
    await expect(form.getByLabel('Email', { exact: true })).toHaveValue(colleague.email)
    await fillRequestForm(form, colleague, { email: false })
    await form.getByRole('button', { name: 'Submit Request' }).click()
    await expect(invitee.getByRole('dialog', { name: 'Access approved' })).toBeVisible()

    await signInWithLink(invitee, loginLinkOf(await mailbox.next(colleague.email, APPROVED_MAIL)), js)
    await dismissWelcome(invitee, js)
    await openAccountMenu(invitee, colleague, js)
    await expect(invitee.getByText(`${colleague.name} · ${ACCOUNT.name}`)).toBeVisible()
    await expect(invitee.getByText('(NDA signed by another user at your organization)')).toBeVisible()
  })
})

test.describe('preview', () => {
  test.use({ signedIn: true })

  test("staff preview the portal as Contoso from /accounts and see Contoso's unlocked documents", async ({ page }) => {
    await findAccount(page, ACCOUNT.name)
    const preview = page.getByRole('link', { name: `Preview as ${ACCOUNT.name}` })
    await expect(preview).toHaveAttribute('href', /[?&]accountId=[0-9a-f-]{36}/)
    await preview.click()
    await expect(page).toHaveURL(/[?&]accountId=[0-9a-f-]{36}/)
    await expect(page.getByRole('region', { name: 'Preview' })).toContainText(`Previewing as ${ACCOUNT.name}`)

    const documents = page.getByRole('region', { name: 'Documents' })
    await documents.getByRole('link', { name: 'View all documents' }).click()
    await expect(page).toHaveURL(/[?&]accountId=/)
    const restricted = DOCUMENT_ENTRIES.filter((item) => item.restricted)
    const unlocked = restricted.filter(granted)
    expect(unlocked.length).toBeGreaterThan(0)
    // Unlocked: downloadable, or for a view-only document viewable only.
    for (const item of unlocked) {
      const viewOnly = item.documents?.some((name) => DOCUMENT_DETAILS[name]?.viewOnly) ?? false
      await expect(documents.getByRole('link', { name: `${viewOnly ? 'View' : 'Download'} ${item.title}` }).first()).toBeVisible()
      if (viewOnly) await expect(documents.getByRole('link', { name: `Download ${item.title}` })).toHaveCount(0)
    }
    for (const item of restricted.filter((item) => !granted(item))) await expect(documents.getByRole('link', { name: `Download ${item.title}` })).toHaveCount(0)
  })
})

test.describe('comments', () => {
  test('a signed-in Contoso member comments on an unlocked item', async ({ page, person, mailbox, js }) => {
    const member = person({ domain: ACCOUNT.domains[0] })
    await signedInMember(page, member, mailbox, js)
    const text = `Could you share the bridge letter too? (${member.lastName})`

    await page.goto(`/item/${SOC2.uid}`)
    const article = page.getByRole('dialog', { name: cardTitle(SOC2.kind) }).getByRole('article', { name: SOC2.title })
    const comments = article.getByRole('region', { name: 'Comments' })
    await expect(comments).toContainText('Type below to start a conversation')
    await ready(comments.getByRole('button', { name: 'Send' }), js)
    await comments.getByRole('textbox', { name: 'Comment' }).fill(text)
    await comments.getByRole('button', { name: 'Send' }).click()
    const posted = page.getByRole('article', { name: SOC2.title }).getByRole('region', { name: 'Comments' }).getByRole('listitem').filter({ hasText: text })
    await expect(posted).toBeVisible()
    await expect(posted).toContainText(member.name)
  })
})

// The markup axe reads is the server's in both projects: checked once, in the JavaScript project.
test.describe('accessibility', { tag: ['@javascript-only', '@a11y'] }, () => {
  // axe checks several views per test. Over a dialog it leaves out the portal behind: the anonymous one is
  // a11y.spec.ts's home page, the signed member's is checked once with the account menu open.
  test.slow()

  test('the access modal (both tabs) and the request-sent dialog have no accessibility violations', async ({ newPage, person, js }) => {
    const view = await newPage({ axe: true })
    await view.goto('/?requestAccess=true')
    await expect(view.getByRole('dialog', { name: 'Request Access' })).toBeVisible()
    await expectNoViolations(view, 'the Request Access tab', { overPortal: true })

    await view.getByRole('tab', { name: 'Login' }).click()
    await expect(view.getByRole('dialog', { name: `Get access to ${PORTAL_NAME}` })).toBeVisible()
    await expectNoViolations(view, 'the Login tab', { overPortal: true })

    await requestAccess(view, person(), js)
    await expect(view.getByRole('dialog', { name: 'Request sent' })).toBeVisible()
    await expectNoViolations(view, 'the Request sent dialog', { overPortal: true })
  })

  test('the access link page, the NDA dialog, the open account menu and the invite dialog have no accessibility violations', async ({ newPage, person, mailbox, js }) => {
    const visitor = person()
    const view = await newPage({ axe: true })
    await requestAccess(view, visitor, js)
    await expect(view.getByRole('dialog', { name: 'Request sent' })).toBeVisible()
    await approveRequest(await newPage({ staff: true }), visitor, { nda: true })
    const link = loginLinkOf(await mailbox.next(visitor.email, APPROVED_MAIL))

    await view.goto(link)
    await expect(view.getByRole('button', { name: 'Continue' })).toBeVisible()
    await expectNoViolations(view, 'the login link page')

    await view.getByRole('button', { name: 'Continue' }).click()
    const nda = view.getByRole('dialog', { name: 'Non-Disclosure Agreement' })
    await expect(nda).toBeVisible()
    await expectNoViolations(view, 'the NDA dialog')

    await ready(nda.getByRole('button', { name: 'Sign NDA' }), js)
    await nda.getByLabel('Full name').fill(visitor.name)
    await nda.getByRole('checkbox', { name: 'I have read and agree to the Non-Disclosure Agreement' }).check()
    await nda.getByRole('button', { name: 'Sign NDA' }).click()
    await dismissWelcome(view, js)

    const menu = await openAccountMenu(view, visitor, js)
    await expectNoViolations(view, 'the open account menu')

    await menu.link('Invite colleagues').click()
    await expect(view.getByRole('dialog', { name: 'Invite colleagues' })).toBeVisible()
    await expectNoViolations(view, 'the Invite colleagues dialog', { overPortal: true })
  })

  test('/access-requests, /accounts and /settings have no accessibility violations', async ({ newPage }) => {
    const staff = await newPage({ staff: true, axe: true })
    for (const [path, heading] of [
      ['/access-requests', 'Access requests'],
      ['/accounts', 'Accounts'],
      ['/settings', 'Settings'],
    ]) {
      await staff.goto(path)
      await expect(staff.getByRole('heading', { name: heading, level: 1 })).toBeVisible()
      await expectNoViolations(staff, path)
    }
  })
})
