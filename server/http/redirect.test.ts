import { describe, expect, it } from 'vitest'
import { redirectTo } from './redirect'

describe('redirectTo', () => {
  it('builds a Location that every Node header check accepts', () => {
    const response = redirectTo('/\u000b', { fallback: '/login' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/login')
  })
})
