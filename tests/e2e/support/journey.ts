// The visitor journey needs the mail the server sends, so its tests run against a journey server: the same
// tests/e2e/serve.js as the demo servers (fresh PGlite, or a fresh PostgreSQL database when TEST_DATABASE_URL
// is set), one per journey project, started once for the run by playwright.config.ts with SMTP_URL pointing at
// a fake SMTP server the test runner holds (support/journey-mail.ts), so the login links can be read back.
//
// Every test is a fresh visitor from an address of its own: the server trusts one proxy hop (TRUST_PROXY=1)
// and each test sends its own X-Forwarded-For, so the per-address rate limits on access requests, which a
// whole run would exceed from 127.0.0.1, count each test apart, as they would count real visitors.
import { readFileSync } from 'node:fs'
import { type Browser, type BrowserContextOptions, type Locator, type Page, type TestInfo } from '@playwright/test'
import pg from 'pg'
import type { FakeSmtpMessage } from '../../fakes/smtp'
import { hasJavaScript, ORG, PORTAL, waitForHydration } from './demo'
import { journeyBase, journeyDatabase, journeyPorts, mailLog } from './journey-mail'
import { parseMail, type ParsedMail } from './mime'
import { expect, staffSession, test as staffTest } from './staff'

export { expect }

export const PORTAL_NAME = `${ORG.name}'s ${PORTAL.portalTitle}`

export interface JourneyServer {
  url: string
  /** Where the fake SMTP server writes the mail this server sends (support/journey-mail.ts). */
  mailLog: string
  /** The server's PostgreSQL database, when the run uses one (TEST_DATABASE_URL); PGlite cannot be opened beside it. */
  databaseUrl: string | null
}

export interface Person {
  firstName: string
  lastName: string
  name: string
  email: string
  company: string
  jobTitle: string
}

interface PageOptions {
  /** Signed in as the demo admin. */
  staff?: boolean
  /**
   * For axe in the no-JavaScript project: scripts run (axe needs them) but the app's own are blocked, so the
   * page is the server-rendered one a visitor without JavaScript gets (as a11y.spec.ts does).
   */
  axe?: boolean
}

interface JourneyFixtures {
  mailbox: Mailbox
  /** A new person with addresses and names no other test uses. */
  person: (options?: PersonOptions) => Person
  /** Another browser, as this project runs it (JavaScript on or off), on this test's address. */
  newPage: (options?: PageOptions) => Promise<Page>
  /** Whether this project runs the app's JavaScript. */
  js: boolean
  /** This test's own client address, as the proxy the journey server trusts would pass it on. */
  forwardedFor: Record<string, string>
  /** The journey server of this test's project (JavaScript on or off). */
  journeyServer: JourneyServer
}

let addressSerial = 0
let personSerial = 0

/** The journey server of a project (playwright.config.ts): its URL, mail log and PostgreSQL database. */
export function journeyServerOf(javascript: boolean): JourneyServer {
  const ports = journeyPorts(journeyBase(), javascript)
  let databaseUrl: string | null = null
  if (process.env.TEST_DATABASE_URL) {
    const database = new URL(process.env.TEST_DATABASE_URL)
    database.pathname = `/${journeyDatabase(ports.server)}`
    databaseUrl = database.toString()
  }
  return { url: `http://localhost:${ports.server}`, mailLog: mailLog(ports.smtp), databaseUrl }
}

export const test = staffTest.extend<JourneyFixtures>({
  journeyServer: async ({}, use, testInfo) => use(journeyServerOf(hasJavaScript(testInfo.project.name))),
  baseURL: async ({ journeyServer }, use) => use(journeyServer.url),
  // Both workers of a phase use the same journey server (playwright.config.ts), and a worker that failed a test
  // is replaced by a new one: the worker's index keeps each worker's addresses apart from every other's.
  forwardedFor: async ({}, use, testInfo) => {
    addressSerial++
    await use({ 'X-Forwarded-For': `10.${testInfo.workerIndex % 250}.${Math.floor(addressSerial / 250) % 250}.${(addressSerial % 250) + 1}` })
  },
  // Set on the worker's kept browser context (support/test.ts) rather than as the
  // extraHTTPHeaders option, which differs from test to test and would need a new context each time.
  context: async ({ context, forwardedFor }, use) => {
    await context.setExtraHTTPHeaders(forwardedFor)
    await use(context)
    // A request this test sent is its own: the next test in the kept context (any spec, any port) starts without it.
    await context.clearCookies({ name: 'tc_request' })
  },
  js: async ({}, use, testInfo) => use(hasJavaScript(testInfo.project.name)),
  mailbox: async ({ journeyServer }, use) => use(new Mailbox(journeyServer.mailLog)),
  person: async ({}, use, testInfo) => use((options) => newPerson(testInfo, options)),
  newPage: async ({ browser, baseURL, forwardedFor, js, playwright }, use) => {
    const contexts: Awaited<ReturnType<Browser['newContext']>>[] = []
    await use(async (options = {}) => {
      const contextOptions: BrowserContextOptions = { baseURL, extraHTTPHeaders: forwardedFor, javaScriptEnabled: js || Boolean(options.axe) }
      const context = await browser.newContext(contextOptions)
      contexts.push(context)
      if (options.axe && !js) await context.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
      if (options.staff) await context.addCookies(await staffSession(playwright.request, baseURL!))
      return context.newPage()
    })
    for (const context of contexts) await context.close()
  },
})

/** a, b, …, z, ba, bb, …: names accept letters only. */
function letters(n: number) {
  let text = ''
  do {
    text = String.fromCharCode(97 + (n % 26)) + text
    n = Math.floor(n / 26)
  } while (n > 0)
  return text
}

export interface PersonOptions {
  /** The company, and the domain of its own the person writes from (staff suggest the account by domain). */
  company?: string
  /** A shared domain instead, such as the demo's auto-approved contoso.test or a free mail provider. */
  domain?: string
  firstName?: string
}

function newPerson(testInfo: TestInfo, options: PersonOptions = {}): Person {
  personSerial++
  const project = hasJavaScript(testInfo.project.name) ? 'js' : 'nojs'
  const tag = `${project}-w${testInfo.workerIndex}-${personSerial}`
  const companyName = options.company ?? 'Tailspin'
  const domain = options.domain ?? `${companyName.toLowerCase()}-${tag}.test`
  const firstName = options.firstName ?? 'Sam'
  const lastName = `Rivera-${project}${letters(testInfo.workerIndex)}${letters(personSerial)}`
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    email: `${firstName.toLowerCase()}.${tag}@${domain}`,
    company: `${companyName} ${tag}`,
    jobTitle: 'Security Analyst',
  }
}

/** The mails the fake SMTP server received, read back per recipient from its log. */
export class Mailbox {
  private readonly taken = new Set<number>()
  constructor(private readonly log: string) {}

  private messages(): FakeSmtpMessage[] {
    return readFileSync(this.log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as FakeSmtpMessage)
  }

  /** The next mail to `to` whose subject matches, not returned before; waits for the outbox worker. */
  async next(to: string, subject: RegExp): Promise<ParsedMail> {
    let found: ParsedMail | undefined
    await expect
      .poll(
        () => {
          for (const [index, message] of this.messages().entries()) {
            if (this.taken.has(index) || !message.to.includes(to.toLowerCase())) continue
            const mail = parseMail(message.raw)
            if (!subject.test(mail.subject)) continue
            this.taken.add(index)
            found = mail
            return true
          }
          return false
        },
        { message: `an e-mail to ${to} with a subject matching ${subject}`, timeout: 20_000 },
      )
      .toBe(true)
    return found!
  }

  /** Every mail to `to` so far, to check what did not arrive. */
  to(to: string) {
    return this.messages()
      .filter((message) => message.to.includes(to.toLowerCase()))
      .map((message) => parseMail(message.raw))
  }
}

const LINK = /(https?:\/\/[^\s"<>]+\/access\/[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/
const INVITE = /(https?:\/\/[^\s"<>]+\?inviteToken=[A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/

export function loginLinkOf(mail: ParsedMail) {
  const link = LINK.exec(mail.text)?.[1]
  expect(link, `a login link in the mail "${mail.subject}"`).toBeTruthy()
  return link!
}

export function inviteLinkOf(mail: ParsedMail) {
  const link = INVITE.exec(mail.text)?.[1]
  expect(link, `an invitation link in the mail "${mail.subject}"`).toBeTruthy()
  return link!
}

/** With JavaScript, wait until React owns the element, so a click runs its handler. */
export async function ready(locator: Locator, js: boolean) {
  await expect(locator).toBeVisible()
  if (js) await waitForHydration(locator)
}

/** The review banner's "Request access", from the portal home. */
export async function openRequestAccess(page: Page, js: boolean) {
  // Each requester is someone new, in a browser of their own: not one an earlier requester left pending.
  await page.context().clearCookies({ name: 'tc_request' })
  await page.goto('/')
  const link = page.getByRole('region', { name: 'Start your security review' }).getByRole('link', { name: 'Request access' })
  await ready(link, js)
  await link.click()
  const dialog = page.getByRole('dialog', { name: 'Request Access' })
  await expect(dialog).toBeVisible()
  await ready(dialog.getByRole('button', { name: 'Submit Request' }), js)
  return dialog
}

/** Fills the Request Access form (the e-mail too, unless an invitation already did). */
export async function fillRequestForm(dialog: Locator, person: Person, options: { email?: boolean } = {}) {
  await dialog.getByLabel('First name').fill(person.firstName)
  await dialog.getByLabel('Last name').fill(person.lastName)
  if (options.email !== false) await dialog.getByLabel('Email', { exact: true }).fill(person.email)
  await dialog.getByLabel('Company name').fill(person.company)
  await dialog.getByLabel('Job title').fill(person.jobTitle)
  await dialog.getByLabel('Relationship').selectOption({ label: 'Prospective customer' })
  await dialog.getByRole('checkbox', { name: /I agree to the terms of use and privacy notice/ }).check()
}

/** Opens the form from the banner, fills it for `person` and submits it. */
export async function requestAccess(page: Page, person: Person, js: boolean) {
  const dialog = await openRequestAccess(page, js)
  await fillRequestForm(dialog, person)
  await dialog.getByRole('button', { name: 'Submit Request' }).click()
}

/** Staff open the pending request of `person` from the queue at /access-requests: its own page. */
export async function openRequest(staff: Page, person: Person) {
  await staff.goto('/access-requests?status=pending')
  await expect(staff.getByRole('heading', { name: 'Access requests', level: 1 })).toBeVisible()
  await staff.getByRole('link', { name: person.name, exact: true }).click()
  await expect(staff.getByRole('heading', { name: person.name, level: 1 })).toBeVisible()
}

/** Staff approve the pending request of `person` on its page, opened from /access-requests. */
export async function approveRequest(staff: Page, person: Person, options: { nda: boolean }) {
  await openRequest(staff, person)
  await staff.getByLabel('Permission profile').selectOption({ label: 'Contoso reviewers' })
  const nda = staff.getByRole('checkbox', { name: 'Require NDA' })
  if (options.nda) await nda.check()
  else await nda.uncheck()
  await staff.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(staff.getByRole('status').filter({ hasText: `Access granted to ${person.name}` })).toBeVisible()
}

/** Staff find an account on /accounts as among thousands: its name in the search, then Filter; its row opens its page. */
export async function findAccount(staff: Page, name: string) {
  await staff.goto('/accounts')
  await staff.getByRole('searchbox', { name: 'Search by name, domain or member e-mail' }).fill(name)
  await staff.getByRole('button', { name: 'Filter' }).click()
  await expect(staff).toHaveURL(/[?&]q=/)
  await staff.getByRole('table').getByRole('link', { name, exact: true }).click()
  await expect(staff).toHaveURL(/[?&]account=/)
  await expect(staff.getByRole('heading', { name, exact: true, level: 3 })).toBeVisible()
}

/** Chooses `entry` of the action menu named `label`: a menu button with JavaScript, a disclosure of links without. */
export async function chooseAction(page: Page, label: string, entry: string, js: boolean) {
  if (js) {
    const button = page.getByRole('button', { name: label, exact: true })
    await ready(button, js)
    await button.click()
    await page.getByRole('menuitem', { name: entry, exact: true }).click()
  } else {
    await page.locator(`summary[aria-label="${label}"]`).click()
    await page.getByRole('link', { name: entry, exact: true }).click()
  }
}

/** Opens a login link and presses Continue: the visitor lands on the portal signed in. */
export async function signInWithLink(page: Page, link: string, js: boolean) {
  const response = await page.goto(link)
  expect(response?.status(), 'an unused login link answers 200').toBe(200)
  await expect(page.getByRole('heading', { name: `Log in to ${ORG.name}'s Trust Center`, level: 1 })).toBeVisible()
  const proceed = page.getByRole('button', { name: 'Continue' })
  await ready(proceed, js)
  await proceed.click()
  await expect(page).not.toHaveURL(/\/access\//)
}

/** The welcome modal of a first visit, dismissed with Let's Go. */
export async function dismissWelcome(page: Page, js: boolean) {
  const welcome = page.getByRole('dialog', { name: `Welcome to ${ORG.name}'s portal` })
  await expect(welcome).toBeVisible()
  const go = welcome.getByRole('button', { name: "Let's Go" })
  await ready(go, js)
  await go.click()
  await expect(welcome).toHaveCount(0)
}

/** A new member of an auto-approved domain, signed in and past the welcome modal. */
export async function signedInMember(page: Page, person: Person, mailbox: Mailbox, js: boolean) {
  await requestAccess(page, person, js)
  await expect(page.getByRole('dialog', { name: 'Access approved' })).toBeVisible()
  await signInWithLink(page, loginLinkOf(await mailbox.next(person.email, /has been approved/)), js)
  await dismissWelcome(page, js)
}

/**
 * The account dropdown, opened: a menu button with JavaScript; without it a disclosure whose summary is the
 * member's name. Returns its entries by name.
 */
export async function openAccountMenu(page: Page, person: Person, js: boolean) {
  const review = page.getByText(`Review of ${ORG.name}`, { exact: true })
  // A download from the menu leaves the page, and the menu, as they were.
  if (!(await review.isVisible())) {
    if (js) {
      const button = page.getByRole('button', { name: person.name, exact: true })
      await ready(button, js)
      await button.click()
      await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible()
    } else await page.getByText(person.name, { exact: true }).click()
  }
  await expect(review).toBeVisible()
  return {
    button: (name: string) => (js ? page.getByRole('menuitem', { name }) : page.getByRole('button', { name, exact: true })),
    link: (name: string) => (js ? page.getByRole('menuitem', { name }) : page.getByRole('link', { name, exact: true })),
  }
}

/** Makes the member's unused login links expire now, straight in the server's PostgreSQL database. */
export async function expireLoginLinks(databaseUrl: string, email: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const result = await client.query(
      `update visitor_login_links set expires_at = now() - interval '1 minute'
        where used_at is null and member_id in (select id from account_members where email = $1)`,
      [email],
    )
    expect(result.rowCount, 'the member has an unused login link').toBeGreaterThan(0)
  } finally {
    await client.end()
  }
}
