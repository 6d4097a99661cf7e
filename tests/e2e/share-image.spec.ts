// Link previews (issue 23 item 5; docs/decisions/042-share-image.md) on the seeded demo, with JavaScript on
// and off: the page's og:image is the org's own share image, on the portal's own address, and answers a
// 1200 x 630 PNG. The demo's staff chose no favicon (decision 039), so the page links the built-in one last;
// a chosen favicon's PNG is checked in own-org.spec.ts.
import { test, expect } from './support/test'

test('the page’s og:image answers the org’s own PNG, and its favicon the built-in icon', async ({ page, baseURL }) => {
  await page.goto('/')
  const image = await page.locator('meta[property="og:image"]').getAttribute('content')
  expect(image).toMatch(new RegExp(`^${new URL(baseURL!).origin}/share\\.png\\?v=`))
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', 'Northwind Cloud Logo')
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')

  const answer = await page.request.get(image!)
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toBe('image/png')
  const bytes = await answer.body()
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630])

  const icon = await page.locator('link[rel="icon"]').last().getAttribute('href')
  expect(icon).toBe('/favicon.svg')
  const favicon = await page.request.get(new URL(icon!, page.url()).toString())
  expect(favicon.headers()['content-type']).toMatch(/^image\/svg\+xml/)
})
