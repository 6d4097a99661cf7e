import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { crossOriginRejection } from './security'

const ORIGIN = 'http://localhost:3000'
const post = (url: string, headers: Record<string, string> = {}) => ({ method: 'POST', url, headers }) as unknown as IncomingMessage

describe('the Origin check', () => {
  it('lets a one-click unsubscribe POST through without an Origin, and nothing else', () => {
    for (const url of ['/unsubscribe?token=abc.def', '/portal/northwind/unsubscribe?token=abc', '/unsubscribe']) {
      expect(crossOriginRejection(post(url), ORIGIN), url).toBeNull()
    }
    // Paths that a URL parser turns into another route (backslash, dot segments, encodings) need an Origin.
    for (const url of [
      '/portal/northwind\\item/unsubscribe',
      '/portal/..\\item/unsubscribe',
      '/portal/../invite/unsubscribe',
      '/portal/%2e%2e/item/unsubscribe',
      '/portal/northwind%5citem/unsubscribe',
      '//unsubscribe',
      '/unsubscribe/../members',
      '/item/unsubscribe',
      '/unsubscribe.data',
    ]) {
      expect(crossOriginRejection(post(url), ORIGIN), url).toBe('This request is missing its Origin header.')
    }
    expect(crossOriginRejection(post('/', { origin: ORIGIN }), ORIGIN)).toBeNull()
  })
})
