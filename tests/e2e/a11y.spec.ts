// Automated accessibility checks (axe-core, every rule it runs by default: WCAG 2.x A/AA and best practices).
import AxeBuilder from '@axe-core/playwright'
import { test, expect, type Page } from '@playwright/test'
import type { Result } from 'axe-core'
import { cardTitle, MOBILE } from './support/demo'

function describe(violations: Result[]) {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`).join('\n')
      return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`
    })
    .join('\n')
}

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations, describe(results.violations)).toEqual([])
}

test('the home page has no accessibility violations', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 2, name: 'Help' })).toBeVisible()
  await expectNoViolations(page)
})

test('the page with the card drawer open has no accessibility violations', async ({ page }) => {
  await page.goto('/?card=DataSecurity')
  await expect(page.getByRole('dialog', { name: cardTitle('DataSecurity') })).toBeVisible()
  await expectNoViolations(page)
})

test('a restricted item permalink has no accessibility violations', async ({ page }) => {
  await page.goto('/item/soc-2-type-2-report')
  await expect(page.getByRole('dialog', { name: cardTitle('Reports') })).toBeVisible()
  await expectNoViolations(page)
})

test('the mobile product page has no accessibility violations', async ({ page }) => {
  await page.goto(`/product/${MOBILE.slug}`)
  await expect(page.getByLabel(`Product: ${MOBILE.name}`, { exact: true })).toBeVisible()
  await expectNoViolations(page)
})
