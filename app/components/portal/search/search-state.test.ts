import { describe, expect, test } from 'vitest'
import { SEARCH_GROUPS, type SearchGroupType, type SearchHit, type SearchResults } from '~/lib/search'
import { activeHit, answerReducer, hitKey, IDLE_ANSWER, initialSearchState, navigable, searchReducer, shownGroups, type SearchAction, type SearchState } from './search-state'

const hit = (type: SearchGroupType, id: string): SearchHit => ({ type, id, title: [{ text: id }], excerpt: [], source: SEARCH_GROUPS[type], href: `/item/${id}` })

/** Results of `term` with groups given as [type, count, ids shown]. */
function results(term: string, groups: [SearchGroupType, number, string[]][], top?: SearchGroupType): SearchResults {
  return {
    term,
    total: groups.reduce((sum, [, count]) => sum + count, 0),
    groups: groups.map(([type, count, ids]) => ({ type, label: SEARCH_GROUPS[type], count, hits: ids.map((id) => hit(type, id)) })),
    top: top ? { type: top, id: groups.find(([type]) => type === top)![2][0] } : null,
  }
}

const run = (actions: SearchAction[], desktop = true) => actions.reduce(searchReducer, initialSearchState(desktop))

// Updates sort after Trust Items, which sort after FAQs and Documents: given out of order on purpose.
const server = results(
  'encr',
  [
    ['updates', 1, ['u1']],
    ['items', 25, ['i1', 'i2', 'i3']],
    ['faqs', 3, ['f1', 'f2', 'f3']],
  ],
  'faqs',
)

/** The server's answer to 'encr'. */
const answer: SearchAction = { type: 'server', term: 'encr', results: server, failed: false }

describe('search state', () => {
  test('typing starts loading; an empty query goes back to the start', () => {
    const typed = run([{ type: 'typed', query: '  encr ' }])
    expect(typed).toMatchObject({ term: 'encr', status: 'loading', results: null })
    expect(searchReducer(typed, { type: 'typed', query: '   ' })).toEqual({ ...initialSearchState(true), query: '   ' })
  })

  test('stalls only while the same term is still loading', () => {
    const typed = run([{ type: 'typed', query: 'encr' }])
    expect(searchReducer(typed, { type: 'stalled', term: 'enc' }).status).toBe('loading')
    expect(searchReducer(typed, { type: 'stalled', term: 'encr' }).status).toBe('stalled')
    expect(run([{ type: 'typed', query: 'encr' }, answer, { type: 'stalled', term: 'encr' }]).status).toBe('idle')
  })

  test('groups are sorted by label, the top group is marked, and the first result is active on desktop', () => {
    const state = run([{ type: 'typed', query: 'encr' }, answer])
    const groups = shownGroups(state)
    expect(groups.map((shown) => shown.group.label)).toEqual(['FAQs', 'Trust Items', 'Updates'])
    expect(groups.map((shown) => shown.top)).toEqual([true, false, false])
    expect(groups.map((shown) => shown.more)).toEqual([0, 22, 0])
    expect(activeHit(state)?.id).toBe('f1')
    expect(run([{ type: 'typed', query: 'encr' }, answer], false).active).toBeNull()
  })

  test('local results stand in until the server answers, never after, and never for another term', () => {
    const local = results('encr', [['items', 2, ['l1', 'l2']]], 'items')
    const typed = run([{ type: 'typed', query: 'encr' }])
    const withLocal = searchReducer(typed, { type: 'local', results: local })
    expect(withLocal).toMatchObject({ source: 'local', results: local })
    expect(shownGroups(withLocal)[0].top).toBe(false)
    expect(searchReducer(typed, { type: 'local', results: { ...local, term: 'enc' } })).toBe(typed)
    const answered = searchReducer(withLocal, answer)
    expect(answered.results).toBe(server)
    expect(searchReducer(answered, { type: 'local', results: local })).toBe(answered)
  })

  test('new results start from the first result again, unless the visitor chose one they still hold', () => {
    const local = results('encr', [['items', 2, ['i2', 'l2']]], 'items')
    const withLocal = run([
      { type: 'typed', query: 'encr' },
      { type: 'local', results: local },
    ])
    expect(activeHit(withLocal)?.id).toBe('i2')
    expect(activeHit(searchReducer(withLocal, answer))?.id).toBe('f1')
    const chosen = searchReducer(withLocal, { type: 'move', by: 1 })
    expect(activeHit(chosen)?.id).toBe('l2')
    // l2 is not among the server's: the default again.
    expect(activeHit(searchReducer(chosen, answer))?.id).toBe('f1')
    const back = searchReducer(chosen, { type: 'move', by: -1 })
    expect(activeHit(searchReducer(back, answer))?.id).toBe('i2')
  })

  test("an earlier term's results stay, marked stale, until the new ones arrive; a late answer for it is ignored", () => {
    const first = run([
      { type: 'typed', query: 'enc' },
      { type: 'server', term: 'enc', results: { ...server, term: 'enc' }, failed: false },
    ])
    const typed = searchReducer(first, { type: 'typed', query: 'encr' })
    expect(typed).toMatchObject({ source: 'stale', status: 'loading' })
    expect(typed.results?.term).toBe('enc')
    expect(searchReducer(typed, { type: 'server', term: 'enc', results: server, failed: false })).toBe(typed)
    // Nothing found locally: what was shown stays.
    expect(searchReducer(typed, { type: 'local', results: results('encr', []) })).toBe(typed)
    // Stalled: they give way to the skeleton; local results would stay.
    expect(searchReducer(typed, { type: 'stalled', term: 'encr' })).toMatchObject({ status: 'stalled', results: null, active: null })
    const local = searchReducer(typed, { type: 'local', results: results('encr', [['items', 1, ['l1']]]) })
    expect(searchReducer(local, { type: 'stalled', term: 'encr' }).results).toBe(local.results)
  })

  test('a failed search shows no results', () => {
    const state = run([
      { type: 'typed', query: 'encr' },
      { type: 'local', results: results('encr', [['items', 1, ['l1']]]) },
      { type: 'server', term: 'encr', results: null, failed: true },
    ])
    expect(state).toMatchObject({ failed: true, results: null, active: null, status: 'idle' })
    expect(navigable(state)).toEqual([])
  })

  test("'...N more' pages a group in, batch after batch, ignoring repeats and other terms", () => {
    const answered = run([{ type: 'typed', query: 'encr' }, answer])
    const batch = (from: number, count: number) => Array.from({ length: count }, (_, index) => hit('items', `i${from + index + 1}`))
    let state = searchReducer(answered, { type: 'more', group: 'items' })
    let items = shownGroups(state)[1]
    expect(items).toMatchObject({ more: 0, paging: true })
    expect(items.hits).toHaveLength(3)
    state = searchReducer(state, { type: 'page', group: 'items', term: 'encr', offset: 0, hits: batch(0, 15) })
    expect(state.pages.items).toMatchObject({ loading: false })
    expect(shownGroups(state)[1].hits).toHaveLength(15)
    expect(searchReducer(state, { type: 'page', group: 'items', term: 'encr', offset: 0, hits: batch(0, 15) })).toBe(state)
    expect(searchReducer(state, { type: 'page', group: 'items', term: 'enc', offset: 15, hits: batch(15, 10) })).toBe(state)
    state = searchReducer(searchReducer(state, { type: 'more', group: 'items' }), { type: 'page', group: 'items', term: 'encr', offset: 15, hits: batch(15, 10) })
    items = shownGroups(state)[1]
    expect(items.hits).toHaveLength(25)
    expect(items.paging).toBe(false)
    expect(navigable(state)).toHaveLength(3 + 25 + 1)
  })

  test('a failed page stops the paging', () => {
    const answered = run([{ type: 'typed', query: 'encr' }, answer, { type: 'more', group: 'items' }])
    const state = searchReducer(answered, { type: 'page', group: 'items', term: 'encr', offset: 0, hits: null })
    expect(state.pages.items).toMatchObject({ loading: false, failed: true })
    expect(shownGroups(state)[1].paging).toBe(false)
  })

  test('arrows move through the open groups and wrap; a collapsed group is skipped', () => {
    const answered = run([{ type: 'typed', query: 'encr' }, answer])
    const down = (state: SearchState, times: number) => Array.from({ length: times }).reduce<SearchState>((current) => searchReducer(current, { type: 'move', by: 1 }), state)
    expect(activeHit(down(answered, 3))?.id).toBe('i1')
    expect(activeHit(down(answered, 7))?.id).toBe('f1')
    expect(activeHit(searchReducer(answered, { type: 'move', by: -1 }))?.id).toBe('u1')
    const collapsed = searchReducer(answered, { type: 'toggle', group: 'faqs' })
    // The active result was in the collapsed group: the first open one takes over.
    expect(activeHit(collapsed)?.id).toBe('i1')
    expect(activeHit(down(collapsed, 3))?.id).toBe('u1')
    expect(shownGroups(searchReducer(collapsed, { type: 'toggle', group: 'faqs' }))[0].open).toBe(true)
  })

  test('on small screens nothing is active until chosen, and arrows start at the first', () => {
    const answered = run([{ type: 'typed', query: 'encr' }, answer], false)
    expect(answered.active).toBeNull()
    expect(activeHit(searchReducer(answered, { type: 'move', by: 1 }))?.id).toBe('f1')
    const chosen = searchReducer(answered, { type: 'activate', key: hitKey(hit('items', 'i2')) })
    expect(activeHit(chosen)?.id).toBe('i2')
    expect(searchReducer(answered, { type: 'layout', activateFirst: true }).active).toBe(hitKey(hit('faqs', 'f1')))
  })

  test("a document's pages are results of their own", () => {
    const page = (number: number | null): SearchHit => ({
      ...hit('documents', 'file-1'),
      document: { fileId: 'file-1', fileName: 'a.pdf', contentType: 'application/pdf', page: number, viewUrl: null, downloadUrl: null },
    })
    expect(new Set([page(null), page(2), page(3)].map(hitKey)).size).toBe(3)
  })
})

describe('answer state', () => {
  test('an answer arrives: loading, sources, text in pieces, done', () => {
    const events: Parameters<typeof answerReducer>[1][] = [
      { type: 'ask' },
      { type: 'sources', sources: [hit('faqs', 'f1')] },
      { type: 'text', text: 'Yes, ' },
      { type: 'text', text: 'it is.' },
      { type: 'done' },
    ]
    const states = events.reduce<ReturnType<typeof answerReducer>[]>((all, event) => [...all, answerReducer(all.at(-1) ?? IDLE_ANSWER, event)], [])
    expect(states.map((state) => state.status)).toEqual(['loading', 'loading', 'answering', 'answering', 'done'])
    expect(states.at(-1)).toMatchObject({ text: 'Yes, it is.', sources: [hit('faqs', 'f1')] })
  })

  test('an error shows nothing else, and asking again clears the previous answer', () => {
    const partial = answerReducer(answerReducer(answerReducer(IDLE_ANSWER, { type: 'ask' }), { type: 'sources', sources: [hit('faqs', 'f1')] }), { type: 'text', text: 'Ye' })
    const failed = answerReducer(partial, { type: 'error', message: 'upstream' })
    expect(failed).toEqual({ status: 'error', text: '', sources: [] })
    expect(answerReducer(failed, { type: 'text', text: 's' })).toBe(failed)
    expect(answerReducer(partial, { type: 'ask' })).toEqual({ status: 'loading', text: '', sources: [] })
  })
})
