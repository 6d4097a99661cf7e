import { describe, expect, it } from 'vitest'
import { clientAddress, normaliseAddress, throttledAddress } from './client-address'

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

describe('throttledAddress', () => {
  it('keeps an IPv4 address and anything that is not an address as they are', () => {
    expect(throttledAddress('203.0.113.7')).toBe('203.0.113.7')
    expect(throttledAddress('unknown')).toBe('unknown')
  })

  it.each([
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::', 'fe80:0:0:0::/64'],
    ['::1:2:3:4:5:192.0.2.1', '0:1:2:3::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ])('throttles %s as its /64 (%s)', (address, block) => {
    expect(throttledAddress(address)).toBe(block)
  })
})
