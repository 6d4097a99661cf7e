import { describe, expect, it } from 'vitest'
import { throttledAddress } from './sign-in-throttle'

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
