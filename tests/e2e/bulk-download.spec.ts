// Bulk download (issue 9; cards-and-items spec sections 4 and 7, docs/decisions/018-bulk-download.md): a
// signed-in account member ticks documents in the documents card's dialog and gets one ZIP of what they may
// download, the SOC 2 report's bridge letter included. Both projects, JavaScript on and off: without it the
// dialog is a plain form the server renders. With it, the dialog's Cancel, partial success and error views.
// Every test is a new member of the demo's auto-approved Contoso, on a server of its own (support/journey.ts).
import { readFile } from 'node:fs/promises'
import type { Download, Locator, Page } from '@playwright/test'
import JSZip from 'jszip'
import { ACCOUNT, PERMISSION_PROFILE } from '../../db/seed/northwind'
import { DOCUMENT_DETAILS } from '../../db/seed/northwind-items'
import { bridgeLetterFileName } from '../../server/files/letter'
import { bridgeLetterTitle } from '../../app/lib/portal-view'
import { expectNoViolations as checkAxe } from './support/axe'
import { entry, ORG, PLATFORM_ENTRIES, type DemoEntry } from './support/demo'
import { expect, ready, signedInMember, test } from './support/journey'

/** A restricted report Contoso's profile unlocks (Reports card), with its bridge letter on. */
const SOC2 = entry('soc-2-type-2-report')
/** A public report. */
const SOC3 = entry('soc-3-report')
/** A restricted questionnaire the profile grants by item. */
const CAIQ = entry('caiq')
const LETTER = bridgeLetterFileName(ORG.name, SOC2.title)
/** The letter is listed by its report (issue 24 item 5); the archive names it by its file name. */
const LETTER_TITLE = bridgeLetterTitle(SOC2.title)
const CHOSEN = [SOC2.title, LETTER_TITLE, SOC3.title, CAIQ.title]
/** What the archive of CHOSEN holds: each item's PDF under its own name, and the letter. */
const CHOSEN_ENTRIES = [SOC2.documents![0], LETTER, SOC3.documents![0], CAIQ.documents![0]].sort()

const granted = (item: DemoEntry) => !item.restricted || (PERMISSION_PROFILE.cardKinds as readonly string[]).includes(item.kind) || PERMISSION_PROFILE.itemUids.includes(item.uid)
/** Documents the member may not download: restricted outside the profile, or view-only. */
const NOT_OFFERED = PLATFORM_ENTRIES.filter((item) => item.documents?.length && (!granted(item) || item.documents.some((name) => DOCUMENT_DETAILS[name]?.viewOnly)))

const documentsCard = (page: Page) => page.getByRole('region', { name: 'Documents' })

/** The documents card's Bulk download, opened from the portal home. */
async function openBulkDownload(page: Page, js: boolean) {
  await page.goto('/')
  const button = documentsCard(page).getByRole('link', { name: 'Bulk download' })
  await ready(button, js)
  // From the keyboard, so focus has somewhere to return to.
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/[?&]bulkDownload=true/)
  const dialog = page.getByRole('dialog', { name: 'Bulk download' })
  await expect(dialog).toBeVisible()
  await ready(dialog.getByRole('button', { name: 'Download' }), js)
  return { dialog, button }
}

const choice = (dialog: Locator, title: string) => dialog.getByRole('checkbox', { name: title, exact: true })

/** Leaves exactly `titles` ticked: with JavaScript through Select all, without it through Clear selection. */
async function choose(page: Page, dialog: Locator, titles: readonly string[], js: boolean) {
  if (js) {
    const all = dialog.getByRole('checkbox', { name: 'Select all' })
    await expect(all).toBeChecked()
    await all.uncheck()
  } else {
    await dialog.getByRole('link', { name: 'Clear selection' }).click()
    await expect(page).toHaveURL(/[?&]bulkDownload=none/)
  }
  await expect(dialog.getByRole('list', { name: 'Documents' }).getByRole('checkbox', { checked: true })).toHaveCount(0)
  for (const title of titles) await choice(dialog, title).check()
}

async function zipEntries(download: Download) {
  const zip = await JSZip.loadAsync(await readFile((await download.path())!))
  const names = Object.keys(zip.files).sort()
  for (const name of names) expect((await zip.file(name)!.async('nodebuffer')).subarray(0, 5).toString('latin1'), `${name} is a PDF`).toBe('%PDF-')
  return names
}

test.describe('bulk download', () => {
  test.slow()

  test('a member ticks documents, the bridge letter among them, and gets exactly those in one ZIP', async ({ page, person, mailbox, js }) => {
    await signedInMember(page, person({ domain: ACCOUNT.domains[0] }), mailbox, js)
    const { dialog, button } = await openBulkDownload(page, js)

    // Every document the member may download is offered, ticked; nothing withheld or view-only is.
    const list = dialog.getByRole('list', { name: 'Documents' })
    for (const title of CHOSEN) await expect(choice(dialog, title)).toBeChecked()
    for (const item of NOT_OFFERED) await expect(choice(dialog, item.title)).toHaveCount(0)
    // The checklist scrolls within 60% of the window's height.
    await expect(list).toHaveCSS('overflow-y', 'auto')
    const viewport = page.viewportSize()!
    expect(await list.evaluate((element) => parseFloat(getComputedStyle(element).maxHeight))).toBeCloseTo(viewport.height * 0.6, 0)

    await choose(page, dialog, CHOSEN, js)
    if (js) {
      await expect(dialog.getByText(new RegExp(`^${CHOSEN.length} of \\d+ selected$`))).toBeVisible()
      await expect(dialog.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked()
    }
    const downloading = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Download' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/\.zip$/)
    expect(await zipEntries(download)).toEqual(CHOSEN_ENTRIES)

    if (js) {
      await expect(dialog.getByRole('heading', { name: 'Download complete' })).toBeFocused()
      await expect(dialog).toContainText(`${CHOSEN.length} documents downloaded in one ZIP file.`)
      // Escape closes it, focus goes back to the button, and it opens afresh at the checklist.
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expect(page).not.toHaveURL(/bulkDownload/)
      await expect(button).toBeFocused()
      await button.press('Enter')
      await expect(dialog.getByRole('checkbox', { name: 'Select all' })).toBeChecked()
      await expect(dialog.getByRole('heading', { name: 'Download complete' })).toHaveCount(0)
    }
  })

  test('with nothing ticked, Download waits for a choice', { tag: '@javascript-only' }, async ({ page, person, mailbox, js }) => {
    await signedInMember(page, person({ domain: ACCOUNT.domains[0] }), mailbox, js)
    const { dialog } = await openBulkDownload(page, js)
    await expect(dialog.getByRole('checkbox', { name: 'Select all' })).toBeFocused()
    await choose(page, dialog, [], js)
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeDisabled()
    await choice(dialog, SOC3.title).check()
    await expect(dialog.getByRole('checkbox', { name: 'Select all' })).toHaveJSProperty('indeterminate', true)
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeEnabled()
    await expectNoViolations(page, 'the Bulk download dialog')
  })

  test('Cancel stops a download under way and returns to the checklist', { tag: '@javascript-only' }, async ({ page, person, mailbox, js }) => {
    await signedInMember(page, person({ domain: ACCOUNT.domains[0] }), mailbox, js)
    const { dialog } = await openBulkDownload(page, js)
    await choose(page, dialog, [SOC2.title, LETTER_TITLE], js)

    // The archive is held back until the test lets it go, so the download is still under way.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked = 0
    await page.route('**/bulk-download', async (route) => {
      asked++
      await held
      await route.continue().catch(() => {})
    })
    const downloads: Download[] = []
    page.on('download', (download) => downloads.push(download))
    await dialog.getByRole('button', { name: 'Download' }).click()
    const progress = dialog.getByRole('progressbar', { name: 'Downloading documents' })
    await expect(progress).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await expect.poll(() => asked).toBe(1)
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    await expect(progress).toHaveCount(0)
    await expect(choice(dialog, SOC2.title)).toBeChecked()
    await expect(choice(dialog, LETTER_TITLE)).toBeChecked()
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeFocused()
    release()
    await page.unrouteAll({ behavior: 'wait' })
    await expect(dialog.getByRole('heading', { name: 'Error downloading' })).toHaveCount(0)
    expect(downloads).toEqual([])

    // The same choice downloads afterwards.
    const downloading = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Download' }).click()
    expect(await zipEntries(await downloading)).toEqual([SOC2.documents![0], LETTER].sort())
    await expect(dialog.getByRole('heading', { name: 'Download complete' })).toBeVisible()
  })

  test('a document that stops being downloadable is reported by name, the rest still arrive', { tag: '@javascript-only' }, async ({ page, newPage, person, mailbox, js }) => {
    await signedInMember(page, person({ domain: ACCOUNT.domains[0] }), mailbox, js)
    const { dialog } = await openBulkDownload(page, js)
    await choose(page, dialog, [SOC2.title, SOC3.title], js)

    // Staff make the public SOC 3 report view-only while the member's dialog still offers it.
    const staff = await newPage({ staff: true })
    const fileName = SOC3.documents![0]
    const setAccess = async (access: 'view-only' | 'view-and-download') => {
      await staff.goto(`/documents?q=${encodeURIComponent(fileName)}`)
      await staff.getByRole('combobox', { name: `Access to ${fileName}` }).selectOption(access)
      await staff.getByRole('button', { name: `Save access to ${fileName}` }).click()
      await expect(staff.getByRole('status').filter({ hasText: `${fileName} is now` })).toBeVisible()
      await expect(staff.getByRole('combobox', { name: `Access to ${fileName}` })).toHaveValue(access)
    }
    await setAccess('view-only')
    try {
      const downloading = page.waitForEvent('download')
      await dialog.getByRole('button', { name: 'Download' }).click()
      expect(await zipEntries(await downloading)).toEqual([SOC2.documents![0]])
      const heading = dialog.getByRole('heading', { name: 'Failed to download 1 document(s)' })
      await expect(heading).toBeVisible()
      await expect(heading).toBeFocused()
      await expect(dialog.locator('.bulk-download__failed').getByRole('listitem')).toHaveText([SOC3.title])
      await expect(dialog).toContainText('The other 1 document downloaded in one ZIP file.')
      // Download more goes back to the checklist.
      await dialog.getByRole('button', { name: 'Download more' }).click()
      await expect(choice(dialog, SOC2.title)).toBeVisible()
    } finally {
      await setAccess('view-and-download')
    }
  })

  test('a failed request says "Error downloading", logs it, and Try again downloads', { tag: '@javascript-only' }, async ({ page, person, mailbox, js }) => {
    await signedInMember(page, person({ domain: ACCOUNT.domains[0] }), mailbox, js)
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const { dialog } = await openBulkDownload(page, js)
    await choose(page, dialog, [SOC3.title], js)

    await page.route('**/bulk-download', (route) => route.abort('connectionfailed'))
    await dialog.getByRole('button', { name: 'Download' }).click()
    const heading = dialog.getByRole('heading', { name: 'Error downloading' })
    await expect(heading).toBeVisible()
    await expect(heading).toBeFocused()
    await expect(dialog).toContainText('Oops, looks like we encountered an error during this download. Try again below.')
    await expect.poll(() => errors.some((text) => text.includes('Downloading files failed'))).toBe(true)

    await page.unrouteAll({ behavior: 'wait' })
    const downloading = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Try again' }).click()
    expect(await zipEntries(await downloading)).toEqual([SOC3.documents![0]])
    await expect(dialog.getByRole('heading', { name: 'Download complete' })).toBeVisible()
  })

  test('public visitors are offered no bulk download', async ({ page }) => {
    await page.goto('/')
    await expect(documentsCard(page).getByRole('link', { name: 'View all documents' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Bulk download' })).toHaveCount(0)
    await page.goto('/?bulkDownload=true')
    await expect(documentsCard(page)).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Bulk download' })).toHaveCount(0)
  })
})

/** Soft, so the test goes on to list every violation. */
const expectNoViolations = (page: Page, view: string) => checkAxe(page, { view, include: '[role="dialog"]', soft: true })
