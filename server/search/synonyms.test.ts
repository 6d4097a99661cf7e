import { describe, expect, test } from 'vitest'
import { synonymQuery } from './synonyms'

describe('the security synonyms in the text search', () => {
  test('the server query: the typed word stays a prefix, the other phrases exact, a phrase its words in a row', () => {
    expect(synonymQuery(['2FA'])).toBe('(mfa | 2fa:* | (multi <-> factor) | multifactor | (two <-> factor) | (2 <-> factor) | (two <-> step <-> verification) | 2sv)')
    expect(synonymQuery(['encryption', 'keys'])).toBe('encryption:* & keys:*')
    expect(synonymQuery(['SOC', '2', 'report'])).toBe('(soc2 | (soc <-> 2)) & report:*')
  })

  test('a query made of synonyms stays bounded: at most 24 words are read, each expanding to one group (security review, issue 24)', async () => {
    const { tsquery } = await import('./query')
    const { SEARCH_QUERY_MAX } = await import('../../app/lib/search')
    // The widest group, typed as often as the query's length allows.
    const typed = '2fa '.repeat(SEARCH_QUERY_MAX)
    const words = typed.slice(0, SEARCH_QUERY_MAX).trim().split(/\s+/)
    const { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } = await import('kysely')
    const db = new Kysely<unknown>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    })
    const query = tsquery(typed)!.compile(db)
    const text = String(query.parameters[0])
    expect(text.split(' & ')).toHaveLength(24)
    expect(text.length).toBeLessThan(24 * synonymQuery(['2fa']).length + 24 * 3)
    // Linear in the words however long the run: the expansion of thousands of words is quick.
    const started = performance.now()
    synonymQuery(words.concat(words, words, words))
    expect(performance.now() - started).toBeLessThan(500)
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
