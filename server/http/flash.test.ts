import { describe, expect, it } from 'vitest'
import { FLASH_COOKIE, readFlash, withFlash } from './flash'

const env = { SESSION_SECRET: 's'.repeat(32), APP_URL: 'https://trust.example.com' }
const requestWith = (cookie: string) => new Request('https://trust.example.com/', { headers: { cookie } })

describe('the flash cookie', () => {
  it('carries a message signed with SESSION_SECRET, secure on https', async () => {
    const response = await withFlash(env, new Response(null, { status: 302 }), 'Permissions saved')
    const setCookie = response.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^tc_flash=[^;]+\.[^;]+;.*HttpOnly/)
    expect(setCookie).toContain('Secure')
    expect(setCookie).toContain('SameSite=Lax')
    expect((await readFlash(env, requestWith(setCookie.split(';')[0]))).message).toBe('Permissions saved')
  })

  it('ignores a message nobody signed, or signed with another secret', async () => {
    expect((await readFlash(env, requestWith(`${FLASH_COOKIE}=${encodeURIComponent('Your session expired: sign in at evil.example')}`))).message).toBeNull()
    const forged = await withFlash({ ...env, SESSION_SECRET: 'x'.repeat(32) }, new Response(null), 'Forged')
    expect((await readFlash(env, requestWith(forged.headers.get('set-cookie')!.split(';')[0]))).message).toBeNull()
  })

  it('carries an action link on this site with its message, and drops one that leaves the site', async () => {
    const read = async (href: string) => {
      const response = await withFlash(env, new Response(null), 'Access approved', { label: 'View account', href })
      return readFlash(env, requestWith(response.headers.get('set-cookie')!.split(';')[0]))
    }
    expect(await read('/accounts?account=1')).toMatchObject({ message: 'Access approved', action: { label: 'View account', href: '/accounts?account=1' } })
    for (const href of ['//evil.example', 'https://evil.example', '/\\evil.example']) expect(await read(href)).toMatchObject({ message: 'Access approved', action: null })
    // The security review (issue 24): script URLs, control characters and dot segments that lead off the site.
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' /evil.example', '/\tevil.example', '/..//evil.example', '/a\r\nSet-Cookie: x=1', 'data:text/html,x'])
      expect(await read(href)).toMatchObject({ message: 'Access approved', action: null })
  })
})
