import { describe, expect, test } from 'vitest'
import { queryWords, SECURITY_SYNONYMS, withSynonyms } from './search-synonyms'

describe('security synonyms', () => {
  test('a run of words the list knows becomes its group, the longest run first; other words stay as typed', () => {
    expect(withSynonyms(queryWords('2FA for admins'))).toEqual([{ phrases: expect.arrayContaining([['multi', 'factor'], ['mfa']]) }, { word: 'for' }, { word: 'admins' }])
    expect(withSynonyms(queryWords('penetration test report'))[0]).toEqual({ phrases: expect.arrayContaining([['pen', 'test'], ['pentest']]) })
    expect(withSynonyms(queryWords('penetration test report'))).toHaveLength(2)
    expect(withSynonyms(queryWords('Single sign-on'))).toEqual([{ phrases: expect.arrayContaining([['sso']]) }])
    expect(withSynonyms(queryWords('encryption'))).toEqual([{ word: 'encryption' }])
  })

  test('every phrase is letters and digits, lowercased, and in one group only', () => {
    const seen = new Map<string, number>()
    SECURITY_SYNONYMS.forEach((group, index) => {
      for (const phrase of group) {
        expect(queryWords(phrase).join(' '), phrase).toBe(phrase)
        expect(seen.get(phrase), phrase).toBeUndefined()
        seen.set(phrase, index)
      }
    })
  })
})
