// The security baseline as a browser and a hostile client see it: headers, CSP nonces, the Origin
// check, body limits and hostile input in URLs.
import { createHash } from 'node:crypto'
import { connect } from 'node:net'
import { type APIResponse } from '@playwright/test'
import { test, expect } from './support/test'
import { cardTitle, hasJavaScript, waitForHydration } from './support/demo'

const scriptTags = (html: string) => html.match(/<script\b[^>]*>/gi) ?? []

/** Inline scripts neither carrying the policy's nonce nor listed by their hash (a stored public page's way). */
function untrustedScripts(html: string, csp: string) {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
  const hashes = new Set([...csp.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]))
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes, text]) => !(nonce && attributes.includes(`nonce="${nonce}"`)) && !hashes.has(createHash('sha256').update(text, 'utf8').digest('base64')))
    .map(([tag]) => tag.slice(0, 80))
}

function cspNonce(response: APIResponse) {
  const csp = response.headers()['content-security-policy'] ?? ''
  return /'nonce-([^']+)'/.exec(csp)?.[1]
}

test.describe('response headers', () => {
  test('the page carries the security headers', async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    const headers = response!.headers()
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(headers['referrer-policy'])
    const csp = headers['content-security-policy']
    expect(csp).toBeTruthy()
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/)
        return [name, values] as const
      }),
    )
    expect(directives.get('frame-ancestors')).toBeDefined()
    expect(directives.get('frame-ancestors')!.every((source) => source === "'self'" || source === "'none'")).toBe(true)
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toBeDefined()
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src')!
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc).not.toContain("'unsafe-eval'")
    // The public page is stored and the same bytes for everyone: its inline scripts are trusted by hash.
    expect(scriptSrc.some((source) => /^'sha256-.+'$/.test(source))).toBe(true)
    expect(scriptSrc).toContain("'strict-dynamic'")
  })

  test('a stored public page trusts exactly its own inline scripts, by their hashes', async ({ request }) => {
    const first = await request.get('/')
    const second = await request.get('/')
    expect(second.headers()['etag']).toBe(first.headers()['etag'])
    const html = await first.text()
    expect(await second.text()).toBe(html)
    expect(html).not.toContain('nonce=')
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attributes]) => !/\bsrc=/.test(attributes))
    expect(inline.length).toBeGreaterThan(0)
    const listed = [...(first.headers()['content-security-policy'] ?? '').matchAll(/'sha256-([^']+)'/g)].map((match) => match[1])
    const hashes = inline.map(([, , text]) => createHash('sha256').update(text, 'utf8').digest('base64'))
    expect(new Set(listed)).toEqual(new Set(hashes))
  })

  test("every script tag of a page made for one response carries that response's nonce", async ({ request }) => {
    const first = await request.get('/login')
    const second = await request.get('/login')
    const nonce = cspNonce(first)
    expect(nonce, 'the CSP names a nonce').toBeTruthy()
    expect(cspNonce(second), 'each response gets a fresh nonce').not.toBe(nonce)

    const scripts = scriptTags(await first.text())
    expect(scripts.length).toBeGreaterThan(0)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  })

  test('the page scripts carry the nonce and, with JavaScript, hydrate without a CSP violation', async ({ page }, testInfo) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    const response = await page.goto('/login')
    const nonce = /'nonce-([^']+)'/.exec(response!.headers()['content-security-policy'])![1]
    // Browsers hide the nonce attribute from the DOM; the property keeps it.
    const nonces = await page.locator('script').evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce))
    expect(nonces.length).toBeGreaterThan(0)
    for (const value of nonces) expect(value).toBe(nonce)
    if (hasJavaScript(testInfo.project.name)) await waitForHydration(page.getByRole('button', { name: /log in|sign in/i }))
    expect(violations).toEqual([])
  })

  test('files are served with nosniff', async ({ page }) => {
    await page.goto('/')
    const href = await page
      .getByRole('link', { name: /^View / })
      .first()
      .getAttribute('href')
    const response = await page.request.get(href!)
    expect(response.status()).toBe(200)
    expect(response.headers()['x-content-type-options']).toBe('nosniff')
  })
})

test.describe('state-changing requests', () => {
  test('a cross-origin POST is refused', async ({ request }) => {
    const response = await request.post('/', { headers: { Origin: 'https://evil.example' }, form: { intent: 'anything' } })
    expect(response.status()).toBe(403)
  })

  test('a POST from a cross-origin page without Origin is refused', async ({ request }) => {
    const response = await request.post('/', { headers: { Referer: 'https://evil.example/page' }, form: { intent: 'anything' } })
    expect(response.status()).toBe(403)
  })

  test('a POST without Origin is refused', async ({ request }) => {
    const response = await request.post('/', { form: { intent: 'anything' } })
    expect(response.status()).toBe(403)
  })

  test('a POST with a huge body is refused before it is read', async ({ request, baseURL }) => {
    const body = Buffer.alloc(5 * 1024 * 1024, 'a')
    const response = await request.post('/', {
      headers: { Origin: new URL(baseURL!).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      data: body,
    })
    expect(response.status()).toBe(413)
  })

  test('a same-origin POST of a normal size is not refused by the baseline', async ({ request, baseURL }) => {
    const response = await request.post('/', { headers: { Origin: new URL(baseURL!).origin }, form: { intent: 'anything' } })
    expect([403, 411, 413]).not.toContain(response.status())
    expect(response.status()).toBeLessThan(500)
  })
})

test.describe('hostile input', () => {
  const payload = '<script>alert(1)</script>'

  const hostileUrls = [
    '/item/%3Cscript%3E',
    `/item/${encodeURIComponent(payload)}`,
    `/product/${encodeURIComponent(payload)}`,
    `/product/mobile/${encodeURIComponent(payload)}`,
    `/files/${encodeURIComponent(payload)}/x.pdf`,
    `/?subprocessorSearch=${encodeURIComponent(payload)}`,
    `/?card=${encodeURIComponent(payload)}`,
    `/?docs=${encodeURIComponent('"><svg onload=alert(1)>')}`,
    `/?tcuUid=${encodeURIComponent(payload)}`,
    `/?itemName=${encodeURIComponent(payload)}`,
    `/?product=${encodeURIComponent(payload)}`,
  ]

  test('markup in the path or query is refused or escaped, never run', async ({ request }) => {
    for (const url of hostileUrls) {
      const response = await request.get(url)
      expect(response.status(), url).toBeLessThan(500)
      const html = await response.text()
      expect(html.includes('<script>alert(1)'), `${url} echoes the script`).toBe(false)
      expect(html.includes('<svg onload=alert(1)>'), `${url} echoes the svg`).toBe(false)
      expect(untrustedScripts(html, response.headers()['content-security-policy'] ?? ''), `${url} has a script its policy does not trust`).toEqual([])
    }
  })

  test('a search term with markup is shown as text', async ({ page }, testInfo) => {
    let dialogs = 0
    page.on('dialog', async (dialog) => {
      dialogs += 1
      await dialog.dismiss()
    })
    const response = await page.goto(`/?subprocessorSearch=${encodeURIComponent(payload)}`)
    expect(response?.status()).toBe(200)
    const box = page.getByRole('searchbox', { name: 'Search by subprocessor name or information' })
    await expect(box).toHaveValue(payload)
    if (hasJavaScript(testInfo.project.name)) await waitForHydration(box)
    await expect(page.getByRole('region', { name: 'Subprocessors' }).getByRole('status')).toHaveText('No results match this criteria')
    expect(dialogs).toBe(0)
  })

  test('garbage and binary query strings never cause a server error', async ({ request }) => {
    const bytes = Array.from({ length: 256 }, (_, byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('')
    const urls = [
      `/?subprocessorSearch=${bytes}`,
      `/?${bytes}`,
      `/?tcuUid=${bytes}&updatesPage=${bytes}&docs=${bytes}&documents=${bytes}&card=${bytes}`,
      '/?%',
      '/?a=%E0%80%80&b=%FF%FE%00',
      '/?updatesPage=-1',
      '/?updatesPage=99999999999999999999999999',
      '/?updatesPage=1e400',
      '/?productId=not-a-uuid',
      '/?itemUid=%00',
      '/item/%E0%80',
      '/item/%',
      `/files/${bytes}`,
    ]
    for (const url of urls) {
      const response = await request.get(url)
      expect(response.status(), url).toBeLessThan(500)
    }
  })

  test('raw non-ASCII bytes in the request line never cause a server error', async ({ baseURL }) => {
    const { hostname, port } = new URL(baseURL!)
    const requestLine = Buffer.concat([Buffer.from('GET /?q='), Buffer.from([0xff, 0xfe, 0x01, 0x7f, 0xc3, 0x28]), Buffer.from(' HTTP/1.1\r\n')])
    const head = Buffer.from(`Host: ${hostname}:${port}\r\nConnection: close\r\n\r\n`)
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.end(Buffer.concat([requestLine, head])))
      let received = ''
      socket.setEncoding('latin1')
      socket.on('data', (chunk) => (received += chunk))
      socket.on('end', () => resolve(received.split('\r\n')[0]))
      socket.on('error', reject)
      socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')))
    })
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1])
    expect(status, statusLine).toBeGreaterThanOrEqual(200)
    expect(status, statusLine).toBeLessThan(500)
  })

  test('a link with tracking parameters opens the page without them, its card open', async ({ page }, testInfo) => {
    const title = cardTitle('DataSecurity')
    await page.goto('/?utm_source=newsletter&card=DataSecurity&gclid=Cj0KCQ')
    await expect(page).toHaveURL(/\/\?card=DataSecurity$/)
    const dialog = page.getByRole('dialog', { name: title })
    await expect(dialog).toBeVisible()
    if (hasJavaScript(testInfo.project.name)) {
      // Focus moves in from the same effect that starts listening for Escape (use-modal.ts): hydration alone is
      // not enough, the effect runs after it.
      await expect(dialog).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(page).toHaveURL(/\/$/)
    }
  })

  test('a 10 KB query parameter never causes a server error', async ({ request }) => {
    const long = 'a'.repeat(10 * 1024)
    for (const name of ['subprocessorSearch', 'tcuUid', 'updatesPage', 'card', 'docs', 'itemName', 'unknown']) {
      const response = await request.get(`/?${name}=${long}`)
      expect(response.status(), name).toBeLessThan(500)
    }
    const search = await request.get(`/?subprocessorSearch=${long}`)
    expect(search.status()).toBe(200)
    // The search box keeps at most 200 characters of the term.
    expect(await search.text()).toContain(`value="${'a'.repeat(200)}"`)
  })
})
