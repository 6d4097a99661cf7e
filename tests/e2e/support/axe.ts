// axe-core on a page, every rule it runs by default (WCAG 2.x A/AA and best practices), for every journey.
//
// Legacy mode: one axe.run in the page itself. The default mode runs axe in each frame, then opens a new
// blank page in the browser context and loads axe's 580 kB there a second time only to merge the frames'
// results: on two busy cores that page and that second load were half the time of a check (the permalink
// page: 29-33 s against 13-15 s at a load of 25, same results). Our pages have no frames of another origin,
// the one case legacy mode cannot cover (the document viewer's PDF frame is checked apart, iframes off).
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * The portal behind an open dialog or drawer: the same markup as the page without it, which the home and
 * product page checks cover whole, and two thirds of a dialog view's nodes (color-contrast and target-size
 * measure each of them). The dialog, the header, the footer and the page-level rules are still checked.
 */
export const PORTAL_BEHIND_DIALOG = '#main'

interface AxeOptions {
  /** Names the view in the failure message. */
  view?: string
  /** Only this part of the page (its own rules and the page-level ones). */
  include?: string
  /** Leave out a part of the page that another check covers. */
  exclude?: string
  /** Let the test go on, so one view's violations do not hide the next view's. */
  soft?: boolean
}

export async function expectNoViolations(page: Page, { view, include, exclude, soft = false }: AxeOptions = {}) {
  let builder = new AxeBuilder({ page }).setLegacyMode(true)
  if (include) builder = builder.include(include)
  if (exclude) {
    // What is left out must not hold the dialog under test.
    await expect(page.locator(exclude).getByRole('dialog'), `no dialog inside ${exclude}, which axe leaves out`).toHaveCount(0)
    builder = builder.exclude(exclude)
  }
  const results = await builder.analyze()
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s*\n\s*/g, ' ')}`),
  )
  const message = view ? `axe on ${view}` : 'axe'
  if (soft) expect.soft(found, message).toEqual([])
  else expect(found, message).toEqual([])
}
