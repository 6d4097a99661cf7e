import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { readFormData } from './forms'
import { unsupportedBody } from './security'

const incoming = (method: string, type: string | undefined, length: number) =>
  ({ method, headers: { ...(type ? { 'content-type': type } : {}), 'content-length': String(length) } }) as unknown as IncomingMessage

describe('form bodies', () => {
  it('refuses any body but a form on a state-changing request', () => {
    expect(unsupportedBody(incoming('POST', 'application/json', 7))).toBe(true)
    expect(unsupportedBody(incoming('POST', 'text/xml', 7))).toBe(true)
    expect(unsupportedBody(incoming('POST', undefined, 7))).toBe(true)
    expect(unsupportedBody(incoming('POST', 'application/x-www-form-urlencoded; charset=UTF-8', 7))).toBe(false)
    expect(unsupportedBody(incoming('POST', 'multipart/form-data; boundary=x', 7))).toBe(false)
    expect(unsupportedBody(incoming('POST', undefined, 0))).toBe(false)
    expect(unsupportedBody(incoming('GET', 'application/json', 7))).toBe(false)
  })

  it('answers 400, not 500, for a form it cannot read', async () => {
    const broken = new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=xx' }, body: 'garbage' })
    await expect(readFormData(broken)).rejects.toMatchObject({ init: { status: 400 } })
    const good = new Request('http://localhost/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' })
    expect((await readFormData(good)).get('a')).toBe('1')
  })
})
