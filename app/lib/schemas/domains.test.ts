import { describe, expect, it } from 'vitest'
import { addDomainSchema, DOMAIN_MESSAGES, hostProblem } from './domains'

describe('custom domain names', () => {
  it('takes public names, lower-cased, without a trailing dot', () => {
    const parsed = addDomainSchema.safeParse({ intent: 'add', host: ' Trust.ACME.example. ' })
    expect(parsed.success && parsed.data.host).toBe('trust.acme.example')
    for (const host of ['trust.acme.example', 'acme.com', 'xn--bcher-kva.example', 'a-b.c-d.co.uk']) expect(hostProblem(host), host).toBeNull()
  })

  it('refuses addresses, private names and what is not a host name', () => {
    expect(hostProblem('192.168.1.10')).toBe(DOMAIN_MESSAGES.hostIp)
    expect(hostProblem('2001:db8::1')).toBe(DOMAIN_MESSAGES.hostIp)
    expect(hostProblem('[::1]')).toBe(DOMAIN_MESSAGES.hostIp)
    for (const host of ['localhost', 'trust.localhost', 'nas.local', 'app.internal', 'router.home.arpa', 'x.onion'])
      expect(hostProblem(host), host).toBe(DOMAIN_MESSAGES.hostPrivate)
    for (const host of ['trust', '-a.example', 'a_b.example', 'a.example:443', 'user@a.example', 'a.example/x', 'a..example', 'a.123']) {
      expect(hostProblem(host), host).toBe(DOMAIN_MESSAGES.hostInvalid)
    }
  })
})
