import { describe, expect, it } from 'vitest'
import { csvDownload } from '../csv'
import { download, redirect, reply } from '../reply'
import { readFlash } from './flash'
import { redirectTo, redirectWithToast } from './redirect'
import { respond } from './responses'

const env = { SESSION_SECRET: 's'.repeat(32), APP_URL: 'https://trust.example.com' }
const requestWith = (cookie: string) => new Request('https://trust.example.com/', { headers: { cookie } })
const flashOf = (setCookie: string) => readFlash(env, requestWith(setCookie.split(';')[0]))

describe('respond: the domain results as React Router answers', () => {
  it('answers a Redirect as the redirect builders do, cookies first and the toast last', async () => {
    const answer = await respond(redirect('/portal/northwind?card=Reports', { toast: 'Saved Reports', cookies: ['tc_visitor=; Max-Age=0; Path=/'] }), env)
    const built = await redirectWithToast(env, '/portal/northwind?card=Reports', 'Saved Reports', { headers: { 'Set-Cookie': 'tc_visitor=; Max-Age=0; Path=/' } })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(built.headers.get('location'))
    const cookies = answer.headers.getSetCookie()
    expect(cookies).toHaveLength(2)
    expect(cookies[0]).toBe('tc_visitor=; Max-Age=0; Path=/')
    expect((await flashOf(cookies[1])).message).toBe('Saved Reports')
  })

  it('sends a Redirect without a toast with no cookie, and one off the site to /', async () => {
    const plain = await respond(redirect('/portal/northwind'), env)
    expect([plain.status, plain.headers.get('location'), plain.headers.getSetCookie()]).toEqual([302, '/portal/northwind', []])
    expect([...plain.headers]).toEqual([...redirectTo('/portal/northwind').headers])
    expect((await respond(redirect('//evil.example/'), env)).headers.get('location')).toBe('/')
  })

  it('answers a Download as an attachment no cache keeps, streaming its body', async () => {
    const body = new Blob(['question,answer\r\n']).stream()
    const answer = await respond(csvDownload(body, 'subscribers.csv'), env)
    expect(answer.status).toBe(200)
    expect(Object.fromEntries(answer.headers)).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="subscribers.csv"; filename*=UTF-8''subscribers.csv`,
      'cache-control': 'private, no-store',
    })
    expect(await answer.text()).toBe('question,answer\r\n')
  })

  it("answers a Download with headers of its own beside the attachment's, any name written safely", async () => {
    const answer = await respond(download(new Blob(['zip']).stream(), 'Café "docs".zip', 'application/zip', { 'X-Bulk-Included': '2', 'Cache-Control': 'public' }), env)
    expect(Object.fromEntries(answer.headers)).toEqual({
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="Caf_ _docs_.zip"; filename*=UTF-8''Caf%C3%A9%20%22docs%22.zip`,
      'cache-control': 'private, no-store',
      'x-bulk-included': '2',
    })
  })

  it('answers a Reply as data with its status and headers, and passes anything else through', async () => {
    const answer = await respond(reply({ intent: 'tprm-token' }, { status: 400, headers: { 'Cache-Control': 'private, no-store' } }), env)
    expect(answer.data).toEqual({ intent: 'tprm-token' })
    expect(answer.init).toMatchObject({ status: 400, headers: { 'Cache-Control': 'private, no-store' } })
    expect(await respond({ intent: 'login' }, env)).toEqual({ intent: 'login' })
  })
})
