import { describe, expect, it } from 'vitest'
import { clientAddress, normaliseAddress } from './client-address'

const request = (peer: string, forwarded?: string) => ({ socket: { remoteAddress: peer }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } })

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(request('203.0.113.7', '198.51.100.1'), 0)).toBe('203.0.113.7')
    expect(clientAddress(request('::ffff:127.0.0.1'), 0)).toBe('127.0.0.1')
  })

  it('takes the entry that many trusted hops from the right', () => {
    // client -> CDN -> load balancer -> app: the CDN appends the client, the load balancer the CDN.
    expect(clientAddress(request('10.0.0.2', 'spoofed, 198.51.100.9, 192.0.2.10'), 2)).toBe('198.51.100.9')
    expect(clientAddress(request('10.0.0.2', 'spoofed, 198.51.100.9'), 1)).toBe('198.51.100.9')
  })

  it('falls back to the peer when the header is missing, short or not an address', () => {
    expect(clientAddress(request('10.0.0.2'), 1)).toBe('10.0.0.2')
    expect(clientAddress(request('10.0.0.2', 'not-an-ip'), 1)).toBe('10.0.0.2')
    expect(clientAddress(request('10.0.0.2', '198.51.100.9'), 5)).toBe('198.51.100.9')
  })

  it('normalises addresses', () => {
    expect(normaliseAddress('[2001:DB8::1]')).toBe('2001:db8::1')
    expect(normaliseAddress('x\r\ny')).toBeNull()
  })
})
