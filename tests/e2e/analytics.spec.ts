// Document analytics (/analytics): a visitor's view and download of a public document show up for staff,
// in the chart and the tables; the period switch and the CSV download are plain links, so all of it works
// with and without JavaScript. Other journeys share the demo server, so counts are checked as "at least".
import { readFile } from 'node:fs/promises'
import type { Browser, Page, TestInfo } from '@playwright/test'
import { expectNoViolations } from './support/axe'
import { entry, hasJavaScript } from './support/demo'
import { expect, staffSession, test } from './support/staff'

const ITEM = entry('iso-27001')
// Headless Chromium says "HeadlessChrome", which counts as a crawler (isbot): the visitor uses a desktop browser's agent.
const VISITOR_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const DOCUMENT = ITEM.documents![0]

/** A public visitor, in a browser of their own, views and downloads the item's document. */
async function visitorFetches(browser: Browser, baseURL: string) {
  const visitor = await browser.newContext({ baseURL, userAgent: VISITOR_AGENT })
  try {
    const portal = await visitor.newPage()
    await portal.goto('/')
    const href = await portal
      .getByRole('region', { name: 'Documents' })
      .getByRole('link', { name: `View ${ITEM.title}` })
      .first()
      .getAttribute('href')
    expect(href).toBeTruthy()
    expect((await visitor.request.get(href!)).status()).toBe(200)
    expect((await visitor.request.get(`${href}?download=1`)).status()).toBe(200)
  } finally {
    await visitor.close()
  }
}

/** The count in a table row's column, as a number. */
async function cellNumber(page: Page, row: ReturnType<Page['getByRole']>, column: number) {
  return Number((await row.getByRole('cell').nth(column).innerText()).replace(/,/g, ''))
}

test.describe('document analytics', () => {
  test.use({ signedIn: true })

  test('staff see the chart and the tables, switch the period and download the CSV', async ({ page, browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL!
    await visitorFetches(browser, baseURL)
    // The public's fetches are counted in memory and written every few seconds (server/files/public-fetches.ts):
    // wait until both are on the page (the row alone may be another journey's earlier view, in a shuffled order).
    await expect(async () => {
      await page.goto('/analytics')
      const written = page
        .getByRole('region', { name: 'By document' })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: DOCUMENT }) })
        .first()
      await expect(written).toBeVisible({ timeout: 1_000 })
      expect(await cellNumber(page, written, 1)).toBeGreaterThanOrEqual(1)
      expect(await cellNumber(page, written, 2)).toBeGreaterThanOrEqual(1)
    }).toPass({ timeout: 20_000 })

    await page.goto('/members')
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Analytics', exact: true }).click()
    await expect(page).toHaveURL(/\/analytics$/)
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()

    const periods = page.getByRole('navigation', { name: 'Period' })
    await expect(periods.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('img', { name: /^Views and downloads per day over the last 30 days: \d+ views? and \d+ downloads?/ })).toBeVisible()

    // The visitor's view and download are on the document's row; staff's own page loads are not fetches.
    const byDocument = page.getByRole('region', { name: 'By document' })
    const row = byDocument
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: DOCUMENT }) })
      .first()
    await expect(row).toBeVisible()
    await expect(row.getByRole('cell').first()).toHaveText(ITEM.title)
    expect(await cellNumber(page, row, 1)).toBeGreaterThanOrEqual(1)
    expect(await cellNumber(page, row, 2)).toBeGreaterThanOrEqual(1)
    const byAccount = page.getByRole('region', { name: 'By account' })
    await expect(byAccount.getByRole('table').or(byAccount.getByText('No account member has viewed or downloaded a document in the last 30 days.'))).toBeVisible()

    await periods.getByRole('link', { name: 'All time' }).click()
    await expect(page).toHaveURL(/\/analytics\?period=all$/)
    await expect(page.getByRole('heading', { name: 'All time', level: 2 })).toBeVisible()
    await expect(periods.getByRole('link', { name: 'All time' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('region', { name: 'By document' }).getByRole('rowheader', { name: DOCUMENT }).first()).toBeVisible()

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download CSV' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('document-analytics-all-time.csv')
    const saved = testInfo.outputPath(download.suggestedFilename())
    await download.saveAs(saved)
    const lines = (await readFile(saved, 'utf8')).split('\r\n')
    expect(lines[0]).toBe('Time,Action,Via,Document,Item,Account,Member email,Count')
    // The public's fetches are one row per document, action and day, with their count.
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const publicRow = (action: string) => new RegExp(`,${action},Single file,${literal(DOCUMENT)},${literal(ITEM.title)},,,[1-9]\\d*$`)
    expect(lines.some((line) => publicRow('view').test(line))).toBe(true)
    expect(lines.some((line) => publicRow('download').test(line))).toBe(true)
  })

  test('the analytics page has no accessibility violations', { tag: '@a11y' }, async ({ page, browser, playwright }, testInfo: TestInfo) => {
    const baseURL = testInfo.project.use.baseURL!
    await visitorFetches(browser, baseURL)
    const check = async (view: Page) => {
      await view.goto('/analytics')
      await expect(view.getByRole('img', { name: /^Views and downloads per day/ })).toBeVisible()
      await expectNoViolations(view, { view: '/analytics' })
    }
    if (hasJavaScript(testInfo.project.name)) return check(page)
    // axe runs as a script: without JavaScript, check the server's markup in a context whose own scripts are blocked (as a11y.spec.ts does).
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true })
    try {
      await context.addCookies(await staffSession(playwright.request, baseURL))
      await context.route('**/*', (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
      await check(await context.newPage())
    } finally {
      await context.close()
    }
  })
})
