import { describe, expect, test } from 'vitest'
import { synonymQuery } from './synonyms'

describe('the security synonyms in the text search', () => {
  test('the server query: the typed word stays a prefix, the other phrases exact, a phrase its words in a row', () => {
    expect(synonymQuery(['2FA'])).toBe('(mfa | 2fa:* | (multi <-> factor) | multifactor | (two <-> factor) | (2 <-> factor) | (two <-> step <-> verification) | 2sv)')
    expect(synonymQuery(['encryption', 'keys'])).toBe('encryption:* & keys:*')
    expect(synonymQuery(['SOC', '2', 'report'])).toBe('(soc2 | (soc <-> 2)) & report:*')
  })
})

describe('a result title', () => {
  test('keeps what the headline dropped after its last word, unmarked', async () => {
    const { wholeTitle } = await import('./query')
    expect(
      wholeTitle(
        [{ text: 'Multi', mark: true }, { text: '-' }, { text: 'factor', mark: true }, { text: ' authentication (' }, { text: 'MFA', mark: true }],
        'Multi-factor authentication (MFA)',
      ),
    ).toEqual([{ text: 'Multi', mark: true }, { text: '-' }, { text: 'factor', mark: true }, { text: ' authentication (' }, { text: 'MFA', mark: true }, { text: ')' }])
    expect(wholeTitle([{ text: 'other' }], 'A title')).toEqual([{ text: 'A title' }])
  })
})
