import { expect, type Page } from '@playwright/test'

export const ADMIN = { email: 'admin@northwind.test', password: 'northwind-demo' }

/** Signs in through the real /login form (works with and without JavaScript). */
export async function signIn(page: Page, redirectTo = '/portal/northwind') {
  await page.goto(`/login?redirectTo=${encodeURIComponent(redirectTo)}`)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  if (redirectTo.startsWith('/portal/')) await expect(page.getByRole('region', { name: 'Staff tools' })).toBeVisible()
}
