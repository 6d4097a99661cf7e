import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './redirect-path'

describe('safeRedirectPath', () => {
  it('keeps normalised paths on this site', () => {
    expect(safeRedirectPath('/portal/northwind?card=Reports#top')).toBe('/portal/northwind?card=Reports#top')
    expect(safeRedirectPath('/members/../audit')).toBe('/audit')
    expect(safeRedirectPath('/a b')).toBe('/a%20b')
  })

  it.each([
    ['//evil.example', 'protocol-relative'],
    ['/\\evil.example', 'backslash'],
    ['/\t/evil.example', 'tab'],
    ['/..//evil.example', 'dot segments collapsing into //'],
    ['/./\u002f/evil.example', 'dot segment before //'],
    ['https://evil.example/', 'absolute URL'],
    ['javascript:alert(1)', 'script URL'],
    ['/\u000b', 'vertical tab'],
    ['/\u0001', 'control character'],
    ['/\u001b', 'escape'],
    ['/\u007f', 'delete'],
    ['/\r\nSet-Cookie: x=1', 'header injection'],
    ['evil.example', 'relative name'],
    ['', 'empty'],
  ])('refuses %j (%s)', (target) => {
    expect(safeRedirectPath(target, '/home')).toBe('/home')
  })

  it('refuses values that are not strings or are too long', () => {
    expect(safeRedirectPath(undefined, '/home')).toBe('/home')
    expect(safeRedirectPath(['/a'], '/home')).toBe('/home')
    expect(safeRedirectPath(`/${'a'.repeat(5000)}`, '/home')).toBe('/home')
  })
})
